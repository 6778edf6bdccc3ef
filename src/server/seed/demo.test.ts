import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { verify } from '@node-rs/argon2';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { LIMITS } from '#core/constants.js';
import { usernameSchema } from '#core/schemas/auth.js';
import { queryRows, type DatabaseHandle } from '#server/platform/db/client.js';
import { openTestDatabase } from '#server/test/database.js';
import { communityMeanOf } from '#core/rating-math.js';
import { readCommunityMean } from '#server/domain/ranking-prior.js';
import { databaseNameOf, demoAccountsFile, demoAccountsFileName } from './accounts-file.js';
import { decryptSecret, factorKeys } from '#server/features/auth/second-factor/keys.js';
import { announceDemoAccounts, formatDemoAccounts, isDatabaseEmpty, raidTimes, seedDemoData, type DemoAccounts } from './demo.js';
import { planDemoData } from './plan.js';

const SESSION_SECRET = 'demo-seed-test-secret-demo-seed-test-secret';
let handle: DatabaseHandle;
let dataDir: string;
let accounts: DemoAccounts;
let wasEmptyBefore: boolean;
let seedMilliseconds: number;

beforeAll(async () => {
  handle = await openTestDatabase();
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'wor-seed-'));
  wasEmptyBefore = await isDatabaseEmpty(handle.db);
  const started = performance.now();
  accounts = (await seedDemoData(handle.db, dataDir, { sessionSecret: SESSION_SECRET }))!;
  seedMilliseconds = performance.now() - started;
});

