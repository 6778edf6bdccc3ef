/**
 * Configuration, read and validated once at start-up. Nothing else in the server reads process.env.
 * A wrong value stops start-up with a message naming the variable.
 */
import { DEFAULT_DELETION_GRACE_DAYS } from '#core/your-data.js';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { RANK_PRIOR_WEIGHT } from '#core/constants.js';
import { DEFAULT_WAVE_THRESHOLDS, type WaveThresholds } from '#core/review-waves.js';

const booleanFlag = z.enum(['1', '0', 'true', 'false', 'on', 'off', 'yes', 'no']).transform((v) => ['1', 'true', 'on', 'yes'].includes(v));

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('localhost'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  // PostgreSQL streaming replicas for reads (issue 37, item 8; docs/decisions/0055-read-replicas.md).
  DATABASE_REPLICA_URLS: z
    .string()
    .regex(/^\s*postgres(ql)?:\/\/[^,]+(,\s*postgres(ql)?:\/\/[^,]+)*\s*$/, 'must be postgres:// URLs separated by commas')
    .optional(),
  REPLICA_STICKY_MS: z.coerce.number().int().min(100).max(600_000).default(3_000),
  DATA_DIR: z.string().min(1).default('./data'),
  PUBLIC_URL: z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).optional(),
  SESSION_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  ADMIN_EMAILS: z.string().default(''),
  SEED_DEMO: booleanFlag.optional(),
  STEAM_OPENID_URL: z.url({ protocol: /^https?$/ }).optional(),
  STEAM_API_URL: z.url({ protocol: /^https?$/ }).optional(),
  STEAM_API_KEY: z.string().min(1).optional(),
  FAKE_STEAM: booleanFlag.optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().min(3).default('War of Rights Officer Ratings <no-reply@localhost>'),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must be a redis:// or rediss:// URL')
    .optional(),
  TRUST_PROXY: booleanFlag.default(false),
  SESSION_IDLE_HOURS: z.coerce
    .number()
    .positive()
    .default(24 * 7),
  RESPONSE_CACHE_MB: z.coerce.number().min(0).max(4096).default(32),
  LIST_RATINGS_LAG_MS: z.coerce.number().int().min(0).max(60_000).default(1_000),
  RANK_PRIOR_WEIGHT: z.coerce.number().min(0).max(10_000).default(RANK_PRIOR_WEIGHT),
  // Review waves (docs/decisions/0031-review-waves.md).
  WAVE_WINDOW_HOURS: z.coerce
    .number()
    .positive()
    .max(24 * 30)
    .default(DEFAULT_WAVE_THRESHOLDS.windowHours),
  WAVE_MIN_REVIEWS: z.coerce.number().int().min(2).max(1_000).default(DEFAULT_WAVE_THRESHOLDS.minReviews),
  WAVE_MIN_DIFFERENCE: z.coerce.number().positive().max(5).default(DEFAULT_WAVE_THRESHOLDS.minDifference),
  WAVE_FRESH_DAYS: z.coerce.number().min(0).max(365).default(DEFAULT_WAVE_THRESHOLDS.freshDays),
  // Issue 32: how long an account whose wave review was removed waits to review that officer again.
  WAVE_COOLDOWN_DAYS: z.coerce.number().int().min(0).max(365).default(30),
  // Issue 33: how long a staff action may be appealed, and removed content is kept to put it back.
  APPEAL_WINDOW_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  ACCOUNT_DELETION_GRACE_DAYS: z.coerce.number().int().min(0).max(365).default(DEFAULT_DELETION_GRACE_DAYS),
  RETENTION_INTERVAL_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(60),
  MAX_IN_FLIGHT: z.coerce.number().int().min(1).max(100_000).default(64),
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(600_000).default(60_000),
  SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).max(600_000).default(10_000),
  SHUTDOWN_DELAY_MS: z.coerce.number().int().min(0).max(600_000).default(0),
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  METRICS_HOST: z.string().min(1).default('127.0.0.1'),
  SESSION_MAX_DAYS: z.coerce.number().positive().default(30),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  IDENTITY_PROVIDER: z.enum(['builtin', 'firebase']).default('builtin'),
  FIREBASE_PROJECT_ID: z
    .string()
    .regex(/^[a-z0-9-]{4,40}$/, 'must be a Firebase project id (lowercase letters, digits, dashes)')
    .optional(),
  FIREBASE_API_KEY: z.string().min(1).optional(),
  FIREBASE_AUTH_DOMAIN: z
    .string()
    .regex(/^[A-Za-z0-9.-]+(:\d+)?$/, 'must be a host name such as my-project.firebaseapp.com')
    .optional(),
  FIREBASE_APP_ID: z.string().min(1).optional(),
  // Regiment Discord webhooks (docs/decisions/0039-regiment-webhooks.md).
  DISCORD_WEBHOOK_BASE: z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).optional(),
  DISCORD_WEBHOOK_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5_000),
  DISCORD_WEBHOOK_MAX_FAILURES: z.coerce.number().int().min(1).max(1_000).default(10),
  DISCORD_WEBHOOK_FAILING_HOURS: z.coerce
    .number()
    .min(0)
    .max(24 * 30)
    .default(24),
  // A new review reaches Discord after this long, if it then counts (issue 32, item 4).
  WEBHOOK_SETTLE_SECONDS: z.coerce
    .number()
    .int()
    .min(0)
    .max(24 * 3_600)
    .default(600),
  FIREBASE_AUTH_EMULATOR_HOST: z
    .string()
    .regex(/^[A-Za-z0-9.-]+:\d+$/, 'must be host:port, e.g. 127.0.0.1:9099')
    .optional(),
  // A CDN in front (docs/decisions/0053-cdn.md): unset, answers carry the headers they always did.
  CDN_PURGE_URL: z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).optional(),
  CDN_PURGE_TOKEN: z.string().min(1).optional(),
  CDN_MAX_AGE_SECONDS: z.coerce.number().int().min(1).max(31_536_000).default(300),
  CDN_STALE_WHILE_REVALIDATE_SECONDS: z.coerce.number().int().min(0).max(86_400).default(30),
  CDN_STALE_IF_ERROR_SECONDS: z.coerce.number().int().min(0).max(31_536_000).default(86_400),
  CDN_PURGE_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5_000),
});

