/**
 * Follows through the real API (issue 36, item 1): following and unfollowing, what reaches a
 * follower's bell (a counted review of a followed officer or of any officer of a followed regiment,
 * an officer's reply, a regiment's new officer; a held review only once released; never one's own
 * review), and the digest: one mail for several reviews, once whichever process sweeps, with the
 * mails caught by a real SMTP server.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Follow, FollowList } from '#core/follows.js';
import { followMessages } from '#core/messages/follows.js';
import { MSG } from '#core/messages.js';
import { DEFAULT_WAVE_THRESHOLDS } from '#core/review-waves.js';
import type { NotificationPage } from '#core/schemas/notifications.js';
import { outbox, users } from '#server/platform/db/schema.js';
import { createTestContext, signedInClient, testConfig, type TestClient, type TestContext } from '#server/test/app.js';
import { createOfficer, createRegiment, createReview, createUser, type OfficerRow } from '#server/test/fixtures.js';
import { Mailbox } from '#server/test/mailbox.js';

const PUBLIC_URL = 'http://ratings.test:3000';
const DAY = 24 * 3_600_000;
let ctx: TestContext;
let admin: TestClient;
const mailbox = new Mailbox();
let steamCounter = 0;
let reviewNumber = 0;

beforeAll(async () => {
  const generous = { limit: 1000, windowMs: 60_000 };
  ctx = await createTestContext({
    smtpUrl: await mailbox.start(),
    publicUrl: PUBLIC_URL,
    waveThresholds: DEFAULT_WAVE_THRESHOLDS,
    rateLimits: { ...testConfig().rateLimits, reviewWrite: generous },
    // A review's news waits to settle (a wave found by the reviews after it may hold it); the
    // tests let the settling pass when they choose (followedNewsOf).
    discordWebhooks: { ...testConfig().discordWebhooks, settleMs: 3_600_000 },
  });
  admin = (await signedInClient(ctx, { isAdmin: true })).client;
});
afterAll(async () => {
  await ctx.close();
  await mailbox.stop();
});

const member = () => signedInClient(ctx, { steamId: '7656118' + String(++steamCounter).padStart(10, '0') });

const reviewOf = (officerId: number, rating = 4) => ({
  text: `Review ${++reviewNumber}: rated ${rating} after tonight's match.`,
  leadership: rating,
  tactics: rating,
  communication: rating,
  fairness: rating,
  officerId,
});

async function follow(client: TestClient, body: object): Promise<Follow> {
  const response = await client.post('/api/follows', body);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Follow>();
}

async function postReview(client: TestClient, officerId: number, rating = 4): Promise<number> {
  const response = await client.post('/api/reviews', reviewOf(officerId, rating));
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ id: number }>().id;
}

/** The follower's bell: the followed news, oldest first, once the settling has passed and every queued fan-out has run. */
async function followedNewsOf(client: TestClient): Promise<string[]> {
  await ctx.db
    .update(outbox)
    .set({ availableAt: sql`now()` })
    .where(eq(outbox.kind, 'follower-news'));
  await ctx.app.outbox.idle();
  const response = await client.get('/api/notifications');
  expect(response.statusCode).toBe(200);
  return response
    .json<NotificationPage>()
    .notifications.filter((n) => n.kind === 'followed_activity')
    .map((n) => n.message)
    .reverse();
}

/** An officer with a steady 4.5 from ten established reviewers over the last month (a wave stands out against it). */
async function steadyOfficer(): Promise<OfficerRow> {
  const regiment = await createRegiment(ctx.db);
  const officer = await createOfficer(ctx.db, { regimentId: regiment.id });
  for (let i = 0; i < 10; i++) {
    const author = await createUser(ctx.db, { createdAt: new Date(Date.now() - 400 * DAY) });
    const at = new Date(Date.now() - (3 + i * 2) * DAY);
    await createReview(ctx.db, { userId: author.id, officerId: officer.id, rating: 4.5, createdAt: at, updatedAt: at });
  }
  return officer;
}

