/**
 * The demo data as plain values, before any database id exists: rows refer to each other by their
 * index in the plan. Keeping generation pure (one seeded PRNG, a fixed clock) makes it
 * deterministic and lets demo.ts stay a thin writer.
 */
import { RATING_CATEGORIES, type RatingCategory } from '#core/constants.js';
import { computeOverallRating, type CategoryRatings } from '#core/rating.js';
import { DEMO_REGIMENTS, EMAIL_DOMAINS, FIRST_NAMES, LAST_NAMES, NICKNAMES, ROSTER_RANKS, USERNAME_HEADS, USERNAME_TAILS } from './names.js';
import { SeededRandom } from './random.js';
import { composeReviewText } from './texts.js';

export const DEMO_ADMIN = { username: 'DemoAdmin', email: 'admin@demo.local' } as const;
export const DEMO_SOLDIER = { username: 'DemoSoldier', email: 'soldier@demo.local' } as const;
/** Plan indexes of the two demo accounts: they are always the first two users. */
export const ADMIN_INDEX = 0;
export const SOLDIER_INDEX = 1;

const MEMBER_COUNT = 100;
const STEAM_LINKED_SHARE = 0.78;
const DEMO_SOLDIER_REVIEWS = 3;
const DAY = 86_400_000;
const HOUR = 3_600_000;
/** Reviews spread over the past ~18 months. */
const REVIEW_WINDOW_DAYS = 545;

export interface PlannedUser {
  username: string;
  email: string;
  steamId: string | null;
  isAdmin: boolean;
  isBanned: boolean;
  createdAt: Date;
}

export interface PlannedRegiment {
  name: string;
  description: string | null;
  sideId: number;
  ownerIndex: number | null;
  createdAt: Date;
}

export interface PlannedOfficer {
  name: string;
  rank: string;
  regimentIndex: number;
  linkedUserIndex: number | null;
  createdAt: Date;
}

export interface PlannedReview extends CategoryRatings {
  userIndex: number;
  officerIndex: number;
  text: string;
  overallRating: number;
  wouldServeAgain: boolean | null;
  createdAt: Date;
  updatedAt: Date;
}

export interface PlannedVote {
  userIndex: number;
  reviewIndex: number;
  vote: 1 | -1;
  createdAt: Date;
}

export interface PlannedFlag {
  userIndex: number;
  reviewIndex: number;
  reason: string;
  createdAt: Date;
}

type RegistrationStatus = 'pending' | 'approved' | 'rejected';

export interface PlannedRegimentRegistration {
  userIndex: number;
  name: string;
  description: string | null;
  sideId: number;
  status: RegistrationStatus;
  notes: string | null;
  createdAt: Date;
  updatedAt: Date;
}

export interface PlannedOfficerRegistration {
  userIndex: number;
  name: string;
  rank: string;
  regimentIndex: number;
  status: RegistrationStatus;
  notes: string | null;
  proofUrl: string | null;
  createdAt: Date;
  updatedAt: Date;
}

export interface DemoPlan {
  users: PlannedUser[];
  regiments: PlannedRegiment[];
  officers: PlannedOfficer[];
  reviews: PlannedReview[];
  votes: PlannedVote[];
  flags: PlannedFlag[];
  regimentRegistrations: PlannedRegimentRegistration[];
  officerRegistrations: PlannedOfficerRegistration[];
}

export interface PlanOptions {
  seed: number;
  now: Date;
}

export function planDemoData({ seed, now }: PlanOptions): DemoPlan {
  const random = new SeededRandom(seed);
  const clock = new Clock(random, now);
  const users = planUsers(random, clock);
  const regiments = planRegiments(random, clock);
  const officers = planOfficers(random, clock, regiments);
  linkOfficersAndOwners(random, users, regiments, officers);
  const reviews = planReviews(random, clock, users, officers);
  return {
    users,
    regiments,
    officers,
    reviews,
    votes: planVotes(random, clock, users, reviews),
    flags: planFlags(random, clock, users, reviews),
    regimentRegistrations: planRegimentRegistrations(random, clock, users, regiments),
    officerRegistrations: planOfficerRegistrations(random, clock, users, regiments, officers),
  };
}

/** Dates relative to one fixed "now", so a plan never contains a date in the future. */
class Clock {
  constructor(
    private readonly random: SeededRandom,
    readonly now: Date,
  ) {}

