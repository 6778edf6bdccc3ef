import { asc, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Review, ReviewPage } from '#core/api.js';
import { RECENT_REVIEWS_LIMIT, REVIEW_PAGE_SIZE, REVIEW_PAGE_SIZE_MAX } from '#core/constants.js';
import { MSG } from '#core/messages.js';
import { wilsonLowerBound } from '#core/rating-math.js';
import { REVIEW_SORTS } from '#core/review-sort.js';
import { queryRows } from '#server/platform/db/client.js';
import { HELPFUL_BOUND_SQL, reviews, users } from '#server/platform/db/schema.js';
import { createTestContext, signedInClient, type TestContext } from '#server/test/app.js';
import {
  createOfficer,
  createRegiment,
  createReview,
  createUser,
  createVotes,
  privateDataIn,
  type OfficerRow,
  type ReviewRow,
  type UserRow,
} from '#server/test/fixtures.js';
import { listOfficerReviews } from './queries.js';
import { findAggregateDifferences } from '#server/domain/figures/reconcile.js';
import { deleteAccount } from '#server/domain/retention/account-deletion.js';

let ctx: TestContext;
let busy: OfficerRow;
let quiet: OfficerRow;
let hidden: OfficerRow;
let ghostly: OfficerRow;
let author: UserRow;
/** Busy's reviews, newest first. */
let busyReviews: ReviewRow[] = [];
let quietReview: ReviewRow;

const base = Date.UTC(2025, 3, 10, 12, 0, 0);
const minutes = (n: number) => new Date(base + n * 60_000);

beforeAll(async () => {
  ctx = await createTestContext();
  const { db } = ctx;
  const regiment = await createRegiment(db, { name: 'Maine', sideId: 1 });
  const ghostRegiment = await createRegiment(db, { name: 'Ghost', sideId: 2, isActive: false });
  busy = await createOfficer(db, { regimentId: regiment.id, name: 'Chamberlain', rank: 'Col.' });
  quiet = await createOfficer(db, { regimentId: regiment.id, name: 'Spear', rank: 'Lt. Col.' });
  hidden = await createOfficer(db, { regimentId: regiment.id, name: 'Hidden', rank: 'Maj.', isActive: false });
  ghostly = await createOfficer(db, { regimentId: ghostRegiment.id, name: 'Ghostly', rank: 'Gen.' });
  await createOfficer(db, { regimentId: regiment.id, name: 'Unreviewed', rank: 'Capt.' });
  author = await createUser(db, { username: 'Tozier', steamId: '76561198000000042' });

  // Twelve reviews a minute apart, except the last two, which share a timestamp: id breaks the tie.
  const created: ReviewRow[] = [];
  for (let i = 0; i < 12; i += 1) {
    const reviewer = i === 0 ? author : await createUser(db);
    created.push(
      await createReview(db, {
        userId: reviewer.id,
        officerId: busy.id,
        rating: (i % 5) + 1,
        createdAt: minutes(Math.min(i, 10)),
        updatedAt: minutes(Math.min(i, 10)),
      }),
    );
  }
  busyReviews = created.reverse();
  quietReview = await createReview(db, {
    userId: author.id,
    officerId: quiet.id,
    leadership: 5,
    tactics: 4,
    communication: 4,
    fairness: 3.5,
    text: 'Held the line at Little Round Top.',
    createdAt: minutes(30),
    updatedAt: minutes(31),
  });
  // Newer than everything else, but their officers are not public.
  await createReview(db, { userId: author.id, officerId: hidden.id, createdAt: minutes(60) });
  await createReview(db, { userId: author.id, officerId: ghostly.id, createdAt: minutes(61) });
});
afterAll(() => ctx.close());

async function get(url: string) {
  return ctx.app.inject({ method: 'GET', url });
}