export interface Config {
  port: number;
  host: string;
  /** null means the embedded PGlite database under dataDir. */
  databaseUrl: string | null;
  /** PostgreSQL streaming replicas that serve reads (empty: the primary serves everything). */
  databaseReplicaUrls: readonly string[];
  /**
   * For how long after a write its writer's reads, and the refills of the answers it changed, go to
   * the primary; replicas further behind than about half of it are left out (read-routing.ts).
   */
  replicaStickyMs: number;
  dataDir: string;
  publicUrl: string;
  isHttps: boolean;
  sessionSecret: string;
  adminEmails: ReadonlySet<string>;
  /** undefined: seed only an empty embedded database (decided at start, see main.ts). */
  seedDemo: boolean | undefined;
  logLevel: string;
  steam: SteamConfig;
  rateLimits: RateLimitConfig;
  /** null: mails are written to the server log instead of sent. */
  smtpUrl: string | null;
  mailFrom: string;
  /** Shared rate-limit counters across processes; null counts in memory. */
  redisUrl: string | null;
  /** Behind a load balancer: take the client address from X-Forwarded-For. */
  trustProxy: boolean;
  sessionIdleMs: number;
  sessionMaxMs: number;
  /** Memory for ready-to-send public answers (src/server/platform/read-cache/store.ts); 0 turns it off. */
  responseCacheBytes: number;
  /** How long after a review the cached lists (top, search, regiments) may show the ratings before it. */
  listRatingsLagMs: number;
  /** The prior weight m of the rankings' Bayesian average (docs/decisions/0030-bayesian-ranking.md). */
  rankPriorWeight: number;
  /** What makes a review wave (issue 17). */
  waveThresholds: WaveThresholds;
  /** Days an account whose review in a wave was removed waits before reviewing that officer again (issue 32). */
  waveCooldownDays: number;
  /** Days a staff action may be appealed, and removed reviews and replies are kept for a reversal (issue 33). */
  appealWindowDays: number;
  /** Days an account asked to be deleted can still cancel (issue 35); 0: deleted at the next retention run. */
  accountDeletionGraceDays: number;
  /** How often each process runs the retention job (issue 35, item 4). */
  retentionIntervalMinutes: number;
  /** API requests worked on at once beyond which new ones are refused 503 (load shedding). */
  maxInFlight: number;
  /** A request must arrive whole (headers and body) within this time, or it is answered 408 and closed. */
  requestTimeoutMs: number;
  /** On SIGTERM, requests in progress get this long to finish before their connections are closed. */
  shutdownDrainMs: number;
  /** After SIGTERM, how long /readyz answers 503 while the process still serves, before the drain (issue 37, item 6). */
  shutdownDelayMs: number;
  /** Prometheus metrics on their own port (http/metrics.ts); null serves none. */
  metrics: { port: number; host: string } | null;
  /** Serve the built web app from dist/web (production); off for tests of the API alone. */
  serveWeb: boolean;
  /** Who proves identities: the built-in accounts, or Firebase (docs/decisions/0007-firebase-provider.md). */
  identityProvider: 'builtin' | 'firebase';
  /** Set in firebase mode only. */
  firebase: FirebaseConfig | null;
  /** Where regiments' Discord webhooks may point, and when a failing one is turned off. */
  discordWebhooks: DiscordWebhookConfig;
  /** A CDN in front, told what to keep and what to purge (docs/decisions/0053-cdn.md); null: none. */
  cdn: CdnConfig | null;
}

