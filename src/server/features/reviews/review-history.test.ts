/**
 * Edit history (issue 18, item 2; docs/decisions/0038-review-edit-history.md) through the real API:
 * every edit that changes something keeps the version it replaces, in its transaction; the review
 * objects carry editedAt and revisionCount; GET /api/reviews/{id}/revisions is public, cached and
 * forgotten exactly when the review is edited or deleted; deleting a review deletes its history.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Review, ReviewPage, ReviewRevisions } from '#core/api.js';
import { MSG } from '#core/messages.js';
import { changesBetween, isSameContent } from '#core/review-history.js';
import { officers, reviewRevisions, reviews } from '#server/platform/db/schema.js';
import { createTestContext, signedInClient, type TestContext } from '#server/test/app.js';
import { createOfficer, createRegiment, type RegimentRow } from '#server/test/fixtures.js';

let ctx: TestContext;
let regiment: RegimentRow;
let steamCounter = 0;

beforeAll(async () => {
  ctx = await createTestContext();
  regiment = await createRegiment(ctx.db, { name: 'Irish Brigade', sideId: 1 });
});
afterAll(() => ctx.close());

async function reviewer(options: { isAdmin?: boolean } = {}) {
  steamCounter += 1;
  return signedInClient(ctx, { steamId: '7656119' + String(8_000_000_000 + steamCounter), ...options });
}

const FIRST = { text: 'Held the line at the sunken road.', leadership: 4, tactics: 3, communication: 3, fairness: 2 };

/** A new officer and a review of them by a new reviewer. */
async function writtenReview(content = FIRST) {
  const officer = await createOfficer(ctx.db, { regimentId: regiment.id, name: `Meagher ${steamCounter}`, rank: 'Col.' });
  const author = await reviewer();
  const created = await author.client.post('/api/reviews', { ...content, officerId: officer.id, overallRating: 3 });
  expect(created.statusCode).toBe(201);
  return { officer, author, review: created.json<Review>() };
}

const historyUrl = (id: number) => `/api/reviews/${id}/revisions`;
const readHistory = async (id: number) => {
  const response = await ctx.app.inject({ method: 'GET', url: historyUrl(id) });
  expect(response.statusCode).toBe(200);
  return response.json<ReviewRevisions>();
};
const storedVersions = (reviewId: number) =>
  ctx.db.select({ version: reviewRevisions.version }).from(reviewRevisions).where(eq(reviewRevisions.reviewId, reviewId));

describe('changesBetween', () => {
  it('names a changed text and every rating that moved, in the order the history lists them', () => {
    const before = { ...FIRST, overallRating: 3 };
    expect(changesBetween(before, { ...before, tactics: 4.5, overallRating: 3.38 })).toEqual({
      text: false,
      ratings: [
        { rating: 'tactics', from: 3, to: 4.5 },
        { rating: 'overallRating', from: 3, to: 3.38 },
      ],
    });
    expect(changesBetween(before, { ...before, text: `${before.text} ` })).toEqual({ text: true, ratings: [] });
    expect(isSameContent(before, { ...before })).toBe(true);
  });
});

