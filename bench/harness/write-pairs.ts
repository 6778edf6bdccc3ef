/**
 * Who writes what in the write scenarios (issue 38, item 5): votes and new reviews by distinct
 * users, each request a (user, review) or (user, officer) pair the run has not used before, and
 * consecutive requests on different rows and by different users (but where a round turns), so the
 * load measures the write and not requests queueing on one row's lock.
 *
 * Pure and deterministic: the sequences carry on across the warm-up and the measured run, and
 * across scenarios that share a supply (the ceiling's mix draws from the ceiling's votes and reviews).
 */

export interface VotePair {
  reviewId: number;
  /** An index into the list of writers. */
  user: number;
  value: 1 | -1;
}

/**
 * Vote k is on review k mod R, by user (k mod R + round) mod U, where round = floor(k / R). The first
 * U × R votes are distinct pairs; then the pairs come round again, each with the opposite of its
 * previous value, so every vote changes something. About three votes in four are up, as in the mix.
 */
export class VotePairs {
  private drawn = 0;

  constructor(
    private readonly reviewIds: readonly number[],
    private readonly users: number,
  ) {
    if (reviewIds.length === 0 || users <= 0) throw new Error('votes need reviews and users');
  }

  next(): VotePair {
    const k = this.drawn++;
    const index = k % this.reviewIds.length;
    const round = Math.floor(k / this.reviewIds.length);
    const user = (index + round) % this.users;
    const isFlipped = Math.floor(round / this.users) % 2 === 1;
    const isUp = (index * 7 + user * 13) % 4 !== 0;
    return { reviewId: this.reviewIds[index]!, user, value: isUp !== isFlipped ? 1 : -1 };
  }

  /** Votes drawn so far; past users × reviews, pairs repeat (with the other value). */
  get count(): number {
    return this.drawn;
  }

  /** Pairs before the first repeat. */
  get distinctPairs(): number {
    return this.reviewIds.length * this.users;
  }
}

export interface ReviewSlot {
  officerId: number;
  /** An index into the list of writers. */
  user: number;
  /** How many reviews of this officer this supply gave out before this one. */
  nth: number;
}

/**
 * New reviews over a list of officers in rounds: review s is of officer s mod N, by user
 * (s mod N + round) mod U, round = floor(s / N). Each round gives every officer one more review, so
 * an officer's reviews stay few and far apart; within an officer the users differ while the rounds
 * are fewer than the users. `perOfficer` is how many reviews an officer may take: the app's review
 * waves hold K reviews of one officer within their window (src/core/review-waves.ts), so the app's
 * supplies stop at K - 1. Past it, the slots go on (a request must be sent) and are counted in
 * `pastLimit`, which the report shows; past U rounds, a user would review an officer again (409).
 */
export class ReviewSlots {
  private drawn = 0;

  constructor(
    private readonly officerIds: readonly number[],
    private readonly users: number,
    readonly perOfficer: number,
  ) {
    if (officerIds.length === 0 || users <= 0) throw new Error('reviews need officers and users');
    if (perOfficer > users) throw new Error(`${perOfficer} reviews per officer need at least as many users (${users})`);
  }

  next(): ReviewSlot {
    const s = this.drawn++;
    const index = s % this.officerIds.length;
    const round = Math.floor(s / this.officerIds.length);
    return { officerId: this.officerIds[index]!, user: (index + round) % this.users, nth: round };
  }

  /** How many reviews this supply gives before an officer would pass `perOfficer`. */
  get capacity(): number {
    return this.officerIds.length * this.perOfficer;
  }

  get count(): number {
    return this.drawn;
  }

  /** Reviews given out past `perOfficer` of one officer. */
  get pastLimit(): number {
    return Math.max(0, this.drawn - this.capacity);
  }
}

/** Splits a list in two by alternate items: two halves alike, neither sharing an item with the other. */
export function alternateHalves<T>(items: readonly T[]): [T[], T[]] {
  return [items.filter((_, i) => i % 2 === 0), items.filter((_, i) => i % 2 === 1)];
}

/**
 * How many reviews a serial scenario sends over two supplies, the same for both so their means
 * are alike: all that the smaller can take without passing its limit, up to `most`; a fifth (at least
 * one) warms up, the rest is measured.
 */
export function serialReviewAmount(capacities: readonly number[], most: number): { warmup: number; measured: number } {
  const total = Math.min(most, ...capacities);
  if (total < 2) throw new Error(`too few reviews to measure (${total})`);
  const warmup = Math.max(1, Math.floor(total / 5));
  return { warmup, measured: total - warmup };
}
