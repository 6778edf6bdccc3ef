/**
 * Due process end to end through the API (issue 33): every kind of staff action gives its user a
 * statement of reasons (a notification and a mail through the outbox), bans and suspensions are
 * told and complete, one appeal per action decided by someone else, a reversal puts a removed review
 * back with the figures it had, and the public log and transparency report say what happened without
 * anything of the person it happened to.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AuthStatus, ModerationLog, Standing, StandingAction, TransparencyReport } from '#core/api.js';
import { MSG } from '#core/messages.js';
import { MODERATION_GROUNDS } from '#core/moderation.js';
import { findAggregateDifferences } from '#server/domain/figures/reconcile.js';
import { sweepModeration } from '#server/domain/moderation/housekeeping.js';
import {
  appeals,
  moderationActions,
  notifications,
  officers,
  outbox,
  regimentRegistrations,
  regiments,
  removedContent,
  reviewFlags,
  reviewReplies,
  reviewWaves,
  reviews,
  users,
} from '#server/platform/db/schema.js';
import { createTestContext, signedInClient, TestClient, type TestContext } from '#server/test/app.js';
import { createOfficer, createRegiment, createReview, createVotes } from '#server/test/fixtures.js';

type Signed = Awaited<ReturnType<typeof signedInClient>>;

let ctx: TestContext;
let admin: Signed;
let secondAdmin: Signed;
let moderator: Signed;
let steamCounter = 0;

const REASONS = { ground: 'harassment', facts: 'Called the officer a coward and named his real town.' } as const;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await signedInClient(ctx, { isAdmin: true });
  secondAdmin = await signedInClient(ctx, { isAdmin: true });
  moderator = await signedInClient(ctx, { role: 'moderator' });
  // The mails stay queued where the tests can see them (the outbox's own tests deliver them).
  await ctx.app.outbox.stop();
});
afterAll(() => ctx.close());
afterEach(() => vi.useRealTimers());

function nextSteamId(): string {
  steamCounter += 1;
  return '7656119' + String(900_000 + steamCounter).padStart(10, '0');
}

async function member(): Promise<Signed> {
  return signedInClient(ctx, { steamId: nextSteamId() });
}

async function officerWithRegiment(name: string) {
  const regiment = await createRegiment(ctx.db, { name: `${name} Regiment` });
  const officer = await createOfficer(ctx.db, { regimentId: regiment.id, name });
  return { regiment, officer };
}

async function standingOf(client: TestClient): Promise<StandingAction[]> {
  const response = await client.get('/api/users/me/standing');
  expect(response.statusCode).toBe(200);
  return response.json<Standing>().actions;
}

/** The user's statement notifications, and the mails queued for them. */
async function toldOf(userId: number) {
  const told = await ctx.db
    .select({ id: notifications.id, data: notifications.data })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.kind, 'moderation_action')));
  const mails = await ctx.db.select({ payload: outbox.payload }).from(outbox).where(eq(outbox.kind, 'notification-mail'));
  const mailed = new Set(mails.map((mail) => Number(mail.payload.notificationId)));
  return told.map((row) => ({ ...row.data, mailed: mailed.has(row.id) }));
}

function expectFullStatement(action: StandingAction, kind: StandingAction['kind'], reasons: { ground: string; facts: string } = REASONS) {
  expect(action).toMatchObject({ kind, ground: reasons.ground, facts: reasons.facts, automated: false, appeal: null, reversed: false });
  expect(typeof action.id).toBe('number');
  expect(Date.parse(action.createdAt)).not.toBeNaN();
  // The appeal window: 30 days (the test config's APPEAL_WINDOW_DAYS) from the action.
  expect(Date.parse(action.appealableUntil) - Date.parse(action.createdAt)).toBe(30 * 24 * 60 * 60 * 1000);
  expect(action.subject.length).toBeGreaterThan(0);
}

/** Every stored figure an officer page shows, and its review's, to compare before and after. */
async function figuresOf(officerId: number) {
  const [officer] = await ctx.db.select().from(officers).where(eq(officers.id, officerId));
  const [regiment] = await ctx.db.select().from(regiments).where(eq(regiments.id, officer!.regimentId));
  const officerReviews = await ctx.db.select().from(reviews).where(eq(reviews.officerId, officerId)).orderBy(reviews.position);
  return { officer, regiment, reviews: officerReviews };
}