describe('editing a review keeps the version it replaces', () => {
  it('lists every version newest first with what each changed, and the review carries editedAt and revisionCount', async () => {
    const { officer, author, review } = await writtenReview();
    expect(review).toMatchObject({ editedAt: null, revisionCount: 0 });
    const unedited = await readHistory(review.id);
    expect(unedited).toMatchObject({ reviewId: review.id, officerId: officer.id, editedAt: null, revisionCount: 0 });
    expect(unedited.versions).toEqual([{ version: 1, isCurrent: true, writtenAt: review.createdAt, ...FIRST, overallRating: 3, changes: null }]);

    const second = { ...FIRST, text: 'Held the line at the sunken road, then fell back in good order.', tactics: 4 };
    const firstEdit = await author.client.write('PUT', `/api/reviews/${review.id}`, { ...second, officerId: officer.id });
    expect(firstEdit.statusCode).toBe(200);
    expect(firstEdit.json<Review>()).toMatchObject({ revisionCount: 1, editedAt: expect.any(String) });
    const third = { ...second, leadership: 5, fairness: 3.5 };
    const secondEdit = await author.client.write('PUT', `/api/reviews/${review.id}`, third);
    expect(secondEdit.statusCode).toBe(200);
    const edited = secondEdit.json<Review>();
    expect(edited).toMatchObject({ ...third, overallRating: 3.88, revisionCount: 2 });
    expect(new Date(edited.editedAt!).getTime()).toBeGreaterThan(new Date(firstEdit.json<Review>().editedAt!).getTime());

    // The same figures in every list that shows the review.
    const page = (await ctx.app.inject({ method: 'GET', url: `/api/reviews/officer/${officer.id}` })).json<ReviewPage>();
    expect(page.reviews[0]).toMatchObject({ id: review.id, editedAt: edited.editedAt, revisionCount: 2 });
    const mine = (await author.client.get('/api/reviews/my')).json<Review[]>();
    expect(mine[0]).toMatchObject({ id: review.id, editedAt: edited.editedAt, revisionCount: 2 });

    const history = await readHistory(review.id);
    expect(history).toMatchObject({ reviewId: review.id, createdAt: review.createdAt, editedAt: edited.editedAt, revisionCount: 2 });
    expect(history.versions.map(({ version, isCurrent, writtenAt }) => ({ version, isCurrent, writtenAt }))).toEqual([
      { version: 3, isCurrent: true, writtenAt: edited.editedAt },
      { version: 2, isCurrent: false, writtenAt: firstEdit.json<Review>().editedAt },
      { version: 1, isCurrent: false, writtenAt: review.createdAt },
    ]);
    expect(history.versions[0]).toMatchObject({
      ...third,
      overallRating: 3.88,
      changes: {
        text: false,
        ratings: [
          { rating: 'leadership', from: 4, to: 5 },
          { rating: 'fairness', from: 2, to: 3.5 },
          { rating: 'overallRating', from: 3.25, to: 3.88 },
        ],
      },
    });
    expect(history.versions[1]).toMatchObject({
      ...second,
      overallRating: 3.25,
      changes: {
        text: true,
        ratings: [
          { rating: 'tactics', from: 3, to: 4 },
          { rating: 'overallRating', from: 3, to: 3.25 },
        ],
      },
    });
    expect(history.versions[2]).toMatchObject({ ...FIRST, overallRating: 3, changes: null });
  });

  it('keeps nothing for an edit that changes nothing, nor for a refused or invalid one', async () => {
    const { officer, author, review } = await writtenReview();
    const unchanged = await author.client.write('PUT', `/api/reviews/${review.id}`, { ...FIRST, officerId: officer.id, overallRating: 1 });
    expect(unchanged.statusCode).toBe(200);
    // Not even a new time: nothing was edited.
    expect(unchanged.json<Review>()).toMatchObject({ editedAt: null, revisionCount: 0, updatedAt: review.updatedAt });

    const invalid = await author.client.write('PUT', `/api/reviews/${review.id}`, { ...FIRST, text: 'too short', leadership: 6 });
    expect(invalid.statusCode).toBe(400);
    const stranger = await reviewer();
    const refused = await stranger.client.write('PUT', `/api/reviews/${review.id}`, { ...FIRST, text: 'Someone else wrote this one.' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ message: MSG.reviews.notAuthor });
    const visitor = await ctx.app.inject({ method: 'PUT', url: `/api/reviews/${review.id}`, payload: FIRST });
    expect(visitor.statusCode).toBe(403);

    expect(await storedVersions(review.id)).toEqual([]);
    expect((await readHistory(review.id)).versions).toHaveLength(1);
  });

  it('rolls the kept version back when the edit fails after it', async () => {
    const { author, review } = await writtenReview();
    // The review's own update fails, after its version was copied into the history.
    await ctx.db.execute(sql`create function fail_review_edit() returns trigger language plpgsql as $$ begin raise exception 'edit failed'; end $$`);
    await ctx.db.execute(
      sql.raw(
        `create trigger fail_review_edit before update of text on reviews for each row when (new.id = ${review.id}) execute function fail_review_edit()`,
      ),
    );
    try {
      const failed = await author.client.write('PUT', `/api/reviews/${review.id}`, { ...FIRST, text: 'An edit that never lands.' });
      expect(failed.statusCode).toBe(500);
    } finally {
      await ctx.db.execute(sql`drop trigger fail_review_edit on reviews`);
      await ctx.db.execute(sql`drop function fail_review_edit`);
    }
    expect(await storedVersions(review.id)).toEqual([]);
    const [row] = await ctx.db
      .select({ text: reviews.text, revisionCount: reviews.revisionCount, editedAt: reviews.editedAt })
      .from(reviews)
      .where(eq(reviews.id, review.id));
    expect(row).toEqual({ text: FIRST.text, revisionCount: 0, editedAt: null });
  });
});