  daysAgo(min: number, max: number): Date {
    return new Date(this.now.getTime() - this.random.between(min, max) * DAY);
  }

  /** A moment between `from` and now; `recency` above 1 favours recent moments. */
  after(from: Date, recency = 1): Date {
    const start = from.getTime();
    const end = this.now.getTime() - HOUR;
    if (start >= end) return new Date(end);
    return new Date(start + (end - start) * Math.pow(this.random.next(), 1 / recency));
  }

  later(from: Date, maxDays: number): Date {
    const at = from.getTime() + this.random.between(HOUR / DAY, maxDays) * DAY;
    return new Date(Math.min(at, this.now.getTime() - HOUR));
  }
}

// ---------------------------------------------------------------------------------------- users

function planUsers(random: SeededRandom, clock: Clock): PlannedUser[] {
  const usernames = new Set<string>([DEMO_ADMIN.username.toLowerCase(), DEMO_SOLDIER.username.toLowerCase()]);
  const emails = new Set<string>([DEMO_ADMIN.email, DEMO_SOLDIER.email]);
  const steamIds = new Set<string>();
  const users: PlannedUser[] = [
    { ...DEMO_ADMIN, steamId: null, isAdmin: true, isBanned: false, createdAt: clock.daysAgo(590, 600) },
    { ...DEMO_SOLDIER, steamId: uniqueSteamId(random, steamIds), isAdmin: false, isBanned: false, createdAt: clock.daysAgo(400, 420) },
  ];
  for (let i = 0; i < MEMBER_COUNT; i++) {
    const username = uniqueValue(
      usernames,
      () => randomUsername(random),
      (name) => name.toLowerCase(),
    );
    users.push({
      username,
      email: uniqueValue(
        emails,
        (attempt) => emailFor(random, username, attempt),
        (email) => email,
      ),
      steamId: random.chance(STEAM_LINKED_SHARE) ? uniqueSteamId(random, steamIds) : null,
      isAdmin: false,
      isBanned: false,
      createdAt: clock.daysAgo(20, 580),
    });
  }
  // Two banned members, so the user management screen has both states to show.
  for (const index of random.shuffle(memberIndexes(users)).slice(0, 2)) users[index]!.isBanned = true;
  return users;
}

function randomUsername(random: SeededRandom): string {
  const head = random.pick(USERNAME_HEADS);
  const tail = random.pick(USERNAME_TAILS);
  const first = random.pick(FIRST_NAMES);
  const last = random.pick(LAST_NAMES).replace("'", '');
  const styles: Array<() => string> = [
    () => `${head}${tail}`,
    () => `${head}${tail}${random.int(1, 99)}`,
    () => `${head}_${tail}`,
    () => `${random.pick(['Pvt.', 'Cpl.', 'Sgt'])} ${last}`,
    () => `${first}.${last}`.toLowerCase(),
    () => `${last}${random.int(1861, 1865)}`,
    () => `${first}_${last}`,
    () => `the${head}${tail}`.toLowerCase(),
    () => `${first.slice(0, 1)}${last}`.toLowerCase(),
  ];
  return random.pick(styles)();
}

function emailFor(random: SeededRandom, username: string, attempt: number): string {
  const local = username
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '.')
    .replace(/^\.+|\.+$/g, '');
  return `${local}${attempt > 0 ? attempt + 1 : ''}@${random.pick(EMAIL_DOMAINS)}`;
}

/** Steam's 64-bit ids of individual accounts start with 7656119 and have 17 digits. */
function uniqueSteamId(random: SeededRandom, taken: Set<string>): string {
  return uniqueValue(
    taken,
    () => `7656119${random.int(7_960_265_728, 9_999_999_999)}`,
    (id) => id,
  );
}

function uniqueValue(taken: Set<string>, make: (attempt: number) => string, key: (value: string) => string): string {
  for (let attempt = 0; attempt < 1000; attempt++) {
    const value = make(attempt);
    if (!taken.has(key(value))) {
      taken.add(key(value));
      return value;
    }
  }
  throw new Error('demo seed: could not find a unique value');
}

function memberIndexes(users: readonly PlannedUser[]): number[] {
  return users.map((_, index) => index).filter((index) => index !== ADMIN_INDEX && index !== SOLDIER_INDEX);
}

// ----------------------------------------------------------------------- regiments and officers

