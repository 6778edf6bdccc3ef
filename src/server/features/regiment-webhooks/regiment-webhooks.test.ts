/**
 * Regiment Discord webhooks (issue 19, item 3), end to end against a fake Discord over real HTTP
 * (test/fake-discord.ts), which checks every message against Discord's documented shape: setting
 * the URL (owner or admin, validated, never shown again), new counted reviews posted as embeds once
 * they have settled and only if they count then, held ones only when released, 429's retry_after obeyed, failures retried with backoff and, when
 * they go on, the webhook turned off and the owner told; a failing or hanging Discord never slows
 * or fails a review.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_WAVE_THRESHOLDS } from '#core/review-waves.js';
import { MSG } from '#core/messages.js';
import type { RegimentWebhookStatus } from '#core/schemas/regiment-webhook.js';
import { DISCORD_WEBHOOK_BASES, loadConfig } from '#server/platform/config.js';
import { adminAuditLog, notifications, outbox, regimentWebhooks, reviews, reviewWaves, users } from '#server/platform/db/schema.js';
import { createTestContext, signedInClient, testConfig, type TestClient, type TestContext } from '#server/test/app.js';
import { until } from '#server/test/until.js';
import { FakeDiscord, type ReceivedMessage } from '#server/test-doubles/fake-discord.js';
import { createOfficer, createRegiment, createReview, createUser, type RegimentRow } from '#server/test/fixtures.js';
import { allowedWebhookUrl, checkWebhookUrl } from './webhook-settings.js';
import { discordText } from '#server/domain/notify/discord-message.js';
import { rateLimitWaitMs } from './deliver-webhook.js';

const PUBLIC_URL = 'http://ratings.test';
const TIMEOUT_MS = 1_500;
const MAX_FAILURES = 3;
const DAY = 86_400_000;

let ctx: TestContext;
let discord: FakeDiscord;
let base: string;
let admin: TestClient;
let steamCounter = 0;
let webhookCounter = 0;

beforeAll(async () => {
  discord = new FakeDiscord();
  base = await discord.start();
  ctx = await createTestContext(
    {
      publicUrl: PUBLIC_URL,
      discordWebhooks: { bases: [base], timeoutMs: TIMEOUT_MS, maxFailures: MAX_FAILURES, failingMs: 0, settleMs: 0 },
      // The real detector, so a wave of fresh accounts is held (decision 0031).
      waveThresholds: DEFAULT_WAVE_THRESHOLDS,
      rateLimits: { ...testConfig().rateLimits, webhookChange: { limit: 6, windowMs: 60_000 } },
    },
    // Short backoff, so a retry after a 429 can only be on time because retry_after was read.
    { outboxTiming: { pollMs: 50, baseDelayMs: 50, maxDelayMs: 200, maxAttempts: 1_000, leaseMs: 60_000 } },
  );
  admin = (await signedInClient(ctx, { isAdmin: true })).client;
});
afterAll(async () => {
  await ctx.close();
  await discord.stop();
});

/** A Discord-shaped URL at the fake, unique per call. */
function webhookUrl(): string {
  webhookCounter += 1;
  return `${base}/${String(112233445566778800 + webhookCounter)}/tok_${'x'.repeat(60)}${webhookCounter}`;
}

/** A regiment owned by a signed-in user, with one officer, and (unless told not to) a webhook at the fake. */
async function regimentWithWebhook({ withWebhook = true } = {}) {
  const owner = await signedInClient(ctx);
  const regiment = await createRegiment(ctx.db, { userId: owner.userId, name: `Iron Brigade ${++steamCounter}` });
  const officer = await createOfficer(ctx.db, { regimentId: regiment.id, name: `John Gibbon ${steamCounter}`, rank: 'Col.' });
  const url = webhookUrl();
  if (withWebhook) expect((await owner.client.write('PUT', `/api/regiments/${regiment.id}/webhook`, { url })).statusCode).toBe(200);
  return { owner, regiment, officer, url };
}