describe('statements of reasons', () => {
  it('lists the grounds, and refuses an unknown one with 400', async () => {
    const grounds = await ctx.app.inject({ method: 'GET', url: '/api/moderation/grounds' });
    expect(grounds.json()).toEqual(MODERATION_GROUNDS.map(({ code, label }) => ({ code, label })));
    const { officer } = await officerWithRegiment('Grounds Officer');
    const author = await member();
    const review = await createReview(ctx.db, { userId: author.userId, officerId: officer.id });
    const response = await moderator.client.write('DELETE', `/api/reviews/${review.id}`, { ground: 'rudeness', facts: 'x' });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain(MSG.moderation.unknownGround);
    expect(await ctx.db.select({ id: reviews.id }).from(reviews).where(eq(reviews.id, review.id))).toHaveLength(1);
  });

  it("a moderator's review removal: the author's statement, notification and mail; the review kept, hidden and counted nowhere", async () => {
    const { officer } = await officerWithRegiment('Removal Officer');
    const author = await member();
    const review = await createReview(ctx.db, { userId: author.userId, officerId: officer.id, rating: 1 });
    const response = await moderator.client.write('DELETE', `/api/reviews/${review.id}`, REASONS);
    expect(response.statusCode).toBe(200);

    const [statement] = await standingOf(author.client);
    expectFullStatement(statement!, 'review_removal');
    expect(statement!.subject).toBe(`your review of ${officer.rank} ${officer.name}`);
    expect(await toldOf(author.userId)).toEqual([
      expect.objectContaining({ actionId: statement!.id, kind: 'review_removal', ground: 'harassment', mailed: true }),
    ]);
    expect(await ctx.db.select().from(reviews).where(eq(reviews.id, review.id))).toEqual([]);
    expect(await ctx.db.select({ id: removedContent.actionId }).from(removedContent).where(eq(removedContent.actionId, statement!.id))).toHaveLength(
      1,
    );
    const [after] = await ctx.db.select({ reviewCount: officers.reviewCount }).from(officers).where(eq(officers.id, officer.id));
    expect(after!.reviewCount).toBe(0);
  });

  it("the spec's call without a body still removes, with a statement that says no ground was given, and the flags as its facts", async () => {
    const { officer } = await officerWithRegiment('Bodyless Officer');
    const author = await member();
    const flagger = await member();
    const review = await createReview(ctx.db, { userId: author.userId, officerId: officer.id });
    expect((await flagger.client.post(`/api/reviews/${review.id}/flag`, { reason: 'Insults the officer.' })).statusCode).toBe(201);
    expect((await admin.client.write('DELETE', `/api/reviews/${review.id}`)).statusCode).toBe(200);
    const [statement] = await standingOf(author.client);
    expect(statement).toMatchObject({ kind: 'review_removal', ground: 'terms', facts: 'Readers flagged it: Insults the officer.' });
    const [flag] = await ctx.db
      .select({ status: reviewFlags.status, decidedAt: reviewFlags.decidedAt })
      .from(reviewFlags)
      .where(eq(reviewFlags.userId, flagger.userId));
    expect(flag!.status).toBe('upheld');
    expect(flag!.decidedAt).not.toBeNull();
  });

  it('a reply removal, a wave removal, a suspension, a ban and a registration rejection each give one', async () => {
    const { officer, regiment } = await officerWithRegiment('Many Officer');
    const replier = await member();
    await ctx.db.update(users).set({ isOfficer: true, officerId: officer.id }).where(eq(users.id, replier.userId));
    const reviewer = await member();
    const review = await createReview(ctx.db, { userId: reviewer.userId, officerId: officer.id });
    await ctx.db.insert(reviewReplies).values({ reviewId: review.id, userId: replier.userId, text: 'You were never there.' });
    expect((await moderator.client.write('DELETE', `/api/reviews/${review.id}/reply`, REASONS)).statusCode).toBe(200);
    expectFullStatement((await standingOf(replier.client))[0]!, 'reply_removal');

    const [wave] = await ctx.db
      .insert(reviewWaves)
      .values({ officerId: officer.id, detections: [], fromAt: new Date(), toAt: new Date() })
      .returning();
    const raider = await member();
    const held = await createReview(ctx.db, {
      userId: raider.userId,
      officerId: officer.id,
      held: true,
      waveId: wave!.id,
      holdReasons: ['fresh-accounts'],
    });
    const manipulation = { ground: 'manipulation', facts: 'One of six new accounts that rated him 1 star within the hour.' };
    expect((await moderator.client.post(`/api/admin/waves/${wave!.id}/reviews/${held.id}/remove`, manipulation)).statusCode).toBe(200);
    expectFullStatement((await standingOf(raider.client))[0]!, 'wave_removal', manipulation);

    const suspended = await member();
    const suspension = await moderator.client.write('PATCH', `/api/admin/users/${suspended.userId}/suspend`, { days: 7, ...REASONS });
    expect(suspension.statusCode).toBe(200);
    const [suspensionStatement] = await standingOf(suspended.client);
    expectFullStatement(suspensionStatement!, 'suspension');
    expect(suspensionStatement!.endsAt).toBe(suspension.json().until);

    const banned = await member();
    expect((await admin.client.write('PATCH', `/api/admin/users/${banned.userId}/ban`, REASONS)).statusCode).toBe(200);
    expectFullStatement((await standingOf(banned.client))[0]!, 'ban');

    const requester = await member();
    const [registration] = await ctx.db
      .insert(regimentRegistrations)
      .values({ userId: requester.userId, name: `Phantom ${regiment.id}`, sideId: 1 })
      .returning();
    const rejection = { notes: 'Not on the servers.', ground: 'false-registration', facts: 'No regiment of that name has played since 2023.' };
    expect((await admin.client.post(`/api/admin/registrations/regiments/${registration!.id}/reject`, rejection)).statusCode).toBe(200);
    expectFullStatement((await standingOf(requester.client))[0]!, 'registration_rejection', rejection);

    for (const who of [replier, raider, suspended, banned, requester]) {
      expect(await toldOf(who.userId), `user ${who.username}`).toEqual([expect.objectContaining({ mailed: true })]);
    }
  });

  it('a moderator may not ban for good, nor suspend staff', async () => {
    const target = await member();
    expect((await moderator.client.write('PATCH', `/api/admin/users/${target.userId}/ban`, REASONS)).statusCode).toBe(403);
    const staff = await moderator.client.write('PATCH', `/api/admin/users/${secondAdmin.userId}/suspend`, { days: 1, ...REASONS });
    expect(staff.statusCode).toBe(403);
    expect(staff.json().message).toBe(MSG.staff.cannotSuspendStaff);
  });
});

