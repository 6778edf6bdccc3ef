/**
 * Reconcile: findAggregateDifferences reports exactly the figures that disagree with their rows,
 * recomputeAllAggregates puts them right. `npm run db:reconcile` itself: src/server/cli/reconcile-cli.test.ts.
 */
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Officer, OfficerDetail, ReviewPage } from '#core/api.js';
import { officers, reviews } from '#server/platform/db/schema.js';
import { createTestContext, type TestContext } from '#server/test/app.js';
import { createOfficer, createRegiment, createReview, createUser, createVotes, type OfficerRow, type ReviewRow } from '#server/test/fixtures.js';
import { recomputeAllAggregates } from '#server/domain/figures/aggregates.js';
import { listOfficerReviews } from './queries.js';
import { findAggregateDifferences } from '#server/domain/figures/reconcile.js';

let ctx: TestContext;
let officer: OfficerRow;
let review: ReviewRow;

beforeAll(async () => {
  ctx = await createTestContext();
  const { db } = ctx;
  const regiment = await createRegiment(db);
  officer = await createOfficer(db, { regimentId: regiment.id });
  await createOfficer(db, { regimentId: regiment.id });
  const authors = [await createUser(db), await createUser(db)];
  review = await createReview(db, { userId: authors[0]!.id, officerId: officer.id, rating: 4 });
  await createReview(db, { userId: authors[1]!.id, officerId: officer.id, leadership: 2, tactics: 3, communication: 2.5, fairness: 5 });
  // One up-vote, kept in step with the score the way castVote does it.
  await createVotes(db, review.id, 1);
});
afterAll(() => ctx.close());

describe('findAggregateDifferences', () => {
  it('finds nothing when every figure matches its rows', async () => {
    expect(await findAggregateDifferences(ctx.db)).toEqual([]);
  });

  it('reports exactly the corrupted figures, and the fixes restore them', async () => {
    const officerBefore = (await ctx.app.inject({ method: 'GET', url: `/api/officers/${officer.id}` })).json<Officer>();
    // (4 + 3.13) / 2 = 3.565 -> 3.57
    expect(officerBefore.averageRating).toBe(3.57);

    await ctx.db.execute(sql`update officers set average_rating = 1.25 where id = ${officer.id}`);
    await ctx.db.execute(sql`update reviews set score = 7, upvotes = 3, downvotes = 2 where id = ${review.id}`);

    expect(await findAggregateDifferences(ctx.db)).toEqual([
      { table: 'officers', id: officer.id, column: 'average_rating', stored: 1.25, expected: 3.57 },
      { table: 'reviews', id: review.id, column: 'score', stored: 7, expected: 1 },
      { table: 'reviews', id: review.id, column: 'upvotes', stored: 3, expected: 1 },
      { table: 'reviews', id: review.id, column: 'downvotes', stored: 2, expected: 0 },
    ]);

    await ctx.db.transaction((tx) => recomputeAllAggregates(tx));
    expect(await findAggregateDifferences(ctx.db)).toEqual([]);
    const officerAfter = (await ctx.app.inject({ method: 'GET', url: `/api/officers/${officer.id}` })).json<Officer>();
    expect(officerAfter).toEqual(officerBefore);
  });

  it('reports counts of officers and regiments too', async () => {
    await ctx.db.execute(sql`update officers set review_count = 9 where id = ${officer.id}`);
    await ctx.db.execute(sql`update regiments set officer_count = 0, review_count = 3 where id = ${officer.regimentId}`);
    expect(await findAggregateDifferences(ctx.db)).toEqual([
      { table: 'officers', id: officer.id, column: 'review_count', stored: 9, expected: 2 },
      { table: 'regiments', id: officer.regimentId, column: 'officer_count', stored: 0, expected: 2 },
      { table: 'regiments', id: officer.regimentId, column: 'review_count', stored: 3, expected: 2 },
    ]);
    await recomputeAllAggregates(ctx.db);
    expect(await findAggregateDifferences(ctx.db)).toEqual([]);
  });

  it('reports a wrong star distribution bucket by bucket, and the recompute restores it', async () => {
    const officerBefore = (await ctx.app.inject({ method: 'GET', url: `/api/officers/${officer.id}` })).json<OfficerDetail>();
    // Overall 4 and 3.13: one 4-star and one 3-star review; fairness 4 and 5.
    expect(officerBefore.distribution.overall).toEqual([0, 0, 1, 1, 0]);
    expect(officerBefore.distribution.fairness).toEqual([0, 0, 0, 1, 1]);

    await ctx.db.execute(
      sql`update officers set distribution_overall = '{0,0,2,1,0}', distribution_fairness = '{1,0,0,0,1}' where id = ${officer.id}`,
    );
    await ctx.db.execute(sql`update regiments set distribution_overall = '{0,0,0,0,0}' where id = ${officer.regimentId}`);
    expect(await findAggregateDifferences(ctx.db)).toEqual([
      { table: 'officers', id: officer.id, column: 'distribution_overall[3]', stored: 2, expected: 1 },
      { table: 'officers', id: officer.id, column: 'distribution_fairness[1]', stored: 1, expected: 0 },
      { table: 'officers', id: officer.id, column: 'distribution_fairness[4]', stored: 0, expected: 1 },
      { table: 'regiments', id: officer.regimentId, column: 'distribution_overall[3]', stored: 0, expected: 1 },
      { table: 'regiments', id: officer.regimentId, column: 'distribution_overall[4]', stored: 0, expected: 1 },
    ]);

    await recomputeAllAggregates(ctx.db);
    expect(await findAggregateDifferences(ctx.db)).toEqual([]);
    const [stored] = await ctx.db
      .select({ overall: officers.distributionOverall, fairness: officers.distributionFairness })
      .from(officers)
      .where(eq(officers.id, officer.id));
    expect(stored).toEqual({ overall: [0, 0, 1, 1, 0], fairness: [0, 0, 0, 1, 1] });
  });

  it('reports wrong counts of "would serve again" answers, and the recompute restores them (issue 36, item 4)', async () => {
    // A review given a yes behind the counts' back, as a write that forgot to move them would leave it.
    await ctx.db.execute(sql`update reviews set would_serve_again = true where id = ${review.id}`);
    expect(await findAggregateDifferences(ctx.db)).toEqual([
      { table: 'officers', id: officer.id, column: 'would_serve_yes', stored: 0, expected: 1 },
    ]);
    await ctx.db.execute(sql`update officers set would_serve_yes = 1, would_serve_no = 2 where id = ${officer.id}`);
    expect(await findAggregateDifferences(ctx.db)).toEqual([{ table: 'officers', id: officer.id, column: 'would_serve_no', stored: 2, expected: 0 }]);

    await recomputeAllAggregates(ctx.db);
    expect(await findAggregateDifferences(ctx.db)).toEqual([]);
    const [stored] = await ctx.db
      .select({ yes: officers.wouldServeYes, no: officers.wouldServeNo })
      .from(officers)
      .where(eq(officers.id, officer.id));
    expect(stored).toEqual({ yes: 1, no: 0 });
  });
});