async function reviewer() {
  return signedInClient(ctx, { steamId: '7656119' + String(++steamCounter).padStart(10, '0') });
}

const reviewBody = (officerId: number, text = 'Clear orders, held the line at the sunken road.') => ({
  text,
  leadership: 4,
  tactics: 3.5,
  communication: 5,
  fairness: 4.5,
  officerId,
});

async function postReview(officerId: number, text?: string) {
  const { client } = await reviewer();
  const response = await client.post('/api/reviews', reviewBody(officerId, text));
  expect(response.statusCode, response.body).toBe(201);
}

const webhookOf = async (regiment: RegimentRow) =>
  (await ctx.db.select().from(regimentWebhooks).where(eq(regimentWebhooks.regimentId, regiment.id)))[0];
const webhookRows = () => ctx.db.select().from(outbox).where(eq(outbox.kind, 'discord-webhook'));
const callsTo = (url: string) => discord.received.filter((call) => url.endsWith(`/${call.webhookId}/${call.token}`));
const embedOf = (call: ReceivedMessage) => (call.body as { embeds: Array<Record<string, unknown>> }).embeds[0]!;
const disabledNoticesOf = (userId: number) =>
  ctx.db
    .select({ data: notifications.data })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.kind, 'regiment_webhook_disabled')));

