/**
 * Single-use codes for mailed links: 256 random bits, stored as SHA-256, with an expiry. Consuming a
 * code is one atomic UPDATE, so two clicks on one link cannot both succeed.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import type { Executor } from '#server/platform/db/client.js';
import { authTokens } from '#server/platform/db/schema.js';

export type TokenPurpose = 'verify_email' | 'reset_password';

export const TOKEN_LIFETIME_MS: Record<TokenPurpose, number> = {
  verify_email: 24 * 60 * 60 * 1000,
  reset_password: 60 * 60 * 1000,
};

function hashCode(code: string): string {
  return createHash('sha256').update(code).digest('hex');
}

export async function issueToken(db: Executor, userId: number, purpose: TokenPurpose): Promise<string> {
  const code = randomBytes(32).toString('base64url');
  // Old, expired codes are dead already; this keeps the table small.
  await db.delete(authTokens).where(lt(authTokens.expiresAt, new Date(Date.now() - 7 * 24 * 60 * 60 * 1000)));
  await db.insert(authTokens).values({
    userId,
    purpose,
    tokenHash: hashCode(code),
    expiresAt: new Date(Date.now() + TOKEN_LIFETIME_MS[purpose]),
  });
  return code;
}

export type TokenLookup = { state: 'valid'; userId: number } | { state: 'used'; userId: number } | { state: 'invalid' };

/** Reads a code without using it up. */
export async function findToken(db: Executor, code: string, purpose: TokenPurpose): Promise<TokenLookup> {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(code)) return { state: 'invalid' };
  const [row] = await db
    .select()
    .from(authTokens)
    .where(and(eq(authTokens.tokenHash, hashCode(code)), eq(authTokens.purpose, purpose)));
  if (!row) return { state: 'invalid' };
  if (row.usedAt) return { state: 'used', userId: row.userId };
  if (row.expiresAt.getTime() <= Date.now()) return { state: 'invalid' };
  return { state: 'valid', userId: row.userId };
}

/** Uses a code up; null when it is unknown, expired or already used. */
export async function consumeToken(db: Executor, code: string, purpose: TokenPurpose): Promise<number | null> {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(code)) return null;
  const [row] = await db
    .update(authTokens)
    .set({ usedAt: new Date() })
    .where(
      and(eq(authTokens.tokenHash, hashCode(code)), eq(authTokens.purpose, purpose), isNull(authTokens.usedAt), gt(authTokens.expiresAt, new Date())),
    )
    .returning({ userId: authTokens.userId });
  return row?.userId ?? null;
}
