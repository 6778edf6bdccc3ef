/**
 * Recency (issue 16, item 4) through the real API on a pinned clock: the officer answer's figures
 * over the last 90 UTC days and the 12-month trend, on reviews dated around the windows' edges,
 * each equal to the full recompute in src/core (recentFigures, monthlyTrend); the response cache
 * forgetting them on a review and letting them go when the window moves at UTC midnight.
 */
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { OfficerDetail, OfficerTrend } from '#core/api.js';
import { lastMonths, lastUtcDays, lastUtcMonths, monthlyTrend, nextUtcMidnight, recentFigures } from '#core/rating-math.js';
import { reviews } from '#server/platform/db/schema.js';
import { createTestContext, signedInClient, type TestContext } from '#server/test/app.js';
import { createOfficer, createRegiment, createReview, createUser, type RegimentRow } from '#server/test/fixtures.js';

let ctx: TestContext;
let regiment: RegimentRow;
/**
 * The app's clock: frozen at the start, so the windows stay put while the test runs; reviews written
 * through the API are dated by the database, at the real time, within today.
 */
const startedAt = Date.now();
let clock = startedAt;

beforeAll(async () => {
  ctx = await createTestContext({}, { now: () => clock });
  regiment = await createRegiment(ctx.db, { name: 'Recent Riders', sideId: 1 });
});
afterEach(() => {
  clock = startedAt;
});
afterAll(() => ctx.close());

async function getJson<T>(url: string): Promise<T> {
  const response = await ctx.app.inject({ method: 'GET', url });
  expect(response.statusCode).toBe(200);
  return response.json<T>();
}

let userCounter = 0;
/** A review by a new user, written straight into the database at `createdAt` (the API dates reviews now). */
async function reviewAt(
  officerId: number,
  createdAt: Date,
  categories: { leadership: number; tactics: number; communication: number; fairness: number },
) {
  userCounter += 1;
  const user = await createUser(ctx.db, { steamId: '7656119' + String(800_000 + userCounter).padStart(10, '0') });
  return createReview(ctx.db, { userId: user.id, officerId, createdAt, ...categories });
}

const all = (rating: number) => ({ leadership: rating, tactics: rating, communication: rating, fairness: rating });
const ms = (date: Date, offset: number) => new Date(date.getTime() + offset);

/** The full recompute: src/core's definitions over every review of the officer. */
async function recomputed(officerId: number) {
  const rows = await ctx.db.select().from(reviews).where(eq(reviews.officerId, officerId));
  const now = new Date(clock);
  return { recent: recentFigures(rows, now), trend: monthlyTrend(rows, now) };
}

describe('GET /api/officers/{id}: recent', () => {
  it('averages the reviews of today and the 89 days before, from the first midnight on, and follows a new review', async () => {
    const officer = await createOfficer(ctx.db, { regimentId: regiment.id, name: 'Custer', rank: 'Brig. Gen.' });
    const { since } = lastUtcDays(new Date(clock));
    await reviewAt(officer.id, ms(since, -1), all(1)); // the last moment before the window: out
    await reviewAt(officer.id, since, { leadership: 4, tactics: 3, communication: 5, fairness: 2 }); // overall 3.5
    await reviewAt(officer.id, ms(since, 60 * 86_400_000), { leadership: 5, tactics: 4, communication: 5, fairness: 4 }); // overall 4.5

    const before = await getJson<OfficerDetail>(`/api/officers/${officer.id}`);
    expect(before.recent).toEqual({ reviewCount: 2, averageRating: 4, leadership: 4.5, tactics: 3.5, communication: 5, fairness: 3 });
    // The spec's figures are untouched: all three reviews, overall (1 + 3.5 + 4.5) / 3 = 3.
    expect(before).toMatchObject({ reviewCount: 3, averageRating: 3, leadershipRating: 3.33 });

    // Written through the API (today): the kept answer is forgotten at once.
    const { client } = await signedInClient(ctx, { steamId: '76561190000000777' });
    const posted = await client.post('/api/reviews', {
      text: 'Charged before the guns were up.',
      officerId: officer.id,
      ...{ leadership: 2.5, tactics: 2, communication: 2, fairness: 2 },
    });
    expect(posted.statusCode).toBe(201); // overall 2.125 -> 2.13
    const after = await getJson<OfficerDetail>(`/api/officers/${officer.id}`);
    // Overall (3.5 + 4.5 + 2.13) / 3 = 3.3767; leadership 11.5 / 3 = 3.8333; fairness 8 / 3 = 2.6667.
    expect(after.recent).toEqual({ reviewCount: 3, averageRating: 3.38, leadership: 3.83, tactics: 3, communication: 4, fairness: 2.67 });
    expect(after.recent).toEqual((await recomputed(officer.id)).recent);
  });

  it('says 0 recent reviews and no averages for an officer without one', async () => {
    const officer = await createOfficer(ctx.db, { regimentId: regiment.id });
    await reviewAt(officer.id, ms(lastUtcDays(new Date(clock)).since, -86_400_000), all(4));
    const { recent } = await getJson<OfficerDetail>(`/api/officers/${officer.id}`);
    expect(recent).toEqual({ reviewCount: 0, averageRating: null, leadership: null, tactics: null, communication: null, fairness: null });
  });
});