describe('setting the webhook', () => {
  it('takes only a Discord webhook URL at the configured base, from the owner or an admin, and never shows it again', async () => {
    const { owner, regiment, url } = await regimentWithWebhook({ withWebhook: false });
    const path = `/api/regiments/${regiment.id}/webhook`;
    expect((await owner.client.get(path)).json()).toEqual({ isSet: false, disabledReason: null } satisfies RegimentWebhookStatus);

    const refused = [
      'not a url',
      'https://discord.com/api/webhooks/112233445566778899/' + 't'.repeat(68),
      `${base}/123/${'t'.repeat(68)}`,
      `${url}?wait=true`,
      `${base}/112233445566778899/extra/${'t'.repeat(68)}`,
      url.replace('http://', 'http://user:pass@'),
    ];
    for (const bad of refused) {
      const answer = await owner.client.write('PUT', path, { url: bad });
      expect(answer.statusCode, bad).toBe(400);
      expect(answer.body).not.toContain('tok_');
    }
    expect(
      (await owner.client.write('PUT', path, { url: `https://discord.com/api/webhooks/112233445566778899/${'t'.repeat(68)}` })).json(),
    ).toMatchObject({ message: MSG.webhooks.notAllowedHost, errors: [{ path: 'url' }] });

    const saved = await owner.client.write('PUT', path, { url: `  ${url}  ` });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({ isSet: true, disabledReason: null });
    expect(saved.headers['cache-control']).toBe('private, no-store');
    expect((await webhookOf(regiment))?.url).toBe(url);

    // The secret appears in no answer: not the owner's, not the public regiment's (cached, documented).
    const token = url.split('/').at(-1)!;
    for (const answer of [await owner.client.get(path), await ctx.app.inject({ method: 'GET', url: `/api/regiments/${regiment.id}` })]) {
      expect(answer.statusCode).toBe(200);
      expect(answer.body).not.toContain(token);
    }
    expect((await ctx.app.inject({ method: 'GET', url: `/api/regiments/${regiment.id}` })).body).not.toMatch(/webhook/i);

    // Someone else: 403; a visitor: 401; an unknown regiment: 404.
    const stranger = await signedInClient(ctx);
    expect((await stranger.client.get(path)).statusCode).toBe(403);
    expect((await stranger.client.write('DELETE', path)).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'GET', url: path })).statusCode).toBe(401);
    expect((await owner.client.get('/api/regiments/999999/webhook')).statusCode).toBe(404);

    // An admin may replace and remove it; that is an administrative action, in the audit log.
    expect((await admin.write('PUT', path, { url: webhookUrl() })).json()).toEqual({ isSet: true, disabledReason: null });
    expect((await admin.write('DELETE', path)).json()).toEqual({ isSet: false, disabledReason: null });
    const audit = await ctx.db.select().from(adminAuditLog).where(eq(adminAuditLog.action, 'regiment.webhook'));
    expect(audit.map((entry) => entry.summary)).toEqual([
      `Set the Discord webhook of regiment '${regiment.name}'`,
      `Removed the Discord webhook of regiment '${regiment.name}'`,
    ]);
    expect(await webhookOf(regiment)).toBeUndefined();

    // Changes are rate limited per user (6 a minute here; the schema's refusals do not count: of the
    // refused URLs above, only Discord's real host reached the limit, then the two saves).
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await owner.client.write('PUT', path, { url })).statusCode);
    expect(statuses).toEqual([200, 200, 200, 429, 429, 429]);
  });

  it('accepts every Discord host by default, and refuses look-alikes', () => {
    const discordBases = loadConfig({ DATA_DIR: '/nonexistent', SESSION_SECRET: 's'.repeat(32) }).discordWebhooks.bases;
    expect(discordBases).toEqual([...DISCORD_WEBHOOK_BASES]);
    const tail = `/112233445566778899/${'t'.repeat(68)}`;
    for (const host of ['discord.com', 'DISCORD.com', 'discordapp.com', 'ptb.discord.com', 'canary.discord.com']) {
      expect(allowedWebhookUrl(`https://${host}/api/webhooks${tail}`, discordBases), host).toBe(`https://${host.toLowerCase()}/api/webhooks${tail}`);
    }
    for (const bad of ['http://discord.com', 'https://discord.com.evil.test', 'https://evil.test/discord.com', 'https://discord.com:8443']) {
      expect(allowedWebhookUrl(`${bad}/api/webhooks${tail}`, discordBases), bad).toBeNull();
    }
  });

  it('says what is wrong with a refused URL (issue 36, item 6), in the answer and under the field', async () => {
    const discordBases = [...DISCORD_WEBHOOK_BASES];
    const tail = `/112233445566778899/${'t'.repeat(68)}`;
    const cases: Array<[string, string]> = [
      ['discord.com/api/webhooks' + tail, MSG.webhooks.urlMalformed],
      [`ftp://discord.com/api/webhooks${tail}`, MSG.webhooks.urlNotHttps],
      [`http://discord.com/api/webhooks${tail}`, MSG.webhooks.urlNotHttps],
      [`https://discord.com/api/webhooks${tail}?wait=true`, MSG.webhooks.urlExtra],
      [`https://discord.com/channels/112233445566778899`, MSG.webhooks.urlPath],
      [`https://evil.test/api/webhooks${tail}`, MSG.webhooks.notAllowedHost],
    ];
    for (const [input, problem] of cases) expect(checkWebhookUrl(input, discordBases), input).toEqual({ problem });

    const { owner, regiment } = await regimentWithWebhook({ withWebhook: false });
    const answer = await owner.client.write('PUT', `/api/regiments/${regiment.id}/webhook`, {
      url: `${base}/112233445566778899/extra/${'t'.repeat(68)}`,
    });
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toMatchObject({ message: MSG.webhooks.urlPath, errors: [{ path: 'url', message: MSG.webhooks.urlPath }] });
    const shape = await owner.client.write('PUT', `/api/regiments/${regiment.id}/webhook`, { url: 'not a url' });
    expect(shape.json()).toMatchObject({ errors: [{ message: MSG.webhooks.urlMalformed }] });
  });
});