describe('following', () => {
  it('follows an officer or a regiment once, lists them, and refuses what is not exactly one known target', async () => {
    const regiment = await createRegiment(ctx.db, { name: 'Iron Brigade' });
    const officer = await createOfficer(ctx.db, { regimentId: regiment.id, name: 'John Gibbon', rank: 'Col.' });
    const { client } = await member();

    const first = await follow(client, { officerId: officer.id });
    expect(first.target).toEqual({ type: 'officer', id: officer.id, name: 'John Gibbon', rank: 'Col.', regimentName: 'Iron Brigade' });
    // Following twice is one follow: the answer is the same.
    expect((await follow(client, { officerId: officer.id })).id).toBe(first.id);
    const second = await follow(client, { regimentId: regiment.id });
    expect(second.target).toEqual({ type: 'regiment', id: regiment.id, name: 'Iron Brigade' });

    const list = await client.get('/api/users/me/follows');
    expect(list.statusCode).toBe(200);
    expect(list.headers['cache-control']).toContain('no-store');
    expect(list.json<FollowList>().follows.map((f) => f.id)).toEqual([second.id, first.id]);

    for (const body of [{}, { officerId: officer.id, regimentId: regiment.id }, { officerId: 'one' }, { officerId: -1 }, { userId: 1 }]) {
      const refused = await client.post('/api/follows', body);
      expect(refused.statusCode, JSON.stringify(body)).toBe(400);
      expect(refused.json<{ message: string }>().message).toContain(followMessages.targetRequired);
    }
    expect((await client.post('/api/follows', { officerId: 999_999 })).statusCode).toBe(404);
    expect((await client.post('/api/follows', { regimentId: 999_999 })).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/users/me/follows' })).statusCode).toBe(401);
  });

  it("unfollows one's own follow, and cannot touch someone else's", async () => {
    const regiment = await createRegiment(ctx.db);
    const { client: mine } = await member();
    const { client: other } = await member();
    const followed = await follow(mine, { regimentId: regiment.id });

    expect((await other.write('DELETE', `/api/follows/${followed.id}`)).statusCode).toBe(404);
    expect((await mine.get('/api/users/me/follows')).json<FollowList>().follows.map((f) => f.id)).toEqual([followed.id]);

    const removed = await mine.write('DELETE', `/api/follows/${followed.id}`);
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ id: followed.id });
    expect((await mine.get('/api/users/me/follows')).json<FollowList>().follows).toEqual([]);
    expect((await mine.write('DELETE', `/api/follows/${followed.id}`)).statusCode).toBe(404);
  });
});

describe('what reaches a follower', () => {
  it("a regiment's follower hears of a new counted review of any of its officers; the reviewer never hears of their own", async () => {
    const regiment = await createRegiment(ctx.db, { name: 'Bucktails' });
    const officer = await createOfficer(ctx.db, { regimentId: regiment.id, name: 'Hugh McNeil' });
    const { client: follower } = await member();
    const reviewer = await member();
    await follow(follower, { regimentId: regiment.id });
    await follow(reviewer.client, { officerId: officer.id });

    await postReview(reviewer.client, officer.id);

    expect(await followedNewsOf(follower)).toEqual([followMessages.followedReview(reviewer.username, 'Hugh McNeil')]);
    expect(await followedNewsOf(reviewer.client)).toEqual([]);
  });

  it('an unfollowed officer reaches nobody', async () => {
    const regiment = await createRegiment(ctx.db);
    const officer = await createOfficer(ctx.db, { regimentId: regiment.id });
    const { client: follower } = await member();
    const followed = await follow(follower, { officerId: officer.id });
    expect((await follower.write('DELETE', `/api/follows/${followed.id}`)).statusCode).toBe(200);

    await postReview((await member()).client, officer.id);
    expect(await followedNewsOf(follower)).toEqual([]);
  });

  it("a held review and the officer's reply to it reach nobody; released, they reach the followers then", async () => {
    const officer = await steadyOfficer();
    const officerAccount = await member();
    await ctx.db.update(users).set({ isOfficer: true, officerId: officer.id }).where(eq(users.id, officerAccount.userId));
    const { client: follower } = await member();
    await follow(follower, { regimentId: officer.regimentId });

    // Six fresh accounts post one-star reviews at once: a wave, held.
    const wave = await Promise.all(Array.from({ length: 6 }, () => member()));
    const reviewIds: number[] = [];
    for (const { client } of wave) reviewIds.push(await postReview(client, officer.id, 1));
    const reply = await officerAccount.client.write('PUT', `/api/reviews/${reviewIds[0]}/reply`, { text: 'Come and see a drill night.' });
    expect(reply.statusCode, reply.body).toBe(200);
    expect(await followedNewsOf(follower)).toEqual([]);

    const { waves } = (await admin.get('/api/admin/waves')).json<{ waves: Array<{ id: number; officer: { id: number }; status: string }> }>();
    const open = waves.find((w) => w.officer.id === officer.id && w.status === 'open')!;
    const released = await admin.post(`/api/admin/waves/${open.id}/release`);
    expect(released.statusCode, released.body).toBe(200);

    const news = await followedNewsOf(follower);
    expect(news).toHaveLength(7);
    expect(news).toEqual(
      expect.arrayContaining([
        ...wave.map(({ username }) => followMessages.followedReview(username, officer.name)),
        followMessages.followedReply(officer.name),
      ]),
    );
  });

  it("an officer's reply and a regiment's new officer reach the followers", async () => {
    const regiment = await createRegiment(ctx.db, { name: 'Black Hats' });
    const officer = await createOfficer(ctx.db, { regimentId: regiment.id, name: 'Lysander Cutler' });
    const officerAccount = await member();
    await ctx.db.update(users).set({ isOfficer: true, officerId: officer.id }).where(eq(users.id, officerAccount.userId));
    const { client: follower } = await member();
    await follow(follower, { officerId: officer.id });
    const reviewId = await postReview((await member()).client, officer.id);

    expect(
      (await officerAccount.client.write('PUT', `/api/reviews/${reviewId}/reply`, { text: 'Thank you, we drill on Wednesdays.' })).statusCode,
    ).toBe(200);
    const news = await followedNewsOf(follower);
    expect(news).toHaveLength(2);
    expect(news).toContain(followMessages.followedReply('Lysander Cutler'));

    const { client: regimentFollower } = await member();
    await follow(regimentFollower, { regimentId: regiment.id });
    const { client: requester } = await member();
    const request = await requester.post('/api/officers/register', { name: 'Rufus Dawes', rank: 'Maj.', regimentId: regiment.id });
    expect(request.statusCode, request.body).toBe(201);
    const requestId = request.json<{ registration: { id: number } }>().registration.id;
    expect((await admin.post(`/api/admin/registrations/officers/${requestId}/approve`, {})).statusCode).toBe(200);
    expect(await followedNewsOf(regimentFollower)).toEqual([followMessages.followedNewOfficer('Rufus Dawes', 'Black Hats')]);
  });
});