export interface CdnConfig {
  /**
   * The CDN service's API address, Fastly's `https://api.fastly.com/service/{service_id}`: a purge is
   * `POST {purgeUrl}/purge` with the surrogate keys.
   */
  purgeUrl: string;
  /** Sent as `Fastly-Key`: a token allowed to purge that service (Fastly's purge_select scope). */
  purgeToken: string;
  /** How long the CDN keeps a public answer (s-maxage) without a purge: what a lost purge costs at most. */
  maxAgeSeconds: number;
  /** How long past that the CDN may answer with it while it asks the site again (stale-while-revalidate). */
  staleWhileRevalidateSeconds: number;
  /** How long past that the CDN may answer with it while the site fails (stale-if-error). */
  staleIfErrorSeconds: number;
  /** A purge request that takes longer is abandoned and retried: a hanging purge API never holds the outbox. */
  purgeTimeoutMs: number;
}

export interface DiscordWebhookConfig {
  /**
   * The URL prefixes a webhook may start with (each ending in /api/webhooks): Discord's hosts by
   * default, or DISCORD_WEBHOOK_BASE alone (tests and development point it at a local fake). The
   * server posts to these URLs, so nothing else is accepted (no request to an address a user chose).
   */
  bases: string[];
  /** A delivery that takes longer is abandoned and retried: a hanging Discord never holds the outbox. */
  timeoutMs: number;
  /** Turned off after this many failed deliveries in a row, once the first of them is failingMs old. */
  maxFailures: number;
  failingMs: number;
  /**
   * A new review (and the officer's reply to it) is posted this long after it was written, and only
   * if it then counts: a review wave that forms meanwhile holds it before Discord hears of it.
   */
  settleMs: number;
}

/** Discord's documented webhook hosts (discord.com, the older discordapp.com, the test clients'). */
export const DISCORD_WEBHOOK_BASES = [
  'https://discord.com/api/webhooks',
  'https://discordapp.com/api/webhooks',
  'https://ptb.discord.com/api/webhooks',
  'https://canary.discord.com/api/webhooks',
] as const;