describe('GET /api/reviews/recent', () => {
  it(`lists the newest ${RECENT_REVIEWS_LIMIT} reviews of public officers, newest first`, async () => {
    const response = await get('/api/reviews/recent');
    expect(response.statusCode).toBe(200);
    const ids = response.json<Review[]>().map((review) => review.id);
    expect(ids).toEqual([quietReview.id, ...busyReviews.slice(0, RECENT_REVIEWS_LIMIT - 1).map((review) => review.id)]);
  });

  it('answers the full review shape with officer, regiment and author', async () => {
    const [first] = (await get('/api/reviews/recent')).json<Review[]>();
    expect(first).toEqual({
      id: quietReview.id,
      userId: author.id,
      officerId: quiet.id,
      text: 'Held the line at Little Round Top.',
      leadership: 5,
      tactics: 4,
      communication: 4,
      fairness: 3.5,
      overallRating: 4.13,
      wouldServeAgain: null,
      score: 0,
      upvotes: 0,
      downvotes: 0,
      held: false,
      reply: null,
      resolved: false,
      createdAt: minutes(30).toISOString(),
      updatedAt: minutes(31).toISOString(),
      editedAt: null,
      revisionCount: 0,
      officer: { id: quiet.id, name: 'Spear', rank: 'Lt. Col.' },
      regiment: { id: quiet.regimentId, name: 'Maine' },
      // Beside the spec's identity, the reviewer's signals: Steam figures never read here (no Steam
      // key), and every review they wrote, of hidden officers too: Chamberlain, Spear, Hidden, Ghostly.
      user: {
        id: author.id,
        username: 'Tozier',
        steamId: '76561198000000042',
        level: null,
        totalGames: null,
        reviewCount: 4,
        memberSince: author.createdAt.toISOString(),
      },
    });
  });

  it('leaves out private user columns', async () => {
    expect(privateDataIn((await get('/api/reviews/recent')).body)).toEqual([]);
  });
});

