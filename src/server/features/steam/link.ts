/** Linking a Steam account through OpenID 2.0 (see adapters/steam/openid.ts for the checks). */
import { randomBytes } from 'node:crypto';
import { and, desc, eq, gt, lt, notInArray, sql } from 'drizzle-orm';
import type { SteamLinkErrorCode } from '#core/steam.js';
import { OpenIdError, buildAuthorizationUrl, verifyAssertion } from '#server/adapters/steam/openid.js';
import type { Config } from '#server/platform/config.js';
import type { Executor } from '#server/platform/db/client.js';
import { isUniqueViolation } from '#server/platform/db/errors.js';
import { openIdNonces, steamLinkStates, users } from '#server/platform/db/schema.js';

const STATE_LIFETIME_MS = 10 * 60 * 1000;
/**
 * Link states a session keeps at once (issue 37, item 4): a second tab's link still works, and a
 * script calling the start again and again replaces its own states instead of adding rows.
 */
export const STATES_PER_SESSION = 3;
const NONCE_RETENTION_MS = 60 * 60 * 1000;

export type SteamLinkTarget = { officerId: number } | { redirect: string };

/** Where the browser goes after the link: an officer page, or an allowed local path. */
export function redirectPathFor(target: SteamLinkTarget): string {
  if ('officerId' in target) return `/officer/${target.officerId}`;
  // Only local absolute paths: never another origin ('//host' or a scheme).
  return /^\/(?!\/)[A-Za-z0-9/_-]*$/.test(target.redirect) ? target.redirect : '/my-stats';
}

export async function startSteamLink(db: Executor, config: Config, sessionId: string, userId: number, target: SteamLinkTarget): Promise<string> {
  const state = randomBytes(24).toString('base64url');
  const returnTo = new URL('/api/auth/steam/callback', config.publicUrl);
  returnTo.searchParams.set('state', state);
  if ('officerId' in target) returnTo.searchParams.set('officerId', String(target.officerId));
  else returnTo.searchParams.set('redirect', redirectPathFor(target));
  await db.delete(steamLinkStates).where(lt(steamLinkStates.expiresAt, new Date()));
  const kept = db
    .select({ id: steamLinkStates.id })
    .from(steamLinkStates)
    .where(eq(steamLinkStates.sessionId, sessionId))
    .orderBy(desc(steamLinkStates.expiresAt))
    .limit(STATES_PER_SESSION - 1);
  await db.delete(steamLinkStates).where(and(eq(steamLinkStates.sessionId, sessionId), notInArray(steamLinkStates.id, kept)));
  await db.insert(steamLinkStates).values({
    id: state,
    sessionId,
    userId,
    returnTo: returnTo.toString(),
    redirectPath: redirectPathFor(target),
    expiresAt: new Date(Date.now() + STATE_LIFETIME_MS),
  });
  return buildAuthorizationUrl(config.steam.openIdUrl, returnTo.toString(), `${config.publicUrl}/`);
}

export type SteamLinkOutcome =
  { ok: true; steamId: string; redirectPath: string } | { ok: false; error: SteamLinkErrorCode; redirectPath: string; detail: string };

export async function completeSteamLink(
  db: Executor,
  config: Config,
  sessionId: string,
  userId: number,
  query: Record<string, string | undefined>,
): Promise<SteamLinkOutcome> {
  const state = query.state ?? '';
  // Single use: the state row is deleted by the request that consumes it.
  const [issued] = await db
    .delete(steamLinkStates)
    .where(
      and(
        eq(steamLinkStates.id, state),
        eq(steamLinkStates.sessionId, sessionId),
        eq(steamLinkStates.userId, userId),
        gt(steamLinkStates.expiresAt, new Date()),
      ),
    )
    .returning();
  if (!issued) {
    return { ok: false, error: 'expired', redirectPath: '/my-stats', detail: 'unknown, expired or foreign state' };
  }

  let steamId: string;
  try {
    steamId = await verifyAssertion(query, {
      endpoint: config.steam.openIdUrl,
      returnTo: issued.returnTo,
      consumeNonce: (nonce) => consumeNonce(db, nonce),
    });
  } catch (error) {
    if (!(error instanceof OpenIdError)) throw error;
    const code: SteamLinkErrorCode = error.reason === 'cancelled' ? 'cancelled' : error.reason === 'provider_unreachable' ? 'unreachable' : 'invalid';
    return { ok: false, error: code, redirectPath: issued.redirectPath, detail: error.message };
  }

  try {
    // Figures read for another Steam account are not this one's: unknown until read again
    // (docs/decisions/0029-reviewer-signals.md; the callback forgets every cached answer).
    // When the account was linked to this Steam account: a review wave counts recently linked
    // accounts as fresh (docs/decisions/0031-review-waves.md). Linking the same one again keeps it.
    await db
      .update(users)
      .set({
        steamId,
        steamLinkedAt: sql`case when ${users.steamId} is not distinct from ${steamId} then ${users.steamLinkedAt} else now() end`,
        steamLevel: null,
        steamTotalGames: null,
        steamRefreshedAt: null,
      })
      .where(eq(users.id, userId));
  } catch (error) {
    if (isUniqueViolation(error)) {
      return { ok: false, error: 'taken', redirectPath: issued.redirectPath, detail: `steamId ${steamId} is linked to another account` };
    }
    throw error;
  }
  return { ok: true, steamId, redirectPath: issued.redirectPath };
}

async function consumeNonce(db: Executor, nonce: string): Promise<boolean> {
  await db.delete(openIdNonces).where(lt(openIdNonces.createdAt, new Date(Date.now() - NONCE_RETENTION_MS)));
  const inserted = await db.insert(openIdNonces).values({ nonce }).onConflictDoNothing().returning({ nonce: openIdNonces.nonce });
  return inserted.length === 1;
}