describe('bans and suspensions', () => {
  it('tell the banned user why at the next sign-in, keep their reading and appeal, and refuse registrations and uploads', async () => {
    const target = await member();
    expect((await admin.client.write('PATCH', `/api/admin/users/${target.userId}/ban`, REASONS)).statusCode).toBe(200);
    // Not signed out in silence: the open session learns it at once.
    const status = (await target.client.get('/api/auth/status')).json<AuthStatus>();
    expect(status.user).toMatchObject({
      isBanned: true,
      restriction: { kind: 'ban', ground: 'harassment', facts: REASONS.facts, endsAt: null, appealed: false },
    });

    const again = new TestClient(ctx.app);
    const login = await again.post('/api/auth/login', { email: target.email, password: 'correct horse battery' });
    expect(login.statusCode).toBe(200);
    expect(login.json().user.restriction).toMatchObject({ kind: 'ban', ground: 'harassment', facts: REASONS.facts });

    const register = await again.post('/api/regiments/register', {
      name: 'Banned Men',
      description: null,
      sideId: 1,
      bannerImageUrl: null,
      iconImageUrl: null,
    });
    expect(register.statusCode).toBe(403);
    expect(register.json().message).toBe(MSG.account.suspended);
    const { officer } = await officerWithRegiment('Banned Reader');
    expect((await again.get(`/api/officers/${officer.id}`)).statusCode).toBe(200);
    const [statement] = await standingOf(again);
    expect((await again.post('/api/appeals', { actionId: statement!.id, text: 'I was quoting someone else, see the thread.' })).statusCode).toBe(201);
    expect((await again.get('/api/auth/status')).json<AuthStatus>().user?.restriction?.appealed).toBe(true);
  });

  it('a suspension ends by itself at its end date (fake clock), and the sweep clears it', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-06-01T12:00:00Z'));
    const target = await member();
    expect((await moderator.client.write('PATCH', `/api/admin/users/${target.userId}/suspend`, { days: 2, ...REASONS })).statusCode).toBe(200);
    const during = (await target.client.get('/api/auth/status')).json<AuthStatus>();
    expect(during.user).toMatchObject({ isBanned: true, restriction: { kind: 'suspension', endsAt: '2026-06-03T12:00:00.000Z' } });
    const { officer } = await officerWithRegiment('Suspension Officer');
    const review = { text: 'Back to reviewing after the break.', leadership: 4, tactics: 4, communication: 4, fairness: 4, officerId: officer.id };
    expect((await target.client.post('/api/reviews', review)).statusCode).toBe(403);

    vi.setSystemTime(new Date('2026-06-03T12:00:01Z'));
    const after = (await target.client.get('/api/auth/status')).json<AuthStatus>();
    expect(after.user?.isBanned).toBe(false);
    expect(after.user?.restriction).toBeUndefined();
    expect((await target.client.post('/api/reviews', review)).statusCode).toBe(201);
    expect((await sweepModeration(ctx.db)).suspensionsEnded).toBeGreaterThanOrEqual(1);
    const [row] = await ctx.db.select({ isBanned: users.isBanned, bannedUntil: users.bannedUntil }).from(users).where(eq(users.id, target.userId));
    expect(row).toEqual({ isBanned: false, bannedUntil: null });
  });
});