describe('GET /api/reviews/officer/:officerId?sort= (issue 16, item 2)', () => {
  /** Busy's reviews in the order they were written: review i is rated (i % 5) + 1. */
  const written = (...indexes: number[]) => indexes.map((i) => busyReviews[11 - i]!.id);
  const idsOf = (page: ReviewPage) => page.reviews.map((review) => review.id);

  beforeAll(async () => {
    // Wilson lower bounds (z = 1.96): 10-0 0.722, 5-1 0.436, 1-0 0.207, 3-3 0.188; 0-3 and no votes 0.
    for (const [i, ups, downs] of [
      [3, 10, 0],
      [5, 5, 1],
      [7, 1, 0],
      [2, 3, 3],
      [9, 0, 3],
    ] as const) {
      await createVotes(ctx.db, written(i)[0]!, ups, downs);
    }
  });

  const expectedOrder = (): Record<(typeof REVIEW_SORTS)[number], number[]> => ({
    newest: written(11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0),
    oldest: written(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11),
    // Equal bounds (0) newest first: 0-3 is no more helpful than no votes.
    helpful: written(3, 5, 7, 2, 11, 10, 9, 8, 6, 4, 1, 0),
    highest: written(9, 4, 8, 3, 7, 2, 11, 6, 1, 10, 5, 0),
    lowest: written(10, 5, 0, 11, 6, 1, 7, 2, 8, 3, 9, 4),
  });

  it('orders by each sort, ties newest first, and carries the up and down votes', async () => {
    for (const sort of REVIEW_SORTS) {
      const page = (await get(`/api/reviews/officer/${busy.id}?sort=${sort}&limit=${REVIEW_PAGE_SIZE_MAX}`)).json<ReviewPage>();
      expect(idsOf(page), sort).toEqual(expectedOrder()[sort]);
      expect(page.nextCursor).toBeNull();
    }
    const helpful = (await get(`/api/reviews/officer/${busy.id}?sort=helpful&limit=2`)).json<ReviewPage>();
    expect(helpful.reviews.map(({ score, upvotes, downvotes }) => ({ score, upvotes, downvotes }))).toEqual([
      { score: 10, upvotes: 10, downvotes: 0 },
      { score: 4, upvotes: 5, downvotes: 1 },
    ]);
  });

  it('pages every sort by cursor and by number alike, to a null nextCursor', async () => {
    for (const sort of REVIEW_SORTS) {
      const byCursor: number[] = [];
      let url = `/api/reviews/officer/${busy.id}?sort=${sort}&limit=5`;
      for (let page = 1; ; page += 1) {
        const answer = (await get(url)).json<ReviewPage>();
        const byNumber = (await get(`/api/reviews/officer/${busy.id}?sort=${sort}&limit=5&page=${page}`)).json<ReviewPage>();
        expect(byNumber, `${sort} page ${page}`).toEqual(answer);
        byCursor.push(...idsOf(answer));
        if (answer.nextCursor === null) break;
        url = `/api/reviews/officer/${busy.id}?sort=${sort}&limit=5&cursor=${answer.nextCursor}`;
      }
      expect(byCursor, sort).toEqual(expectedOrder()[sort]);
    }
  });

  it("refuses a bad sort, a malformed cursor, another list's cursor and a cursor with a page (400)", async () => {
    const first = (await get(`/api/reviews/officer/${busy.id}?sort=helpful&limit=5`)).json<ReviewPage>();
    const refusals = [
      [`sort=best`, MSG.reviews.badSort],
      [`cursor=not-a-cursor`, MSG.reviews.badCursor],
      [`cursor=${Buffer.from('[1,"helpful",2,3]').toString('base64url')}`, MSG.reviews.badCursor],
      [`sort=highest&cursor=${first.nextCursor}`, MSG.reviews.cursorOfAnotherList],
      [`sort=helpful&page=2&cursor=${first.nextCursor}`, MSG.reviews.cursorWithPage],
    ];
    for (const [query, message] of refusals) {
      const response = await get(`/api/reviews/officer/${busy.id}?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.body, query).toContain(message);
    }
    const elsewhere = await get(`/api/reviews/officer/${quiet.id}?sort=helpful&cursor=${first.nextCursor}`);
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.body).toContain(MSG.reviews.cursorOfAnotherList);
  });

  it("stores helpful_bound as the core's wilsonLowerBound computes it", async () => {
    const pairs = [
      [0, 0],
      [1, 0],
      [0, 1],
      [10, 0],
      [5, 1],
      [3, 3],
      [1, 9],
      [250, 17],
      [7, 1000],
    ];
    const values = sql.join(
      pairs.map(([up, down]) => sql`(${up}::int, ${down}::int)`),
      sql`, `,
    );
    const rows = await queryRows<{ bound: number }>(
      ctx.db,
      sql`select ${sql.raw(HELPFUL_BOUND_SQL)} as bound from (values ${values}) v(upvotes, downvotes)`,
    );
    expect(rows.map((row) => Number(row.bound))).toEqual(pairs.map(([up, down]) => wilsonLowerBound(up!, down!)));
    const stored = await ctx.db
      .select({ up: reviews.upvotes, down: reviews.downvotes, bound: reviews.helpfulBound })
      .from(reviews)
      .where(eq(reviews.officerId, busy.id));
    expect(stored.map((row) => row.bound)).toEqual(stored.map((row) => wilsonLowerBound(row.up, row.down)));
  });
});

describe('GET /api/reviews/officer/:officerId', () => {
  const idsOf = (page: ReviewPage) => page.reviews.map((review) => review.id);
  const expectedIds = (from: number, to: number) => busyReviews.slice(from, to).map((review) => review.id);

  it(`answers the first ${REVIEW_PAGE_SIZE} reviews, newest first, with the total`, async () => {
    const response = await get(`/api/reviews/officer/${busy.id}`);
    expect(response.statusCode).toBe(200);
    const page = response.json<ReviewPage>();
    expect(page.totalCount).toBe(12);
    expect(idsOf(page)).toEqual(expectedIds(0, REVIEW_PAGE_SIZE));
    expect(page.reviews.every((review) => review.officer.id === busy.id)).toBe(true);
    expect(privateDataIn(response.body)).toEqual([]);
  });

  it('pages with page and limit', async () => {
    const two = (await get(`/api/reviews/officer/${busy.id}?page=2&limit=5`)).json<ReviewPage>();
    expect(idsOf(two)).toEqual(expectedIds(5, 10));
    const three = (await get(`/api/reviews/officer/${busy.id}?page=3&limit=5`)).json<ReviewPage>();
    expect(idsOf(three)).toEqual(expectedIds(10, 12));
    expect(three.totalCount).toBe(12);
    const beyond = (await get(`/api/reviews/officer/${busy.id}?page=4&limit=5`)).json<ReviewPage>();
    expect(beyond).toEqual({ reviews: [], totalCount: 12, nextCursor: null });
    const far = (await get(`/api/reviews/officer/${busy.id}?page=2147483647&limit=${REVIEW_PAGE_SIZE_MAX}`)).json<ReviewPage>();
    expect(far).toEqual({ reviews: [], totalCount: 12, nextCursor: null });
  });

  it('accepts limits from 1 to the maximum', async () => {
    const one = (await get(`/api/reviews/officer/${busy.id}?limit=1&page=3`)).json<ReviewPage>();
    expect(idsOf(one)).toEqual(expectedIds(2, 3));
    const all = (await get(`/api/reviews/officer/${busy.id}?limit=${REVIEW_PAGE_SIZE_MAX}`)).json<ReviewPage>();
    expect(idsOf(all)).toEqual(expectedIds(0, 12));
  });

  it('answers pages asked for at once (one batched read) as each alone, a missing officer with its 404', async () => {
    const asks: Array<[number, 'newest' | 'oldest', number, number]> = [
      [busy.id, 'newest', 1, 5],
      [quiet.id, 'newest', 1, 5],
      [busy.id, 'newest', 2, 5],
      [hidden.id, 'newest', 1, 5],
      [busy.id, 'oldest', 1, 3],
      [busy.id, 'newest', 3, 5],
      [busy.id, 'oldest', 2, 3],
    ];
    const read = ([officerId, sort, page, limit]: (typeof asks)[number]) =>
      listOfficerReviews(ctx.db, officerId, { sort, page, limit }).then(idsOf, (error: Error) => error.message);
    const alone: Array<number[] | string> = [];
    for (const ask of asks) alone.push(await read(ask));
    expect(alone.slice(0, 4)).toEqual([expectedIds(0, 5), [quietReview.id], expectedIds(5, 10), 'Officer not found']);
    expect(await Promise.all(asks.map(read))).toEqual(alone);
  });

  it('answers an empty page for an officer without reviews', async () => {
    const unreviewed = (await get('/api/officers')).json<Array<{ id: number; name: string }>>().find((o) => o.name === 'Unreviewed')!;
    const response = await get(`/api/reviews/officer/${unreviewed.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ reviews: [], totalCount: 0, nextCursor: null });
  });

  it.each([
    ['an unknown officer', () => 2147483647],
    ['an inactive officer', () => hidden.id],
    ['an officer of an inactive regiment', () => ghostly.id],
  ])('answers 404 for %s', async (_label, id) => {
    const response = await get(`/api/reviews/officer/${id()}`);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ message: 'Officer not found' });
  });

  it.each(['abc', '-1', '1.5', '0', '99999999999'])('answers 400 for the officer id %j', async (id) => {
    const response = await get(`/api/reviews/officer/${id}`);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION', message: expect.any(String) });
  });

  it.each([
    ['page', '0'],
    ['page', '-1'],
    ['page', 'abc'],
    ['page', '1.5'],
    ['page', ''],
    ['limit', '0'],
    ['limit', String(REVIEW_PAGE_SIZE_MAX + 1)],
    ['limit', 'many'],
  ])('answers 400 for %s=%j', async (key, value) => {
    const response = await get(`/api/reviews/officer/${busy.id}?${key}=${value}`);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toEqual(expect.any(String));
  });
});

