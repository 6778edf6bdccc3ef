/**
 * Notifications and My Registrations through the real API (issue 18, items 3 and 4): the events a
 * decision, a review and a moderator's removal write, the list and its paging, marking read, the
 * unread count on the auth status, the mail switches, and the mails' one-click unsubscribe, with
 * the mails caught by a real SMTP server.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthStatus, UserSettings } from '#core/api.js';
import { MSG } from '#core/messages.js';
import type { MyRegistration, NotificationPage } from '#core/schemas/notifications.js';
import { outbox, users } from '#server/platform/db/schema.js';
import { createTestContext, signedInClient, TestClient, type TestContext } from '#server/test/app.js';
import { createOfficer, createRegiment, createReview, createUser, type RegimentRow } from '#server/test/fixtures.js';
import { Mailbox, type ReceivedMail } from '#server/test/mailbox.js';
import { notify } from '#server/domain/notify/notify.js';
import { unsubscribeToken } from './unsubscribe.js';

const PUBLIC_URL = 'http://ratings.test:3000';
let ctx: TestContext;
let admin: TestClient;
let regiment: RegimentRow;
const mailbox = new Mailbox();
let counter = 0;

beforeAll(async () => {
  ctx = await createTestContext({ smtpUrl: await mailbox.start(), publicUrl: PUBLIC_URL });
  ({ client: admin } = await signedInClient(ctx, { isAdmin: true }));
  regiment = await createRegiment(ctx.db, { name: 'Iron Brigade', sideId: 1 });
});
afterAll(async () => {
  await ctx.close();
  await mailbox.stop();
});

type Requester = Awaited<ReturnType<typeof signedInClient>>;

async function requestRegiment(requester?: Requester): Promise<{ requester: Requester; id: number; name: string }> {
  const who = requester ?? (await signedInClient(ctx));
  counter += 1;
  const name = `Bucktails ${counter}`;
  const response = await who.client.post('/api/regiments/register', { name, description: 'Pennsylvania riflemen.', sideId: 1 });
  expect(response.statusCode).toBe(201);
  return { requester: who, id: response.json<{ registration: { id: number } }>().registration.id, name };
}

async function decide(kind: 'regiments' | 'officers', id: number, action: 'approve' | 'reject', notes?: string) {
  const response = await admin.post(`/api/admin/registrations/${kind}/${id}/${action}`, notes === undefined ? {} : { notes });
  expect(response.statusCode).toBe(200);
  return response.json<{ regimentId?: number | null; officerId?: number | null }>();
}

async function notificationsOf(client: TestClient, query = ''): Promise<NotificationPage> {
  const response = await client.get(`/api/notifications${query}`);
  expect(response.statusCode).toBe(200);
  return response.json<NotificationPage>();
}

async function outboxRows() {
  return ctx.db.select().from(outbox);
}

/** A header's value with the folding of long lines undone. */
function headerOf(mail: ReceivedMail, name: string): string | undefined {
  const unfolded = mail.raw.replace(/\r?\n[ \t]+/g, ' ');
  return new RegExp(`^${name}: (.*)$`, 'im').exec(unfolded)?.[1]?.trim();
}