describe('appeals', () => {
  it('one per action, within the window, only by the user it affected', async () => {
    const { officer } = await officerWithRegiment('Appeal Rules Officer');
    const author = await member();
    const review = await createReview(ctx.db, { userId: author.userId, officerId: officer.id });
    await moderator.client.write('DELETE', `/api/reviews/${review.id}`, REASONS);
    const [statement] = await standingOf(author.client);
    const stranger = await member();
    const theirs = await stranger.client.post('/api/appeals', { actionId: statement!.id, text: 'Not mine but I object.' });
    expect(theirs.statusCode).toBe(403);
    expect(theirs.json().message).toBe(MSG.moderation.appealNotYours);
    expect((await author.client.post('/api/appeals', { actionId: statement!.id, text: 'short' })).statusCode).toBe(400);
    const openBefore = (await moderator.client.get('/api/admin/moderation')).json().openAppeals;
    expect((await author.client.post('/api/appeals', { actionId: statement!.id, text: 'It was about his orders, not him.' })).statusCode).toBe(201);
    // The moderators' dashboard counts it among the appeals waiting.
    expect((await moderator.client.get('/api/admin/moderation')).json().openAppeals).toBe(openBefore + 1);
    const second = await author.client.post('/api/appeals', { actionId: statement!.id, text: 'Once more, with feeling.' });
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe(MSG.moderation.appealExists);

    const late = await member();
    const lateReview = await createReview(ctx.db, { userId: late.userId, officerId: officer.id });
    await moderator.client.write('DELETE', `/api/reviews/${lateReview.id}`, REASONS);
    const [lateStatement] = await standingOf(late.client);
    await ctx.db
      .update(moderationActions)
      .set({ appealableUntil: new Date(Date.now() - 1000) })
      .where(eq(moderationActions.id, lateStatement!.id));
    const closed = await late.client.post('/api/appeals', { actionId: lateStatement!.id, text: 'I was away for two months.' });
    expect(closed.statusCode).toBe(403);
    expect(closed.json().message).toBe(MSG.moderation.appealWindowClosed);
  });

  it('refused to the staff member who acted; reversed by another, the review is back with the figures it had', async () => {
    const { officer } = await officerWithRegiment('Reversal Officer');
    const others = [await member(), await member()];
    await createReview(ctx.db, { userId: others[0]!.userId, officerId: officer.id, rating: 4 });
    const author = await member();
    const review = await createReview(ctx.db, { userId: author.userId, officerId: officer.id, rating: 2 });
    await createReview(ctx.db, { userId: others[1]!.userId, officerId: officer.id, rating: 5 });
    await createVotes(ctx.db, review.id, 3, 1);
    await ctx.db.insert(reviewReplies).values({ reviewId: review.id, userId: null, text: 'We disagree, respectfully.' });
    // An edit, so the review has a version in its history to put back.
    expect(
      (
        await author.client.write('PUT', `/api/reviews/${review.id}`, {
          text: 'Slow to give orders, and unclear.',
          leadership: 2,
          tactics: 2,
          communication: 2,
          fairness: 2,
          officerId: officer.id,
        })
      ).statusCode,
    ).toBe(200);
    const before = await figuresOf(officer.id);

    expect((await moderator.client.write('DELETE', `/api/reviews/${review.id}`, REASONS)).statusCode).toBe(200);
    expect((await figuresOf(officer.id)).officer!.reviewCount).toBe(2);
    const [statement] = await standingOf(author.client);
    const appeal = (await author.client.post('/api/appeals', { actionId: statement!.id, text: 'It is about his orders in game.' })).json().appeal;

    const list = (await moderator.client.get('/api/admin/appeals')).json().appeals;
    expect(list.find((a: { id: number }) => a.id === appeal.id)).toMatchObject({
      status: 'open',
      action: { id: statement!.id, actorId: moderator.userId },
    });
    const own = await moderator.client.post(`/api/admin/appeals/${appeal.id}/decide`, { outcome: 'reverse', reason: 'On reflection, fair.' });
    expect(own.statusCode).toBe(403);
    expect(own.json().message).toBe(MSG.moderation.ownActionAppeal);

    const decided = await admin.client.post(`/api/admin/appeals/${appeal.id}/decide`, {
      outcome: 'reverse',
      reason: 'Criticism of orders is allowed.',
    });
    expect(decided.statusCode).toBe(200);
    expect(decided.json()).toMatchObject({
      message: MSG.moderation.appealReversed,
      appeal: { status: 'reversed', decisionReason: 'Criticism of orders is allowed.' },
    });
    expect(await figuresOf(officer.id)).toEqual(before);
    expect(await findAggregateDifferences(ctx.db)).toEqual([]);
    expect((await author.client.get(`/api/reviews/${review.id}/revisions`)).json().versions).toHaveLength(2);

    const [after] = await standingOf(author.client);
    expect(after).toMatchObject({ reversed: true, appeal: { status: 'reversed', decisionReason: 'Criticism of orders is allowed.' } });
    const [told] = await ctx.db
      .select({ data: notifications.data })
      .from(notifications)
      .where(and(eq(notifications.userId, author.userId), eq(notifications.kind, 'appeal_decided')));
    expect(told!.data).toMatchObject({ outcome: 'reversed', reason: 'Criticism of orders is allowed.' });
    const twice = await secondAdmin.client.post(`/api/admin/appeals/${appeal.id}/decide`, { outcome: 'uphold', reason: 'Changed my mind.' });
    expect(twice.statusCode).toBe(409);
  });

  it('reversing lifts a ban and reopens a rejected registration; upholding changes nothing', async () => {
    const banned = await member();
    await admin.client.write('PATCH', `/api/admin/users/${banned.userId}/ban`, REASONS);
    const [ban] = await standingOf(banned.client);
    const banAppeal = (await banned.client.post('/api/appeals', { actionId: ban!.id, text: 'Someone else used my account.' })).json().appeal;
    expect(
      (await secondAdmin.client.post(`/api/admin/appeals/${banAppeal.id}/decide`, { outcome: 'reverse', reason: 'We believe you.' })).statusCode,
    ).toBe(200);
    expect((await banned.client.get('/api/auth/status')).json<AuthStatus>().user?.isBanned).toBe(false);

    const requester = await member();
    const [registration] = await ctx.db
      .insert(regimentRegistrations)
      .values({ userId: requester.userId, name: 'Reopened Rifles', sideId: 1 })
      .returning();
    await admin.client.post(`/api/admin/registrations/regiments/${registration!.id}/reject`, {
      notes: 'Unknown.',
      ground: 'false-registration',
      facts: 'Not found.',
    });
    const [rejection] = await standingOf(requester.client);
    const regAppeal = (await requester.client.post('/api/appeals', { actionId: rejection!.id, text: 'Here is our roster and Discord.' })).json()
      .appeal;
    expect(
      (await moderator.client.post(`/api/admin/appeals/${regAppeal.id}/decide`, { outcome: 'reverse', reason: 'Roster checks out.' })).statusCode,
    ).toBe(200);
    const [reopened] = await ctx.db
      .select({ status: regimentRegistrations.status })
      .from(regimentRegistrations)
      .where(eq(regimentRegistrations.id, registration!.id));
    expect(reopened!.status).toBe('pending');

    const stillBanned = await member();
    await admin.client.write('PATCH', `/api/admin/users/${stillBanned.userId}/ban`, REASONS);
    const [kept] = await standingOf(stillBanned.client);
    const keptAppeal = (await stillBanned.client.post('/api/appeals', { actionId: kept!.id, text: 'I did nothing of the sort.' })).json().appeal;
    const upheld = await moderator.client.post(`/api/admin/appeals/${keptAppeal.id}/decide`, {
      outcome: 'uphold',
      reason: 'The messages are in the flags.',
    });
    expect(upheld.json()).toMatchObject({ message: MSG.moderation.appealUpheld, appeal: { status: 'upheld' } });
    expect((await stillBanned.client.get('/api/auth/status')).json<AuthStatus>().user?.isBanned).toBe(true);
    expect(await ctx.db.select({ id: appeals.id }).from(appeals).where(eq(appeals.id, keptAppeal.id))).toHaveLength(1);
  });
});