describe('the test message (issue 36, item 6)', () => {
  it('posts a test embed to the webhook through the same worker as real posts, for the owner or an admin', async () => {
    const { owner, regiment, url } = await regimentWithWebhook();
    const path = `/api/regiments/${regiment.id}/webhook/test`;
    const answer = await owner.client.post(path, {});
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toEqual({ success: true, message: MSG.webhooks.testQueued });
    const [call] = await until(
      async () => callsTo(url),
      (calls) => calls.length === 1,
    );
    expect(call!.problems).toEqual([]);
    expect((call!.body as Record<string, unknown>).allowed_mentions).toEqual({ parse: [] });
    expect(embedOf(call!)).toMatchObject({
      title: MSG.webhooks.testTitle,
      description: MSG.webhooks.testBody(regiment.name),
      url: `${PUBLIC_URL}/regiment/${regiment.id}`,
    });
    expect((await admin.post(path, {})).statusCode).toBe(200);
    await until(
      async () => callsTo(url),
      (calls) => calls.length === 2,
    );
    const stranger = await signedInClient(ctx);
    expect((await stranger.client.post(path, {})).statusCode).toBe(403);
  });

  it('refuses with what to do while no webhook is set or it is turned off', async () => {
    const { owner, regiment } = await regimentWithWebhook({ withWebhook: false });
    const path = `/api/regiments/${regiment.id}/webhook/test`;
    const none = await owner.client.post(path, {});
    expect(none.statusCode).toBe(409);
    expect(none.json().message).toBe(MSG.webhooks.testNeedsWebhook);

    expect((await owner.client.write('PUT', `/api/regiments/${regiment.id}/webhook`, { url: webhookUrl() })).statusCode).toBe(200);
    await ctx.db.update(regimentWebhooks).set({ disabledAt: new Date(), disabledReason: 'gone' }).where(eq(regimentWebhooks.regimentId, regiment.id));
    const off = await owner.client.post(path, {});
    expect(off.statusCode).toBe(409);
    expect(off.json().message).toBe(MSG.webhooks.testDisabled);
  });

  it('is rate limited apart from the changes', async () => {
    const { owner, regiment } = await regimentWithWebhook();
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) statuses.push((await owner.client.post(`/api/regiments/${regiment.id}/webhook/test`, {})).statusCode);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 429]);
  });
});

