/**
 * Issue 34, item 7: a staff account that signs in from a browser it has not used before is told at
 * once, by mail. A browser is known by a long-lived random cookie of its own (not the session's,
 * which changes at every sign-in), kept server-side only as a keyed hash.
 */
import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '#server/platform/config.js';
import type { Executor } from '#server/platform/db/client.js';
import { knownBrowsers } from '#server/platform/db/schema.js';
import { notify } from '#server/domain/notify/notify.js';
import { keyedHash } from './keys.js';

const BROWSER_COOKIE = 'wor_browser';
const BROWSER_COOKIE_MAX_AGE_S = 400 * 24 * 60 * 60;

function cookieName(config: { isHttps: boolean }): string {
  return config.isHttps ? `__Host-${BROWSER_COOKIE}` : BROWSER_COOKIE;
}

/** "Firefox on Windows": enough for a person to recognise their own browser, nothing more kept. */
export function describeBrowser(userAgent: string | undefined): string {
  if (!userAgent) return 'an unknown browser';
  const browser =
    [
      ['Edg/', 'Edge'],
      ['OPR/', 'Opera'],
      ['Firefox/', 'Firefox'],
      ['Chrome/', 'Chrome'],
      ['Safari/', 'Safari'],
    ].find(([token]) => userAgent.includes(token!))?.[1] ?? 'a browser';
  const system =
    [
      ['Android', 'Android'],
      ['iPhone', 'iOS'],
      ['iPad', 'iPadOS'],
      ['Windows', 'Windows'],
      ['Mac OS X', 'macOS'],
      ['CrOS', 'ChromeOS'],
      ['Linux', 'Linux'],
    ].find(([token]) => userAgent.includes(token!))?.[1] ?? null;
  return system ? `${browser} on ${system}` : browser;
}

/**
 * Called at a staff account's sign-in: marks the browser (setting its cookie the first time) and,
 * when this account has not signed in from it before, mails the account.
 */
export async function noteStaffBrowser(
  db: Executor,
  config: Config,
  key: Buffer,
  request: FastifyRequest,
  reply: FastifyReply,
  userId: number,
): Promise<void> {
  let token = request.cookies[cookieName(config)];
  if (!token || !/^[A-Za-z0-9_-]{43}$/.test(token)) {
    token = randomBytes(32).toString('base64url');
    reply.setCookie(cookieName(config), token, {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: config.isHttps,
      maxAge: BROWSER_COOKIE_MAX_AGE_S,
    });
  }
  const browserHash = keyedHash(key, token);
  const added = await db.insert(knownBrowsers).values({ userId, browserHash }).onConflictDoNothing().returning({ userId: knownBrowsers.userId });
  if (added.length === 0) {
    await db
      .update(knownBrowsers)
      .set({ lastSeenAt: sql`now()` })
      .where(and(eq(knownBrowsers.userId, userId), eq(knownBrowsers.browserHash, browserHash)));
    return;
  }
  await notify(db, {
    userId,
    kind: 'account_security',
    data: { event: 'new_browser', browser: describeBrowser(request.headers['user-agent']), address: request.ip },
  });
}