describe('the appeal window', () => {
  it('keeps a removed review until the window ends, then the sweep deletes it for good', async () => {
    const { officer } = await officerWithRegiment('Purged Officer');
    const author = await member();
    const review = await createReview(ctx.db, { userId: author.userId, officerId: officer.id });
    await moderator.client.write('DELETE', `/api/reviews/${review.id}`, REASONS);
    const [statement] = await standingOf(author.client);
    const kept = () => ctx.db.select({ id: removedContent.actionId }).from(removedContent).where(eq(removedContent.actionId, statement!.id));
    await sweepModeration(ctx.db);
    expect(await kept()).toHaveLength(1);
    await sweepModeration(ctx.db, new Date(Date.parse(statement!.appealableUntil) + 1000));
    expect(await kept()).toEqual([]);
    // The statement stays, in the log and for its user.
    expect((await standingOf(author.client))[0]).toMatchObject({ id: statement!.id, kind: 'review_removal' });
  });
});

describe('the public moderation log and the transparency report', () => {
  it('shows each action at once, with nothing of the user affected nor the review', async () => {
    const { officer } = await officerWithRegiment('Logged Officer');
    const author = await member();
    const review = await createReview(ctx.db, { userId: author.userId, officerId: officer.id });
    const [text] = await ctx.db.select({ text: reviews.text }).from(reviews).where(eq(reviews.id, review.id));
    await moderator.client.write('DELETE', `/api/reviews/${review.id}`, REASONS);
    const [statement] = await standingOf(author.client);

    const visitor = new TestClient(ctx.app);
    const response = await visitor.get('/api/moderation/log');
    expect(response.statusCode).toBe(200);
    const log = response.json<ModerationLog>();
    expect(log.entries[0]).toEqual({
      id: statement!.id,
      kind: 'review_removal',
      ground: 'harassment',
      createdAt: statement!.createdAt,
      automated: false,
      actorRole: 'moderator',
      appealed: false,
      reversed: false,
    });
    for (const secret of [author.email, author.username, text!.text, REASONS.facts, moderator.username, officer.name]) {
      expect(response.body, secret).not.toContain(secret);
    }
    expect((await visitor.get('/api/moderation/log?page=0')).statusCode).toBe(400);
  });

  it('counts a month exactly as a recount of the log and the flags does', async () => {
    const month = new Date().toISOString().slice(0, 7);
    const report = (await ctx.app.inject({ method: 'GET', url: `/api/transparency?month=${month}` })).json<TransparencyReport>();
    const [from, to] = [new Date(`${month}-01T00:00:00Z`), new Date(new Date(`${month}-01T00:00:00Z`).setUTCMonth(Number(month.slice(5))))];
    const inMonth = (date: Date | null) => date !== null && date >= from && date < to;

    const actions = (await ctx.db.select().from(moderationActions)).filter((a) => inMonth(a.createdAt));
    const byKindAndGround = new Map<string, number>();
    for (const a of actions) byKindAndGround.set(`${a.kind}|${a.ground}`, (byKindAndGround.get(`${a.kind}|${a.ground}`) ?? 0) + 1);
    expect(Object.fromEntries(report.actions.map((row) => [`${row.kind}|${row.ground}`, row.count]))).toEqual(Object.fromEntries(byKindAndGround));
    expect(report.actions.reduce((sum, row) => sum + row.count, 0)).toBeGreaterThanOrEqual(10);
    expect(report.automatedActions).toBe(actions.filter((a) => a.automated).length);

    const flags = await ctx.db.select().from(reviewFlags);
    const decidedFlags = flags.filter((f) => inMonth(f.decidedAt) && (f.status === 'approved' || f.status === 'upheld'));
    const hours = decidedFlags.map((f) => (f.decidedAt!.getTime() - f.createdAt.getTime()) / 3_600_000).sort((a, b) => a - b);
    const middle = hours.length / 2;
    const median = hours.length === 0 ? null : hours.length % 2 ? hours[Math.floor(middle)]! : (hours[middle - 1]! + hours[middle]!) / 2;
    expect(report.flags).toEqual({
      received: flags.filter((f) => inMonth(f.createdAt)).length,
      decided: decidedFlags.length,
      medianHoursToDecision: median === null ? null : Math.round(median * 10) / 10,
    });
    expect(report.flags.decided).toBeGreaterThan(0);

    const allAppeals = await ctx.db.select().from(appeals);
    expect(report.appeals).toEqual({
      received: allAppeals.filter((a) => inMonth(a.createdAt)).length,
      decided: allAppeals.filter((a) => inMonth(a.decidedAt) && a.status !== 'open').length,
      reversed: allAppeals.filter((a) => inMonth(a.decidedAt) && a.status === 'reversed').length,
    });
    expect(report.appeals.reversed).toBeGreaterThan(0);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/transparency?month=2026-13' })).statusCode).toBe(400);
  });
});