describe('a registration decided', () => {
  it('rejected with notes: My Registrations, the bell, the auth status and a mail all carry the notes', async () => {
    const { requester, id, name } = await requestRegiment();
    const before = mailbox.messages.length;
    await decide('regiments', id, 'reject', 'Please add a description of your drill nights.');

    const mine = await requester.client.get('/api/registrations/mine');
    expect(mine.statusCode).toBe(200);
    expect(mine.json<{ registrations: MyRegistration[] }>().registrations).toEqual([
      expect.objectContaining({
        type: 'regiment',
        id,
        name,
        status: 'rejected',
        notes: 'Please add a description of your drill nights.',
        linkId: null,
        // Issue 36, item 6: what was asked for, so 'Apply again' starts from it.
        sideId: 1,
        description: 'Pennsylvania riflemen.',
        bannerImageUrl: null,
        iconImageUrl: null,
        rank: null,
        regimentId: null,
        profileImageUrl: null,
      }),
    ]);

    // The decision with its notes, and the rejection's statement of reasons (issue 33), whose facts
    // are the notes when the admin stated none.
    const page = await notificationsOf(requester.client);
    expect(page.unreadCount).toBe(2);
    expect(page.notifications).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          kind: 'registration_decided',
          message: `Your regiment registration '${name}' was rejected.`,
          detail: 'Notes from the administrator: Please add a description of your drill nights.',
          link: '/my-registrations',
          readAt: null,
        }),
        expect.objectContaining({ kind: 'moderation_action', link: '/settings/standing', readAt: null }),
      ]),
    );
    const status = (await requester.client.get('/api/auth/status')).json<AuthStatus>();
    expect(status.unreadNotifications).toBe(2);

    // The statement's mail cannot be turned off, so it offers no unsubscribe link.
    const statementMail = await mailbox.waitFor(requester.email, {
      after: before,
      subject: 'A moderator acted on your account: the statement of reasons',
    });
    expect(statementMail.decoded).toContain(`Registration rejected: your registration of the regiment '${name}'`);
    expect(headerOf(statementMail, 'List-Unsubscribe')).toBeUndefined();

    const mail = await mailbox.waitFor(requester.email, { after: before, subject: 'Your regiment registration was rejected' });
    expect(mail.subject).toBe('Your regiment registration was rejected');
    expect(mail.decoded).toContain('Please add a description of your drill nights.');
    const unsubscribe = `${PUBLIC_URL}/api/notifications/unsubscribe?token=${unsubscribeToken(ctx.app.config.sessionSecret, requester.userId, 'registration_decided')}`;
    expect(mail.links).toContain(unsubscribe);
    expect(headerOf(mail, 'List-Unsubscribe')).toBe(`<${unsubscribe}>`);
    expect(headerOf(mail, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
  });

  it('approved: the regiment is linked, and the notification leads to it', async () => {
    const { requester, id } = await requestRegiment();
    const { regimentId } = await decide('regiments', id, 'approve');
    const [registration] = (await requester.client.get('/api/registrations/mine')).json<{ registrations: MyRegistration[] }>().registrations;
    expect(registration).toMatchObject({ status: 'approved', linkId: regimentId });
    expect((await notificationsOf(requester.client)).notifications[0]).toMatchObject({ link: `/regiment/${regimentId}`, detail: null });
  });

  it('an officer request approved links the officer created; lists both kinds, newest first', async () => {
    const { requester, id: regimentRequestId } = await requestRegiment();
    const response = await requester.client.post('/api/officers/register', { name: 'Strong Vincent', rank: 'Col.', regimentId: regiment.id });
    expect(response.statusCode).toBe(201);
    const officerRequestId = response.json<{ registration: { id: number } }>().registration.id;
    const { officerId } = await decide('officers', officerRequestId, 'approve', 'Welcome, Colonel.');
    const list = (await requester.client.get('/api/registrations/mine')).json<{ registrations: MyRegistration[] }>().registrations;
    expect(list.map((r) => [r.type, r.id, r.status, r.linkId])).toEqual([
      ['officer', officerRequestId, 'approved', officerId],
      ['regiment', regimentRequestId, 'pending', null],
    ]);
    expect(list[0]).toMatchObject({ rank: 'Col.', regimentId: regiment.id, profileImageUrl: null, sideId: null, description: null });
  });

  it('a decision that fails (decided twice) writes no second notification nor mail', async () => {
    const { requester, id } = await requestRegiment();
    await decide('regiments', id, 'reject');
    // The decision, and the rejection's statement of reasons (issue 33).
    expect((await notificationsOf(requester.client)).notifications.map((n) => n.kind).sort()).toEqual(['moderation_action', 'registration_decided']);
    const again = await admin.post(`/api/admin/registrations/regiments/${id}/approve`, {});
    expect(again.statusCode).toBe(409);
    expect((await notificationsOf(requester.client)).notifications).toHaveLength(2);
  });

  it('My Registrations is the user’s own only, and needs a session', async () => {
    const stranger = await signedInClient(ctx);
    await requestRegiment();
    expect((await stranger.client.get('/api/registrations/mine')).json()).toEqual({ registrations: [] });
    expect((await new TestClient(ctx.app).get('/api/registrations/mine')).statusCode).toBe(401);
  });
});