function planRegiments(random: SeededRandom, clock: Clock): PlannedRegiment[] {
  return DEMO_REGIMENTS.map((regiment) => ({
    name: regiment.name,
    description: regiment.description,
    sideId: regiment.sideId,
    ownerIndex: null,
    // Officerless regiments were listed recently: that is why nobody has joined them yet.
    createdAt: regiment.officerCount === 0 ? clock.daysAgo(10, 20) : clock.daysAgo(480, 600),
  }));
}

function planOfficers(random: SeededRandom, clock: Clock, regiments: readonly PlannedRegiment[]): PlannedOfficer[] {
  const names = new Set<string>();
  const officers: PlannedOfficer[] = [];
  DEMO_REGIMENTS.forEach((regiment, regimentIndex) => {
    const ranks = regiment.commandRanks ? [...regiment.commandRanks, ...ROSTER_RANKS.slice(1)] : ROSTER_RANKS;
    for (let i = 0; i < regiment.officerCount; i++) {
      officers.push({
        name: uniqueValue(
          names,
          () => randomOfficerName(random),
          (name) => name,
        ),
        rank: ranks[i] ?? 'Sgt.',
        regimentIndex,
        linkedUserIndex: null,
        createdAt: clock.later(regiments[regimentIndex]!.createdAt, 120),
      });
    }
  });
  return officers;
}

function randomOfficerName(random: SeededRandom): string {
  const first = random.pick(FIRST_NAMES);
  const last = random.pick(LAST_NAMES);
  const initial = () => `${random.pick(FIRST_NAMES).slice(0, 1)}.`;
  const roll = random.next();
  if (roll < 0.55) return `${first} ${last}`;
  if (roll < 0.75) return `${first.slice(0, 1)}. ${initial()} ${last}`;
  if (roll < 0.88) return `${first} ${initial()} ${last}`;
  return `${first} '${random.pick(NICKNAMES)}' ${last}`;
}

/**
 * Some members are officers on the site (isOfficer + officerId), and most of them own the regiment
 * they command, as they would after an approved registration.
 */
function linkOfficersAndOwners(random: SeededRandom, users: PlannedUser[], regiments: PlannedRegiment[], officers: PlannedOfficer[]): void {
  const candidates = random.shuffle(memberIndexes(users).filter((i) => users[i]!.steamId && !users[i]!.isBanned));
  const staffed = random.shuffle(regiments.map((_, i) => i).filter((i) => DEMO_REGIMENTS[i]!.officerCount > 0));
  for (const regimentIndex of staffed.slice(0, 7)) {
    const commander = officers.findIndex((officer) => officer.regimentIndex === regimentIndex);
    const userIndex = candidates.pop()!;
    officers[commander]!.linkedUserIndex = userIndex;
    regiments[regimentIndex]!.ownerIndex = userIndex;
  }
  const juniors = random.shuffle(officers.filter((officer) => officer.linkedUserIndex === null && !isCommandRank(officer.rank)));
  for (const officer of juniors.slice(0, 3)) officer.linkedUserIndex = candidates.pop()!;
  // The newest regiment came from an approved registration (see planRegimentRegistrations): its submitter owns it.
  regiments[newestRegimentIndex(regiments)]!.ownerIndex ??= candidates.pop()!;
}

function newestRegimentIndex(regiments: readonly PlannedRegiment[]): number {
  return regiments.reduce((best, r, i) => (r.createdAt > regiments[best]!.createdAt ? i : best), 0);
}

function isCommandRank(rank: string): boolean {
  return rank === 'Col.' || rank.includes('Gen.');
}

// ----------------------------------------------------------------------------------------- reviews

type Temperament = 'loved' | 'liked' | 'mixed' | 'disliked';

interface OfficerProfile {
  reviewCount: number;
  temperament: Temperament;
  /** A steady lean per category: good tactician, poor talker and so on. */
  bias: Record<RatingCategory, number>;
}

/** The most-reviewed officers, with fixed temperaments so every kind shows up among them. */
const STAR_TEMPERAMENTS: readonly Temperament[] = ['loved', 'disliked', 'mixed', 'loved', 'liked'];
/** [how many officers, fewest reviews, most reviews]: a few famous officers, a long quiet tail. */
const POPULARITY_TIERS: ReadonlyArray<readonly [number, number, number]> = [
  [STAR_TEMPERAMENTS.length, 20, 32],
  [18, 7, 14],
  [50, 2, 6],
];
const TAIL_REVIEWS: readonly number[] = [0, 0, 1, 1, 2, 3];

