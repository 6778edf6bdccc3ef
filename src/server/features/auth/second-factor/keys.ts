/**
 * The keys of the second factor (docs/decisions/0050-second-factor.md), derived from SESSION_SECRET
 * with HKDF so each use has its own: a stolen database alone yields neither an authenticator
 * secret (AES-256-GCM) nor a recovery code (a keyed hash of 50 random bits cannot be searched
 * without the key).
 */
import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';

export interface FactorKeys {
  totpSecret: Buffer;
  recoveryCode: Buffer;
  browser: Buffer;
}

const cache = new Map<string, FactorKeys>();

export function factorKeys(sessionSecret: string): FactorKeys {
  let keys = cache.get(sessionSecret);
  if (!keys) {
    const derive = (info: string) => Buffer.from(hkdfSync('sha256', sessionSecret, 'wor-second-factor', info, 32));
    keys = { totpSecret: derive('totp-secret'), recoveryCode: derive('recovery-code'), browser: derive('known-browser') };
    cache.set(sessionSecret, keys);
  }
  return keys;
}

/** `v1.` + iv + tag + ciphertext, base64url: the version leaves room for a key change. */
export function encryptSecret(key: Buffer, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return `v1.${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url')}`;
}

export function decryptSecret(key: Buffer, sealed: string): string {
  const raw = Buffer.from(sealed.slice(3), 'base64url');
  const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
  decipher.setAuthTag(raw.subarray(12, 28));
  return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
}

export function keyedHash(key: Buffer, value: string): string {
  return createHmac('sha256', key).update(value).digest('hex');
}