describe('the list and marking read', () => {
  it('pages newest first with a cursor, and refuses a cursor that is not one', async () => {
    const reader = await signedInClient(ctx);
    for (let i = 1; i <= 23; i += 1) {
      await notify(ctx.db, {
        userId: reader.userId,
        kind: 'review_wave_decided',
        data: { officerId: i, officerName: `Officer ${i}`, outcome: 'released', audience: 'officer', reviewCount: 5 },
      });
    }
    const first = await notificationsOf(reader.client);
    expect(first.notifications).toHaveLength(20);
    expect(first.notifications[0]!.link).toBe('/officer/23');
    expect(first.unreadCount).toBe(23);
    const second = await notificationsOf(reader.client, `?cursor=${first.nextCursor}`);
    expect(second.notifications.map((n) => n.link)).toEqual(['/officer/3', '/officer/2', '/officer/1']);
    expect(second.nextCursor).toBeNull();
    const bad = await reader.client.get('/api/notifications?cursor=bm90LWEtY3Vyc29y');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(MSG.notifications.invalidCursor);
  });

  it('marks read by ids (others’ ids change nothing), then all; the count follows', async () => {
    const reader = await signedInClient(ctx);
    const other = await signedInClient(ctx);
    for (const who of [reader, reader, reader, other]) {
      await notify(ctx.db, {
        userId: who.userId,
        kind: 'review_wave_decided',
        data: { officerId: 1, officerName: 'Officer', outcome: 'released', audience: 'officer', reviewCount: 5 },
      });
    }
    const mine = (await notificationsOf(reader.client)).notifications.map((n) => n.id);
    const theirs = (await notificationsOf(other.client)).notifications.map((n) => n.id);
    const byIds = await reader.client.post('/api/notifications/read', { ids: [mine[0], ...theirs] });
    expect(byIds.statusCode).toBe(200);
    expect(byIds.json()).toEqual({ marked: 1, unreadCount: 2 });
    expect((await notificationsOf(other.client)).unreadCount).toBe(1);
    expect((await notificationsOf(reader.client)).notifications[0]!.readAt).not.toBeNull();

    expect((await reader.client.post('/api/notifications/read', { all: true })).json()).toEqual({ marked: 2, unreadCount: 0 });
    expect((await reader.client.get('/api/auth/status')).json<AuthStatus>().unreadNotifications).toBe(0);
  });

  it.each([
    [{}],
    [{ ids: [] }],
    [{ all: false }],
    [{ ids: [1], all: true }],
    [{ ids: ['x'] }],
    [{ ids: Array.from({ length: 101 }, (_, i) => i + 1) }],
  ])('refuses the body %j with 400 and changes nothing', async (body) => {
    const reader = await signedInClient(ctx);
    await notify(ctx.db, {
      userId: reader.userId,
      kind: 'review_wave_decided',
      data: { officerId: 1, officerName: 'Officer', outcome: 'released', audience: 'officer', reviewCount: 5 },
    });
    const response = await reader.client.post('/api/notifications/read', body);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toEqual(expect.any(String));
    expect((await notificationsOf(reader.client)).unreadCount).toBe(1);
  });

  it('refuses a visitor (401) and a write without the CSRF token (403)', async () => {
    expect((await new TestClient(ctx.app).get('/api/notifications')).statusCode).toBe(401);
    const reader = await signedInClient(ctx);
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/notifications/read',
      headers: { cookie: reader.client.cookie },
      payload: { all: true },
    });
    expect(response.statusCode).toBe(403);
  });
});

