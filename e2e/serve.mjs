// Starts the built server for the end-to-end tests on a fresh database, in one of two modes:
// - built-in accounts (default): demo data, and an SMTP server that captures the app's mail into
//   ${E2E_DATA_DIR}/mail (read by latestMailLink in support.ts);
// - `--firebase`: IDENTITY_PROVIDER=firebase against the fake Auth emulator (from the build), which
//   keeps the mails the identity service would send (read over HTTP by e2e/identity-emulator.ts).
//   No demo data: the firebase specs make their own accounts, and the start stays short.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';

const isFirebase = process.argv.includes('--firebase');
const port = (isFirebase ? process.env.E2E_FIREBASE_PORT : process.env.E2E_PORT) ?? '3100';
// A fresh data folder each run; the tests read the demo accounts from it (e2e/support.ts).
const dataDir = (isFirebase ? undefined : process.env.E2E_DATA_DIR) ?? path.join(os.tmpdir(), `wor-e2e-${port}`);
rmSync(dataDir, { recursive: true, force: true });
mkdirSync(dataDir, { recursive: true });

/** Every message the app sends, raw, one file each; returns the SMTP port. */
async function startMailCapture() {
  // <timestamp>-<n>.eml, written under a temporary name and renamed, so a reader never sees half a message.
  const mailDir = path.join(dataDir, 'mail');
  mkdirSync(mailDir, { recursive: true });
  let received = 0;
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      const chunks = [];
      stream.on('data', (chunk) => chunks.push(chunk));
      stream.on('error', callback);
      stream.on('end', () => {
        received += 1;
        const name = `${Date.now()}-${String(received).padStart(4, '0')}.eml`;
        const temporary = path.join(mailDir, `.${name}.tmp`);
        writeFileSync(temporary, Buffer.concat(chunks));
        renameSync(temporary, path.join(mailDir, name));
        callback();
      });
    },
  });
  smtp.listen(0, '127.0.0.1');
  await once(smtp.server, 'listening');
  return { port: smtp.server.address().port, close: () => smtp.close(() => {}) };
}

/** The fake Auth emulator; its mailed links go to our /__/auth/action, as a deployment's template would. */
async function startIdentityEmulator() {
  const { FakeAuthEmulator } = await import('../dist/node/server/test-doubles/fake-auth-emulator.js');
  const projectId = 'demo-wor-e2e';
  const emulator = new FakeAuthEmulator(projectId, { actionUrl: `http://localhost:${port}/__/auth/action` });
  const host = await emulator.start();
  return {
    env: {
      IDENTITY_PROVIDER: 'firebase',
      FIREBASE_PROJECT_ID: projectId,
      FIREBASE_API_KEY: 'fake-api-key',
      FIREBASE_AUTH_DOMAIN: `${projectId}.firebaseapp.com`,
      FIREBASE_APP_ID: '1:1:web:e2e',
      FIREBASE_AUTH_EMULATOR_HOST: host,
    },
    close: () => void emulator.stop(),
  };
}

const mail = isFirebase ? null : await startMailCapture();
const identity = isFirebase ? await startIdentityEmulator() : null;

const env = {
  ...process.env,
  PORT: port,
  HOST: 'localhost',
  PUBLIC_URL: `http://localhost:${port}`,
  DATA_DIR: dataDir,
  SEED_DEMO: isFirebase ? '0' : '1',
  LOG_LEVEL: 'warn',
  ...(mail ? { SMTP_URL: `smtp://127.0.0.1:${mail.port}` } : {}),
  ...identity?.env,
  // Every test browser signs in and asks for mail from the same address (127.0.0.1), so the
  // per-address limits of production would refuse a whole run's worth of accounts.
  RATE_LIMIT_LOGIN: process.env.RATE_LIMIT_LOGIN ?? '1000/1m',
  RATE_LIMIT_ACCOUNT_EMAIL: process.env.RATE_LIMIT_ACCOUNT_EMAIL ?? '1000/1m',
  // ...and the whole run browses from it, faster than any person.
  RATE_LIMIT_PUBLIC_API: process.env.RATE_LIMIT_PUBLIC_API ?? '100000/1m',
  // A run signs the same demo accounts in a few hundred times: past the per-account sign-in limit.
  RATE_LIMIT_SIGN_IN: process.env.RATE_LIMIT_SIGN_IN ?? '1000/1m',
  // The specs link Steam accounts through the development fake at /__fake-steam. The embedded demo
  // turns it on by itself; with PostgreSQL (TEST_DATABASE_URL) it has to be asked for.
  FAKE_STEAM: isFirebase ? '0' : (process.env.FAKE_STEAM ?? '1'),
  // Issue 35: an account asked to be deleted goes at the next retention run, within a minute, so a
  // test can see its sign-in fail (e2e/your-data.spec.ts). No other spec deletes an account.
  ACCOUNT_DELETION_GRACE_DAYS: process.env.ACCOUNT_DELETION_GRACE_DAYS ?? '0',
  RETENTION_INTERVAL_MINUTES: process.env.RETENTION_INTERVAL_MINUTES ?? '1',
  // Issue 36: a new review reaches its followers once it has settled (as its Discord post does);
  // seconds rather than production's ten minutes, so a test sees the bell (e2e/follows.spec.ts).
  WEBHOOK_SETTLE_SECONDS: process.env.WEBHOOK_SETTLE_SECONDS ?? '2',
};

if (process.env.TEST_DATABASE_URL) {
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await admin.connect();
  // The seed names its accounts file after the database: e2e/support.ts reads demo-accounts-wor_e2e.json.
  // The firebase server has no demo accounts file to find, so its database can be named after its
  // port: two runs on one PostgreSQL server then keep to their own.
  const database = isFirebase ? `wor_e2e_firebase_${port}` : 'wor_e2e';
  await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${database}`);
  await admin.end();
  const url = new URL(process.env.TEST_DATABASE_URL);
  url.pathname = `/${database}`;
  env.DATABASE_URL = url.toString();
  env.SESSION_SECRET = 'e2e-session-secret-e2e-session-secret-0000';
}

const server = spawn(process.execPath, ['dist/node/server/main.js'], { stdio: 'inherit', env });
const stop = () => {
  mail?.close();
  identity?.close();
  server.kill('SIGTERM');
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
server.on('exit', (code) => process.exit(code ?? 0));
