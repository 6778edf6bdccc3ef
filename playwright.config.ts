import { defineConfig } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 3100);

/**
 * End-to-end tests in Debian's Chromium against the production build (npm run build), started by
 * e2e/serve.mjs on a fresh database with demo data (PGlite, or PostgreSQL with TEST_DATABASE_URL).
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
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
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
  webServer: {
    command: 'node e2e/serve.mjs',
    url: `http://localhost:${port}/api/sides`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: { E2E_PORT: String(port) },
  },
});