describe('GET /api/reviews/{id}/revisions', () => {
  it('is public, held reviews included, and answers 404 and 400 in the spec style', async () => {
    const { officer, review } = await writtenReview();
    await ctx.db.update(reviews).set({ held: true }).where(eq(reviews.id, review.id));
    ctx.app.responseCache.invalidateLocally('all');
    const held = await ctx.app.inject({ method: 'GET', url: historyUrl(review.id), headers: { origin: 'https://roster.example' } });
    expect(held.statusCode).toBe(200);
    expect(held.headers['access-control-allow-origin']).toBe('*');

    const unknown = await ctx.app.inject({ method: 'GET', url: historyUrl(999_999) });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ message: 'Review not found' });
    for (const id of ['abc', '0', '-1', '99999999999']) {
      const bad = await ctx.app.inject({ method: 'GET', url: historyUrl(id as unknown as number) });
      expect(bad.statusCode, id).toBe(400);
    }

    // A review of an officer who is not public is not shown, and neither is its history.
    await ctx.db.update(officers).set({ isActive: false }).where(eq(officers.id, officer.id));
    ctx.app.responseCache.invalidateLocally('all');
    expect((await ctx.app.inject({ method: 'GET', url: historyUrl(review.id) })).statusCode).toBe(404);
  });

  it('is kept through votes and forgotten by an edit, a no-op edit aside', async () => {
    const { officer, author, review } = await writtenReview();
    const url = historyUrl(review.id);
    await readHistory(review.id);
    expect(ctx.app.responseCache.get(url)).toBeDefined();

    const voter = await reviewer();
    expect((await voter.client.post(`/api/reviews/${review.id}/vote`, { value: 1 })).statusCode).toBe(200);
    expect(ctx.app.responseCache.get(url)).toBeDefined();
    expect((await author.client.write('PUT', `/api/reviews/${review.id}`, { ...FIRST, officerId: officer.id })).statusCode).toBe(200);
    expect(ctx.app.responseCache.get(url)).toBeDefined();

    expect((await author.client.write('PUT', `/api/reviews/${review.id}`, { ...FIRST, communication: 5 })).statusCode).toBe(200);
    expect(ctx.app.responseCache.get(url)).toBeUndefined();
    expect((await readHistory(review.id)).versions).toHaveLength(2);
  });

  it('deletes the history with the review, by its author or by a moderator', async () => {
    for (const deleter of ['author', 'admin'] as const) {
      const { author, review } = await writtenReview();
      expect((await author.client.write('PUT', `/api/reviews/${review.id}`, { ...FIRST, fairness: 5 })).statusCode).toBe(200);
      expect(await storedVersions(review.id)).toEqual([{ version: 1 }]);
      await readHistory(review.id);
      const client = deleter === 'author' ? author.client : (await reviewer({ isAdmin: true })).client;
      expect((await client.write('DELETE', `/api/reviews/${review.id}`)).statusCode).toBe(200);
      expect(await storedVersions(review.id)).toEqual([]);
      expect((await ctx.app.inject({ method: 'GET', url: historyUrl(review.id) })).statusCode).toBe(404);
    }
  });
});
