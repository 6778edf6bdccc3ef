/**
 * The mails' one-click unsubscribe (issue 18, item 4; RFC 8058): a link that works without signing
 * in, because it carries its own authority: an HMAC, with the session secret, of one user and one
 * kind of notification. It can do one thing only, turn that kind's mail off for that user, so a
 * forwarded mail risks nothing more. It does not expire: a mail read months later must still work.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { DIGEST_KINDS, NOTIFICATION_KINDS, type NotificationKind } from '#core/notifications.js';
import type { Executor } from '#server/platform/db/client.js';
import { users } from '#server/platform/db/schema.js';

function signatureOf(secret: string, userId: number, kind: NotificationKind): string {
  // A purpose prefix: no other HMAC the site makes with this secret can pass for this one.
  return createHmac('sha256', secret).update(`unsubscribe:v1:${userId}:${kind}`).digest('base64url');
}

export function unsubscribeToken(secret: string, userId: number, kind: NotificationKind): string {
  return `${userId}.${kind}.${signatureOf(secret, userId, kind)}`;
}

/** The user and kind a token is for, or null when it is not one this site signed. */
export function readUnsubscribeToken(secret: string, token: string): { userId: number; kind: NotificationKind } | null {
  const [id, kind, signature, ...rest] = token.split('.');
  if (rest.length > 0 || !id || !kind || !signature || !/^[1-9][0-9]{0,9}$/.test(id)) return null;
  if (!(NOTIFICATION_KINDS as readonly string[]).includes(kind)) return null;
  const userId = Number(id);
  const expected = Buffer.from(signatureOf(secret, userId, kind as NotificationKind));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return { userId, kind: kind as NotificationKind };
}

/**
 * Turns one kind's mail off (one atomic jsonb update: a settings save at the same time keeps its
 * other choices); for a digest's kind (issue 36), the digest itself.
 */
export async function turnMailOff(db: Executor, userId: number, kind: NotificationKind): Promise<void> {
  if (DIGEST_KINDS.has(kind)) {
    await db.update(users).set({ followDigest: 'off' }).where(eq(users.id, userId));
    return;
  }
  await db
    .update(users)
    .set({ mailPreferences: sql`${users.mailPreferences} || jsonb_build_object(${kind}::text, false)` })
    .where(eq(users.id, userId));
}
