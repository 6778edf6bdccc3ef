/**
 * The batched reads (batched.ts) are prepared statements over an array of keys. PostgreSQL keeps a
 * statement's generic plan only when it does not look dearer than a custom one, and a custom plan
 * that saw the array's length always looked cheaper: every execution was planned anew, which cost
 * the database five times the read itself. This checks, on a real server whatever the engine under
 * test (PGlite names no statements), that each batched statement is planned once per connection.
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findOfficerCardData } from '#server/domain/card-data.js';
import { getOfficerDetail, getOfficerTrend } from '#server/features/officers/queries.js';
import { listOfficerReviews } from '#server/features/reviews/queries.js';
import { getReviewerProfile } from '#server/features/reviews/reviewer-profile.js';
import { TEST_POSTGRES_URL, databaseUrlFor, runId, withAdminClient } from './database.js';
import { createOfficer, createRegiment, createReview, createUser } from './fixtures.js';
import { openDatabase, type DatabaseHandle } from '#server/platform/db/client.js';

const database = `wor_test_${runId()}_plans_${randomBytes(4).toString('hex')}`;

describe('the batched reads on PostgreSQL', () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    await withAdminClient((c) => c.query(`CREATE DATABASE ${database}`), TEST_POSTGRES_URL);
    // One connection: every statement below is prepared, and planned, on it.
    handle = await openDatabase({ url: databaseUrlFor(TEST_POSTGRES_URL, database), poolSize: 1 });
  });
  afterAll(async () => {
    await handle.close();
    await withAdminClient((c) => c.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`), TEST_POSTGRES_URL);
  });

  it('keep their generic plan after the first runs, instead of planning every batch', async () => {
    const { db } = handle;
    const regiment = await createRegiment(db);
    const officer = await createOfficer(db, { regimentId: regiment.id });
    const author = await createUser(db);
    await createReview(db, { officerId: officer.id, userId: author.id });
    // The reviewer asked for beside the unknown officer: unknown too.
    const unknownUserId = author.id + 1000;
    const now = new Date();
    for (let run = 0; run < 8; run++) {
      // Batches of one, then of two keys (one of them unknown): a custom plan would see each length.
      const ids = run % 2 === 0 ? [officer.id] : [officer.id, officer.id + 1000];
      await Promise.all(
        ids.flatMap((id) => [
          listOfficerReviews(db, id, { sort: 'newest', limit: 5, page: 1 }).catch(() => null),
          listOfficerReviews(db, id, { sort: 'oldest', limit: 5, page: 9 }).catch(() => null),
          getOfficerDetail(db, id, now).catch(() => null),
          getOfficerTrend(db, id, now).catch(() => null),
          findOfficerCardData(db, id),
          getReviewerProfile(db, id === officer.id ? author.id : unknownUserId, { page: 1 + (run % 3), limit: 10 }).catch(() => null),
        ]),
      );
    }
    // node-postgres's result (the handle is PostgreSQL's): its rows.
    const result: unknown = await db.execute(sql`select name, generic_plans, custom_plans from pg_prepared_statements`);
    const plans = result as { rows: Array<{ name: string; generic_plans: string; custom_plans: string }> };
    const byName = Object.fromEntries(plans.rows.map((row) => [row.name, { generic: Number(row.generic_plans), custom: Number(row.custom_plans) }]));
    for (const name of [
      'officer_review_pages_newest',
      'officer_review_pages_oldest',
      'officer_review_totals',
      'officer_details_by_ids',
      'officer_trends',
      'officer_cards',
      'reviewer_profiles',
      'reviewer_review_pages',
    ]) {
      expect(byName[name], name).toBeDefined();
      // PostgreSQL tries five custom plans before it weighs the generic one.
      expect(byName[name]!.custom, name).toBeLessThanOrEqual(5);
      expect(byName[name]!.generic, name).toBeGreaterThan(0);
    }
  });
});