function planReviews(random: SeededRandom, clock: Clock, users: PlannedUser[], officers: PlannedOfficer[]): PlannedReview[] {
  const profiles = profileOfficers(random, officers);
  const activity = users.map(() => 0.2 + 6 * Math.pow(random.next(), 4));
  const reviewers = memberIndexes(users).filter((i) => users[i]!.steamId !== null);
  const reviews: PlannedReview[] = [];
  officers.forEach((officer, officerIndex) => {
    const profile = profiles[officerIndex]!;
    const eligible = reviewers.filter((i) => i !== officer.linkedUserIndex);
    for (const userIndex of random.weightedSample(eligible, (i) => activity[i]!, profile.reviewCount)) {
      reviews.push(planReview(random, clock, users[userIndex]!, userIndex, officer, officerIndex, profile));
    }
  });
  // The demo soldier has a few reviews of their own, so "My Reviews" is not empty on first sign-in.
  const reviewed = random.shuffle(officers.map((_, i) => i)).slice(0, DEMO_SOLDIER_REVIEWS);
  for (const officerIndex of reviewed) {
    const officer = officers[officerIndex]!;
    reviews.push(planReview(random, clock, users[SOLDIER_INDEX]!, SOLDIER_INDEX, officer, officerIndex, profiles[officerIndex]!));
  }
  return reviews;
}

function profileOfficers(random: SeededRandom, officers: readonly PlannedOfficer[]): OfficerProfile[] {
  // Senior officers lead more players, so they tend to collect more reviews (but not always).
  const order = random.weightedSample(
    officers.map((_, i) => i),
    (i) => rankVisibility(officers[i]!.rank),
    officers.length,
  );
  const profiles: OfficerProfile[] = new Array<OfficerProfile>(officers.length);
  let position = 0;
  for (const [count, fewest, most] of POPULARITY_TIERS) {
    for (let i = 0; i < count && position < order.length; i++, position++) {
      const temperament = position < STAR_TEMPERAMENTS.length ? STAR_TEMPERAMENTS[position]! : randomTemperament(random);
      profiles[order[position]!] = makeProfile(random, random.int(fewest, most), temperament);
    }
  }
  for (; position < order.length; position++) {
    profiles[order[position]!] = makeProfile(random, random.pick(TAIL_REVIEWS), randomTemperament(random));
  }
  return profiles;
}

function rankVisibility(rank: string): number {
  if (isCommandRank(rank)) return 5;
  if (rank === 'Lt. Col.' || rank === 'Maj.') return 3;
  if (rank === 'Capt.') return 2;
  if (rank.endsWith('Lt.')) return 1;
  return 0.7;
}

function randomTemperament(random: SeededRandom): Temperament {
  const roll = random.next();
  if (roll < 0.3) return 'loved';
  if (roll < 0.6) return 'liked';
  if (roll < 0.8) return 'mixed';
  return 'disliked';
}

function makeProfile(random: SeededRandom, reviewCount: number, temperament: Temperament): OfficerProfile {
  const bias = Object.fromEntries(RATING_CATEGORIES.map((c) => [c, random.jitter(0.25)])) as Record<RatingCategory, number>;
  bias[random.pick(RATING_CATEGORIES)] += random.pick([-0.9, 0.7]);
  return { reviewCount, temperament, bias };
}

function planReview(
  random: SeededRandom,
  clock: Clock,
  user: PlannedUser,
  userIndex: number,
  officer: PlannedOfficer,
  officerIndex: number,
  profile: OfficerProfile,
): PlannedReview {
  const scores = reviewScores(random, profile);
  const overallRating = computeOverallRating(scores);
  const earliest = new Date(Math.max(user.createdAt.getTime(), officer.createdAt.getTime(), clock.now.getTime() - REVIEW_WINDOW_DAYS * DAY) + DAY);
  const createdAt = clock.after(earliest, 1.3);
  const isEdited = random.chance(0.2);
  const text = composeReviewText(random, { officer: `${officer.rank} ${surnameOf(officer.name)}`, scores, overall: overallRating });
  return {
    userIndex,
    officerIndex,
    ...scores,
    overallRating,
    wouldServeAgain: demoVerdict(overallRating, text),
    text,
    createdAt,
    updatedAt: isEdited ? clock.later(createdAt, 40) : createdAt,
  };
}