/**
 * Pages are ranges of reviews.position (docs/decisions/0008-review-positions.md): every write that
 * adds or removes reviews must leave positions 1..n in (created_at, id) order, or pages would skip
 * or repeat reviews. The pages are read through listOfficerReviews itself, so no response cache can
 * hide a mistake.
 */
describe('officer pages through review writes', () => {
  let steamCounter = 0;
  let regiment: Awaited<ReturnType<typeof createRegiment>>;
  let first: OfficerRow;
  let second: OfficerRow;
  let third: OfficerRow;
  let admin: Awaited<ReturnType<typeof signedInClient>>;
  const authors: Array<Awaited<ReturnType<typeof signedInClient>>> = [];
  /** Review ids by author index and officer id. */
  const written = new Map<string, number>();
  const key = (author: number, officerId: number) => `${author}:${officerId}`;

  async function steamUser(options: { isAdmin?: boolean } = {}) {
    steamCounter += 1;
    return signedInClient(ctx, { steamId: '7656119' + String(5_000_000 + steamCounter).padStart(10, '0'), ...options });
  }

  async function write(author: number, officerId: number) {
    const response = await authors[author]!.client.post('/api/reviews', {
      text: `Review ${author} of officer ${officerId}, written in order.`,
      leadership: 3,
      tactics: 3,
      communication: 3,
      fairness: 3,
      officerId,
    });
    expect(response.statusCode).toBe(201);
    written.set(key(author, officerId), response.json<Review>().id);
  }

  async function remove(author: number, officerId: number, by = authors[author]!) {
    const response = await by.client.write('DELETE', `/api/reviews/${written.get(key(author, officerId))}`);
    expect(response.statusCode).toBe(200);
    written.delete(key(author, officerId));
  }

  /** The officer's reviews as the old OFFSET query listed them: created_at desc, id desc. */
  async function newestFirst(officerId: number): Promise<number[]> {
    const rows = await ctx.db
      .select({ id: reviews.id })
      .from(reviews)
      .where(eq(reviews.officerId, officerId))
      .orderBy(desc(reviews.createdAt), desc(reviews.id));
    return rows.map((row) => row.id);
  }

  /** Every page in turn until an empty one; each full but the last, all with the same total. */
  async function expectExactPages(officer: OfficerRow) {
    const expected = await newestFirst(officer.id);
    for (const limit of [1, 2, 5]) {
      const ids: number[] = [];
      for (let page = 1; ; page += 1) {
        const answer = await listOfficerReviews(ctx.db, officer.id, { sort: 'newest', page, limit });
        expect(answer.totalCount).toBe(expected.length);
        if (answer.reviews.length === 0) break;
        expect(answer.reviews.length).toBe(Math.min(limit, expected.length - ids.length));
        ids.push(...answer.reviews.map((review) => review.id));
        expect(page).toBeLessThanOrEqual(expected.length);
      }
      expect(ids).toEqual(expected);
    }
    const positions = await ctx.db
      .select({ position: reviews.position })
      .from(reviews)
      .where(eq(reviews.officerId, officer.id))
      .orderBy(asc(reviews.createdAt), asc(reviews.id));
    expect(positions.map((row) => row.position)).toEqual(expected.map((_, i) => i + 1));
  }

  async function expectAllExact() {
    for (const officer of [first, second, third]) await expectExactPages(officer);
    expect(await findAggregateDifferences(ctx.db)).toEqual([]);
  }

  beforeAll(async () => {
    regiment = await createRegiment(ctx.db, { name: 'Paging', sideId: 2 });
    first = await createOfficer(ctx.db, { regimentId: regiment.id, name: 'Longstreet', rank: 'Lt. Gen.' });
    second = await createOfficer(ctx.db, { regimentId: regiment.id, name: 'Hood', rank: 'Maj. Gen.' });
    third = await createOfficer(ctx.db, { regimentId: regiment.id, name: 'Law', rank: 'Col.' });
    admin = await steamUser({ isAdmin: true });
    for (let i = 0; i < 9; i += 1) authors.push(await steamUser());
    // Interleaved, so each officer's reviews are not consecutive ids.
    for (let i = 0; i < 9; i += 1) {
      await write(i, first.id);
      if (i % 2 === 0) await write(i, second.id);
      if (i % 3 === 0) await write(i, third.id);
    }
  });

  it('numbers new reviews 1..n in the order they were written', async () => {
    expect(await newestFirst(first.id)).toEqual(Array.from({ length: 9 }, (_, i) => written.get(key(8 - i, first.id))));
    await expectAllExact();
  });

  it('closes the gap when a review in the middle is deleted', async () => {
    await remove(4, first.id);
    await remove(4, second.id);
    await expectAllExact();
  });

  it('closes the gap when the oldest review is deleted (by an admin)', async () => {
    await remove(0, first.id, admin);
    await remove(0, third.id, admin);
    await expectAllExact();
  });

  it('keeps the numbering when the newest review is deleted, and a new review follows it', async () => {
    await remove(8, first.id);
    await expectAllExact();
    await write(4, first.id);
    expect((await newestFirst(first.id))[0]).toBe(written.get(key(4, first.id)));
    await expectAllExact();
  });

  it('renumbers every officer a deleted user had reviewed', async () => {
    const leaving = authors[6]!.userId;
    expect(written.has(key(6, first.id)) && written.has(key(6, second.id)) && written.has(key(6, third.id))).toBe(true);
    // An account deleted with its reviews (issue 35): the officers it reviewed are renumbered and
    // recomputed in the same transaction.
    await ctx.db.update(users).set({ deleteAfter: new Date(), deletionReviews: 'delete' }).where(eq(users.id, leaving));
    expect(await ctx.db.transaction((tx) => deleteAccount(tx, leaving))).not.toBeNull();
    for (const officer of [first, second, third]) written.delete(key(6, officer.id));
    await expectAllExact();
    expect((await newestFirst(first.id)).length).toBe(6);
  });

  it('answers the same pages over HTTP', async () => {
    const expected = await newestFirst(first.id);
    const page2 = (await get(`/api/reviews/officer/${first.id}?page=2&limit=3`)).json<ReviewPage>();
    expect(page2.totalCount).toBe(expected.length);
    expect(page2.reviews.map((review) => review.id)).toEqual(expected.slice(3, 6));
  });
});
