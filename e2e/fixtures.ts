/**
 * The browser tests' `test` and `expect`, with fixtures that start a test signed in (as epic-stack's
 * tests/playwright-utils.ts does): sessions and fresh accounts are made through the real HTTP API
 * (GET /api/csrf-token, then the write with its CSRF-Token header, spec section 7), and the browser
 * gets the session's cookie. Only the tests of the login, registration and password reset screens
 * click through them (account, password-reset, session-flows' "login returns" tests).
 */
import { test as base, expect, type APIRequestContext, type APIResponse, type BrowserContext } from '@playwright/test';
import { apiPaths } from '#core/api-paths';
import { authApiPaths } from '#core/auth-api-paths';
import { TOTP } from '#core/second-factor.js';
import { secondFactorApiPaths } from '#core/second-factor-api-paths.js';
import { latestMailLink, totpCode, type DemoAccount } from './support';

export { expect };

type StorageState = Awaited<ReturnType<APIRequestContext['storageState']>>;

/** What signs an account in: its password, and the key of its authenticator app when it has one (issue 34). */
export type Credentials = Pick<DemoAccount, 'email' | 'password' | 'totpSecret'>;

export interface SignInOptions {
  /**
   * A session of its own, never reused: for a test that ends it (logout, a ban) or that needs a new
   * one after it ended. Otherwise the worker's session of the account is shared by every test.
   */
  fresh?: boolean;
}

/** A write with the request context's session and a CSRF token fetched for it, whatever the answer. */
export async function sendWrite(request: APIRequestContext, method: 'POST' | 'PUT', url: string, data: unknown): Promise<APIResponse> {
  const { csrfToken } = (await (await request.get(apiPaths.csrfToken)).json()) as { csrfToken: string };
  return request.fetch(url, { method, headers: { 'CSRF-Token': csrfToken }, data });
}

/** A write through the API with the request context's session and its CSRF token (what the web app sends). */
export async function apiWrite(request: APIRequestContext, method: 'POST' | 'PUT', url: string, data: unknown) {
  const response = await sendWrite(request, method, url, data);
  expect(response.ok(), `${method} ${url}: ${response.status()} ${await response.text()}`).toBe(true);
  return response.json();
}

const STEP_MS = TOTP.periodSeconds * 1000;

/**
 * The sign-in's second step (issue 34) with a code computed from the account's key, as its app
 * would show it. The server takes the codes of the last, current and next step, each once, and
 * none of a step at or before the last one used: when the current step's code was used (by an
 * earlier sign-in of the run), the next step's is tried, and when both were, the next step's
 * boundary brings a new one.
 */
async function passSecondStep(request: APIRequestContext, { email, totpSecret }: Credentials) {
  if (!totpSecret) throw new Error(`${email} has a second factor, but no totpSecret to compute its code from`);
  for (;;) {
    const now = Date.now();
    for (const timestamp of [now, now + STEP_MS]) {
      const response = await sendWrite(request, 'POST', secondFactorApiPaths.verify, { code: totpCode(totpSecret, timestamp) });
      if (response.ok()) return;
      expect(response.status(), `the second step of ${email}: ${await response.text()}`).toBe(401);
    }
    // The clock is what the server waits for here: nothing else would let a new code in.
    await new Promise((resolve) => setTimeout(resolve, STEP_MS - (Date.now() % STEP_MS) + 100));
  }
}

/**
 * Turns on an authenticator app for the account signed in on `request` (issue 34), as the security
 * settings do: a new key, then a code from it. Returns the key, for the account's later sign-ins.
 */
export async function enrolAuthenticatorApp(request: APIRequestContext): Promise<string> {
  const { secret } = (await apiWrite(request, 'POST', secondFactorApiPaths.totpSetup, {})) as { secret: string };
  await apiWrite(request, 'POST', secondFactorApiPaths.totpEnable, { code: totpCode(secret) });
  return secret;
}

interface SessionStore {
  /** The cookies of a session of `account`, signed in through POST /api/auth/login. */
  storageStateOf(account: Credentials, options?: SignInOptions): Promise<StorageState>;
}

interface WorkerFixtures {
  /** Usable in beforeAll, as the worker's other fixtures are. */
  sessions: SessionStore;
}

interface TestFixtures {
  /** Signs a browser context in as `account` (the test's own page's by default): open or reload a page after it. */
  signIn(account: Credentials, options?: SignInOptions & { context?: BrowserContext }): Promise<void>;
  /** A browser context of its own signed in as `account` (another person beside the test's page); closed after the test. */
  newSignedInContext(account: Credentials, options?: SignInOptions): Promise<BrowserContext>;
  /**
   * A new account named `username`, registered through the API and verified with the link mailed to
   * it (the mail the test's SMTP server captured); nobody is signed in. Registering through the
   * screens is account.spec.ts's subject.
   */
  createUser(username: string, password?: string): Promise<DemoAccount>;
}

export const test = base.extend<TestFixtures, WorkerFixtures>({
  sessions: [
    async ({ playwright }, use, workerInfo) => {
      const { baseURL } = workerInfo.project.use;
      // Signing in hashes the password (argon2): a run's few hundred sign-ins of the same two demo
      // accounts cost seconds. A logout ends only the session it is sent with, so a shared session
      // stays valid for every test that does not end it (those ask for a fresh one).
      const shared = new Map<string, Promise<StorageState>>();
      const logIn = async (account: Credentials) => {
        const request = await playwright.request.newContext({ baseURL });
        try {
          const answer = (await apiWrite(request, 'POST', authApiPaths.login, { email: account.email, password: account.password })) as {
            needsSecondFactor?: boolean;
          };
          // The account has a second factor (the demo admin does): the session is made by the second step.
          if (answer.needsSecondFactor) await passSecondStep(request, account);
          return await request.storageState();
        } finally {
          await request.dispose();
        }
      };
      await use({
        storageStateOf(account, { fresh = false } = {}) {
          if (fresh) return logIn(account);
          const key = account.email.toLowerCase();
          let state = shared.get(key);
          if (!state) {
            state = logIn(account);
            shared.set(key, state);
            state.catch(() => shared.delete(key));
          }
          return state;
        },
      });
    },
    { scope: 'worker' },
  ],

  signIn: async ({ page, sessions }, use) => {
    await use(async (account, { context = page.context(), ...options } = {}) => {
      const { cookies } = await sessions.storageStateOf(account, options);
      // Replaces the context's own session cookie (a visitor's, or another account's) if it has one.
      await context.addCookies(cookies);
    });
  },

  newSignedInContext: async ({ browser, sessions }, use) => {
    const contexts: BrowserContext[] = [];
    await use(async (account, options) => {
      const context = await browser.newContext({ storageState: await sessions.storageStateOf(account, options) });
      contexts.push(context);
      return context;
    });
    for (const context of contexts) await context.close();
  },

  createUser: async ({ playwright, baseURL }, use) => {
    await use(async (username, password = 'Bayonets-1862') => {
      const email = `${username.toLowerCase()}@example.test`;
      const request = await playwright.request.newContext({ baseURL });
      try {
        const since = Date.now();
        await apiWrite(request, 'POST', authApiPaths.register, { username, email, password });
        const link = new URL(await latestMailLink(email, 'verifyEmail', { since }));
        const verified = await request.get(authApiPaths.verifyEmail(link.searchParams.get('oobCode')!));
        expect(verified.ok(), `verifying ${email}: ${verified.status()} ${await verified.text()}`).toBe(true);
      } finally {
        await request.dispose();
      }
      return { username, email, password };
    });
  },
});
