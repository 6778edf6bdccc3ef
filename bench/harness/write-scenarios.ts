/**
 * The writes (issue 38, item 5): votes and new reviews by distinct users, each against the same
 * write on the ceiling (bench/ceiling.ts); the long-tail mix on the ceiling, the reference of
 * mixed-longtail; and the review write, one at a time, in the regiment with the most reviews and in
 * one of median size, whose mean latencies the other targets compare.
 *
 * Every request is a pair the run has not used (write-pairs.ts). The app's reviews keep each
 * officer below the review waves' K (src/core/review-waves.ts: K reviews of one officer within the
 * window make a wave, and bench accounts are fresh, which is one of its signals), on officers with
 * no other review in the window (fixtures.ts, readWriteFacts): no wave forms, and the report counts
 * the held reviews to show it. The ceiling reviews the other half of the same officers as users of
 * its own, removed before the aggregates are checked.
 */
import type { Request, RequestParams } from 'autocannon';
import { SeededRandom } from '#server/seed/random.js';
import type { BenchUser, DatasetFacts, WriteFacts, WriteRegiment } from './fixtures.js';
import { longTailDraws } from './long-tail.js';
import {
  JSON_HEADERS,
  LONG_TAIL_MIX,
  PATHS,
  REVIEW_TEXTS,
  cumulativeShares,
  drawnKindRequest,
  signedInPost,
  tallyAnswer,
  type Scenario,
} from './scenarios.js';
import { ReviewSlots, VotePairs, alternateHalves, serialReviewAmount, type ReviewSlot, type VotePair } from './write-pairs.js';

export interface WriteSetup {
  facts: DatasetFacts;
  writeFacts: WriteFacts;
  /** The app's writers, signed in. */
  users: readonly BenchUser[];
  /** The ceiling's writers' user ids (fixtures.ts, createCeilingWriters). */
  ceilingWriters: readonly number[];
  /** The most reviews the run gives one officer: one fewer than make a review wave (WAVE_MIN_REVIEWS - 1). */
  reviewsPerOfficer: number;
}

export interface WriteScenarios {
  votes: Scenario;
  ceilingVotes: Scenario;
  reviews: Scenario;
  ceilingReviews: Scenario;
  largestRegiment: Scenario;
  medianRegiment: Scenario;
  ceilingMixedLongTail: Scenario;
  /** The app's reviews given to an officer past reviewsPerOfficer (its supply ran out): waves may then form. */
  reviewsPastLimit(): number;
}

/** At most this many reviews in each regiment scenario (both send the same number). */
const MOST_REGIMENT_REVIEWS = 100;
const SEED = 1866_000;

const POST_JSON_HEADERS = { ...JSON_HEADERS, 'content-type': 'application/json' };

function ceilingPost(path: string, body: unknown): RequestParams {
  return { method: 'POST', path, headers: POST_JSON_HEADERS, body: JSON.stringify(body) };
}

/** What a review says: one of the mix's texts, scores in half stars from 1 to 5, as the mix writes them. */
function reviewContent(random: SeededRandom) {
  const score = () => random.int(2, 10) / 2;
  return { text: random.pick(REVIEW_TEXTS), leadership: score(), tactics: score(), communication: score(), fairness: score() };
}

/** A scenario of one kind of write: each request built by `build`, its answers tallied by status. */
function writeScenario(fields: Omit<Scenario, 'requests' | 'tally' | 'ceilingKind'>, kind: string, build: () => RequestParams): Scenario {
  const tally = new Map<string, Map<number, number>>();
  const requests = (): Request[] => [{ method: 'POST', setupRequest: () => build(), onResponse: (status) => tallyAnswer(tally, kind, status) }];
  return { ...fields, ceilingKind: 'none', requests, tally };
}

