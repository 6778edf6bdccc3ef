/**
 * The phases of `npm run bench:data`, in the order they run (docs/performance.md, "The dataset").
 *
 * Every row is made by the database itself: `INSERT ... SELECT` over `generate_series`, so no row
 * crosses the wire and the same statements run on PostgreSQL and on PGlite. Every "random" value is
 * a deterministic draw, `hashint8extended(row key, seed * 1000 + stream)` scaled to [0, 1), so one
 * seed gives the same rows on both engines (timestamps count back from the day of the run).
 *
 * Uniqueness comes by construction, never from ON CONFLICT:
 * - usernames end with the user's id and their styles cannot be confused; emails are user<id>@...;
 * - regiment names are a bijection of (ordinal, state, branch): the ordinal is the regiment's rank
 *   among the regiments of its state and branch;
 * - an officer's reviewers, a review's voters and a review's flaggers walk a pool of users with a
 *   prime stride larger than the pool, so they never repeat, and voters and flaggers start one step
 *   after the review's author, so they never include the author.
 *
 * Review ids follow creation time; reviews.score is the sum of the votes, taken from the vote plan
 * before the reviews are written. The app's recomputeAllAggregates fills every officer and
 * regiment figure at the end, so `npm run db:reconcile` reports no difference.
 */
import { sql } from 'drizzle-orm';
import { queryRows, type Executor } from '#server/platform/db/client.js';
import { recomputeAllAggregates } from '#server/domain/figures/aggregates.js';
import { refreshCommunityMean } from '#server/domain/ranking-prior.js';
import { dropDeferredStructures, recreateForeignKeys, recreateIndexes, type DeferredStructures } from './deferred-structures.js';
import { WEEKDAYS } from '#core/regiment-facts.js';
import type { DatasetSize } from './size.js';
import {
  BRANCHES,
  CATEGORY_REMARKS,
  FLAG_REASONS,
  GIVEN_NAMES,
  MAP_PLACES,
  MIDDLE_INITIALS,
  MINIMUM_AGES,
  OFFICER_NAME_STYLES,
  OFFICER_NICKNAMES,
  RANKS,
  REGIMENT_DESCRIPTION_EXTRAS,
  REGIMENT_DESCRIPTION_SCHEDULES,
  REGIMENT_DESCRIPTION_STYLES,
  REGIMENT_NICKNAMES,
  REGIMENT_REGIONS,
  REGISTRATION_BRANCH,
  REGISTRATION_NOTES_APPROVED,
  REGISTRATION_NOTES_REJECTED,
  REVIEW_ANECDOTES,
  REVIEW_CLOSERS,
  REVIEW_ONE_LINERS,
  REVIEW_OPENERS,
  SCHEDULE_DAY_WEIGHTS,
  SCHEDULE_EVENT_NAMES,
  SCHEDULE_TIMES,
  STATES,
  SURNAMES,
  TONES,
  TONE_NEGATIVE_UP_TO,
  TONE_POSITIVE_FROM,
  USERNAME_HEADS,
  USERNAME_SURNAMES,
  USERNAME_TAILS,
  USERNAME_WORDS,
  cumulativeBounds,
  sqlNumberArray,
  sqlTextArray,
} from './vocabulary.js';

export interface DatasetPhase {
  name: string;
  /** Rows the phase writes, when it writes a known number of them. */
  rows: number | null;
  run(tx: Executor): Promise<void>;
}

/** The tables the generator fills; their secondary indexes and foreign keys are deferred. */
export const LOADED_TABLES = [
  'users',
  'regiments',
  'officers',
  'reviews',
  'review_votes',
  'review_flags',
  'regiment_registrations',
  'officer_registrations',
] as const;

const DAY = 86_400;

/**
 * One stream of draws per purpose, so two properties of one row never share a value. The numbers
 * are part of the dataset's definition: changing one changes the rows.
 */
const S = {
  userStyle: 1,
  userHead: 2,
  userTail: 3,
  userGiven: 4,
  userSurname: 5,
  userWord1: 6,
  userWord2: 7,
  userCreated: 8,
  userPassword: 9,
  userVerified: 10,
  userBanned: 11,
  regimentState: 20,
  regimentBranch: 21,
  regimentSide: 22,
  regimentNickname: 23,
  regimentNicknamePick: 24,
  regimentDescription: 25,
  regimentDescriptionStyle: 26,
  regimentDescriptionSchedule: 27,
  regimentDescriptionExtra: 28,
  regimentDescriptionExtraPick: 29,
  regimentActive: 30,
  regimentOwner: 31,
  regimentOwnerPick: 32,
  regimentCreated: 33,
  regimentSizeA: 34,
  regimentSizeB: 35,
  regimentOrdinal: 36,
  officerGiven: 40,
  officerSurname: 41,
  officerStyle: 42,
  officerNickname: 43,
  officerInitial: 44,
  officerRank: 45,
  officerActive: 46,
  officerCreated: 47,
  officerQualityA: 48,
  officerQualityB: 49,
  officerReviewsA: 50,
  officerReviewsB: 51,
  officerPool: 52,
  officerPoolStart: 53,
  reviewTime: 60,
  reviewBiasA: 61,
  reviewBiasB: 62,
  reviewNoiseA: 63,
  reviewNoiseB: 64,
  reviewNoiseC: 65,
  reviewNoiseD: 66,
  reviewHalfSteps: 67,
  reviewOneLiner: 68,
  reviewOpener: 69,
  reviewRemark1Category: 70,
  reviewRemark1: 71,
  reviewRemark2: 72,
  reviewRemark2Category: 73,
  reviewRemark2Pick: 74,
  reviewAnecdote: 75,
  reviewAnecdotePick: 76,
  reviewCloser: 77,
  reviewCloserPick: 78,
  reviewPlace: 79,
  reviewEdited: 80,
  reviewEditedAt: 81,
  voteWeightA: 90,
  voteWeightB: 91,
  voteUpShare: 92,
  voteOffset: 93,
  votePool: 94,
  voteTime: 95,
  flagReason: 100,
  flagStatus: 101,
  flagTime: 102,
  registrationUser: 110,
  registrationState: 111,
  registrationStatus: 112,
  registrationDecision: 113,
  registrationNotes: 114,
  registrationCreated: 115,
  registrationDescription: 116,
  registrationGiven: 117,
  registrationSurname: 118,
  registrationRank: 119,
  registrationRegiment: 120,
  registrationProof: 121,
  registrationDecidedAt: 122,
  regimentFacts: 130,
  regimentRegion: 131,
  regimentCommunity: 132,
  regimentTimeZoneSaid: 133,
  regimentTimeZone: 134,
  regimentLanguageCount: 135,
  regimentSecondLanguage: 136,
  regimentSecondLanguagePick: 137,
  regimentThirdLanguage: 138,
  regimentEventCount: 139,
  regimentEventFirstDay: 140,
  regimentEventStep: 141,
  regimentEventName: 142,
  regimentEventTime: 143,
  regimentMinimumAgeSaid: 144,
  regimentMinimumAge: 145,
  regimentRecruiting: 146,
  regimentDiscord: 147,
  regimentDiscordLength: 148,
} as const;
type Stream = (typeof S)[keyof typeof S];

