/**
 * Setting, replacing and removing a regiment's Discord webhook (issue 19, item 3): its owner or an
 * admin, as for the regiment's other settings. The URL is written here and read only by the
 * deliverer: every answer says whether one is set, never which.
 */
import { and, eq } from 'drizzle-orm';
import { MSG } from '#core/messages.js';
import { canEditRegiment, isRegimentOwner } from '#core/permissions.js';
import { webhookUrlShapeProblem, type RegimentWebhookStatus } from '#core/schemas/regiment-webhook.js';
import type { Database, Executor } from '#server/platform/db/client.js';
import { regiments, regimentWebhooks } from '#server/platform/db/schema.js';
import { AppError, notFound } from '#server/platform/errors.js';
import { recordAdminAction } from '#server/domain/audit-log.js';
import type { SessionUser } from '#server/domain/identity/sessions.js';
import { enqueueOutbox } from '#server/platform/outbox/outbox.js';
import { testMessage } from '#server/domain/notify/discord-message.js';
import { DISCORD_WEBHOOK, type WebhookPost } from '#server/domain/notify/regiment-webhook-posts.js';

/**
 * The URL as it will be stored and posted to, or what is wrong with it (issue 36, item 6): it must
 * start with an allowed base (DISCORD_WEBHOOK_BASE, or Discord's hosts). Parsed, so a host in
 * capitals or an explicit default port still matches, and anything beyond /api/webhooks/{id}/{token}
 * (a query, credentials) is refused.
 */
export function checkWebhookUrl(input: string, bases: readonly string[]): { url: string } | { problem: string } {
  const shape = webhookUrlShapeProblem(input);
  if (shape) return { problem: shape };
  const url = new URL(input);
  const normal = `${url.origin}${url.pathname}`;
  const base = bases.find((b) => normal.startsWith(`${b}/`));
  if (!base) {
    // Discord's own host over http: the scheme is what is wrong, not the host.
    const overHttps = normal.replace(/^http:/, 'https:');
    return { problem: bases.some((b) => overHttps.startsWith(`${b}/`)) ? MSG.webhooks.urlNotHttps : MSG.webhooks.notAllowedHost };
  }
  // Exactly {id}/{token} after the base: no extra path segments in between.
  return /^\d{17,20}\/[A-Za-z0-9_-]{20,100}$/.test(normal.slice(base.length + 1)) ? { url: normal } : { problem: MSG.webhooks.urlPath };
}

/** The URL as it will be stored and posted to, or null when checkWebhookUrl refuses it. */
export function allowedWebhookUrl(input: string, bases: readonly string[]): string | null {
  const checked = checkWebhookUrl(input, bases);
  return 'url' in checked ? checked.url : null;
}

/** The active regiment, if this user may change its webhook: 404 for an unknown one, 403 for anyone but its owner or an admin. */
async function regimentForWebhook(tx: Executor, user: SessionUser, regimentId: number) {
  const [regiment] = await tx
    .select({ id: regiments.id, name: regiments.name, userId: regiments.userId })
    .from(regiments)
    .where(and(eq(regiments.id, regimentId), eq(regiments.isActive, true)));
  if (!regiment) throw notFound('Regiment');
  if (!canEditRegiment(user, regiment)) throw new AppError('FORBIDDEN', MSG.manage.notRegimentOwner);
  return regiment;
}

async function statusOf(tx: Executor, regimentId: number): Promise<RegimentWebhookStatus> {
  const [hook] = await tx
    .select({ disabledReason: regimentWebhooks.disabledReason })
    .from(regimentWebhooks)
    .where(eq(regimentWebhooks.regimentId, regimentId));
  return { isSet: hook !== undefined, disabledReason: hook?.disabledReason ?? null };
}

/** GET /api/regiments/{id}/webhook. */
export async function readRegimentWebhook(db: Database, user: SessionUser, regimentId: number): Promise<RegimentWebhookStatus> {
  await regimentForWebhook(db, user, regimentId);
  return statusOf(db, regimentId);
}

/** An admin changing someone else's regiment leaves an audit entry; an owner changing their own does not. */
async function auditIfAdmin(
  tx: Executor,
  user: SessionUser,
  regiment: { id: number; name: string; userId: number | null },
  change: 'set' | 'removed',
) {
  if (isRegimentOwner(user, regiment)) return;
  await recordAdminAction(tx, user.id, {
    action: 'regiment.webhook',
    targetType: 'regiment',
    targetId: regiment.id,
    summary: `${change === 'set' ? 'Set' : 'Removed'} the Discord webhook of regiment '${regiment.name}'`,
  });
}

/**
 * PUT /api/regiments/{id}/webhook: sets or replaces the URL. Saving turns a disabled webhook back on
 * with a clean record (the owner has acted on the notice), even when the URL is the same.
 */
export async function saveRegimentWebhook(
  db: Database,
  user: SessionUser,
  regimentId: number,
  input: string,
  bases: readonly string[],
): Promise<RegimentWebhookStatus> {
  const checked = checkWebhookUrl(input, bases);
  if ('problem' in checked) throw new AppError('BAD_REQUEST', checked.problem, { errors: [{ path: 'url', message: checked.problem }] });
  const { url } = checked;
  return db.transaction(async (tx) => {
    const regiment = await regimentForWebhook(tx, user, regimentId);
    const fresh = {
      url,
      setBy: user.id,
      failures: 0,
      failingSince: null,
      lastError: null,
      disabledAt: null,
      disabledReason: null,
      updatedAt: new Date(),
    };
    await tx
      .insert(regimentWebhooks)
      .values({ regimentId, ...fresh })
      .onConflictDoUpdate({ target: regimentWebhooks.regimentId, set: fresh });
    await auditIfAdmin(tx, user, regiment, 'set');
    return statusOf(tx, regimentId);
  });
}

/** DELETE /api/regiments/{id}/webhook: nothing more is posted; rows already queued are dropped when their turn comes. */
export async function removeRegimentWebhook(db: Database, user: SessionUser, regimentId: number): Promise<RegimentWebhookStatus> {
  return db.transaction(async (tx) => {
    const regiment = await regimentForWebhook(tx, user, regimentId);
    const removed = await tx
      .delete(regimentWebhooks)
      .where(eq(regimentWebhooks.regimentId, regimentId))
      .returning({ id: regimentWebhooks.regimentId });
    if (removed.length > 0) await auditIfAdmin(tx, user, regiment, 'removed');
    return statusOf(tx, regimentId);
  });
}

/**
 * POST /api/regiments/{id}/webhook/test (issue 36, item 6): queues a test message to the webhook as
 * it is, delivered by the outbox's worker as every real post is (deliver-webhook.ts): a failure
 * counts toward turning the webhook off, and a webhook Discord deleted is turned off and the owner
 * told, exactly as a real post would find out. Refused while none is set or it is turned off.
 */
export async function sendTestWebhookMessage(db: Database, user: SessionUser, regimentId: number): Promise<{ success: true; message: string }> {
  return db.transaction(async (tx) => {
    const regiment = await regimentForWebhook(tx, user, regimentId);
    const { isSet, disabledReason } = await statusOf(tx, regimentId);
    if (!isSet) throw new AppError('CONFLICT', MSG.webhooks.testNeedsWebhook);
    if (disabledReason) throw new AppError('CONFLICT', MSG.webhooks.testDisabled);
    const post: WebhookPost = { regimentId, message: testMessage(regiment, new Date()) };
    await enqueueOutbox(tx, DISCORD_WEBHOOK, { ...post });
    return { success: true, message: MSG.webhooks.testQueued };
  });
}