export interface FirebaseConfig {
  projectId: string;
  /** The web app's Firebase configuration (public by design: it identifies the project, it grants nothing). */
  apiKey: string;
  authDomain: string;
  appId: string;
  /**
   * host:port of the Firebase Auth emulator. firebase-admin then accepts UNSIGNED tokens, so it is
   * refused unless PUBLIC_URL is a loopback address.
   */
  emulatorHost: string | null;
}

export interface RateLimitWindow {
  limit: number;
  windowMs: number;
}

/** Limits on anything that can be abused; each is configurable as RATE_LIMIT_<NAME>=count/window. */
export interface RateLimitConfig {
  /** Per user. */
  reviewWrite: RateLimitWindow;
  vote: RateLimitWindow;
  flag: RateLimitWindow;
  /**
   * RATE_LIMIT_LOGIN=count/window for the built-in logins (email and legacy username count against one
   * account): `count` failed logins per account are free (three times as many per client address, for
   * players behind one address); past them each attempt waits a delay that grows with the failures
   * (LOGIN_SLOWDOWN in features/auth/login-throttle.ts), rather than a lock-out anyone could trigger.
   * Failures are forgotten `window` after the last one; successes never count and clear the account's.
   * The Firebase token exchange reads the same numbers as a plain limit on its calls per address.
   */
  login: RateLimitWindow;
  /** Registration, forgot-password and request-verification, per IP and per email. */
  accountEmail: RateLimitWindow;
  /** Image uploads per user (decoding and re-encoding cost CPU, the bytes cost storage). */
  upload: RateLimitWindow;
  /**
   * Requests to the public read API (every public GET under /api and its CORS preflight) per client
   * address: far above what browsing the site sends, so only a scraper or a runaway script meets it
   * (docs/decisions/0034-public-read-api.md).
   */
  publicRead: RateLimitWindow;
  /**
   * Link-preview cards drawn per client address: a kept card is answered before this counts, so it
   * limits only draws (tens of milliseconds of CPU each), which walking every id would multiply.
   */
  cardDraw: RateLimitWindow;
  /** The mails' unsubscribe link, per address: it works without a session (issue 18). */
  unsubscribe: RateLimitWindow;
  /** Setting or removing a regiment's Discord webhook, per user: an owner has no reason to change it often. */
  webhookChange: RateLimitWindow;
  /**
   * Second-factor ceremonies per client address (issue 34): passkey challenges and authenticator
   * set-ups each write a row, and a sign-in by passkey needs no account to ask for one. The same
   * numbers per account for a signed-in account's ceremonies, new recovery codes among them (issue
   * 37, item 4: each set tells the account, by a notification and a mail).
   */
  secondFactor: RateLimitWindow;
  /** Downloads of one's own data, per user (issue 35): each reads every row of the account. */
  dataExport: RateLimitWindow;
  /**
   * Sign-ins per account, counted once the password, passkey or Firebase token has proved it (issue
   * 37, item 4): each adds a session row, and a staff account's new browser a row and a mail. The
   * second step that finishes the account's own half-done sign-in replaces its row and is not counted.
   */
  signIn: RateLimitWindow;
  /**
   * Edits of one's officer profile or regiment page, per user (issue 37, item 4): each leaves a row in
   * the search's change feed and forgets every public answer. Admins' edits are in the audit log instead.
   */
  profileEdit: RateLimitWindow;
  /** Appeals per user (issue 33): one per staff action at most, and these few an hour. */
  appeal: RateLimitWindow;
}

export const DEFAULT_RATE_LIMITS: RateLimitConfig = {
  reviewWrite: { limit: 20, windowMs: 60 * 60 * 1000 },
  vote: { limit: 120, windowMs: 60 * 1000 },
  flag: { limit: 20, windowMs: 60 * 60 * 1000 },
  login: { limit: 10, windowMs: 15 * 60 * 1000 },
  accountEmail: { limit: 5, windowMs: 30 * 60 * 1000 },
  upload: { limit: 20, windowMs: 60 * 60 * 1000 },
  publicRead: { limit: 600, windowMs: 60 * 1000 },
  cardDraw: { limit: 120, windowMs: 60 * 1000 },
  unsubscribe: { limit: 30, windowMs: 15 * 60 * 1000 },
  webhookChange: { limit: 20, windowMs: 60 * 60 * 1000 },
  secondFactor: { limit: 60, windowMs: 15 * 60 * 1000 },
  dataExport: { limit: 5, windowMs: 60 * 60 * 1000 },
  signIn: { limit: 20, windowMs: 15 * 60 * 1000 },
  profileEdit: { limit: 30, windowMs: 60 * 60 * 1000 },
  appeal: { limit: 5, windowMs: 60 * 60 * 1000 },
};