describe('posting reviews', () => {
  it("posts a new review as an embed of Discord's shape: officer, stars, overall and a link, with no mention and no markdown", async () => {
    const { regiment, officer, url } = await regimentWithWebhook();
    await postReview(officer.id, '@everyone [click](https://evil.test) **great** officer 🎖️ <@&123>');
    const [call] = await until(
      async () => callsTo(url),
      (calls) => calls.length === 1,
    );
    expect(call!.problems).toEqual([]);
    const body = call!.body as Record<string, unknown>;
    expect(body.allowed_mentions).toEqual({ parse: [] });
    const embed = embedOf(call!);
    expect(embed).toMatchObject({
      title: `New review of Col. ${officer.name}`,
      url: `${PUBLIC_URL}/officer/${officer.id}`,
      footer: { text: `${regiment.name} · War of Rights Officer Ratings` },
    });
    expect(embed.description).toBe('@everyone \\[click\\]\\(https://evil.test\\) \\*\\*great\\*\\* officer 🎖️ \\<@&123\\>');
    expect(embed.fields).toEqual(
      expect.arrayContaining([
        { name: 'Leadership', value: '★★★★☆ 4.0', inline: true },
        { name: 'Tactics', value: '★★★☆☆ 3.5', inline: true },
        { name: 'Overall', value: expect.stringMatching(/^★★★★☆ 4\.\d$/), inline: true },
        { name: "Officer's rating", value: expect.stringMatching(/^4\.\d \/ 5 from 1 review$/), inline: true },
      ]),
    );
    await until(webhookRows, (rows) => rows.length === 0);
  });

  it('cuts text on character boundaries, escapes within the limit', () => {
    expect(discordText('a'.repeat(10), 10)).toBe('a'.repeat(10));
    expect(discordText('a'.repeat(11), 10)).toBe(`${'a'.repeat(9)}…`);
    expect(discordText('🎖️🎖️🎖️🎖️', 3)).toBe('🎖️…');
    expect(discordText('🎖️🎖️🎖️🎖️', 4)).toBe('🎖️…');
    expect(discordText('ab*', 3)).toBe('ab…');
    expect(discordText('  two\n\nlines ', 20)).toBe('two lines');
  });

  it('does not post a held review; posts the wave when a moderator releases it', async () => {
    const { owner, regiment, officer, url } = await regimentWithWebhook({ withWebhook: false });
    // A steady record, then a wave of fresh accounts: held (decision 0031).
    for (let i = 0; i < 10; i++) {
      const author = await createUser(ctx.db, { createdAt: new Date(Date.now() - 400 * DAY) });
      const at = new Date(Date.now() - (3 + i * 2) * DAY);
      await createReview(ctx.db, { userId: author.id, officerId: officer.id, rating: 4.5, createdAt: at, updatedAt: at });
    }
    const wave = await Promise.all(Array.from({ length: 6 }, () => reviewer()));
    for (const { client } of wave)
      expect(
        (await client.post('/api/reviews', { ...reviewBody(officer.id), leadership: 1, tactics: 1, communication: 1, fairness: 1 })).statusCode,
      ).toBe(201);
    expect((await owner.client.write('PUT', `/api/regiments/${regiment.id}/webhook`, { url })).statusCode).toBe(200);

    // A later review joins the open wave: held, so not posted.
    const late = await reviewer();
    await ctx.db
      .update(users)
      .set({ createdAt: new Date(Date.now() - 365 * DAY) })
      .where(eq(users.id, late.userId));
    expect((await late.client.post('/api/reviews', reviewBody(officer.id))).statusCode).toBe(201);
    const [open] = await ctx.db
      .select()
      .from(reviewWaves)
      .where(and(eq(reviewWaves.officerId, officer.id), eq(reviewWaves.status, 'open')));
    expect(open).toBeDefined();
    await ctx.app.outbox.drain();
    expect(callsTo(url)).toEqual([]);
    expect(await webhookRows()).toEqual([]);

    expect((await admin.post(`/api/admin/waves/${open!.id}/release`)).statusCode).toBe(200);
    const calls = await until(
      async () => callsTo(url),
      (c) => c.length === 7,
    );
    expect(calls.flatMap((call) => call.problems)).toEqual([]);
    // Each shows the officer's rating with the whole wave counted: 17 reviews.
    for (const call of calls) expect(JSON.stringify(embedOf(call).fields)).toContain('from 17 reviews');
  });
});

