/**
 * Demo data for a newcomer's first `npm start`: regiments, officers, users, reviews, votes, flags
 * and registrations, enough to judge every screen. main.ts only calls it on an empty database, and
 * it runs in one transaction, so it never mixes with real data and a failure leaves nothing behind.
 */
import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'drizzle-orm';
import { Secret } from 'otpauth';
import { hashPassword } from '#server/features/auth/accounts.js';
import { encryptSecret, factorKeys } from '#server/features/auth/second-factor/keys.js';
import { DEFAULT_WAVE_THRESHOLDS } from '#core/review-waves.js';
import { recomputeAllAggregates } from '#server/domain/figures/aggregates.js';
import { holdReviewWaves } from '#server/features/reviews/waves.js';
import { refreshCommunityMean } from '#server/domain/ranking-prior.js';
import { queryRows, type Database, type Executor, type Transaction } from '#server/platform/db/client.js';
import {
  officerRegistrations,
  officers,
  regimentRegistrations,
  regiments,
  reviewFlags,
  reviewVotes,
  reviews,
  totpFactors,
  users,
} from '#server/platform/db/schema.js';
import { demoAccountsFile } from './accounts-file.js';
import { ADMIN_INDEX, DEMO_ADMIN, DEMO_SOLDIER, SOLDIER_INDEX, planDemoData, type DemoPlan } from './plan.js';

export interface DemoAccounts {
  /**
   * The admin comes with an authenticator app already set up (issue 34: staff tools need a second
   * factor): its key, to add to an app (or to make codes with, as the browser tests do).
   */
  admin: { email: string; username: string; password: string; totpSecret?: string };
  user: { email: string; username: string; password: string };
}

export interface SeedOptions {
  /** PRNG seed: the same seed gives the same data (only dates move with `now`). */
  seed?: number;
  now?: Date;
  /** The PostgreSQL database seeded (DATABASE_URL), or null for the embedded one: names the accounts file. */
  databaseUrl?: string | null;
  /** SESSION_SECRET, which keys the stored authenticator secret; without it the admin has no factor. */
  sessionSecret?: string;
}

const DEFAULT_SEED = 1862;
/** Rows per INSERT: well below PostgreSQL's 65,535 bind parameters for the widest table. */
const BATCH_SIZE = 500;

export async function isDatabaseEmpty(db: Executor): Promise<boolean> {
  const [row] = await queryRows<{ n: unknown }>(db, sql`select (select count(*) from users) + (select count(*) from regiments) as n`);
  return Number(row?.n) === 0;
}

/**
 * The advisory lock that serializes the seed across processes starting together on one database
 * (issue 37, item 5): "wor-seed" in ASCII, beside the migration lock of db/client.ts.
 */
const SEED_LOCK_KEY = 0x776f722d73656564n;

/**
 * Seeds the demo data into an empty database. Null when another process seeded it first: processes
 * starting together all find it empty, and the lock lets one seed while the others wait and see.
 */