const RATE_LIMIT_ENV: Record<keyof RateLimitConfig, string> = {
  reviewWrite: 'RATE_LIMIT_REVIEW',
  vote: 'RATE_LIMIT_VOTE',
  flag: 'RATE_LIMIT_FLAG',
  login: 'RATE_LIMIT_LOGIN',
  accountEmail: 'RATE_LIMIT_ACCOUNT_EMAIL',
  upload: 'RATE_LIMIT_UPLOAD',
  publicRead: 'RATE_LIMIT_PUBLIC_API',
  cardDraw: 'RATE_LIMIT_CARD',
  secondFactor: 'RATE_LIMIT_SECOND_FACTOR',
  dataExport: 'RATE_LIMIT_EXPORT',
  unsubscribe: 'RATE_LIMIT_UNSUBSCRIBE',
  webhookChange: 'RATE_LIMIT_WEBHOOK',
  signIn: 'RATE_LIMIT_SIGN_IN',
  profileEdit: 'RATE_LIMIT_PROFILE_EDIT',
  appeal: 'RATE_LIMIT_APPEAL',
};

const UNIT_MS = { s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 } as const;

/** '10/15m' -> 10 requests per 15 minutes (units s, m, h, d). */
export function parseRateLimit(text: string): RateLimitWindow | null {
  const match = /^(\d+)\/(\d+)([smhd])$/.exec(text.trim());
  if (!match) return null;
  const limit = Number(match[1]);
  const windowMs = Number(match[2]) * UNIT_MS[match[3] as keyof typeof UNIT_MS];
  return limit > 0 && windowMs > 0 ? { limit, windowMs } : null;
}

function readRateLimits(env: Record<string, string | undefined>, problems: string[]): RateLimitConfig {
  const limits = { ...DEFAULT_RATE_LIMITS };
  for (const key of Object.keys(RATE_LIMIT_ENV) as Array<keyof RateLimitConfig>) {
    const raw = env[RATE_LIMIT_ENV[key]];
    if (raw === undefined || raw === '') continue;
    const parsed = parseRateLimit(raw);
    if (parsed) limits[key] = parsed;
    else problems.push(`  ${RATE_LIMIT_ENV[key]}: must look like 10/15m (a count, a slash, a number and s, m, h or d)`);
  }
  return limits;
}

export interface SteamConfig {
  /** The OpenID 2.0 provider endpoint; assertions must name exactly this op_endpoint. */
  openIdUrl: string;
  /** Base URL of the Steam Web API. */
  apiUrl: string;
  apiKey: string | null;
  /**
   * Serve the development fake Steam at /__fake-steam and point both URLs at it. Decided at start:
   * undefined means "on when the embedded demo is seeded and no STEAM_OPENID_URL is given".
   */
  fake: boolean | undefined;
}

export const STEAM_DEFAULTS = {
  openIdUrl: 'https://steamcommunity.com/openid/login',
  apiUrl: 'https://api.steampowered.com',
} as const;

export class ConfigError extends Error {}