describe('GET /api/officers/{id}/trend', () => {
  it('lists the twelve months oldest first, empty ones with 0 reviews and a null average', async () => {
    const officer = await createOfficer(ctx.db, { regimentId: regiment.id });
    const { since, until } = lastUtcMonths(new Date(clock));
    const months = lastMonths(new Date(clock), 12);
    await reviewAt(officer.id, ms(since, -1), all(1)); // the month before the first: out
    await reviewAt(officer.id, since, all(4));
    const fourthMonth = new Date(Date.UTC(since.getUTCFullYear(), since.getUTCMonth() + 3, 15));
    await reviewAt(officer.id, fourthMonth, all(3));
    await reviewAt(officer.id, ms(fourthMonth, 3_600_000), { leadership: 5, tactics: 4, communication: 5, fairness: 4 }); // overall 4.5
    await reviewAt(officer.id, ms(until, -86_400_000 * 40), all(2)); // some day of last month or the one before

    const trend = await getJson<OfficerTrend>(`/api/officers/${officer.id}/trend`);
    expect(trend.map((m) => m.month)).toEqual(months);
    expect(trend[0]).toEqual({ month: months[0], reviewCount: 1, averageRating: 4 });
    expect(trend[3]).toEqual({ month: months[3], reviewCount: 2, averageRating: 3.75 });
    expect(trend.filter((m) => m.reviewCount === 0)).toHaveLength(9);
    expect(trend.filter((m) => m.reviewCount === 0).every((m) => m.averageRating === null)).toBe(true);
    expect(trend).toEqual((await recomputed(officer.id)).trend);
  });

  it("answers 404 with the officer call's message for a missing or hidden officer, and 400 for a bad id", async () => {
    const hidden = await createOfficer(ctx.db, { regimentId: regiment.id, isActive: false });
    for (const id of [hidden.id, 2_000_000_000]) {
      const officerAnswer = await ctx.app.inject({ method: 'GET', url: `/api/officers/${id}` });
      const trendAnswer = await ctx.app.inject({ method: 'GET', url: `/api/officers/${id}/trend` });
      expect([officerAnswer.statusCode, trendAnswer.statusCode]).toEqual([404, 404]);
      expect(trendAnswer.json().message).toBe(officerAnswer.json().message);
    }
    expect((await ctx.app.inject({ method: 'GET', url: '/api/officers/abc/trend' })).statusCode).toBe(400);
  });
});

describe('the kept answers and time', () => {
  it('serves the kept answers until the next UTC midnight, then computes them on the moved windows', async () => {
    const officer = await createOfficer(ctx.db, { regimentId: regiment.id });
    const { since } = lastUtcDays(new Date(clock));
    await reviewAt(officer.id, since, all(5)); // leaves the 90 days at the next midnight
    await reviewAt(officer.id, ms(since, 86_400_000), all(3));
    const officerUrl = `/api/officers/${officer.id}`;
    const trendUrl = `/api/officers/${officer.id}/trend`;
    expect((await getJson<OfficerDetail>(officerUrl)).recent).toMatchObject({ reviewCount: 2, averageRating: 4 });
    const trendToday = await getJson<OfficerTrend>(trendUrl);

    // A review written behind the cache's back: a kept answer does not show it...
    await reviewAt(officer.id, ms(since, 2 * 86_400_000), all(1));
    clock = nextUtcMidnight(startedAt) - 1;
    expect((await getJson<OfficerDetail>(officerUrl)).recent).toMatchObject({ reviewCount: 2, averageRating: 4 });
    // ...until midnight, when the window has moved past the 5-star review.
    clock = nextUtcMidnight(startedAt);
    expect((await getJson<OfficerDetail>(officerUrl)).recent).toMatchObject({ reviewCount: 2, averageRating: 2 });
    // The trend's months move on the 1st; its kept answer is let go at every midnight.
    clock = lastUtcMonths(new Date(startedAt)).until.getTime();
    const trendNextMonth = await getJson<OfficerTrend>(trendUrl);
    expect(trendNextMonth.map((m) => m.month)).toEqual([...trendToday.map((m) => m.month).slice(1), trendNextMonth[11]!.month]);
    expect(trendNextMonth).toEqual((await recomputed(officer.id)).trend);
  });
});