function isPrime(n: number): boolean {
  if (n < 2) return false;
  for (let d = 2; d * d <= n; d++) if (n % d === 0) return false;
  return true;
}

/** The smallest prime of at least `from` that does not divide `n`: a stride that visits all of 0..n-1. */
function coprimeStride(n: number, from: number): number {
  let p = Math.max(2, Math.ceil(from));
  while (!isPrime(p) || n % p === 0) p++;
  return p;
}

export function datasetPhases(size: DatasetSize, seed: number): DatasetPhase[] {
  const U = size.users;
  const G = size.regiments;
  const O = size.officers;
  const R = size.reviews;
  const V = size.votes;
  const F = size.flags;

  /** Prime larger than the user pool: walking any pool of at most U users with it never repeats. */
  const userStride = coprimeStride(U, U * 1.618 + 1);
  /** Spreads the officers of one regiment over the id range. */
  const officerStride = coprimeStride(O, O * 0.618);

  /**
   * Steam-linked users (78%): in every block of 50 consecutive ids, the 39 whose (id - 1) * 17 mod 50
   * is below 39. Reviewers must have Steam (the app requires it to write), so they are drawn from
   * the dense index of these users: position p is user steamUser(p). Tiny datasets link everyone.
   */
  const tiny = U < 50;
  const steamPool = tiny ? U : Math.floor(U / 50) * 39;
  const isSteam = (id: string) => (tiny ? 'true' : `(((${id}) - 1) * 17 % 50 < 39)`);
  const steamUser = (pos: string) => (tiny ? `((${pos}) + 1)` : `((${pos}) / 39 * 50 + (${pos}) % 39 * 3 % 50 + 1)`);

  const seedBase = BigInt(seed) * 1000n;
  /** A uniform draw in [0, 1) for one key and stream. */
  const u = (key: string, stream: Stream) =>
    `((hashint8extended((${key})::int8, ${seedBase + BigInt(stream)}) & 9007199254740991)::float8 / 9007199254740992.0)`;
  /** A standard normal draw (Box-Muller). */
  const normal = (key: string, a: Stream, b: Stream) => `(sqrt(-2.0 * ln(1.0 - ${u(key, a)})) * cos(2.0 * pi() * ${u(key, b)}))`;
  /** An integer in [0, n). */
  const below = (key: string, stream: Stream, n: number | string) => `floor(${u(key, stream)} * (${n}))::int`;
  /** One element of a constant list. */
  const pick = (list: readonly string[], key: string, stream: Stream) => `(${sqlTextArray(list)})[1 + ${below(key, stream, list.length)}]`;
  /** A 0-based index chosen with the given weights. */
  const weighted = (weights: readonly number[], key: string, stream: Stream) =>
    weights.length === 1 ? '0' : `width_bucket(${u(key, stream)}, ${sqlNumberArray(cumulativeBounds(weights))})`;
  /** One element of the list selected by a 0-based SQL index, itself picked by a draw. */
  const pickFrom = (lists: ReadonlyArray<readonly string[]>, index: string, key: string, stream: Stream) =>
    `(case ${index} ${lists.map((list, i) => `when ${i} then ${pick(list, key, stream)}`).join(' ')} end)`;
  const byTone = (lists: Record<string, readonly string[]>) => TONES.map((tone) => lists[tone]!);

  // Timestamps are epoch seconds counted back from the start of the day of the run.
  let anchor = 0;
  const ts = (epoch: string) => `to_timestamp(${epoch})`;
  /** Users join over three years, oldest id first; user n joined no later than this. */
  const userJoinedBy = (id: string) => `(${anchor - 1095 * DAY} + (${id}) * ${(1050 * DAY) / U})`;

  /**
   * The regiment finder's facts (issue 36, item 5) of the regiment `key`, `age` its place between the
   * oldest (0) and the newest (1) regiment. The newer the regiment, the likelier its owner filled them
   * in (60% of the oldest, 95% of the newest); the others have none, as before the finder. A filled
   * regiment has a region (REGIMENT_REGIONS: NA 55%, EU 30%, ...) and a community of that region,
   * which gives its first language and its time zone (told by 90%); 1-3 languages, the second mostly
   * English when the first is not; 0-3 weekly events on distinct days, 2 or 3 days apart; a minimum
   * age (65%), whether it recruits (78% yes, 17% no, the rest not said) and a Discord invite (43%).
   * `draws` is a lateral subquery `f` of the row's draws; `columns` the seven columns from them.
   */
  const regimentFacts = (key: string, age: string) => {
    const regions = REGIMENT_REGIONS;
    const communities = regions.flatMap((r) => r.communities);
    const firstCommunity = regions.map((_, i) => regions.slice(0, i).reduce((n, r) => n + r.communities.length, 0));
    const community = `case f0.region ${regions
      .map((r, i) => `when ${i} then ${firstCommunity[i]} + ${weighted(r.communities.map((c) => c.weight), key, S.regimentCommunity)}`)
      .join(' ')} end`;
    const draws = `(
        select f0.*, ${community} as community,
          1 + ${weighted([55, 33, 12], key, S.regimentLanguageCount)} as language_count,
          case when f0.filled then ${weighted([25, 35, 28, 12], key, S.regimentEventCount)} else 0 end as event_count,
          ${weighted(SCHEDULE_DAY_WEIGHTS, key, S.regimentEventFirstDay)} as first_day,
          2 + (${u(key, S.regimentEventStep)} < 0.5)::int as step
        from (
          select filled, case when filled then ${weighted(regions.map((r) => r.weight), key, S.regimentRegion)} end as region
          from (select ${u(key, S.regimentFacts)} < 0.6 + 0.35 * ${age} as filled) f00
        ) f0
      )`;
    const firstLanguage = `(${sqlTextArray(communities.map((c) => c.language))})[f.community + 1]`;
    const alsoSpoken = regions.map((r) => r.alsoSpoken);
    const secondLanguage = `case when f.language_count >= 2 then
        case when ${firstLanguage} <> 'en' and ${u(key, S.regimentSecondLanguage)} < 0.75 then 'en'
          else ${pickFrom(alsoSpoken, 'f.region', key, S.regimentSecondLanguagePick)} end end`;
    const thirdLanguage = `case when f.language_count >= 3 then ${pickFrom(alsoSpoken, 'f.region', key, S.regimentThirdLanguage)} end`;
    // Each language once, in the order drawn (the app keeps an owner's list so).
    const languages = `array(select l from unnest(array[${firstLanguage}, ${secondLanguage}, ${thirdLanguage}]) with ordinality t(l, n)
        where l is not null group by l order by min(n))`;
    // Distinct days: 0, 2, 4 or 0, 3, 6 days after the first, modulo a week; listed Monday first.
    const event = `(${key}) * 4 + i`;
    const schedule = `(select coalesce(jsonb_agg(jsonb_build_object('day', (${sqlTextArray(WEEKDAYS)})[1 + e.day],
          'time', ${pick(SCHEDULE_TIMES, event, S.regimentEventTime)}, 'what', ${pick(SCHEDULE_EVENT_NAMES, event, S.regimentEventName)})
          order by e.day), '[]'::jsonb)
        from generate_series(0, f.event_count - 1) i cross join lateral (select (f.first_day + i * f.step) % 7 as day) e)`;
    const minimumAge = `case when f.filled and ${u(key, S.regimentMinimumAgeSaid)} < 0.65 then
        (ARRAY[${MINIMUM_AGES.map((a) => a.age).join(',')}]::int[])[1 + ${weighted(MINIMUM_AGES.map((a) => a.weight), key, S.regimentMinimumAge)}] end`;
    const recruiting = `case when f.filled then case when ${u(key, S.regimentRecruiting)} < 0.78 then true
        when ${u(key, S.regimentRecruiting)} < 0.95 then false end end`;
    // An invite code of 7-10 letters and digits, a digest of the seed and the regiment.
    const discordInvite = `case when f.filled and ${u(key, S.regimentDiscord)} < 0.43 then 'https://discord.gg/'
        || left(translate(encode(decode(md5('discord:${seed}:' || (${key})), 'hex'), 'base64'), '+/=', ''), 7 + ${below(key, S.regimentDiscordLength, 4)}) end`;
    const columns = [
      `(${sqlTextArray(regions.map((r) => r.region))})[f.region + 1]`,
      `case when ${u(key, S.regimentTimeZoneSaid)} < 0.9 then ${pickFrom(
        communities.map((c) => c.timeZones),
        'f.community',
        key,
        S.regimentTimeZone,
      )} end`,
      languages,
      schedule,
      minimumAge,
      recruiting,
      discordInvite,
    ].join(',\n              ');
    return { draws, columns };
  };

  let deferred: DeferredStructures | null = null;
  let hasReviewPosition = false;
  const run = (tx: Executor, statement: string) => tx.execute(sql.raw(statement));

  return [
    {
      name: 'drop structures',
      rows: null,
      async run(tx) {
        const [row] = await queryRows<{ anchor: string | number; has_position: boolean }>(
          tx,
          sql`select extract(epoch from date_trunc('day', now()))::int8 as anchor,
                exists (select 1 from information_schema.columns
                        where table_schema = 'public' and table_name = 'reviews' and column_name = 'position') as has_position`,
        );
        anchor = Number(row!.anchor);
        // Added by migration 0008: each review's 1-based rank among its officer's reviews by
        // (created_at, id), unique per officer. Written here directly, so the renumbering that
        // recomputeAllAggregates does finds nothing to change.
        hasReviewPosition = Boolean(row!.has_position);
        deferred = await dropDeferredStructures(tx, LOADED_TABLES);
      },
    },
    {
      name: 'users',
      rows: U,
      async run(tx) {
        const g = 'g';
        const suffix = `${g}::text`;
        // Two different words: the second is 1 to n - 1 places after the first.
        const words = `(${sqlTextArray(USERNAME_WORDS)})`;
        const word1 = below(g, S.userWord1, USERNAME_WORDS.length);
        const styles = `width_bucket(${u(g, S.userStyle)}, ${sqlNumberArray(cumulativeBounds([35, 25, 20, 20]))})`;
        const username = `case ${styles}
            when 0 then ${pick(USERNAME_HEADS, g, S.userHead)} || ${pick(USERNAME_TAILS, g, S.userTail)} || ${suffix}
            when 1 then ${pick(GIVEN_NAMES, g, S.userGiven)} || '.' || ${pick(USERNAME_SURNAMES, g, S.userSurname)} || ${suffix}
            when 2 then ${words}[1 + ${word1}] || '_' || ${words}[1 + (${word1} + 1 + ${below(g, S.userWord2, USERNAME_WORDS.length - 1)}) % ${USERNAME_WORDS.length}] || '_' || ${suffix}
            else lower(${pick(USERNAME_SURNAMES, g, S.userSurname)}) || '_' || ${suffix} end`;
        // Shaped like the app's argon2id hashes, but salt and hash are digests of the seed and id:
        // no password produces them, so no generated account can be signed in to.
        const passwordHash = `'$argon2id$v=19$m=19456,t=2,p=1$'
            || rtrim(encode(decode(md5('salt:${seed}:' || ${g}), 'hex'), 'base64'), '=') || '$'
            || rtrim(encode(sha256(convert_to('hash:${seed}:' || ${g}, 'UTF8')), 'base64'), '=')`;
        await run(
          tx,
          `insert into users (id, username, email, password_hash, created_at, role, is_officer, officer_id,
              steam_id, email_verified, is_banned)
            select ${g}, ${username},
              'user' || ${g} || '@example.' || (array['org', 'com', 'net'])[1 + ${g} % 3],
              case when not ${isSteam(g)} or ${u(g, S.userPassword)} < 0.55 then ${passwordHash} end,
              ${ts(`${anchor - 1095 * DAY} + (${g} - 1 + ${u(g, S.userCreated)}) * ${(1050 * DAY) / U}`)},
              'user', false, null,
              case when ${isSteam(g)} then (76561197960265728 + ${g})::text end,
              ${u(g, S.userVerified)} < 0.93,
              ${u(g, S.userBanned)} < 0.002
            from generate_series(1, ${U}) ${g}`,
        );
      },
    },
    {
      name: 'regiments',
      rows: G,
      async run(tx) {
        const g = 'g';
        const stateSides = `(ARRAY[${STATES.map((s) => s.side).join(',')}]::int[])`;
        const ordinalSuffix = (n: string) =>
          `case when ${n} % 100 in (11, 12, 13) then 'th' when ${n} % 10 = 1 then 'st' when ${n} % 10 = 2 then 'nd' when ${n} % 10 = 3 then 'rd' else 'th' end`;
        // Officers per regiment: log-normal weights, cut into exactly O officer slots [lo, hi).
        await run(
          tx,
          `create temp table bench_regiment_plan on commit drop as
            select id, state, branch, ordinal, created, nickname,
              coalesce(lag(hi) over (order by id), 0) as officer_lo,
              case when id = ${G} then ${O} else hi end as officer_hi
            from (
              select id, state, branch, created, nickname,
                row_number() over (partition by state, branch order by ordinal_draw, id) as ordinal,
                least(${O}, floor(${O} * sum(weight) over (order by id) / sum(weight) over ()))::int8 as hi
              from (
                select ${g} as id,
                  ${weighted(STATES.map((s) => s.weight), g, S.regimentState)} as state,
                  ${weighted(BRANCHES.map((b) => b.weight), g, S.regimentBranch)} as branch,
                  ${anchor - 1150 * DAY} + ${u(g, S.regimentCreated)} * ${750 * DAY} as created,
                  case when ${u(g, S.regimentNickname)} < 0.3 then ${pick(REGIMENT_NICKNAMES, g, S.regimentNicknamePick)} end as nickname,
                  exp(0.72 * ${normal(g, S.regimentSizeA, S.regimentSizeB)}) as weight,
                  ${u(g, S.regimentOrdinal)} as ordinal_draw
                from generate_series(1, ${G}) ${g}
                offset 0
              ) d
            ) c`,
        );
        const stateName = `(${sqlTextArray(STATES.map((s) => s.name))})[p.state + 1]`;
        const stateCode = `(${sqlTextArray(STATES.map((s) => s.code))})[p.state + 1]`;
        const branchName = `(${sqlTextArray(BRANCHES.map((b) => b.name))})[p.branch + 1]`;
        const branchTag = `(${sqlTextArray(BRANCHES.map((b) => b.tag))})[p.branch + 1]`;
        const description = `case when ${u('p.id', S.regimentDescription)} < 0.92 then
            ${pick(REGIMENT_DESCRIPTION_STYLES, 'p.id', S.regimentDescriptionStyle)} || ' ' ||
            ${pick(REGIMENT_DESCRIPTION_SCHEDULES, 'p.id', S.regimentDescriptionSchedule)} ||
            case when ${u('p.id', S.regimentDescriptionExtra)} < 0.5 then ' ' || ${pick(REGIMENT_DESCRIPTION_EXTRAS, 'p.id', S.regimentDescriptionExtraPick)} else '' end
          end`;
        const facts = regimentFacts('p.id', `(p.created - ${anchor - 1150 * DAY}) / ${750 * DAY}`);
        await run(
          tx,
          `insert into regiments (id, name, description, side_id, is_active, user_id, created_at,
              region, time_zone, languages, schedule, minimum_age, recruiting, discord_invite)
            select p.id,
              p.ordinal || ${ordinalSuffix('p.ordinal')} || ' ' || ${stateName} || ' ' || ${branchName}
                || coalesce(' – ' || p.nickname, '') || ' [' || p.ordinal || ${stateCode} || ${branchTag} || ']',
              ${description},
              case ${stateSides}[p.state + 1] when 0 then 1 + (${u('p.id', S.regimentSide)} < 0.5)::int else ${stateSides}[p.state + 1] end,
              ${u('p.id', S.regimentActive)} >= 0.015,
              case when ${u('p.id', S.regimentOwner)} < 0.3 then 1 + ${below('p.id', S.regimentOwnerPick, U)} end,
              ${ts('p.created')},
              ${facts.columns}
            from bench_regiment_plan p
            cross join lateral ${facts.draws} f
            order by p.id`,
        );
      },
    },
    {
      name: 'officers',
      rows: O,
      async run(tx) {
        const k = 'o.id';
        const given = pick(GIVEN_NAMES, k, S.officerGiven);
        const style = weighted(OFFICER_NAME_STYLES.map((s) => s.weight), k, S.officerStyle);
        const styleIndex = (name: (typeof OFFICER_NAME_STYLES)[number]['style']) => OFFICER_NAME_STYLES.findIndex((s) => s.style === name);
        // Officer slot j of a regiment becomes officer id (j * stride mod O) + 1: the officers of one
        // regiment are spread over the whole id range.
        await run(
          tx,
          `create temp table bench_officer_plan on commit drop as
            select o.id, o.regiment_id, o.regiment_created,
              ${given} as given,
              ${pick(SURNAMES, k, S.officerSurname)} as surname,
              ${style} as style,
              (${sqlTextArray(RANKS.map((r) => r.rank))})[1 + ${weighted(RANKS.map((r) => r.weight), k, S.officerRank)}] as rank,
              ${u(k, S.officerActive)} >= 0.03 as is_active,
              o.regiment_created + ${u(k, S.officerCreated)} * (${anchor - 90 * DAY} - o.regiment_created) as created,
              least(4.9, greatest(0.8, 3.3 + 0.8 * ${normal(k, S.officerQualityA, S.officerQualityB)})) as quality
            from (
              select ((j * ${officerStride}) % ${O} + 1)::int as id, r.id as regiment_id, r.created as regiment_created
              from bench_regiment_plan r cross join lateral generate_series(r.officer_lo, r.officer_hi - 1) j
            ) o`,
        );
        const name = `case p.style
            when ${styleIndex('initial')} then left(p.given, 1) || '. ' || p.surname
            when ${styleIndex('nickname')} then p.given || ' "' || ${pick(OFFICER_NICKNAMES, 'p.id', S.officerNickname)} || '" ' || p.surname
            when ${styleIndex('middle')} then p.given || ' ' || ${pick(MIDDLE_INITIALS, 'p.id', S.officerInitial)} || '. ' || p.surname
            else p.given || ' ' || p.surname end`;
        await run(
          tx,
          `insert into officers (id, name, rank, regiment_id, is_active, created_at)
            select p.id, ${name}, p.rank, p.regiment_id, p.is_active, ${ts('p.created')}
            from bench_officer_plan p
            order by p.id`,
        );
      },
    },
    {
      name: 'officer accounts',
      rows: Math.min(Math.floor(O / 10), steamPool),
      async run(tx) {
        // One officer in ten (ids divisible by 10) is claimed by a distinct Steam-linked user.
        await run(
          tx,
          `update users u set officer_id = c.officer_id, is_officer = true
            from (
              select k * 10 as officer_id, ${steamUser(`(k - 1)::int8 * ${userStride} % ${steamPool}`)} as user_id
              from generate_series(1, ${Math.min(Math.floor(O / 10), steamPool)}) k
            ) c
            where u.id = c.user_id`,
        );
      },
    },
    {
      name: 'review plan',
      rows: R,
      async run(tx) {
        // Reviews per officer: log-normal (sigma 1.66, the upper tail a little heavier, so a few
        // officers have thousands of reviews), cut into exactly R review slots. An officer
        // with n reviews walks a pool of the M oldest Steam users (M at least n, often much less
        // than all of them, so old accounts write more reviews) from a start position with the
        // user stride: n distinct reviewers.
        await run(
          tx,
          `create temp table bench_officer_reviews on commit drop as
            select f.id, f.lo, f.n, f.pool, floor(${u('f.id', S.officerPoolStart)} * f.pool)::int8 as start,
              o.rank || ' ' || o.surname as officer_ref, o.created, o.quality
            from (
              select id, lo, n, least(${steamPool}, greatest(n, ceil(${steamPool} * sqrt(${u('id', S.officerPool)}))))::int8 as pool
              from (
                select id, lo, least(${steamPool}, hi - lo) as n
                from (
                  select id, coalesce(lag(hi) over (order by id), 0) as lo, case when id = ${O} then ${R} else hi end as hi
                  from (
                    select id, least(${R}, floor(${R} * sum(w) over (order by id) / sum(w) over ()))::int8 as hi
                    from (
                      -- No officer may need more reviewers than the pool holds (small scales only).
                      select id, least(w, ${(0.7 * steamPool) / R} * sum(w) over ()) as w
                      from (select id, exp(1.66 * z + 0.03 * greatest(z, 0) ^ 2) as w
                            from (select id, ${normal('id', S.officerReviewsA, S.officerReviewsB)} as z from bench_officer_plan offset 0) z) w0
                    ) w
                  ) c
                ) d
              ) e
            ) f
            join bench_officer_plan o on o.id = f.id
            where f.n > 0`,
        );
        // Scores around the officer's quality with a per-review bias, in half stars (0-10): whole
        // stars 1-5, or (15% of the reviews) half steps 0-5. Dates in the last two years, after the
        // reviewer joined and the officer was listed, more of them recently. Ids follow creation
        // time; position is the review's rank among its officer's reviews in the same order.
        const halfStars = (z: string) =>
          `case when x.half then least(10, greatest(0, round(2.0 * (x.center + 0.6 * ${z}))))
                else 2 * least(5, greatest(1, round(x.center + 0.6 * ${z}))) end::int`;
        await run(
          tx,
          `create temp table bench_review_plan on commit drop as
            select row_number() over (order by y.created, y.k)::int as rid,
              ${hasReviewPosition ? 'row_number() over (partition by y.officer_id order by y.created, y.k)::int' : '0'} as position,
              y.*
            from (
              select x.k, x.officer_id, x.user_id, x.officer_ref, x.officer_n, x.created,
                ${halfStars('x.r1 * cos(x.t1)')} as leadership,
                ${halfStars('x.r1 * sin(x.t1)')} as tactics,
                ${halfStars('x.r2 * cos(x.t2)')} as communication,
                ${halfStars('x.r2 * sin(x.t2)')} as fairness
              from (
                select w.k, w.officer_id, w.user_id, w.officer_ref, w.officer_n,
                  w.lower + (${anchor} - w.lower) * power(${u('w.k', S.reviewTime)}, 0.7) as created,
                  w.quality + 0.7 * ${normal('w.k', S.reviewBiasA, S.reviewBiasB)} as center,
                  ${u('w.k', S.reviewHalfSteps)} < 0.15 as half,
                  -- Two Box-Muller pairs: four independent normal draws for the four categories.
                  sqrt(-2.0 * ln(1.0 - ${u('w.k', S.reviewNoiseA)})) as r1, 2.0 * pi() * ${u('w.k', S.reviewNoiseB)} as t1,
                  sqrt(-2.0 * ln(1.0 - ${u('w.k', S.reviewNoiseC)})) as r2, 2.0 * pi() * ${u('w.k', S.reviewNoiseD)} as t2
                from (
                  select v.*, greatest(${userJoinedBy('v.user_id')}, v.officer_created, ${anchor - 730 * DAY}) as lower
                  from (
                    select r.lo + i as k, r.id as officer_id, r.officer_ref, r.n as officer_n,
                      r.created as officer_created, r.quality,
                      ${steamUser(`(r.start + i * ${userStride}) % r.pool`)} as user_id
                    from bench_officer_reviews r
                    cross join lateral generate_series(0, r.n - 1) i
                  ) v
                ) w
                offset 0
              ) x
              offset 0
            ) y
            order by y.created, y.k`,
        );
      },
    },
    {
      name: 'vote plan',
      rows: R,
      async run(tx) {
        // Votes per review: log-normal, heavier on reviews of much-reviewed officers and on older
        // reviews, cut into exactly V vote slots. Each review's voters walk a pool of the oldest M
        // users from one stride after its author; up votes are 55-95% of them.
        await run(
          tx,
          `create temp table bench_vote_plan on commit drop as
            select rid, author, created, lo, n, ups,
              floor(${u('rid', S.voteOffset)} * greatest(n, 1))::int8 as phase,
              least(${U}, greatest(author, n + 1, ceil(${U} * sqrt(${u('rid', S.votePool)}))))::int8 as pool
            from (
              select rid, author, created, lo, n, round(n * (0.55 + 0.4 * ${u('rid', S.voteUpShare)}))::int8 as ups
              from (
                select rid, author, created, lo, least(${U - 1}, hi - lo) as n
                from (
                  select rid, author, created, coalesce(lag(hi) over (order by rid), 0) as lo,
                    case when rid = max(rid) over () then ${V} else hi end as hi
                  from (
                    select rid, author, created,
                      least(${V}, floor(${V} * sum(w) over (order by rid) / sum(w) over ()))::int8 as hi
                    from (
                      select rid, user_id as author, created,
                        exp(1.05 * ${normal('rid', S.voteWeightA, S.voteWeightB)}) * power(officer_n::float8, 0.45)
                          * sqrt(greatest(${anchor} - created, ${DAY}) / ${730 * DAY}) as w
                      from bench_review_plan
                      offset 0
                    ) w
                  ) c
                ) d
              ) e
            ) f`,
        );
      },
    },
    {
      name: 'review scores',
      rows: R,
      async run(tx) {
        // The score a review will have once its votes are written: ups minus downs.
        await run(tx, `create temp table bench_review_scores on commit drop as select rid, (2 * ups - n)::int as score from bench_vote_plan`);
      },
    },
    {
      name: 'reviews',
      rows: R,
      async run(tx) {
        const k = 't.rid';
        const tone = `case when s.overall >= ${TONE_POSITIVE_FROM} then 0 when s.overall <= ${TONE_NEGATIVE_UP_TO} then 2 else 1 end`;
        const halfStarsOf = (index: string) => `(array[t.leadership, t.tactics, t.communication, t.fairness])[${index} + 1]`;
        const remarkLists = CATEGORY_REMARKS.flatMap((c) => [c.good, c.bad]);
        // A good remark for a category scored 3 or more, a bad one below.
        const remark = (categoryIndex: string, stream: Stream) =>
          pickFrom(remarkLists, `(${categoryIndex} * 2 + (${halfStarsOf(categoryIndex)} < 6)::int)`, k, stream);
        const composed = `case when ${u(k, S.reviewOneLiner)} < 0.15 then ${pickFrom(byTone(REVIEW_ONE_LINERS), 't.tone', k, S.reviewOpener)}
          else ${pickFrom(byTone(REVIEW_OPENERS), 't.tone', k, S.reviewOpener)}
            || ' ' || ${remark('t.c1', S.reviewRemark1)}
            || case when ${u(k, S.reviewRemark2)} < 0.4 then ' ' || ${remark('t.c2', S.reviewRemark2Pick)} else '' end
            || case when ${u(k, S.reviewAnecdote)} < 0.5 then ' ' || ${pickFrom(byTone(REVIEW_ANECDOTES), 't.tone', k, S.reviewAnecdotePick)} else '' end
            || case when ${u(k, S.reviewCloser)} < 0.6 then ' ' || ${pickFrom(byTone(REVIEW_CLOSERS), 't.tone', k, S.reviewCloserPick)} else '' end
          end`;
        const text = `replace(replace(${composed}, '{officer}', t.officer_ref), '{place}', ${pick(MAP_PLACES, k, S.reviewPlace)})`;
        await run(
          tx,
          `insert into reviews (id, user_id, officer_id, text, leadership, tactics, communication, fairness, overall_rating,
              score, created_at, updated_at${hasReviewPosition ? ', position' : ''})
            select t.rid, t.user_id, t.officer_id, ${text},
              t.leadership * 0.5, t.tactics * 0.5, t.communication * 0.5, t.fairness * 0.5, t.overall, t.score,
              ${ts('t.created')},
              ${ts(`case when ${u(k, S.reviewEdited)} < 0.06 then t.created + ${u(k, S.reviewEditedAt)} * (${anchor} - t.created) else t.created end`)}
              ${hasReviewPosition ? ', t.position' : ''}
            from (
              select s.*, ${tone} as tone,
                ${below('s.rid', S.reviewRemark1Category, 4)} as c1,
                (${below('s.rid', S.reviewRemark1Category, 4)} + 1 + ${below('s.rid', S.reviewRemark2Category, 3)}) % 4 as c2
              from (
                -- overall_rating = round(average of the four, 2): the half-star sum over 8.
                select p.rid, p.position, p.user_id, p.officer_id, p.officer_ref, p.created, c.score,
                  p.leadership, p.tactics, p.communication, p.fairness,
                  round((p.leadership + p.tactics + p.communication + p.fairness) / 8.0, 2) as overall
                from bench_review_plan p join bench_review_scores c on c.rid = p.rid
                offset 0
              ) s
              offset 0
            ) t
            order by t.rid`,
        );
      },
    },
    {
      name: 'votes',
      rows: V,
      async run(tx) {
        // Vote i of a review is up when the running share of ups steps past an integer (evenly
        // interleaved, starting at a per-review phase), so exactly `ups` of the n votes are up.
        // Voter i is the author's pool position plus i strides: never the author, never twice. A
        // vote comes after the review and after the voter joined, most of them soon.
        await run(
          tx,
          `insert into review_votes (id, user_id, review_id, vote, created_at)
            select v.id, v.voter, v.rid, v.vote,
              ${ts(`v.since + (${anchor} - v.since) * power(${u('v.id', S.voteTime)}, 2)`)}
            from (
              select p.lo + i as id, p.rid, x.voter,
                case when ((i * p.ups + p.phase) / p.n) > (((i - 1) * p.ups + p.phase) / p.n) then 1 else -1 end as vote,
                greatest(p.created, ${userJoinedBy('x.voter')}) as since
              from bench_vote_plan p
              cross join lateral generate_series(1, p.n) i
              cross join lateral (select ((p.author - 1 + i * ${userStride}) % p.pool) + 1 as voter) x
              where p.n > 0
            ) v`,
        );
      },
    },
    {
      name: 'flags',
      rows: F,
      async run(tx) {
        // The planned count, unless a tiny scale left an officer short of reviewers.
        const [count] = await queryRows<{ n: number | string }>(tx, sql`select count(*) as n from reviews`);
        const reviewCount = Number(count!.n);
        if (reviewCount === 0) return;
        const firstFlags = Math.min(Math.round(F * 0.7), reviewCount);
        const secondFlags = Math.min(F - firstFlags, firstFlags);
        const reviewStride = coprimeStride(reviewCount, reviewCount * 0.618);
        // 70% of the flags on distinct reviews (picked with a stride over all reviews), the rest
        // second flags on some of those by another user; the flaggers are one and two user strides
        // from the author. A review's flags are all pending or all approved (approval clears them).
        await run(
          tx,
          `insert into review_flags (id, review_id, user_id, reason, status, created_at)
            select row_number() over (order by f.created, f.review_id, f.nth)::int, f.review_id, f.user_id, f.reason, f.status, ${ts('f.created')}
            from (
              select q.review_id, q.nth, q.user_id, ${pick(FLAG_REASONS, 'q.k * 2 + q.nth', S.flagReason)} as reason,
                case when ${u('q.k', S.flagStatus)} < 0.25 then 'approved' else 'pending' end as status,
                greatest(q.review_created, ${userJoinedBy('q.user_id')})
                  + ${u('q.k * 2 + q.nth', S.flagTime)} * (${anchor} - greatest(q.review_created, ${userJoinedBy('q.user_id')})) as created
              from (
                select p.k, p.nth, p.review_id, extract(epoch from a.created_at)::float8 as review_created,
                  ((a.user_id - 1 + (p.nth + 1) * ${userStride}::int8) % ${U}) + 1 as user_id
                from (
                  select k, 0 as nth, (k * ${reviewStride}::int8 % ${reviewCount} + 1)::int as review_id from generate_series(0, ${firstFlags - 1}) k
                  union all
                  select k, 1, (k * ${reviewStride}::int8 % ${reviewCount} + 1)::int from generate_series(0, ${secondFlags - 1}) k
                ) p
                join reviews a on a.id = p.review_id
              ) q
            ) f`,
        );
      },
    },
    {
      name: 'registrations',
      rows: size.regimentRegistrations + size.officerRegistrations,
      async run(tx) {
        // Two thirds pending; the rest approved or rejected, with a note and a decision time.
        const decided = (key: string) => `${u(key, S.registrationStatus)} >= 2.0 / 3.0`;
        const status = (key: string) =>
          `case when not ${decided(key)} then 'pending' when ${u(key, S.registrationDecision)} < 0.5 then 'approved' else 'rejected' end`;
        const notes = (key: string) => `case when not ${decided(key)} then null
            when ${u(key, S.registrationDecision)} < 0.5 then ${pick(REGISTRATION_NOTES_APPROVED, key, S.registrationNotes)}
            else ${pick(REGISTRATION_NOTES_REJECTED, key, S.registrationNotes)} end`;
        const created = (key: string) => `(${anchor} - ${u(key, S.registrationCreated)} * ${120 * DAY})`;
        const updated = (key: string) =>
          `case when ${decided(key)} then ${created(key)} + ${u(key, S.registrationDecidedAt)} * (${anchor} - ${created(key)}) else ${created(key)} end`;
        const user = (key: string) => steamUser(below(key, S.registrationUser, steamPool));
        const stateSides = `ARRAY[${STATES.map((s) => s.side).join(',')}]::int[]`;
        // Regiment registrations are for a branch no generated regiment has, so approving one can
        // never clash with an existing name.
        await run(
          tx,
          `insert into regiment_registrations (id, user_id, name, description, side_id, status, created_at, updated_at, notes)
            select g, ${user('g')},
              g || (case when g % 100 in (11, 12, 13) then 'th' when g % 10 = 1 then 'st' when g % 10 = 2 then 'nd' when g % 10 = 3 then 'rd' else 'th' end)
                || ' ' || (${sqlTextArray(STATES.map((s) => s.name))})[d.state + 1] || ' ${REGISTRATION_BRANCH} ['
                || g || (${sqlTextArray(STATES.map((s) => s.code))})[d.state + 1] || 'S]',
              ${pick(REGIMENT_DESCRIPTION_STYLES, 'g', S.registrationDescription)},
              case (${stateSides})[d.state + 1] when 0 then 1 + (g % 2) else (${stateSides})[d.state + 1] end,
              ${status('g')}, ${ts(created('g'))}, ${ts(updated('g'))}, ${notes('g')}
            from generate_series(1, ${size.regimentRegistrations}) g
            cross join lateral (select ${weighted(STATES.map((s) => s.weight), 'g', S.registrationState)} as state) d`,
        );
        const k = `(g + ${size.regimentRegistrations})`;
        await run(
          tx,
          `insert into officer_registrations (id, user_id, name, rank, regiment_id, status, created_at, updated_at, notes, proof_url)
            select g, ${user(k)},
              ${pick(GIVEN_NAMES, k, S.registrationGiven)} || ' ' || ${pick(SURNAMES, k, S.registrationSurname)},
              (${sqlTextArray(RANKS.map((r) => r.rank))})[1 + ${weighted(RANKS.map((r) => r.weight), k, S.registrationRank)}],
              1 + ${below(k, S.registrationRegiment, G)},
              ${status(k)}, ${ts(created(k))}, ${ts(updated(k))}, ${notes(k)},
              case when ${u(k, S.registrationProof)} < 0.5 then 'https://example.org/proof/officer-' || g || '.png' end
            from generate_series(1, ${size.officerRegistrations}) g`,
        );
      },
    },
    {
      // Issue 33: three years of staff actions (one for every two flags) with their appeals, so the
      // public moderation log and the transparency report are read over a real history. Spread
      // evenly back from the anchor; every eighth appealed, a third of those reversed.
      name: 'moderation log',
      rows: Math.max(1, Math.round(F / 2)),
      async run(tx) {
        const n = Math.max(1, Math.round(F / 2));
        const kinds = sqlTextArray(['review_removal', 'reply_removal', 'wave_removal', 'suspension', 'ban', 'registration_rejection']);
        const grounds = sqlTextArray(['harassment', 'personal-information', 'manipulation', 'impersonation', 'spam', 'off-topic', 'terms']);
        await run(
          tx,
          `insert into moderation_actions (kind, user_id, ground, facts, automated, actor_id, actor_role, target_type, target_id, subject,
              appealable_until, reversed_at, created_at)
            select (${kinds})[1 + k % 6], ((k * ${userStride}::int8) % ${U}) + 1, (${grounds})[1 + (k * 5) % 7],
              'A statement of reasons, number ' || k || '.', false, null, case when k % 3 = 0 then 'admin' else 'moderator' end,
              'user', ((k * ${userStride}::int8) % ${U}) + 1, 'your account', ${ts('c.created')} + interval '30 days',
              case when k % 24 = 0 then ${ts('c.created')} + interval '2 days' end, ${ts('c.created')}
            from generate_series(0, ${n - 1}) k
            cross join lateral (select ${anchor} - (k + 0.5) * ${(1095 * DAY) / n} as created) c`,
        );
        await run(
          tx,
          `insert into appeals (action_id, user_id, text, status, created_at, decided_at, decision_reason)
            select a.id, a.user_id, 'I appeal, number ' || a.id || '.',
              case when a.reversed_at is not null then 'reversed' when a.id % 16 = 0 then 'open' else 'upheld' end,
              a.created_at + interval '1 day',
              case when a.id % 16 <> 0 or a.reversed_at is not null then a.created_at + interval '2 days' end,
              case when a.id % 16 <> 0 or a.reversed_at is not null then 'Decided.' end
            from moderation_actions a where a.id % 8 = 0 or a.reversed_at is not null`,
        );
      },
    },
    {
      name: 'analyze',
      rows: null,
      async run(tx) {
        await run(tx, `analyze ${LOADED_TABLES.join(', ')}`);
      },
    },
    {
      name: 'indexes',
      rows: null,
      async run(tx) {
        await recreateIndexes(tx, deferred!);
      },
    },
    {
      name: 'foreign keys',
      rows: null,
      async run(tx) {
        await recreateForeignKeys(tx, deferred!);
      },
    },
    {
      name: 'aggregates',
      rows: O + G,
      async run(tx) {
        await recomputeAllAggregates(tx);
      },
    },
    {
      // The rankings' community mean rests on the figures just computed: published now, so the
      // first answers after the dataset rank with it rather than with 0 until a process's next
      // refresh (issue 32, item 7; docs/decisions/0030-bayesian-ranking.md).
      name: 'ranking prior',
      rows: 1,
      async run(tx) {
        await refreshCommunityMean(tx);
      },
    },
    {
      name: 'sequences',
      rows: null,
      async run(tx) {
        const sequences = await queryRows<{ tbl: string; col: string; seq: string }>(
          tx,
          sql`select quote_ident(c.relname) as tbl, quote_ident(a.attname) as col,
                pg_get_serial_sequence(quote_ident(c.relname), a.attname) as seq
              from pg_class c join pg_attribute a on a.attrelid = c.oid
              where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'p') and a.attnum > 0 and not a.attisdropped
                and pg_get_serial_sequence(quote_ident(c.relname), a.attname) is not null`,
        );
        for (const s of sequences) {
          await tx.execute(sql`select setval(${s.seq}, coalesce((select max(${sql.raw(s.col)}) from ${sql.raw(s.tbl)}), 0) + 1, false)`);
        }
      },
    },
  ];
}