export function isLoopbackUrl(url: string): boolean {
  const host = new URL(url).hostname;
  return host === 'localhost' || host === '[::1]' || host === '::1' || /^127\.\d+\.\d+\.\d+$/.test(host);
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // Empty strings count as unset, as in most .env files.
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const problems: string[] = [];
  const rateLimits = readRateLimits(cleaned, problems);
  if (problems.length > 0) throw new ConfigError(`Invalid configuration:\n${problems.join('\n')}`);
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  const dataDir = path.resolve(e.DATA_DIR);
  if (e.FAKE_STEAM && !isLoopbackUrl(publicUrl)) {
    throw new ConfigError(
      'Invalid configuration:\n  FAKE_STEAM: the fake Steam is for local development only; PUBLIC_URL must be a loopback address',
    );
  }
  if (e.FIREBASE_AUTH_EMULATOR_HOST && !isLoopbackUrl(publicUrl)) {
    throw new ConfigError(
      'Invalid configuration:\n  FIREBASE_AUTH_EMULATOR_HOST: the Firebase Auth emulator accepts unsigned tokens and is for local development only; PUBLIC_URL must be a loopback address',
    );
  }
  const firebase = readFirebaseConfig(e);
  const webhookBase = e.DISCORD_WEBHOOK_BASE?.replace(/\/+$/, '');
  // A plain-http base is for a local fake only: a webhook URL is a secret.
  if (webhookBase && !webhookBase.startsWith('https://') && !isLoopbackUrl(webhookBase)) {
    throw new ConfigError('Invalid configuration:\n  DISCORD_WEBHOOK_BASE: must be https:// unless it is a loopback address (a local fake)');
  }
  const cdn = readCdnConfig(e);
  if (e.DATABASE_REPLICA_URLS && !e.DATABASE_URL) {
    throw new ConfigError('Invalid configuration:\n  DATABASE_REPLICA_URLS: replicas need their primary, DATABASE_URL');
  }
  const needsExplicitSecret = e.DATABASE_URL !== undefined || !isLoopbackUrl(publicUrl);
  let sessionSecret = e.SESSION_SECRET;
  if (!sessionSecret) {
    if (needsExplicitSecret) {
      throw new ConfigError('Invalid configuration:\n  SESSION_SECRET: required when DATABASE_URL is set or PUBLIC_URL is not a loopback address');
    }
    sessionSecret = readOrCreateLocalSecret(dataDir);
  }
  return {
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL ?? null,
    databaseReplicaUrls: (e.DATABASE_REPLICA_URLS ?? '')
      .split(',')
      .map((url) => url.trim())
      .filter(Boolean),
    replicaStickyMs: e.REPLICA_STICKY_MS,
    dataDir,
    publicUrl,
    isHttps: publicUrl.startsWith('https://'),
    sessionSecret,
    adminEmails: new Set(
      e.ADMIN_EMAILS.split(',')
        .map((s) => s.trim().toLowerCase())
        .filter(Boolean),
    ),
    seedDemo: e.SEED_DEMO,
    logLevel: e.LOG_LEVEL,
    steam: {
      openIdUrl: e.STEAM_OPENID_URL ?? STEAM_DEFAULTS.openIdUrl,
      apiUrl: (e.STEAM_API_URL ?? STEAM_DEFAULTS.apiUrl).replace(/\/+$/, ''),
      apiKey: e.STEAM_API_KEY ?? null,
      fake: e.STEAM_OPENID_URL ? false : e.FAKE_STEAM,
    },
    rateLimits,
    smtpUrl: e.SMTP_URL ?? null,
    mailFrom: e.MAIL_FROM,
    redisUrl: e.REDIS_URL ?? null,
    trustProxy: e.TRUST_PROXY,
    sessionIdleMs: e.SESSION_IDLE_HOURS * 3_600_000,
    sessionMaxMs: e.SESSION_MAX_DAYS * 86_400_000,
    responseCacheBytes: Math.round(e.RESPONSE_CACHE_MB * 1024 * 1024),
    listRatingsLagMs: e.LIST_RATINGS_LAG_MS,
    rankPriorWeight: e.RANK_PRIOR_WEIGHT,
    waveThresholds: {
      windowHours: e.WAVE_WINDOW_HOURS,
      minReviews: e.WAVE_MIN_REVIEWS,
      minDifference: e.WAVE_MIN_DIFFERENCE,
      freshDays: e.WAVE_FRESH_DAYS,
    },
    waveCooldownDays: e.WAVE_COOLDOWN_DAYS,
    appealWindowDays: e.APPEAL_WINDOW_DAYS,
    accountDeletionGraceDays: e.ACCOUNT_DELETION_GRACE_DAYS,
    retentionIntervalMinutes: e.RETENTION_INTERVAL_MINUTES,
    maxInFlight: e.MAX_IN_FLIGHT,
    requestTimeoutMs: e.REQUEST_TIMEOUT_MS,
    shutdownDrainMs: e.SHUTDOWN_DRAIN_MS,
    shutdownDelayMs: e.SHUTDOWN_DELAY_MS,
    metrics: e.METRICS_PORT === undefined ? null : { port: e.METRICS_PORT, host: e.METRICS_HOST },
    serveWeb: true,
    identityProvider: e.IDENTITY_PROVIDER,
    firebase,
    discordWebhooks: {
      bases: webhookBase ? [webhookBase] : [...DISCORD_WEBHOOK_BASES],
      timeoutMs: e.DISCORD_WEBHOOK_TIMEOUT_MS,
      maxFailures: e.DISCORD_WEBHOOK_MAX_FAILURES,
      failingMs: e.DISCORD_WEBHOOK_FAILING_HOURS * 3_600_000,
      settleMs: e.WEBHOOK_SETTLE_SECONDS * 1_000,
    },
    cdn,
  };
}