describe('review events', () => {
  it('the officer’s linked user hears of a review of their profile (mail off by default)', async () => {
    const officer = await createOfficer(ctx.db, { regimentId: regiment.id, name: 'Joshua Chamberlain' });
    const linked = await signedInClient(ctx);
    await ctx.db.update(users).set({ officerId: officer.id, isOfficer: true }).where(eq(users.id, linked.userId));
    const reviewer = await signedInClient(ctx, { steamId: '76561198000000101', username: `Reviewer${Date.now() % 100000}` });
    const outboxBefore = (await outboxRows()).length;
    const response = await reviewer.client.post('/api/reviews', {
      officerId: officer.id,
      text: 'Held the flank at Little Round Top.',
      leadership: 5,
      tactics: 5,
      communication: 4,
      fairness: 5,
    });
    expect(response.statusCode).toBe(201);
    const [notification] = (await notificationsOf(linked.client)).notifications;
    expect(notification).toMatchObject({
      kind: 'review_of_your_officer',
      message: `${reviewer.username} reviewed your officer profile Joshua Chamberlain.`,
      // Issue 36, item 6: the link opens on the review itself.
      link: `/officer/${officer.id}#review-${response.json<{ id: number }>().id}`,
    });
    // Off by default: nothing queued for mail (the worker may already have taken other rows).
    expect((await outboxRows()).length).toBeLessThanOrEqual(outboxBefore);
  });

  it("mails the reviewer an officer's reply: the officer with his rank in the subject, the reply's text, a link to the review", async () => {
    const officer = await createOfficer(ctx.db, { regimentId: regiment.id, name: 'J. Smith', rank: 'Capt.' });
    const linked = await signedInClient(ctx);
    await ctx.db.update(users).set({ officerId: officer.id, isOfficer: true }).where(eq(users.id, linked.userId));
    const reviewer = await signedInClient(ctx);
    const review = await createReview(ctx.db, { userId: reviewer.userId, officerId: officer.id });
    const before = mailbox.messages.length;
    const reply = 'Thank you, we drilled the flank march all week.';
    expect((await linked.client.write('PUT', `/api/reviews/${review.id}/reply`, { text: reply })).statusCode).toBe(200);

    const mail = await mailbox.waitFor(reviewer.email, { after: before, subject: 'Reply from Capt. J. Smith to your review' });
    expect(mail.decoded).toContain(`Their reply: ${reply}`);
    expect(mail.links).toContain(`${PUBLIC_URL}/officer/${officer.id}#review-${review.id}`);
  });

  it('a review removed by a moderator tells its author why (the statement of reasons); the author deleting it tells nobody', async () => {
    const officer = await createOfficer(ctx.db, { regimentId: regiment.id, name: 'Gouverneur Warren' });
    const author = await signedInClient(ctx);
    const flagger = await signedInClient(ctx);
    const removed = await createReview(ctx.db, { userId: author.userId, officerId: officer.id });
    expect((await flagger.client.post(`/api/reviews/${removed.id}/flag`, { reason: 'Insults another player' })).statusCode).toBe(201);
    expect((await admin.write('DELETE', `/api/reviews/${removed.id}`)).statusCode).toBe(200);
    expect((await notificationsOf(author.client)).notifications).toEqual([
      expect.objectContaining({
        kind: 'moderation_action',
        message: `Review removed: your review of ${officer.rank} Gouverneur Warren. Read the statement of reasons, and appeal if you disagree.`,
        detail: 'Ground: Another breach of the Terms of Service. Readers flagged it: Insults another player',
        link: '/settings/standing',
      }),
    ]);

    const own = await createReview(ctx.db, { userId: flagger.userId, officerId: officer.id });
    expect((await flagger.client.write('DELETE', `/api/reviews/${own.id}`)).statusCode).toBe(200);
    expect((await notificationsOf(flagger.client)).notifications).toEqual([]);
  });
});