describe('the settling delay (issue 32, item 4)', () => {
  const SETTLE_MS = 1_500;

  /** A signed-in reviewer whose account is a year old: no wave signal of its own. */
  async function establishedReviewer() {
    const account = await reviewer();
    await ctx.db
      .update(users)
      .set({ createdAt: new Date(Date.now() - 365 * DAY) })
      .where(eq(users.id, account.userId));
    return account;
  }
  const descriptionOf = (call: ReceivedMessage) => String(embedOf(call).description);

  it('posts a review once it has settled, only if it counts then, with the rating the site shows; released reviews at once, removed never', async () => {
    const settings = ctx.app.config.discordWebhooks;
    settings.settleMs = SETTLE_MS;
    try {
      const { officer, url } = await regimentWithWebhook();
      for (let i = 0; i < 10; i++) {
        const author = await createUser(ctx.db, { createdAt: new Date(Date.now() - 400 * DAY) });
        const at = new Date(Date.now() - (3 + i * 2) * DAY);
        await createReview(ctx.db, { userId: author.id, officerId: officer.id, rating: 4.5, createdAt: at, updatedAt: at });
      }
      // An established review: queued, not due yet.
      const first = await establishedReviewer();
      const firstWrittenAt = Date.now();
      expect((await first.client.post('/api/reviews', reviewBody(officer.id, 'First: steady at Antietam.'))).statusCode).toBe(201);
      await ctx.app.outbox.drain();
      expect(callsTo(url)).toEqual([]);
      expect(await webhookRows()).toHaveLength(1);

      // One deleted by its author before it settled: never posted.
      const regret = await establishedReviewer();
      const written = await regret.client.post('/api/reviews', reviewBody(officer.id, 'Regret: written in anger.'));
      expect((await regret.client.write('DELETE', `/api/reviews/${written.json<{ id: number }>().id}`)).statusCode).toBe(200);

      // A wave of fresh accounts: its first reviews counted when written (and were queued), until the
      // wave formed and held them all before they settled.
      const raiders = await Promise.all(Array.from({ length: 6 }, () => reviewer()));
      for (const [n, { client }] of raiders.entries()) {
        const body = { ...reviewBody(officer.id, `Raid ${n}: worst officer ever.`), leadership: 1, tactics: 1, communication: 1, fairness: 1 };
        expect((await client.post('/api/reviews', body)).statusCode).toBe(201);
      }
      const [wave] = await ctx.db
        .select()
        .from(reviewWaves)
        .where(and(eq(reviewWaves.officerId, officer.id), eq(reviewWaves.status, 'open')));
      expect(wave).toBeDefined();
      expect((await webhookRows()).length).toBeGreaterThan(2);

      // A later established review: queued last, so once it is posted every earlier row was delivered.
      const last = await establishedReviewer();
      expect((await last.client.post('/api/reviews', reviewBody(officer.id, 'Last: orders were clear.'))).statusCode).toBe(201);
      const calls = await until(
        async () => callsTo(url),
        (c) => c.some((call) => descriptionOf(call).startsWith('Last')),
      );
      await until(webhookRows, (rows) => rows.length === 0);
      expect(callsTo(url).map(descriptionOf)).toEqual(['First: steady at Antietam.', 'Last: orders were clear.']);
      expect(calls[0]!.at - firstWrittenAt).toBeGreaterThanOrEqual(SETTLE_MS);
      expect(calls.flatMap((call) => call.problems)).toEqual([]);
      // The officer's counted figure, with one decimal, as the site shows it: the ten, First and Last.
      const shown = (await ctx.app.inject({ method: 'GET', url: `/api/officers/${officer.id}` })).json<{
        averageRating: number;
        reviewCount: number;
      }>();
      expect(shown.reviewCount).toBe(12);
      expect(embedOf(calls[1]!).fields).toContainEqual({
        name: "Officer's rating",
        value: `${shown.averageRating.toFixed(1)} / 5 from 12 reviews`,
        inline: true,
      });

      // The moderator's decisions: a released review is posted at once (not after a settling delay,
      // now far longer than this test waits), a removed one never.
      settings.settleMs = 600_000;
      const held = await ctx.db
        .select({ id: reviews.id, text: reviews.text })
        .from(reviews)
        .where(and(eq(reviews.waveId, wave!.id), eq(reviews.held, true)))
        .orderBy(reviews.id);
      expect(held).toHaveLength(6);
      for (const [n, review] of held.entries()) {
        const verb = n < 2 ? 'release' : 'remove';
        expect((await admin.post(`/api/admin/waves/${wave!.id}/reviews/${review.id}/${verb}`)).statusCode).toBe(200);
      }
      await until(
        async () => callsTo(url),
        (c) => c.length === 4,
      );
      await ctx.app.outbox.idle();
      expect(callsTo(url).map(descriptionOf).slice(2)).toEqual(held.slice(0, 2).map((review) => review.text));
      expect(await webhookRows()).toEqual([]);
    } finally {
      settings.settleMs = 0;
    }
  });

  it('posts a row queued before the settling delay existed as it was queued', async () => {
    const { regiment, url } = await regimentWithWebhook();
    const message = {
      username: 'War of Rights Officer Ratings',
      embeds: [
        {
          title: 'An older post',
          url: '/officer/1',
          color: 0xb08d57,
          timestamp: new Date().toISOString(),
          fields: [],
          footer: { text: regiment.name },
        },
      ],
      allowed_mentions: { parse: [] },
    };
    await ctx.db.insert(outbox).values({ kind: 'discord-webhook', payload: { regimentId: regiment.id, message } });
    ctx.app.outbox.poke();
    const [call] = await until(
      async () => callsTo(url),
      (c) => c.length === 1,
    );
    expect(embedOf(call!)).toMatchObject({ title: 'An older post', url: `${PUBLIC_URL}/officer/1` });
  });
});