function readCdnConfig(e: z.infer<typeof envSchema>): CdnConfig | null {
  if (!e.CDN_PURGE_URL) return null;
  const purgeUrl = e.CDN_PURGE_URL.replace(/\/+$/, '');
  // The token goes with every purge: over plain http only to a local fake.
  if (!purgeUrl.startsWith('https://') && !isLoopbackUrl(purgeUrl)) {
    throw new ConfigError('Invalid configuration:\n  CDN_PURGE_URL: must be https:// unless it is a loopback address (a local fake)');
  }
  if (!e.CDN_PURGE_TOKEN) throw new ConfigError('Invalid configuration:\n  CDN_PURGE_TOKEN: required when CDN_PURGE_URL is set');
  return {
    purgeUrl,
    purgeToken: e.CDN_PURGE_TOKEN,
    maxAgeSeconds: e.CDN_MAX_AGE_SECONDS,
    staleWhileRevalidateSeconds: e.CDN_STALE_WHILE_REVALIDATE_SECONDS,
    staleIfErrorSeconds: e.CDN_STALE_IF_ERROR_SECONDS,
    purgeTimeoutMs: e.CDN_PURGE_TIMEOUT_MS,
  };
}

function readFirebaseConfig(e: z.infer<typeof envSchema>): FirebaseConfig | null {
  if (e.IDENTITY_PROVIDER !== 'firebase') return null;
  const required = {
    FIREBASE_PROJECT_ID: e.FIREBASE_PROJECT_ID,
    FIREBASE_API_KEY: e.FIREBASE_API_KEY,
    FIREBASE_AUTH_DOMAIN: e.FIREBASE_AUTH_DOMAIN,
    FIREBASE_APP_ID: e.FIREBASE_APP_ID,
  };
  const missing = Object.entries(required).filter(([, v]) => !v);
  if (missing.length > 0) {
    const lines = missing.map(([name]) => `  ${name}: required when IDENTITY_PROVIDER=firebase`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return {
    projectId: required.FIREBASE_PROJECT_ID!,
    apiKey: required.FIREBASE_API_KEY!,
    authDomain: required.FIREBASE_AUTH_DOMAIN!,
    appId: required.FIREBASE_APP_ID!,
    emulatorHost: e.FIREBASE_AUTH_EMULATOR_HOST ?? null,
  };
}

/** A local, loopback-only run keeps a generated secret under DATA_DIR so sessions survive restarts. */
function readOrCreateLocalSecret(dataDir: string): string {
  const file = path.join(dataDir, 'session-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/** For the server and the command-line tools: a wrong value ends the process with its message. */
export function loadConfigOrExit(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(2);
    }
    throw error;
  }
}