describe('cases: notes, assignment, and no decision twice', () => {
  it('keeps private notes and an assignee on a case; approving flags already decided is a 409', async () => {
    const { officer } = await officerWithRegiment('Case Officer');
    const author = await member();
    const flagger = await member();
    const review = await createReview(ctx.db, { userId: author.userId, officerId: officer.id });
    expect((await flagger.client.post(`/api/reviews/${review.id}/flag`, { reason: 'Rude to the whole company.' })).statusCode).toBe(201);

    const noted = await moderator.client.post(`/api/admin/cases/review/${review.id}/notes`, { text: 'Checking the match recording first.' });
    expect(noted.statusCode).toBe(201);
    expect(noted.json().notes).toEqual([expect.objectContaining({ text: 'Checking the match recording first.', author: moderator.username })]);
    const assigned = await moderator.client.write('PUT', `/api/admin/cases/review/${review.id}/assignment`, { assigneeId: moderator.userId });
    expect(assigned.json().assignee).toEqual({ id: moderator.userId, username: moderator.username });
    expect((await moderator.client.write('PUT', `/api/admin/cases/review/${review.id}/assignment`, { assigneeId: author.userId })).statusCode).toBe(
      400,
    );
    expect((await author.client.get(`/api/admin/cases/review/${review.id}`)).statusCode).toBe(403);
    expect((await moderator.client.get(`/api/admin/cases/flag/${review.id}`)).statusCode).toBe(400);

    expect((await moderator.client.post(`/api/admin/reviews/${review.id}/approve`)).statusCode).toBe(200);
    const again = await admin.client.post(`/api/admin/reviews/${review.id}/approve`);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(MSG.moderation.caseAlreadyDecided);
  });
});
