/** Builds the real application on a fresh test database, and signs users in through the real API. */
import { RANK_PRIOR_WEIGHT } from '#core/constants.js';
import type { StaffRole } from '#core/staff-roles.js';
import { DEFAULT_WAVE_THRESHOLDS } from '#core/review-waves.js';
import type { LightMyRequestResponse } from 'fastify';
import { buildApp, type BuildAppOptions } from '#server/app.js';
import { DEFAULT_RATE_LIMITS, STEAM_DEFAULTS, type Config } from '#server/platform/config.js';
import type { Database } from '#server/platform/db/client.js';
import { users } from '#server/platform/db/schema.js';
import { hashPassword } from '#server/features/auth/accounts.js';
import type { App } from '#server/platform/types.js';
import { openTestDatabase } from './database.js';
import { codeFor, enrolTotp } from './second-factor.js';

export interface TestContext {
  app: App;
  db: Database;
  close(): Promise<void>;
}

export const TEST_DISCORD_WEBHOOK_BASE = 'http://127.0.0.1:9/api/webhooks';

export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    port: 0,
    host: '127.0.0.1',
    databaseUrl: null,
    databaseReplicaUrls: [],
    replicaStickyMs: 3_000,
    dataDir: '/nonexistent',
    publicUrl: 'http://localhost:3000',
    isHttps: false,
    sessionSecret: 'test-secret-test-secret-test-secret-0123',
    adminEmails: new Set(),
    seedDemo: false,
    logLevel: 'silent',
    steam: { ...STEAM_DEFAULTS, apiKey: null, fake: false },
    // Test files sign many users in from one address: only the rate-limit tests set real limits.
    rateLimits: {
      ...DEFAULT_RATE_LIMITS,
      login: { limit: 100_000, windowMs: 60_000 },
      accountEmail: { limit: 100_000, windowMs: 60_000 },
      publicRead: { limit: 100_000, windowMs: 60_000 },
    },
    smtpUrl: null,
    mailFrom: 'Test <no-reply@example.test>',
    redisUrl: null,
    trustProxy: false,
    sessionIdleMs: 7 * 24 * 3_600_000,
    sessionMaxMs: 30 * 24 * 3_600_000,
    responseCacheBytes: 32 * 1024 * 1024,
    // Exact lists, so a test can read the ratings it has just written (response-cache.test.ts
    // covers the lag itself).
    listRatingsLagMs: 0,
    rankPriorWeight: RANK_PRIOR_WEIGHT,
    // Every test account is days old at most, so five reviews of one officer would be a wave of
    // fresh accounts: only the review-wave tests set the real thresholds.
    waveThresholds: { ...DEFAULT_WAVE_THRESHOLDS, minReviews: 1_000 },
    waveCooldownDays: 30,
    appealWindowDays: 30,
    accountDeletionGraceDays: 30,
    retentionIntervalMinutes: 60,
    shutdownDelayMs: 0,
    maxInFlight: 64,
    requestTimeoutMs: 60_000,
    shutdownDrainMs: 10_000,
    metrics: null,
    serveWeb: false,
    identityProvider: 'builtin',
    firebase: null,
    // Nothing listens on the discard port: a test that saves a webhook never reaches Discord. The
    // webhook tests point this at their fake Discord.
    discordWebhooks: { bases: [TEST_DISCORD_WEBHOOK_BASE], timeoutMs: 1_000, maxFailures: 10, failingMs: 0, settleMs: 0 },
    // No CDN in front: the CDN's test points this at its fake purge API.
    cdn: null,
    ...overrides,
  };
}

export async function createTestContext(
  overrides: Partial<Config> = {},
  options: Pick<BuildAppOptions, 'mailer' | 'rateLimitStore' | 'now' | 'outboxTiming'> = {},
): Promise<TestContext> {
  const handle = await openTestDatabase();
  const app = await buildApp({ config: testConfig(overrides), db: handle.db, logger: false, ...options });
  await app.ready();
  return {
    app,
    db: handle.db,
    async close() {
      await app.close();
      await handle.close();
    },
  };
}

