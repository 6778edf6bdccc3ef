import { existsSync } from 'node:fs';
import { defineConfig } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 3100);
/** The second server, in IDENTITY_PROVIDER=firebase mode (e2e/firebase-*.spec.ts); far from the ports the others use. */
const firebasePort = Number(process.env.E2E_FIREBASE_PORT ?? port + 1000);
/** The firebase-mode specs run against the second server, every other spec against the first. */
const firebaseSpecs = /firebase-[^/]*\.spec\.ts$/;
/**
 * Debian's Chromium headless shell (package chromium-headless-shell), the lighter headless build
 * Playwright itself runs headless by default: the suite took 0.83-0.84x the time it took in the
 * full browser (docs/decisions/0047-ci-time.md). The full browser when the shell is not installed.
 */
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
const chromiumPath = process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');

/**
 * End-to-end tests in Debian's Chromium against the production build (npm run build), started by
 * e2e/serve.mjs on a fresh database with demo data (PGlite, or PostgreSQL with TEST_DATABASE_URL).
 * A second server from the same build runs in firebase mode, without demo data, against the fake
 * Auth emulator; it starts alongside the first in a few seconds, the time of its migrations.
 */
export default defineConfig({
  testDir: 'e2e',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  forbidOnly: true,
  reporter: 'list',
  // The flows below are whole user journeys (register, mail, Steam, review, moderate) of 10-25 s on a
  // quiet machine. CI shares two cores with other work and has run them 2-3x slower, so the budgets
  // leave room for that: a test fails on a wrong or missing screen, not on a busy machine.
  timeout: 120_000,
  expect: { timeout: 15_000 },
  use: {
    actionTimeout: 30_000,
    navigationTimeout: 30_000,
    baseURL: `http://localhost:${port}`,
    // A failed test keeps its trace of actions, requests and console, plus one screenshot. The
    // trace's DOM snapshots and screencast were recorded for every test and thrown away when it
    // passed: a fifth of the suite's time on two cores.
    trace: { mode: 'retain-on-failure', screenshots: false, snapshots: false, sources: false },
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chromiumPath,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  projects: [
    { name: 'builtin', testIgnore: firebaseSpecs },
    { name: 'firebase', testMatch: firebaseSpecs, use: { baseURL: `http://localhost:${firebasePort}` } },
  ],
  webServer: [
    {
      command: 'node e2e/serve.mjs',
      url: `http://localhost:${port}/api/sides`,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: { E2E_PORT: String(port) },
    },
    {
      command: 'node e2e/serve.mjs --firebase',
      url: `http://localhost:${firebasePort}/api/sides`,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: { E2E_FIREBASE_PORT: String(firebasePort) },
    },
  ],
});