describe('mail switches and the one-click unsubscribe', () => {
  it('shows the defaults, saves a change of one kind, and refuses an unknown kind', async () => {
    const user = await signedInClient(ctx);
    const settings = (await user.client.get('/api/users/me/settings')).json<UserSettings>();
    expect(settings.mail).toEqual({
      registration_decided: true,
      review_reply: true,
      review_of_your_officer: false,
      review_removed: false,
      review_wave_decided: false,
      regiment_webhook_disabled: true,
      moderation_action: true,
      appeal_decided: true,
      account_security: true,
      // Issue 36: never mailed one by one; the digest (below) carries it.
      followed_activity: false,
    });
    expect(settings.digest).toBe('weekly');
    const saved = await user.client.write('PUT', '/api/users/me/settings', { hideLevel: false, mail: { review_removed: true } });
    expect(saved.statusCode).toBe(200);
    expect(saved.json<UserSettings>().mail).toMatchObject({ registration_decided: true, review_removed: true });
    const unknown = await user.client.write('PUT', '/api/users/me/settings', { hideLevel: false, mail: { everything: false } });
    expect(unknown.statusCode).toBe(400);
    expect((await user.client.get('/api/users/me/settings')).json<UserSettings>().mail.review_removed).toBe(true);
  });

  it('GET asks first and changes nothing; POST (one click, no session, no CSRF token) turns that kind off', async () => {
    const { requester, id } = await requestRegiment();
    const token = unsubscribeToken(ctx.app.config.sessionSecret, requester.userId, 'registration_decided');
    const visitor = new TestClient(ctx.app);

    const page = await ctx.app.inject({ method: 'GET', url: `/api/notifications/unsubscribe?token=${token}`, headers: { accept: 'text/html' } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('Stop the mails about: My registration was approved or rejected?');
    expect((await requester.client.get('/api/users/me/settings')).json<UserSettings>().mail.registration_decided).toBe(true);

    const oneClick = await ctx.app.inject({
      method: 'POST',
      url: `/api/notifications/unsubscribe?token=${token}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.statusCode).toBe(200);
    expect(oneClick.json().message).toBe(MSG.notifications.unsubscribed('My registration was approved or rejected'));
    expect((await visitor.get(`/api/notifications/unsubscribe?token=${token}`)).json().message).toBe(
      MSG.notifications.unsubscribeConfirm('My registration was approved or rejected'),
    );
    expect((await requester.client.get('/api/users/me/settings')).json<UserSettings>().mail).toMatchObject({
      registration_decided: false,
      review_reply: true,
    });

    // The next decision is in the bell, and no mail of it is sent: only the mail of the rejection's
    // statement of reasons, which cannot be turned off (issue 33).
    const sentBefore = mailbox.countFor(requester.email);
    await decide('regiments', id, 'reject', 'Not this time.');
    await ctx.app.outbox.idle();
    expect((await notificationsOf(requester.client)).notifications.map((n) => n.kind).sort()).toEqual(['moderation_action', 'registration_decided']);
    expect(mailbox.countFor(requester.email)).toBe(sentBefore + 1);
    expect(mailbox.messages.at(-1)?.subject).toBe('A moderator acted on your account: the statement of reasons');
  });

  it('refuses a token for another user, another kind or a forged one (400) and changes nothing', async () => {
    const user = await createUser(ctx.db);
    const secret = ctx.app.config.sessionSecret;
    const good = unsubscribeToken(secret, user.id, 'review_reply');
    const forged = [
      good.replace(`${user.id}.`, `${user.id + 1}.`),
      good.replace('review_reply', 'review_removed'),
      unsubscribeToken('another-secret-another-secret-another-1', user.id, 'review_reply'),
    ];
    for (const token of forged) {
      const response = await ctx.app.inject({ method: 'POST', url: `/api/notifications/unsubscribe?token=${token}` });
      expect(response.statusCode, token).toBe(400);
      expect(response.json().message).toBe(MSG.notifications.unsubscribeInvalid);
      const page = await ctx.app.inject({ method: 'POST', url: `/api/notifications/unsubscribe?token=${token}`, headers: { accept: 'text/html' } });
      expect(page.body).toContain(MSG.notifications.unsubscribeInvalid);
      // Issue 36, item 6: the settings it points to are one click away.
      expect(page.body).toContain(`<a href="/settings">${MSG.notifications.mailSettingsLink}</a>`);
    }
    const malformed = await ctx.app.inject({ method: 'GET', url: '/api/notifications/unsubscribe?token=%3Cscript%3E' });
    expect(malformed.statusCode).toBe(400);
    const [row] = await ctx.db.select({ mailPreferences: users.mailPreferences }).from(users).where(eq(users.id, user.id));
    expect(row!.mailPreferences).toEqual({});
  });
});
