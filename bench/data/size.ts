/**
 * How many rows of each kind the benchmark dataset has. Scale 1 is the community the performance
 * targets are set for; every count scales linearly with --scale.
 */
export interface DatasetSize {
  users: number;
  regiments: number;
  officers: number;
  reviews: number;
  votes: number;
  flags: number;
  regimentRegistrations: number;
  officerRegistrations: number;
}

export const FULL_SIZE: Readonly<DatasetSize> = {
  users: 50_000,
  regiments: 2_000,
  officers: 20_000,
  reviews: 500_000,
  votes: 2_000_000,
  flags: 5_000,
  regimentRegistrations: 60,
  officerRegistrations: 400,
};

export const MAX_SCALE = 4;

/** Every count of FULL_SIZE times scale, rounded, and at least 1. Throws unless 0 < scale <= 4. */
export function datasetSize(scale: number): DatasetSize {
  if (typeof scale !== 'number' || !Number.isFinite(scale) || scale <= 0 || scale > MAX_SCALE) {
    throw new Error(`--scale must be a number greater than 0 and at most ${MAX_SCALE} (got ${String(scale)})`);
  }
  const scaled = (n: number) => Math.max(1, Math.round(n * scale));
  return {
    users: scaled(FULL_SIZE.users),
    regiments: scaled(FULL_SIZE.regiments),
    officers: scaled(FULL_SIZE.officers),
    reviews: scaled(FULL_SIZE.reviews),
    votes: scaled(FULL_SIZE.votes),
    flags: scaled(FULL_SIZE.flags),
    regimentRegistrations: scaled(FULL_SIZE.regimentRegistrations),
    officerRegistrations: scaled(FULL_SIZE.officerRegistrations),
  };
}