describe('posting replies', () => {
  it("posts the officer's new reply to a review (what they answered, how the review rated them, a link), not its edits", async () => {
    const { regiment, officer, url } = await regimentWithWebhook();
    await postReview(officer.id);
    await until(
      async () => callsTo(url),
      (calls) => calls.length === 1,
    );
    const [review] = await ctx.db.select().from(reviews).where(eq(reviews.officerId, officer.id));
    const officerAccount = await signedInClient(ctx);
    await ctx.db.update(users).set({ isOfficer: true, officerId: officer.id }).where(eq(users.id, officerAccount.userId));

    const reply = 'Thank you, @everyone did their part at the **sunken road**.';
    expect((await officerAccount.client.write('PUT', `/api/reviews/${review!.id}/reply`, { text: reply })).statusCode).toBe(200);
    const calls = await until(
      async () => callsTo(url),
      (c) => c.length === 2,
    );
    expect(calls[1]!.problems).toEqual([]);
    expect((calls[1]!.body as Record<string, unknown>).allowed_mentions).toEqual({ parse: [] });
    expect(embedOf(calls[1]!)).toMatchObject({
      title: `Col. ${officer.name} replied to a review`,
      description: 'Thank you, @everyone did their part at the \\*\\*sunken road\\*\\*.',
      url: `${PUBLIC_URL}/officer/${officer.id}`,
      fields: [{ name: 'The review rated', value: expect.stringMatching(/^★★★★☆ 4\.\d$/), inline: true }],
      footer: { text: `${regiment.name} · War of Rights Officer Ratings` },
    });

    // An edit of the reply is not posted again.
    const edit = { text: 'Thank you all: the line held because everyone held it.' };
    expect((await officerAccount.client.write('PUT', `/api/reviews/${review!.id}/reply`, edit)).statusCode).toBe(200);
    await ctx.app.outbox.drain();
    expect(callsTo(url)).toHaveLength(2);
  });
});

