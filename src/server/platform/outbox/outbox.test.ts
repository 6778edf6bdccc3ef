/**
 * The outbox (docs/decisions/0036): a mail server that is down never fails or slows the write that
 * causes a mail; the mail is retried with backoff and arrives once when the server is back. Claims
 * are disjoint when several workers look at once (on PostgreSQL, truly at once: SKIP LOCKED).
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outbox, regimentRegistrations } from '#server/platform/db/schema.js';
import { createTestContext, signedInClient, type TestContext } from '#server/test/app.js';
import { until } from '#server/test/until.js';
import { Mailbox } from '#server/test/mailbox.js';
import { claimDueRows, enqueueOutbox } from './outbox.js';
import { retryDelayMs } from './worker.js';

let ctx: TestContext;
let smtpPort: number;
let mailbox = new Mailbox();

beforeAll(async () => {
  const smtpUrl = await mailbox.start();
  smtpPort = Number(new URL(smtpUrl).port);
  ctx = await createTestContext(
    { smtpUrl, publicUrl: 'http://ratings.test:3000' },
    { outboxTiming: { pollMs: 100, baseDelayMs: 100, maxDelayMs: 400, maxAttempts: 1000, leaseMs: 60_000 } },
  );
});
afterAll(async () => {
  await ctx.close();
  await mailbox.stop();
});

describe('the outbox', () => {
  it('a decision made while the mail server is down succeeds; the mail arrives once when it is back', async () => {
    const admin = await signedInClient(ctx, { isAdmin: true });
    const requester = await signedInClient(ctx);
    const submitted = await requester.client.post('/api/regiments/register', { name: 'Iron Brigade Outbox', sideId: 1 });
    expect(submitted.statusCode).toBe(201);
    const registrationId = submitted.json<{ registration: { id: number } }>().registration.id;
    // The admin's sign-in from a new browser is mailed too (issue 34): delivered before the server goes down.
    await until(
      () => ctx.db.select().from(outbox),
      (rows) => rows.length === 0,
    );

    await mailbox.stop();
    // An approval: one mail (a rejection would send two, the decision and its statement of reasons).
    const decision = await admin.client.post(`/api/admin/registrations/regiments/${registrationId}/approve`, {
      notes: 'Bring your roster to drill.',
    });
    expect(decision.statusCode).toBe(200);
    const [request] = await ctx.db.select().from(regimentRegistrations).where(eq(regimentRegistrations.id, registrationId));
    expect(request).toMatchObject({ status: 'approved', notes: 'Bring your roster to drill.' });

    // The worker tries, fails, and keeps the row with its error for a later attempt.
    const failing = await until(
      () => ctx.db.select().from(outbox),
      (rows) => rows.length === 1 && rows[0]!.attempts >= 2,
    );
    expect(failing[0]!.lastError).toMatch(/ECONNREFUSED|connect/i);
    expect(failing[0]!.failedAt).toBeNull();

    mailbox = new Mailbox();
    await mailbox.start(smtpPort);
    const mail = await mailbox.waitFor(requester.email, { timeoutMs: 10_000 });
    expect(mail.decoded).toContain('Bring your roster to drill.');
    await until(
      () => ctx.db.select().from(outbox),
      (rows) => rows.length === 0,
    );
    // More rounds of the worker send nothing again.
    await ctx.app.outbox.idle();
    expect(mailbox.countFor(requester.email)).toBe(1);
  });

  it('two workers claiming at once share the due rows without overlap', async () => {
    await ctx.app.outbox.stop();
    for (let i = 0; i < 30; i += 1) await enqueueOutbox(ctx.db, 'discord-webhook', { n: i });
    const [a, b] = await Promise.all([claimDueRows(ctx.db, 20, 60_000), claimDueRows(ctx.db, 20, 60_000)]);
    const ids = [...a, ...b].map((row) => row.id);
    expect(ids).toHaveLength(30);
    expect(new Set(ids).size).toBe(30);
    // Claimed rows are leased: a third look finds nothing due.
    expect(await claimDueRows(ctx.db, 20, 60_000)).toEqual([]);
  });

  it('backs off exponentially, up to the cap', () => {
    const timing = { baseDelayMs: 1000, maxDelayMs: 60_000 };
    const noJitter = () => 0;
    expect([1, 2, 3, 4, 8].map((attempts) => retryDelayMs(attempts, timing, noJitter))).toEqual([1000, 2000, 4000, 8000, 60_000]);
    expect(retryDelayMs(1, timing, () => 1)).toBe(1200);
  });
});