export function writeScenarios(setup: WriteSetup): WriteScenarios {
  const { facts, writeFacts, users, ceilingWriters, reviewsPerOfficer } = setup;
  if (users.length === 0 || ceilingWriters.length === 0) throw new Error('the writes need writers');
  const random = new SeededRandom(SEED);
  // Two halves alike of the long tail's officers, in a random order: the app reviews one, the ceiling the other.
  const [appOfficers, ceilingOfficers] = alternateHalves(random.shuffle(writeFacts.officerIds));
  const appVotes = new VotePairs(facts.reviewIds, users.length);
  const ceilingVotes = new VotePairs(facts.reviewIds, ceilingWriters.length);
  const appReviews = new ReviewSlots(appOfficers, users.length, reviewsPerOfficer);
  const ceilingReviews = new ReviewSlots(ceilingOfficers, ceilingWriters.length, reviewsPerOfficer);

  const appVote = (pair: VotePair) => signedInPost(users[pair.user]!, `/api/reviews/${pair.reviewId}/vote`, { value: pair.value });
  const ceilingVote = (pair: VotePair) =>
    ceilingPost('/ceiling/votes', { userId: ceilingWriters[pair.user]!, reviewId: pair.reviewId, value: pair.value });
  const appReview = (slot: ReviewSlot) => signedInPost(users[slot.user]!, '/api/reviews', { officerId: slot.officerId, ...reviewContent(random) });
  const ceilingReview = (slot: ReviewSlot) =>
    ceilingPost('/ceiling/reviews', { userId: ceilingWriters[slot.user]!, officerId: slot.officerId, ...reviewContent(random) });

  const regimentSlots = (regiment: WriteRegiment) => new ReviewSlots(regiment.officerIds, users.length, reviewsPerOfficer);
  const largestSlots = regimentSlots(writeFacts.largestRegiment);
  const medianSlots = regimentSlots(writeFacts.medianRegiment);
  // The same number in both, all the smaller can take, so their means are of alike samples.
  const amount = serialReviewAmount([largestSlots.capacity, medianSlots.capacity], MOST_REGIMENT_REVIEWS);
  const regimentScenario = (key: string, label: string, regiment: WriteRegiment, slots: ReviewSlots, runsWith: string) =>
    writeScenario(
      {
        key,
        name: `new review, ${label} regiment (#${regiment.id}, ${regiment.reviewCount.toLocaleString('en-US')} reviews), 1 connection`,
        target: 'app',
        runsWith,
        connections: 1,
        amount,
        example: `POST /api/reviews: ${amount.measured} reviews of its ${regiment.officerIds.length} officers, one at a time`,
      },
      'review',
      () => appReview(slots.next()),
    );

  return {
    votes: writeScenario(
      {
        key: 'votes',
        name: 'vote (a new user and review each)',
        target: 'app',
        comparedWith: 'ceiling-votes',
        example: 'POST /api/reviews/:id/vote {value: ±1}, each by a user who has not voted on that review',
      },
      'vote',
      () => appVote(appVotes.next()),
    ),
    ceilingVotes: writeScenario(
      { key: 'ceiling-votes', name: 'ceiling, votes', target: 'ceiling', example: 'POST /ceiling/votes {userId, reviewId, value: ±1}' },
      'vote',
      () => ceilingVote(ceilingVotes.next()),
    ),
    reviews: writeScenario(
      {
        key: 'reviews',
        name: 'new review (long tail, a new user and officer each)',
        target: 'app',
        comparedWith: 'ceiling-reviews',
        example: `POST /api/reviews over ${appOfficers.length.toLocaleString('en-US')} officers, at most ${reviewsPerOfficer} each`,
      },
      'review',
      () => appReview(appReviews.next()),
    ),
    ceilingReviews: writeScenario(
      {
        key: 'ceiling-reviews',
        name: 'ceiling, new reviews',
        target: 'ceiling',
        example: `POST /ceiling/reviews {userId, officerId, ...} over ${ceilingOfficers.length.toLocaleString('en-US')} officers`,
      },
      'review',
      () => ceilingReview(ceilingReviews.next()),
    ),
    largestRegiment: regimentScenario('review-largest-regiment', 'largest', writeFacts.largestRegiment, largestSlots, 'review-median-regiment'),
    medianRegiment: regimentScenario('review-median-regiment', 'median', writeFacts.medianRegiment, medianSlots, 'review-largest-regiment'),
    ceilingMixedLongTail: ceilingMix(facts, (kind) => (kind === 'vote' ? ceilingVote(ceilingVotes.next()) : ceilingReview(ceilingReviews.next()))),
    reviewsPastLimit: () => appReviews.pastLimit + largestSlots.pastLimit + medianSlots.pastLimit,
  };
}

/**
 * LONG_TAIL_MIX on the ceiling: every read and search a primary-key read of a random public
 * officer (the ceiling has no other read), the votes and reviews its writes, drawn from the same
 * supplies as ceiling-votes and ceiling-reviews.
 */
function ceilingMix(facts: DatasetFacts, write: (kind: 'vote' | 'review') => RequestParams): Scenario {
  const tally = new Map<string, Map<number, number>>();
  const cumulative = cumulativeShares(LONG_TAIL_MIX);
  let runs = 0;
  const requests = (): Request[] => {
    const random = new SeededRandom(SEED + 100 + runs++);
    const tail = longTailDraws(facts.longTail, random);
    return [
      drawnKindRequest(random, cumulative, tally, (kind) =>
        kind === 'vote' || kind === 'review' ? write(kind) : { method: 'GET', path: PATHS.ceiling(tail.officerId()), headers: JSON_HEADERS },
      ),
    ];
  };
  return {
    key: 'ceiling-mixed-longtail',
    name: 'ceiling, mixed (80/15/5, long tail)',
    target: 'ceiling',
    ceilingKind: 'none',
    example: "mixed-longtail's shares: its reads and searches as reads of random public officers, its votes and reviews as the ceiling's",
    requests,
    tally,
  };
}
