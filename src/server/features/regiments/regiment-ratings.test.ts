/**
 * GET /api/regiments/{id}/ratings (issue 36, item 2: the comparison): a regiment's category averages
 * and its figures of the last 90 UTC days, from the reviews that count toward its average (its
 * active officers', held ones out), on a pinned clock.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RegimentDetail, RegimentRatings } from '#core/api.js';
import { lastUtcDays } from '#core/rating-math.js';
import { createTestContext, type TestContext } from '#server/test/app.js';
import { createOfficer, createRegiment, createReview, createUser } from '#server/test/fixtures.js';

let ctx: TestContext;
const clock = Date.now();

beforeAll(async () => {
  ctx = await createTestContext({}, { now: () => clock });
});
afterAll(() => ctx.close());

let userCounter = 0;
async function reviewAt(
  officerId: number,
  createdAt: Date,
  ratings: { leadership: number; tactics: number; communication: number; fairness: number },
  held = false,
) {
  userCounter += 1;
  const user = await createUser(ctx.db, { steamId: '7656119' + String(900_000 + userCounter).padStart(10, '0') });
  return createReview(ctx.db, { userId: user.id, officerId, createdAt, held, ...ratings });
}

const ms = (date: Date, offset: number) => new Date(date.getTime() + offset);

describe('GET /api/regiments/{id}/ratings', () => {
  it("averages each category over its active officers' counted reviews, and the last 90 days apart", async () => {
    const regiment = await createRegiment(ctx.db, { name: 'Compared Rifles', sideId: 1 });
    const first = await createOfficer(ctx.db, { regimentId: regiment.id });
    const second = await createOfficer(ctx.db, { regimentId: regiment.id });
    const gone = await createOfficer(ctx.db, { regimentId: regiment.id, isActive: false });
    const { since } = lastUtcDays(new Date(clock));
    await reviewAt(first.id, ms(since, -1), { leadership: 1, tactics: 1, communication: 1, fairness: 1 }); // before the window
    await reviewAt(first.id, ms(since, 3_600_000), { leadership: 4, tactics: 3, communication: 5, fairness: 2 });
    await reviewAt(second.id, ms(since, 86_400_000), { leadership: 5, tactics: 4, communication: 5, fairness: 4 });
    // Neither counts toward the regiment's figures: a held review, and an inactive officer's.
    await reviewAt(second.id, ms(since, 86_400_000), { leadership: 1, tactics: 1, communication: 1, fairness: 1 }, true);
    await reviewAt(gone.id, ms(since, 86_400_000), { leadership: 1, tactics: 1, communication: 1, fairness: 1 });

    const answer = await ctx.app.inject({ method: 'GET', url: `/api/regiments/${regiment.id}/ratings` });
    expect(answer.statusCode).toBe(200);
    const ratings = answer.json<RegimentRatings>();
    expect(ratings).toEqual({
      leadershipRating: 3.33,
      tacticsRating: 2.67,
      communicationRating: 3.67,
      fairnessRating: 2.33,
      recent: { reviewCount: 2, averageRating: 4, leadership: 4.5, tactics: 3.5, communication: 5, fairness: 3 },
      // Overall 1, 3.5 and 4.5: one review each under 1, 4 (half stars round up) and 5 stars.
      distribution: { overall: [1, 0, 0, 1, 1] },
    });
    // The same reviews as the regiment's own average: (1 + 3.5 + 4.5) / 3.
    const detail = (await ctx.app.inject({ method: 'GET', url: `/api/regiments/${regiment.id}` })).json<RegimentDetail>();
    expect(detail).toMatchObject({ averageRating: 3, reviewCount: 3 });
  });

  it('answers a regiment without reviews with no ratings, and an inactive or missing one with 404', async () => {
    const quiet = await createRegiment(ctx.db, { name: 'Quiet Guards', sideId: 2 });
    const answer = await ctx.app.inject({ method: 'GET', url: `/api/regiments/${quiet.id}/ratings` });
    expect(answer.json<RegimentRatings>()).toEqual({
      leadershipRating: null,
      tacticsRating: null,
      communicationRating: null,
      fairnessRating: null,
      recent: { reviewCount: 0, averageRating: null, leadership: null, tactics: null, communication: null, fairness: null },
      distribution: { overall: [0, 0, 0, 0, 0] },
    });
    const hidden = await createRegiment(ctx.db, { name: 'Hidden Guards', sideId: 2, isActive: false });
    for (const url of [`/api/regiments/${hidden.id}/ratings`, '/api/regiments/2147483647/ratings']) {
      const missing = await ctx.app.inject({ method: 'GET', url });
      expect(missing.statusCode, url).toBe(404);
      expect(missing.json()).toMatchObject({ code: 'NOT_FOUND', message: 'Regiment not found' });
    }
    expect((await ctx.app.inject({ method: 'GET', url: '/api/regiments/abc/ratings' })).statusCode).toBe(400);
  });
});
