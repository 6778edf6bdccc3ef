/**
 * How often the digest of followed news is mailed (issue 36, item 1). Apart from follows.ts, whose
 * paths, messages and request schemas only the follow screens need: the settings answer's schema
 * (api.ts, in most screens' code) needs these three words alone.
 */
export const DIGEST_FREQUENCIES = ['off', 'daily', 'weekly'] as const;
export type DigestFrequency = (typeof DIGEST_FREQUENCIES)[number];