/** A browser-like client: keeps its cookie and CSRF token across requests. */
export class TestClient {
  cookie = '';
  csrfToken = '';

  constructor(private readonly app: App) {}

  /** The browser's own cookie (issue 34: staff sign-ins from a new browser are mailed), kept like a browser keeps it. */
  browserCookie = '';

  private get cookies() {
    return [this.cookie, this.browserCookie].filter(Boolean).join('; ');
  }

  private absorb(response: LightMyRequestResponse) {
    const browser = response.cookies.find((c) => c.name === 'wor_browser');
    if (browser) this.browserCookie = `wor_browser=${browser.value}`;
    const setCookie = response.cookies.find((c) => c.name === 'wor_sid');
    if (setCookie) this.cookie = setCookie.value ? `wor_sid=${setCookie.value}` : '';
    // A cleared cookie means the session (and its CSRF token) is gone, as a browser would find.
    if (setCookie && !setCookie.value) this.csrfToken = '';
    return response;
  }

  async fetchCsrfToken(): Promise<string> {
    const response = this.absorb(await this.app.inject({ method: 'GET', url: '/api/csrf-token', headers: { cookie: this.cookies } }));
    this.csrfToken = response.json<{ csrfToken: string }>().csrfToken;
    return this.csrfToken;
  }

  async get(url: string) {
    return this.absorb(await this.app.inject({ method: 'GET', url, headers: { cookie: this.cookies } }));
  }

  async write(method: 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: unknown) {
    if (!this.csrfToken) await this.fetchCsrfToken();
    const response = this.absorb(
      await this.app.inject({
        method,
        url,
        headers: { cookie: this.cookies, 'csrf-token': this.csrfToken },
        ...(payload === undefined ? {} : { payload: payload as object }),
      }),
    );
    // A sign-in or sign-out (or its second step) changes the session, and with it the CSRF token.
    if (/\/api\/auth\/(login|legacy-login|register|logout|second-factor|passkeys\/authenticate|firebase-login)$/.test(url)) this.csrfToken = '';
    return response;
  }

  post(url: string, payload?: unknown) {
    return this.write('POST', url, payload);
  }
}

let userCounter = 0;
const TEST_PASSWORD = 'correct horse battery';
// argon2 is deliberately slow: hash the shared test password once per file.
let testPasswordHash: Promise<string> | undefined;

/** Creates an account directly in the database (fast) and signs it in through the real login API. */
export async function signedInClient(
  ctx: TestContext,
  options: { isAdmin?: boolean; role?: StaffRole; steamId?: string | null; username?: string; secondFactor?: false } = {},
): Promise<{ client: TestClient; userId: number; email: string; username: string; totpSecret: string | null }> {
  userCounter += 1;
  const username = options.username ?? `tester${userCounter}_${Math.random().toString(36).slice(2, 7)}`;
  const email = `${username.toLowerCase()}@example.test`;
  const password = TEST_PASSWORD;
  testPasswordHash ??= hashPassword(TEST_PASSWORD);
  const role = options.role ?? (options.isAdmin ? 'admin' : 'user');
  const [user] = await ctx.db
    .insert(users)
    .values({
      username,
      email,
      passwordHash: await testPasswordHash,
      emailVerified: true,
      role,
      steamId: options.steamId ?? null,
    })
    .returning({ id: users.id });
  // Staff hold a second factor (issue 34, item 4) unless the test is about one who has none.
  const totpSecret = role !== 'user' && options.secondFactor !== false ? await enrolTotp(ctx.db, ctx.app.config, user!.id) : null;
  const client = new TestClient(ctx.app);
  const response = await client.post('/api/auth/login', { email, password });
  if (response.statusCode !== 200) throw new Error(`test login failed: ${response.statusCode} ${response.body}`);
  if (totpSecret) {
    const second = await client.post('/api/auth/second-factor', { code: codeFor(totpSecret) });
    if (second.statusCode !== 200) throw new Error(`test second factor failed: ${second.statusCode} ${second.body}`);
  }
  return { client, userId: user!.id, email, username, totpSecret };
}
