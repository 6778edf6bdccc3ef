/**
 * Recovery codes (issue 34, item 6; ASVS 6.5.2): ten at a time, shown once, kept as keyed hashes,
 * each good for one sign-in. Two groups of five from an alphabet without look-alikes (no 0/o, 1/l).
 */
import { randomInt } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { RECOVERY_CODE_COUNT } from '#core/second-factor.js';
import type { Executor } from '#server/platform/db/client.js';
import { recoveryCodes } from '#server/platform/db/schema.js';
import { keyedHash } from './keys.js';

const ALPHABET = 'abcdefghijkmnpqrstuvwxyz23456789';

function newCode(): string {
  const chars = Array.from({ length: 10 }, () => ALPHABET[randomInt(ALPHABET.length)]);
  return `${chars.slice(0, 5).join('')}-${chars.slice(5).join('')}`;
}

/** A new set: the old codes stop working in the same transaction. Answers the codes, to show once. */
export async function issueRecoveryCodes(tx: Executor, key: Buffer, userId: number): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newCode);
  await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await tx.insert(recoveryCodes).values(codes.map((code) => ({ userId, codeHash: keyedHash(key, code) })));
  return codes;
}

/** Spends a code: answers false when it is not one of the account's unused codes. */
export async function useRecoveryCode(tx: Executor, key: Buffer, userId: number, code: string): Promise<boolean> {
  const spent = await tx
    .update(recoveryCodes)
    .set({ usedAt: sql`now()` })
    .where(and(eq(recoveryCodes.userId, userId), eq(recoveryCodes.codeHash, keyedHash(key, code)), isNull(recoveryCodes.usedAt)))
    .returning({ id: recoveryCodes.id });
  return spent.length > 0;
}