describe('delivery', () => {
  it("waits as long as a 429's retry_after says, then delivers", async () => {
    const { officer, url } = await regimentWithWebhook();
    discord.answerNext({ status: 429, retryAfterSeconds: 0.6 });
    await postReview(officer.id);
    const calls = await until(
      async () => callsTo(url),
      (c) => c.length === 2,
    );
    expect(calls.map((c) => c.answeredWith)).toEqual([429, 204]);
    // The backoff alone would have retried after 50-60 ms.
    expect(calls[1]!.at - calls[0]!.at).toBeGreaterThanOrEqual(600);
    await until(webhookRows, (rows) => rows.length === 0);
    expect(rateLimitWaitMs('{"retry_after": 1.25}', null)).toBe(1250);
    expect(rateLimitWaitMs('<html>', '3')).toBe(3000);
  });

  it('retries a 5xx with backoff; after repeated failures turns the webhook off and tells the owner; a new URL turns it on', async () => {
    const { owner, regiment, officer, url } = await regimentWithWebhook();
    discord.answerNext({ status: 500 }, { status: 502 });
    await postReview(officer.id);
    const retried = await until(
      async () => callsTo(url),
      (c) => c.length === 3,
    );
    expect(retried.map((c) => c.answeredWith)).toEqual([500, 502, 204]);
    await until(
      () => webhookOf(regiment),
      (hook) => hook?.failures === 0,
    );

    discord.answerAlways({ status: 500 });
    await postReview(officer.id);
    const off = await until(
      () => webhookOf(regiment),
      (hook) => hook?.disabledReason === 'failing',
    );
    expect(off).toMatchObject({ failures: MAX_FAILURES, lastError: expect.stringContaining('Discord answered 500') });
    expect(off!.lastError).not.toContain('tok_');
    expect(callsTo(url).length).toBe(3 + MAX_FAILURES);
    expect(await disabledNoticesOf(owner.userId)).toEqual([{ data: { regimentId: regiment.id, regimentName: regiment.name, reason: 'failing' } }]);
    expect((await owner.client.get(`/api/regiments/${regiment.id}/webhook`)).json()).toEqual({ isSet: true, disabledReason: 'failing' });
    await until(webhookRows, (rows) => rows.length === 0);
    // A failing webhook never failed a review (each answered 201); once off, reviews queue nothing for it.
    await postReview(officer.id);
    expect(await webhookRows()).toEqual([]);

    discord.answerAlways({ status: 204 });
    expect((await owner.client.write('PUT', `/api/regiments/${regiment.id}/webhook`, { url })).json()).toEqual({ isSet: true, disabledReason: null });
    await postReview(officer.id);
    await until(
      async () => callsTo(url),
      (c) => c.at(-1)?.answeredWith === 204 && c.length === 4 + MAX_FAILURES,
    );
  });

  it('turns the webhook off at once when Discord says it is gone (404), and tells the owner', async () => {
    const { owner, regiment, officer, url } = await regimentWithWebhook();
    discord.answerNext({ status: 404 });
    await postReview(officer.id);
    await until(
      () => webhookOf(regiment),
      (hook) => hook?.disabledReason === 'gone',
    );
    expect(callsTo(url)).toHaveLength(1);
    expect(await disabledNoticesOf(owner.userId)).toEqual([{ data: { regimentId: regiment.id, regimentName: regiment.name, reason: 'gone' } }]);
    await until(webhookRows, (rows) => rows.length === 0);
  });

  it('a Discord that never answers slows no review; a delivery is given up at the timeout and retried', async () => {
    const { officer, url } = await regimentWithWebhook();
    const config = ctx.app.config.discordWebhooks;
    // First a Discord that holds the call for as long as this test likes.
    config.timeoutMs = 600_000;
    discord.answerNext({ hang: true });
    await postReview(officer.id, 'The first review, whose delivery hangs.');
    await until(
      async () => discord.heldCount,
      (held) => held === 1,
    );
    // The worker is waiting on that call; a review still answers, while the call is held.
    await postReview(officer.id, 'The second review, written meanwhile.');
    expect(discord.heldCount).toBe(1);
    discord.releaseHeld();
    await until(
      async () => callsTo(url).filter((call) => call.answeredWith === 204),
      (delivered) => delivered.length === 2,
    );

    // Then the timeout: a call held longer is given up, and tried again after it.
    config.timeoutMs = TIMEOUT_MS;
    discord.answerNext({ hang: true });
    await postReview(officer.id, 'The third review, whose delivery times out.');
    const calls = await until(
      async () => callsTo(url),
      (c) => c.filter((call) => call.answeredWith === 204).length === 3,
    );
    const of = (word: string) => calls.filter((call) => String(embedOf(call).description).startsWith(`The ${word}`));
    expect(of('first').map((call) => call.answeredWith)).toEqual(['hang', 204]);
    expect(of('second').map((call) => call.answeredWith)).toEqual([204]);
    expect(of('third').map((call) => call.answeredWith)).toEqual(['hang', 204]);
    expect(of('third')[1]!.at - of('third')[0]!.at).toBeGreaterThanOrEqual(TIMEOUT_MS);
  });
});