describe('review positions', () => {
  it('reports a review out of place, and recomputeAllAggregates renumbers it', async () => {
    const ordered = await ctx.db
      .select({ id: reviews.id, position: reviews.position })
      .from(reviews)
      .where(eq(reviews.officerId, officer.id))
      .orderBy(asc(reviews.createdAt), asc(reviews.id));
    expect(ordered.map((row) => row.position)).toEqual([1, 2]);
    const [older, newer] = ordered as [(typeof ordered)[number], (typeof ordered)[number]];

    // A gap at the end (as a delete that forgot to shift would leave), then two swapped positions.
    await ctx.db.execute(sql`update reviews set position = 3 where id = ${newer.id}`);
    expect(await findAggregateDifferences(ctx.db)).toEqual([{ table: 'reviews', id: newer.id, column: 'position', stored: 3, expected: 2 }]);
    // Both rows in one statement: the unique constraint is checked at the end of the transaction.
    await ctx.db.execute(
      sql`update reviews set position = case id when ${older.id}::int then 3 else 1 end where id in (${older.id}::int, ${newer.id}::int)`,
    );
    expect(await findAggregateDifferences(ctx.db)).toEqual(
      [
        { table: 'reviews', id: older.id, column: 'position', stored: 3, expected: 1 },
        { table: 'reviews', id: newer.id, column: 'position', stored: 1, expected: 2 },
      ].sort((a, b) => a.id - b.id),
    );
    const page = (await ctx.app.inject({ method: 'GET', url: `/api/reviews/officer/${officer.id}?limit=5` })).json<ReviewPage>();
    expect(page.totalCount).toBe(2);

    await recomputeAllAggregates(ctx.db);
    expect(await findAggregateDifferences(ctx.db)).toEqual([]);
    const fixed = await listOfficerReviews(ctx.db, officer.id, { sort: 'newest', page: 1, limit: 5 });
    expect(fixed.reviews.map((review) => review.id)).toEqual([newer.id, older.id]);
  });

  it('lets a transaction move positions through each other, and refuses a duplicate at commit', async () => {
    // Every row moved at once, in whatever order the rows are visited: only the end state counts.
    await ctx.db.transaction(async (tx) => {
      await tx.execute(sql`update reviews set position = position + 1 where officer_id = ${officer.id}`);
      await tx.execute(sql`update reviews set position = position - 1 where officer_id = ${officer.id}`);
    });
    expect(await findAggregateDifferences(ctx.db)).toEqual([]);
    await expect(
      ctx.db.transaction(async (tx) => {
        await tx.execute(sql`update reviews set position = 1 where officer_id = ${officer.id}`);
      }),
    ).rejects.toThrow();
    expect(await findAggregateDifferences(ctx.db)).toEqual([]);
  });
});