afterAll(async () => {
  await handle?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

async function count(table: string, where = 'true'): Promise<number> {
  const [row] = await queryRows<{ n: unknown }>(handle.db, sql.raw(`select count(*) as n from ${table} where ${where}`));
  return Number(row?.n);
}

/** Rows a query should not return: each check reads "find the broken rows". */
async function offenders(query: string): Promise<unknown[]> {
  return queryRows(handle.db, sql.raw(query));
}

describe('demo seed', () => {
  it('runs on an empty database only once and quickly', async () => {
    expect(wasEmptyBefore).toBe(true);
    expect(await isDatabaseEmpty(handle.db)).toBe(false);
    expect(seedMilliseconds).toBeLessThan(10_000);
  });

  it('produces sizeable data in the expected ranges', async () => {
    expect(await count('regiments')).toBeGreaterThanOrEqual(18);
    expect(await count('regiments')).toBeLessThanOrEqual(24);
    expect(await count('officers')).toBeGreaterThanOrEqual(130);
    expect(await count('officers')).toBeLessThanOrEqual(170);
    expect(await count('users')).toBeGreaterThanOrEqual(100);
    expect(await count('users')).toBeLessThanOrEqual(110);
    expect(await count('reviews')).toBeGreaterThanOrEqual(500);
    expect(await count('reviews')).toBeLessThanOrEqual(700);
    expect(await count('review_votes')).toBeGreaterThan(300);
    expect(await count('review_flags', "status = 'pending'")).toBeGreaterThanOrEqual(3);
    for (const table of ['regiment_registrations', 'officer_registrations']) {
      expect(await count(table, "status = 'pending'")).toBeGreaterThanOrEqual(2);
      expect(await count(table, "status = 'approved' and notes is not null")).toBe(1);
      expect(await count(table, "status = 'rejected' and notes is not null")).toBe(1);
    }
  });

  it('gives both sides regiments, some without a description, some with an owner', async () => {
    expect(await count('regiments', 'side_id = 1')).toBeGreaterThanOrEqual(8);
    expect(await count('regiments', 'side_id = 2')).toBeGreaterThanOrEqual(8);
    expect(await count('regiments', 'description is null')).toBeGreaterThanOrEqual(1);
    expect(await count('regiments', 'user_id is not null')).toBeGreaterThanOrEqual(3);
    expect(await count('regiments', 'officer_count <= 1')).toBeGreaterThanOrEqual(2);
    expect(await offenders('select id from regiments where length(description) > 250')).toEqual([]);
  });

  it('skews reviews: a few famous officers, many with few or none', async () => {
    expect(await count('officers', 'review_count >= 20')).toBeGreaterThanOrEqual(3);
    expect(await count('officers', 'review_count <= 3')).toBeGreaterThanOrEqual(50);
    expect(await count('officers', 'review_count > 1 and average_rating >= 4')).toBeGreaterThan(0);
    expect(await count('officers', 'review_count > 1 and average_rating < 3')).toBeGreaterThan(0);
  });

  it('makes every overall rating the rounded average of its four scores', async () => {
    expect(await offenders('select id from reviews where overall_rating <> round((leadership + tactics + communication + fairness) / 4, 2)')).toEqual(
      [],
    );
    expect(
      await offenders(`select id from reviews where leadership not between 0 and 5 or (leadership * 2) % 1 <> 0
        or (tactics * 2) % 1 <> 0 or (communication * 2) % 1 <> 0 or (fairness * 2) % 1 <> 0`),
    ).toEqual([]);
  });

  it('writes review texts within the validation limits, over the past ~18 months', async () => {
    expect(
      await offenders(`select id from reviews where length(text) > ${LIMITS.reviewTextMax}
        or length(regexp_replace(text, '\\s', '', 'g')) < ${LIMITS.reviewTextMinNonSpace}`),
    ).toEqual([]);
    expect(await offenders("select id from reviews where created_at < now() - interval '19 months' or updated_at < created_at")).toEqual([]);
    expect(await offenders('select id from reviews where created_at > now()')).toEqual([]);
    expect(await count('(select distinct text from reviews) t')).toBeGreaterThan(300);
  });

  it('keeps officer and regiment aggregates equal to a recomputation, held reviews left out', async () => {
    expect(
      await offenders(`select o.id from officers o
        left join (select officer_id, count(*) as n, round(avg(overall_rating), 2) as avg from reviews where not held group by officer_id) r
          on r.officer_id = o.id
        where o.review_count <> coalesce(r.n, 0) or o.average_rating <> coalesce(r.avg, 0)`),
    ).toEqual([]);
    expect(
      await offenders(`select g.id from regiments g
        where g.officer_count <> (select count(*) from officers o where o.regiment_id = g.id and o.is_active)
           or g.review_count <> (select count(*) from reviews r join officers o on o.id = r.officer_id
                                 where o.regiment_id = g.id and o.is_active and not r.held)`),
    ).toEqual([]);
  });

  it('publishes the community mean the rankings weigh against, from the seeded figures (issue 32)', async () => {
    const regimentRows = await queryRows<{ averageRating: number; reviewCount: number }>(
      handle.db,
      sql`select average_rating as "averageRating", review_count as "reviewCount" from regiments where is_active`,
    );
    const expected = communityMeanOf(regimentRows.map((r) => ({ averageRating: Number(r.averageRating), reviewCount: Number(r.reviewCount) })));
    expect(expected).toBeGreaterThan(1);
    expect(await readCommunityMean(handle.db)).toBeCloseTo(expected, 6);
  });

  it('stages one review wave being checked: six one-star reviews from new accounts, held by the detector', async () => {
    expect(await count('review_waves', "status = 'open'")).toBe(1);
    expect(await count('reviews', 'held and overall_rating = 1')).toBe(6);
    expect(await count('reviews', 'held')).toBe(6);
    expect(
      await offenders('select id from officers where held_count <> (select count(*) from reviews r where r.officer_id = officers.id and r.held)'),
    ).toEqual([]);
  });

  it("writes the wave's reviews in the hours before the start, all on the start's UTC day (one bar of the admin histogram)", () => {
    for (const start of ['2026-11-28T18:00:00Z', '2026-11-29T00:30:00Z', '2026-11-29T00:00:00Z']) {
      const now = new Date(start);
      const times = raidTimes(now, 6);
      expect(times).toHaveLength(6);
      for (const at of times) {
        expect(at.getTime(), start).toBeLessThanOrEqual(now.getTime());
        expect(at.toISOString().slice(0, 10), start).toBe(start.slice(0, 10));
        expect(now.getTime() - at.getTime(), start).toBeLessThanOrEqual(6 * 3_600_000);
      }
    }
    expect(raidTimes(new Date('2026-11-28T18:00:00Z'), 6)[0]!.toISOString()).toBe('2026-11-28T12:51:25.714Z');
  });

  it('sets each review score to the sum of its votes', async () => {
    expect(
      await offenders(`select r.id from reviews r
        where r.score <> coalesce((select sum(vote) from review_votes v where v.review_id = r.id), 0)`),
    ).toEqual([]);
    expect(await offenders('select id from review_votes v where v.user_id = (select user_id from reviews where id = v.review_id)')).toEqual([]);
  });

  it('creates users that are valid and unique, some with Steam ids and some linked to officers', async () => {
    expect(await offenders('select id from users where not email_verified')).toEqual([]);
    const names = await queryRows<{ username: string }>(handle.db, sql`select username from users`);
    expect(names.filter(({ username }) => !usernameSchema.safeParse(username).success)).toEqual([]);
    expect(await count('users', "steam_id ~ '^7656119[0-9]{10}$'")).toBeGreaterThan(50);
    expect(await count('users', 'steam_id is null')).toBeGreaterThan(5);
    expect(await count('users', 'password_hash is not null')).toBe(2);
    expect(await count('users', 'is_officer and officer_id is not null')).toBeGreaterThanOrEqual(3);
    expect(await offenders('select id from officers where length(name) > 60 or profile_image_url is not null')).toEqual([]);
  });

  it('creates two demo accounts whose random passwords verify', async () => {
    const [admin] = await queryRows<{ password_hash: string; is_admin: boolean }>(
      handle.db,
      sql`select password_hash, is_admin from users where email = ${accounts.admin.email}`,
    );
    expect(admin?.is_admin).toBe(true);
    expect(await verify(admin!.password_hash, accounts.admin.password)).toBe(true);
    const [soldier] = await queryRows<{ password_hash: string; is_admin: boolean; steam_id: string | null }>(
      handle.db,
      sql`select password_hash, is_admin, steam_id from users where email = ${accounts.user.email}`,
    );
    expect(soldier?.is_admin).toBe(false);
    expect(soldier?.steam_id).toMatch(/^\d{17}$/);
    expect(await verify(soldier!.password_hash, accounts.user.password)).toBe(true);
    expect(accounts.admin.password).not.toBe(accounts.user.password);
  });

  it('gives the admin an authenticator app whose codes the server accepts (issue 34: staff need a second factor)', async () => {
    const [row] = await queryRows<{ secret: string }>(
      handle.db,
      sql`select t.secret from totp_factors t join users u on u.id = t.user_id where u.email = ${accounts.admin.email} and t.enabled_at is not null`,
    );
    expect(accounts.admin.totpSecret).toMatch(/^[A-Z2-7]{32}$/);
    // Kept encrypted, and what it decrypts to is the key the accounts file gives.
    expect(row?.secret).not.toContain(accounts.admin.totpSecret);
    expect(decryptSecret(factorKeys(SESSION_SECRET).totpSecret, row!.secret)).toBe(accounts.admin.totpSecret);
    expect(await count('totp_factors')).toBe(1);
  });

  it('writes the credentials to an owner-only file and announces them', () => {
    const file = path.join(dataDir, 'demo-accounts.json');
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual(accounts);
    if (process.platform !== 'win32') expect(statSync(file).mode & 0o777).toBe(0o600);

    const info = vi.fn();
    const log = { info } as unknown as FastifyBaseLogger;
    announceDemoAccounts(log, null, dataDir);
    expect(info).toHaveBeenCalledTimes(1);
    const message = String(info.mock.calls[0]?.[0]);
    expect(message).toContain(accounts.admin.password);
    expect(message).toContain(accounts.user.email);
    expect(message).toContain(`also in ${file}`);

    info.mockClear();
    const emptyDir = mkdtempSync(path.join(os.tmpdir(), 'wor-seed-empty-'));
    announceDemoAccounts(log, null, emptyDir);
    rmSync(emptyDir, { recursive: true });
    expect(info).not.toHaveBeenCalled();
  });
});

describe('processes starting together (issue 37, item 5)', () => {
  it('seed an empty database once: three seeds at once, on three connections, leave one set of demo data', async () => {
    const fresh = await openTestDatabase();
    const dir = mkdtempSync(path.join(os.tmpdir(), 'wor-seed-race-'));
    try {
      const results = await Promise.all([1, 2, 3].map(() => seedDemoData(fresh.db, dir)));
      expect(results.filter((result) => result !== null)).toHaveLength(1);
      const [users] = await queryRows<{ n: number }>(fresh.db, sql`select count(*)::int as n from users where email = ${'admin@demo.local'}`);
      expect(users!.n).toBe(1);
    } finally {
      rmSync(dir, { recursive: true });
      await fresh.close();
    }
  });
});

describe('the demo accounts announcement', () => {
  it('is a small table: role, email, username and password, one account a line, columns aligned', () => {
    const message = formatDemoAccounts({
      admin: { email: 'admin@demo.local', username: 'DemoAdmin', password: 'Adm1n-pass-x' },
      user: { email: 'soldier@demo.local', username: 'DemoSoldier', password: 'S0ldier_pass' },
    });
    const lines = message.split('\n');
    expect(lines).toEqual([
      'Demo accounts (sign in with the email and password):',
      '  role   email               username     password',
      '  admin  admin@demo.local    DemoAdmin    Adm1n-pass-x',
      '  user   soldier@demo.local  DemoSoldier  S0ldier_pass',
    ]);
  });
});

describe('one demo accounts file per database', () => {
  it("names the embedded database's file demo-accounts.json and a PostgreSQL database's after it", () => {
    expect(demoAccountsFile('/srv/data', null)).toBe(path.join('/srv/data', 'demo-accounts.json'));
    expect(demoAccountsFile('/srv/data', 'postgres://postgres@127.0.0.1:5432/wor_e2e')).toBe(path.join('/srv/data', 'demo-accounts-wor_e2e.json'));
    expect(demoAccountsFile('/srv/data', 'postgresql://app:secret@db.example.org/ratings?sslmode=require')).toBe(
      path.join('/srv/data', 'demo-accounts-ratings.json'),
    );
    // No database in the URL: PostgreSQL uses the user's name.
    expect(databaseNameOf('postgres://wor@localhost')).toBe('wor');
    // Never a path out of DATA_DIR, whatever the database is called.
    expect(demoAccountsFileName('../../etc/x y')).toBe('demo-accounts-.._.._etc_x_y.json');
  });

  it("seeding a PostgreSQL database leaves the embedded demo's accounts file as it was", async () => {
    const embeddedFile = path.join(dataDir, 'demo-accounts.json');
    const before = readFileSync(embeddedFile, 'utf8');
    const other = await openTestDatabase();
    try {
      const otherAccounts = (await seedDemoData(other.db, dataDir, { databaseUrl: 'postgres://postgres@127.0.0.1:5432/wor_other' }))!;
      expect(readFileSync(embeddedFile, 'utf8')).toBe(before);
      const otherFile = path.join(dataDir, 'demo-accounts-wor_other.json');
      expect(JSON.parse(readFileSync(otherFile, 'utf8'))).toEqual(otherAccounts);
      expect(otherAccounts.admin.password).not.toBe(accounts.admin.password);

      // Each start announces the accounts of its own database.
      const info = vi.fn();
      announceDemoAccounts({ info } as unknown as FastifyBaseLogger, null, dataDir, 'postgres://postgres@127.0.0.1:5432/wor_other');
      expect(String(info.mock.calls[0]?.[0])).toContain(otherAccounts.admin.password);
      expect(String(info.mock.calls[0]?.[0])).not.toContain(accounts.admin.password);
    } finally {
      await other.close();
    }
  });
});

describe('a failed demo seed', () => {
  it('leaves the database empty', async () => {
    const fresh = await openTestDatabase();
    // A data directory that is a file: the credentials cannot be written, which is the seed's last step.
    const notADirectory = path.join(dataDir, 'not-a-directory');
    writeFileSync(notADirectory, '');
    try {
      await expect(seedDemoData(fresh.db, notADirectory)).rejects.toThrow();
      expect(await isDatabaseEmpty(fresh.db)).toBe(true);
      const [row] = await queryRows<{ n: unknown }>(fresh.db, sql`select count(*) as n from reviews`);
      expect(Number(row?.n)).toBe(0);
    } finally {
      await fresh.close();
    }
  });
});

describe('demo plan', () => {
  it('is deterministic for a seed and a clock', () => {
    const now = new Date('2025-06-01T12:00:00Z');
    expect(planDemoData({ seed: 7, now })).toEqual(planDemoData({ seed: 7, now }));
    expect(planDemoData({ seed: 7, now }).reviews).not.toEqual(planDemoData({ seed: 8, now }).reviews);
  });
});