/**
 * The demo reviewer's answer to "Would you serve under this officer again?" (issue 36, item 4),
 * following the review's overall rating, with about one in four left unanswered. Derived from the
 * review rather than drawn, so the seeded plan's other draws (and every demo figure) stay as they were.
 */
function demoVerdict(overallRating: number, text: string): boolean | null {
  if (text.length % 4 === 0) return null;
  if (overallRating >= 3.5) return true;
  if (overallRating <= 2.5) return false;
  return text.length % 2 === 1;
}

function reviewScores(random: SeededRandom, profile: OfficerProfile): CategoryRatings {
  const centre = temperamentCentre(random, profile.temperament) + random.jitter(0.35);
  // Most reviewers give whole stars; a few use half stars throughout.
  const step = random.chance(0.2) ? 0.5 : 1;
  const score = (category: RatingCategory) => {
    const raw = centre + profile.bias[category] + random.jitter(0.3);
    return Math.min(5, Math.max(1, Math.round(raw / step) * step));
  };
  return { leadership: score('leadership'), tactics: score('tactics'), communication: score('communication'), fairness: score('fairness') };
}

function temperamentCentre(random: SeededRandom, temperament: Temperament): number {
  switch (temperament) {
    case 'loved':
      return 4.5;
    case 'liked':
      return 3.7;
    case 'disliked':
      return 1.9;
    case 'mixed':
      // Divisive officers: reviewers either swear by them or swear at them.
      return random.chance(0.5) ? 4.3 : 1.8;
  }
}

function surnameOf(name: string): string {
  return name.split(' ').at(-1) ?? name;
}

// ------------------------------------------------------------------------------ votes and flags

function planVotes(random: SeededRandom, clock: Clock, users: PlannedUser[], reviews: PlannedReview[]): PlannedVote[] {
  const voters = memberIndexes(users);
  const votes: PlannedVote[] = [];
  reviews.forEach((review, reviewIndex) => {
    if (random.chance(0.45)) return;
    // Longer reviews attract more votes; harsh ones split opinion.
    const count = random.int(1, review.text.length > 200 ? 10 : 5);
    const upvoteShare = review.overallRating <= 2.6 ? 0.5 : 0.8;
    const chosen = random.shuffle(voters.filter((i) => i !== review.userIndex)).slice(0, count);
    for (const userIndex of chosen) {
      votes.push({ userIndex, reviewIndex, vote: random.chance(upvoteShare) ? 1 : -1, createdAt: clock.after(review.createdAt) });
    }
  });
  return votes;
}

const FLAG_REASONS: readonly string[] = [
  'Personal attack on the officer rather than a review of their leadership.',
  'This reviewer was never in the regiment; looks like a grudge from a public server match.',
  'Duplicate of another review, posted from an alt account.',
  'Off-topic: complains about a server ban, not about the officer.',
  'Names and shames a player by his Steam name; that belongs in a report to the admins, not in a review.',
  'Reads like spam and says nothing about the officer.',
];

function planFlags(random: SeededRandom, clock: Clock, users: PlannedUser[], reviews: PlannedReview[]): PlannedFlag[] {
  const harsh = reviews.map((review, index) => ({ review, index })).filter(({ review }) => review.overallRating <= 2.5);
  const flagged = random.shuffle(harsh).slice(0, 6);
  const flags: PlannedFlag[] = [];
  flagged.forEach(({ review, index }, position) => {
    const flaggers = random.shuffle(memberIndexes(users).filter((i) => i !== review.userIndex)).slice(0, position < 2 ? 2 : 1);
    for (const userIndex of flaggers) {
      flags.push({ userIndex, reviewIndex: index, reason: random.pick(FLAG_REASONS), createdAt: clock.after(review.createdAt, 2) });
    }
  });
  return flags;
}

// --------------------------------------------------------------------------------- registrations

const PENDING_REGIMENTS: ReadonlyArray<Pick<PlannedRegimentRegistration, 'name' | 'description' | 'sideId'>> = [
  {
    name: "9th New York – Hawkins' Zouaves [9NY]",
    description: 'New Zouave regiment forming for EU evenings. Currently 14 members and growing.',
    sideId: 1,
  },
  {
    name: '12th Virginia Infantry [12VA]',
    description: 'Former members of a disbanded unit regrouping under a new banner. Linebattles on Sundays.',
    sideId: 2,
  },
  { name: '10th Louisiana Infantry [10LA]', description: null, sideId: 2 },
];