export async function seedDemoData(db: Database, dataDir: string, options: SeedOptions = {}): Promise<DemoAccounts | null> {
  const plan = planDemoData({ seed: options.seed ?? DEFAULT_SEED, now: options.now ?? new Date() });
  const totpSecret = options.sessionSecret ? new Secret({ size: 20 }).base32 : undefined;
  const accounts: DemoAccounts = {
    admin: { ...DEMO_ADMIN, password: randomPassword(), ...(totpSecret && { totpSecret }) },
    user: { ...DEMO_SOLDIER, password: randomPassword() },
  };
  const [adminHash, userHash] = await Promise.all([hashPassword(accounts.admin.password), hashPassword(accounts.user.password)]);
  const seeded = await db.transaction(async (tx) => {
    // Waiting for another process's seed may take longer than a request may (the pool's statement
    // timeout), as the migration lock's wait does: for this transaction alone, no timeout.
    await tx.execute(sql`set local statement_timeout = 0`);
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY.toString()}::bigint)`);
    if (!(await isDatabaseEmpty(tx))) return false;
    const userIds = await insertUsers(tx, plan, { [ADMIN_INDEX]: adminHash, [SOLDIER_INDEX]: userHash });
    if (totpSecret) {
      const sealed = encryptSecret(factorKeys(options.sessionSecret!).totpSecret, totpSecret);
      await tx.insert(totpFactors).values({ userId: userIds[ADMIN_INDEX]!, secret: sealed, enabledAt: new Date() });
    }
    const regimentIds = await insertRegiments(tx, plan, userIds);
    const officerIds = await insertOfficers(tx, plan, regimentIds);
    await linkOfficerUsers(tx, plan, userIds, officerIds);
    const reviewIds = await insertReviews(tx, plan, userIds, officerIds);
    await insertVotes(tx, plan, userIds, reviewIds);
    await insertFlags(tx, plan, userIds, reviewIds);
    await insertRegistrations(tx, plan, userIds, regimentIds);
    await stageReviewWave(tx, plan, officerIds, options.now ?? new Date());
    // Also numbers the reviews' positions, inserted as 0 (the unique constraint waits for the commit).
    await recomputeAllAggregates(tx);
    // The rankings' community mean rests on those figures: published with them, so the first
    // answers after a fresh start rank with it, not with the 0 a process published before the
    // seed (issue 32, item 7).
    await refreshCommunityMean(tx);
    // Last step inside the transaction: if the file cannot be written, no account exists without it.
    writeAccountsFile(demoAccountsFile(dataDir, options.databaseUrl ?? null), accounts);
    return true;
  });
  return seeded ? accounts : null;
}

/** 12 characters of base64url: 72 random bits, generated per seed and never stored in the code. */
function randomPassword(): string {
  return randomBytes(9).toString('base64url');
}

// Multi-row INSERT ... RETURNING hands rows back in VALUES order in practice, but nothing promises
// it, so ids are matched to plan rows by a natural key rather than by position.

async function insertUsers(tx: Transaction, plan: DemoPlan, passwordHashes: Record<number, string>): Promise<number[]> {
  const rows = plan.users.map((user, index) => ({
    username: user.username,
    email: user.email,
    passwordHash: passwordHashes[index] ?? null,
    steamId: user.steamId,
    role: user.isAdmin ? ('admin' as const) : ('user' as const),
    isBanned: user.isBanned,
    emailVerified: true,
    createdAt: user.createdAt,
  }));
  const inserted = await insertInBatches(rows, (batch) => tx.insert(users).values(batch).returning({ id: users.id, key: users.username }));
  return idsByKey(
    inserted,
    plan.users.map((user) => user.username),
  );
}

async function insertRegiments(tx: Transaction, plan: DemoPlan, userIds: number[]): Promise<number[]> {
  const rows = plan.regiments.map((regiment) => ({
    name: regiment.name,
    description: regiment.description,
    sideId: regiment.sideId,
    userId: regiment.ownerIndex === null ? null : userIds[regiment.ownerIndex]!,
    createdAt: regiment.createdAt,
  }));
  const inserted = await tx.insert(regiments).values(rows).returning({ id: regiments.id, key: regiments.name });
  return idsByKey(
    inserted,
    plan.regiments.map((regiment) => regiment.name),
  );
}

async function insertOfficers(tx: Transaction, plan: DemoPlan, regimentIds: number[]): Promise<number[]> {
  const rows = plan.officers.map((officer) => ({
    name: officer.name,
    rank: officer.rank,
    regimentId: regimentIds[officer.regimentIndex]!,
    createdAt: officer.createdAt,
  }));
  const inserted = await insertInBatches(rows, (batch) => tx.insert(officers).values(batch).returning({ id: officers.id, key: officers.name }));
  return idsByKey(
    inserted,
    plan.officers.map((officer) => officer.name),
  );
}

/** Users are inserted before officers exist (regiments need their owners), so links come after. */
async function linkOfficerUsers(tx: Transaction, plan: DemoPlan, userIds: number[], officerIds: number[]): Promise<void> {
  const pairs = plan.officers.flatMap((officer, index) =>
    officer.linkedUserIndex === null ? [] : [sql`(${userIds[officer.linkedUserIndex]!}::int, ${officerIds[index]!}::int)`],
  );
  if (pairs.length === 0) return;
  await tx.execute(sql`
    update users u set is_officer = true, officer_id = v.officer_id
    from (values ${sql.join(pairs, sql`, `)}) as v(user_id, officer_id)
    where u.id = v.user_id`);
}

async function insertReviews(tx: Transaction, plan: DemoPlan, userIds: number[], officerIds: number[]): Promise<number[]> {
  const rows = plan.reviews.map((review) => ({
    userId: userIds[review.userIndex]!,
    officerId: officerIds[review.officerIndex]!,
    text: review.text,
    leadership: review.leadership,
    tactics: review.tactics,
    communication: review.communication,
    fairness: review.fairness,
    overallRating: review.overallRating,
    wouldServeAgain: review.wouldServeAgain,
    createdAt: review.createdAt,
    updatedAt: review.updatedAt,
    // The plan's edited reviews: edited, with no earlier version kept (as reviews edited before
    // edit history was, docs/decisions/0038-review-edit-history.md).
    editedAt: review.updatedAt > review.createdAt ? review.updatedAt : null,
  }));
  const inserted = await insertInBatches(rows, (batch) =>
    tx
      .insert(reviews)
      .values(batch)
      .returning({ id: reviews.id, key: sql<string>`${reviews.userId} || ':' || ${reviews.officerId}` }),
  );
  return idsByKey(
    inserted,
    rows.map((row) => `${row.userId}:${row.officerId}`),
  );
}

/** The six new accounts of the demo's review wave, made two days before. */
const WAVE_RAIDERS = ['Raider_Abe', 'Raider_Bo', 'Raider_Cy', 'Raider_Dee', 'Raider_Eli', 'Raider_Flo'];

/**
 * One review wave being checked, so the notice and the moderators' section can be seen (issue 17):
 * six accounts made two days ago rate one established officer 1 star within the last hours, and the
 * production detector (the one every review write runs) holds them. The officer is the plan's last
 * with five reviews or more.
 */
/**
 * When the demo wave's reviews were written: spread over the last six hours before `now`, but never
 * before the start of its UTC day, so the admin histogram (a bar per UTC day) shows the wave as one
 * day's bar whatever the hour of the start (in the small hours it was split over two days).
 */
export function raidTimes(now: Date, count: number): Date[] {
  const hour = 3_600_000;
  const dayStart = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const from = Math.max(dayStart, now.getTime() - 6 * hour);
  const step = (now.getTime() - from) / (count + 1);
  return Array.from({ length: count }, (_, i) => new Date(Math.round(from + (i + 1) * step)));
}

async function stageReviewWave(tx: Transaction, plan: DemoPlan, officerIds: number[], now: Date): Promise<void> {
  const counts = new Map<number, number>();
  for (const review of plan.reviews) counts.set(review.officerIndex, (counts.get(review.officerIndex) ?? 0) + 1);
  const target = [...counts].filter(([, n]) => n >= 5).at(-1);
  if (!target) return;
  const officerId = officerIds[target[0]]!;
  const hour = 3_600_000;
  const times = raidTimes(now, WAVE_RAIDERS.length);
  const raiders = await tx
    .insert(users)
    .values(
      WAVE_RAIDERS.map((username, i) => ({
        username,
        email: `${username.toLowerCase()}@demo.local`,
        steamId: `765611980000${String(90001 + i)}`,
        emailVerified: true,
        createdAt: new Date(now.getTime() - 48 * hour),
        steamLinkedAt: new Date(now.getTime() - 47 * hour),
      })),
    )
    .returning({ id: users.id });
  await tx.insert(reviews).values(
    raiders.map(({ id }, i) => {
      const at = times[i]!;
      return {
        userId: id,
        officerId,
        text: 'Worst officer on the field, our whole regiment agrees. Avoid.',
        leadership: 1,
        tactics: 1,
        communication: 1,
        fairness: 1,
        overallRating: 1,
        createdAt: at,
        updatedAt: at,
      };
    }),
  );
  await holdReviewWaves(tx, officerId, DEFAULT_WAVE_THRESHOLDS);
}

/** Votes; recomputeAllAggregates then counts each review's score and up and down votes from them. */
async function insertVotes(tx: Transaction, plan: DemoPlan, userIds: number[], reviewIds: number[]): Promise<void> {
  const rows = plan.votes.map((vote) => ({
    userId: userIds[vote.userIndex]!,
    reviewId: reviewIds[vote.reviewIndex]!,
    vote: vote.vote,
    createdAt: vote.createdAt,
  }));
  await insertInBatches(rows, (batch) => tx.insert(reviewVotes).values(batch).returning({ id: reviewVotes.id }));
}

async function insertFlags(tx: Transaction, plan: DemoPlan, userIds: number[], reviewIds: number[]): Promise<void> {
  if (plan.flags.length === 0) return;
  await tx.insert(reviewFlags).values(
    plan.flags.map((flag) => ({
      userId: userIds[flag.userIndex]!,
      reviewId: reviewIds[flag.reviewIndex]!,
      reason: flag.reason,
      status: 'pending',
      createdAt: flag.createdAt,
    })),
  );
}

async function insertRegistrations(tx: Transaction, plan: DemoPlan, userIds: number[], regimentIds: number[]): Promise<void> {
  await tx
    .insert(regimentRegistrations)
    .values(plan.regimentRegistrations.map(({ userIndex, ...registration }) => ({ ...registration, userId: userIds[userIndex]! })));
  await tx.insert(officerRegistrations).values(
    plan.officerRegistrations.map(({ userIndex, regimentIndex, ...registration }) => ({
      ...registration,
      userId: userIds[userIndex]!,
      regimentId: regimentIds[regimentIndex]!,
    })),
  );
}

async function insertInBatches<Row, Result>(rows: readonly Row[], insert: (batch: Row[]) => Promise<Result[]>): Promise<Result[]> {
  const results: Result[] = [];
  for (let start = 0; start < rows.length; start += BATCH_SIZE) {
    results.push(...(await insert(rows.slice(start, start + BATCH_SIZE))));
  }
  return results;
}

function idsByKey(inserted: ReadonlyArray<{ id: number; key: string }>, keys: readonly string[]): number[] {
  const byKey = new Map(inserted.map((row) => [String(row.key), row.id]));
  return keys.map((key) => {
    const id = byKey.get(key);
    if (id === undefined) throw new Error(`demo seed: no id returned for ${key}`);
    return id;
  });
}

// ---------------------------------------------------------------------------- the accounts file

/** Owner-only, because it holds working passwords (the admin's included). */
function writeAccountsFile(file: string, accounts: DemoAccounts): void {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, `${JSON.stringify(accounts, null, 2)}\n`, { mode: 0o600 });
  // `mode` only applies when the file is created; a file left from an earlier seed keeps its own.
  chmodSync(file, 0o600);
}

function readAccountsFile(file: string): DemoAccounts | null {
  let content: string;
  try {
    content = readFileSync(file, 'utf8');
  } catch {
    return null;
  }
  try {
    const parsed = JSON.parse(content) as Partial<DemoAccounts>;
    return isAccount(parsed.admin) && isAccount(parsed.user) ? (parsed as DemoAccounts) : null;
  } catch {
    return null;
  }
}

function isAccount(value: unknown): value is DemoAccounts['admin'] {
  const account = value as Partial<DemoAccounts['admin']> | undefined;
  return typeof account?.email === 'string' && typeof account.username === 'string' && typeof account.password === 'string';
}

/**
 * Prints the demo sign-ins at start-up, as one multi-line log message holding a small table. A
 * newcomer never sees a password otherwise, so later starts (accounts null) repeat them from the
 * file the seed wrote for this database (none: nothing is printed).
 */
export function announceDemoAccounts(
  log: FastifyBaseLogger,
  accounts: DemoAccounts | null,
  dataDir?: string,
  databaseUrl: string | null = null,
): void {
  const file = dataDir === undefined ? undefined : demoAccountsFile(dataDir, databaseUrl);
  const known = accounts ?? (file ? readAccountsFile(file) : null);
  if (!known) return;
  log.info(formatDemoAccounts(known, file));
}

/** The accounts as a table with a header, columns aligned, under one line saying what it is. */
export function formatDemoAccounts(accounts: DemoAccounts, file?: string): string {
  const rows = [
    ['role', 'email', 'username', 'password'],
    ['admin', accounts.admin.email, accounts.admin.username, accounts.admin.password],
    ['user', accounts.user.email, accounts.user.username, accounts.user.password],
  ];
  const key = accounts.admin.totpSecret;
  const authenticator = key ? [`The admin's second factor: add the key ${key} to an authenticator app (30-second, 6-digit codes).`] : [];
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  const table = rows.map(
    (row) =>
      `  ${row
        .map((cell, column) => cell.padEnd(widths[column]!))
        .join('  ')
        .trimEnd()}`,
  );
  return [`Demo accounts (sign in with the email and password${file ? `; also in ${file}` : ''}):`, ...table, ...authenticator].join('\n');
}