describe('the digest', () => {
  it('is one mail for several reviews, sent once whichever process sweeps, and its unsubscribe link turns it off', async () => {
    const regiment = await createRegiment(ctx.db, { name: 'Irish Brigade' });
    const officers = [
      await createOfficer(ctx.db, { regimentId: regiment.id, name: 'Thomas Meagher' }),
      await createOfficer(ctx.db, { regimentId: regiment.id, name: 'Patrick Kelly' }),
    ];
    const follower = await member();
    const settings = await follower.client.write('PUT', '/api/users/me/settings', { hideLevel: false, digest: 'daily' });
    expect(settings.statusCode, settings.body).toBe(200);
    expect(settings.json<{ digest: string }>().digest).toBe('daily');
    await follow(follower.client, { regimentId: regiment.id });
    const reviewers = [await member(), await member(), await member()];
    await postReview(reviewers[0]!.client, officers[0]!.id);
    await postReview(reviewers[1]!.client, officers[0]!.id);
    await postReview(reviewers[2]!.client, officers[1]!.id);
    expect(await followedNewsOf(follower.client)).toHaveLength(3);
    const before = mailbox.messages.length;

    // Not due during the day the news came: the period has not ended.
    expect(await ctx.app.sweepFollowDigests(new Date())).toBe(0);
    // The next day: one digest; a second process sweeping the same period queues nothing more.
    const tomorrow = new Date(Date.now() + DAY);
    expect(await ctx.app.sweepFollowDigests(tomorrow)).toBeGreaterThanOrEqual(1);
    expect(await ctx.app.sweepFollowDigests(tomorrow)).toBe(0);
    await ctx.app.outbox.idle();

    const mails = mailbox.messages.slice(before).filter((m) => m.to.includes(follower.email));
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail.subject).toBe(followMessages.digestSubject(3, 'daily'));
    for (const [i, reviewer] of reviewers.entries()) {
      expect(mail.decoded).toContain(followMessages.followedReview(reviewer.username, officers[i === 2 ? 1 : 0]!.name));
    }
    expect(mail.decoded).toContain(`${PUBLIC_URL}/following`);

    // The mail's one-click unsubscribe (RFC 8058) turns the digest off.
    const unsubscribe = /^List-Unsubscribe: <([^>]+)>/im.exec(mail.raw.replace(/\r?\n[ \t]+/g, ' '))?.[1];
    expect(unsubscribe).toBeDefined();
    const url = new URL(unsubscribe!);
    const done = await ctx.app.inject({ method: 'POST', url: `${url.pathname}${url.search}` });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json<{ message: string }>().message).toBe(MSG.notifications.unsubscribed(followMessages.mailKindFollowedActivity));
    expect((await follower.client.get('/api/users/me/settings')).json<{ digest: string }>().digest).toBe('off');
  });
});