function planRegimentRegistrations(
  random: SeededRandom,
  clock: Clock,
  users: readonly PlannedUser[],
  regiments: readonly PlannedRegiment[],
): PlannedRegimentRegistration[] {
  const free = random.shuffle(memberIndexes(users).filter((i) => !regiments.some((r) => r.ownerIndex === i)));
  const pending = PENDING_REGIMENTS.map((regiment) => {
    const createdAt = clock.daysAgo(1, 12);
    return { ...regiment, userIndex: free.pop()!, status: 'pending' as const, notes: null, createdAt, updatedAt: createdAt };
  });
  const newest = regiments[newestRegimentIndex(regiments)]!;
  const approved: PlannedRegimentRegistration = {
    userIndex: newest.ownerIndex!,
    name: newest.name,
    description: newest.description,
    sideId: newest.sideId,
    status: 'approved',
    notes: "Verified with the unit's Discord staff. Welcome aboard!",
    createdAt: new Date(newest.createdAt.getTime() - 2 * DAY),
    updatedAt: newest.createdAt,
  };
  const rejectedAt = clock.daysAgo(30, 90);
  const rejected: PlannedRegimentRegistration = {
    userIndex: free.pop()!,
    name: 'Texas Brigade [1TX]',
    description: 'The best Texans in the game.',
    sideId: 2,
    status: 'rejected',
    notes: "Already listed as 1st Texas Infantry – Hood's Brigade. Ask its owner to add you as an officer instead.",
    createdAt: rejectedAt,
    updatedAt: clock.later(rejectedAt, 3),
  };
  return [approved, rejected, ...pending];
}

const PENDING_OFFICER_RANKS: readonly string[] = ['Capt.', '1st Lt.', 'Sgt.', 'Maj.'];

function planOfficerRegistrations(
  random: SeededRandom,
  clock: Clock,
  users: PlannedUser[],
  regiments: PlannedRegiment[],
  officers: PlannedOfficer[],
): PlannedOfficerRegistration[] {
  const isLinked = (i: number) => officers.some((o) => o.linkedUserIndex === i) || regiments.some((r) => r.ownerIndex === i);
  const free = random.shuffle(memberIndexes(users).filter((i) => !isLinked(i) && !users[i]!.isBanned));
  const names = new Set(officers.map((o) => o.name));
  const emptyRegiment = DEMO_REGIMENTS.findIndex((r) => r.officerCount === 0);
  const pending = PENDING_OFFICER_RANKS.map((rank, position): PlannedOfficerRegistration => {
    const createdAt = clock.daysAgo(0.5, 10);
    return {
      userIndex: free.pop()!,
      name: uniqueValue(
        names,
        () => randomOfficerName(random),
        (name) => name,
      ),
      rank,
      // One asks to join the regiment that has no officers yet, so approving it visibly changes it.
      regimentIndex: position === 0 && emptyRegiment >= 0 ? emptyRegiment : random.int(0, regiments.length - 1),
      status: 'pending',
      notes: null,
      proofUrl: position % 2 === 0 ? `https://example.com/rosters/${random.int(1000, 9999)}.png` : null,
      createdAt,
      updatedAt: createdAt,
    };
  });
  const junior = officers.find((o) => o.linkedUserIndex !== null && !isCommandRank(o.rank))!;
  const approved: PlannedOfficerRegistration = {
    userIndex: junior.linkedUserIndex!,
    name: junior.name,
    rank: junior.rank,
    regimentIndex: junior.regimentIndex,
    status: 'approved',
    notes: "Confirmed by the regiment's commanding officer.",
    proofUrl: null,
    createdAt: new Date(junior.createdAt.getTime() - DAY),
    updatedAt: junior.createdAt,
  };
  const rejectedAt = clock.daysAgo(20, 60);
  const rejected: PlannedOfficerRegistration = {
    userIndex: free.pop()!,
    name: uniqueValue(
      names,
      () => randomOfficerName(random),
      (name) => name,
    ),
    rank: 'Gen.',
    regimentIndex: random.int(0, regiments.length - 1),
    status: 'rejected',
    notes: "Could not confirm this rank with the regiment's command staff. Please reapply with a roster screenshot.",
    proofUrl: null,
    createdAt: rejectedAt,
    updatedAt: clock.later(rejectedAt, 4),
  };
  return [approved, rejected, ...pending];
}
