// Starts the built server for the end-to-end tests on a fresh database with demo data, and an SMTP
// server that captures the app's mail into ${E2E_DATA_DIR}/mail (read by latestMailLink in support.ts).
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';

const port = process.env.E2E_PORT ?? '3100';
// A fresh data folder each run; the tests read the demo accounts from it (e2e/support.ts).
const dataDir = process.env.E2E_DATA_DIR ?? path.join(os.tmpdir(), `wor-e2e-${port}`);
rmSync(dataDir, { recursive: true, force: true });
mkdirSync(dataDir, { recursive: true });

// Every message the app sends, raw, one file each: <timestamp>-<n>.eml. Written under a temporary
// name and renamed, so a reader never sees half a message.
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

const env = {
  ...process.env,
  PORT: port,
  HOST: 'localhost',
  PUBLIC_URL: `http://localhost:${port}`,
  DATA_DIR: dataDir,
  SEED_DEMO: '1',
  LOG_LEVEL: 'warn',
  SMTP_URL: `smtp://127.0.0.1:${smtp.server.address().port}`,
  // Every test browser signs in and asks for mail from the same address (127.0.0.1), so the
  // per-address limits of production would refuse a whole run's worth of accounts.
  RATE_LIMIT_LOGIN: process.env.RATE_LIMIT_LOGIN ?? '1000/1m',
  RATE_LIMIT_ACCOUNT_EMAIL: process.env.RATE_LIMIT_ACCOUNT_EMAIL ?? '1000/1m',
  // ...and the whole run browses from it, faster than any person.
  RATE_LIMIT_PUBLIC_API: process.env.RATE_LIMIT_PUBLIC_API ?? '100000/1m',
  // The specs link Steam accounts through the development fake at /__fake-steam. The embedded demo
  // turns it on by itself; with PostgreSQL (TEST_DATABASE_URL) it has to be asked for.
  FAKE_STEAM: process.env.FAKE_STEAM ?? '1',
};

if (process.env.TEST_DATABASE_URL) {
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await admin.connect();
  // The seed names its accounts file after the database: e2e/support.ts reads demo-accounts-wor_e2e.json.
  await admin.query('DROP DATABASE IF EXISTS wor_e2e WITH (FORCE)');
  await admin.query('CREATE DATABASE wor_e2e');
  await admin.end();
  const url = new URL(process.env.TEST_DATABASE_URL);
  url.pathname = '/wor_e2e';
  env.DATABASE_URL = url.toString();
  env.SESSION_SECRET = 'e2e-session-secret-e2e-session-secret-0000';
}

const server = spawn(process.execPath, ['dist/node/server/main.js'], { stdio: 'inherit', env });
const stop = () => {
  smtp.close(() => {});
  server.kill('SIGTERM');
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
server.on('exit', (code) => process.exit(code ?? 0));
