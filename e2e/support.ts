/**
 * Helpers of the browser tests: the demo accounts, the mail the server sent (captured by
 * e2e/serve.mjs), the journeys through the sign-in screens that the tests of those screens take,
 * and test data. Signed-in sessions and fresh accounts come from the fixtures in fixtures.ts.
 */
import { readFileSync, readdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import { expect, type Page } from '@playwright/test';
import { Secret, TOTP as TotpGenerator } from 'otpauth';
import { TOTP } from '#core/second-factor.js';
import { demoAccountsFileName } from '#server/seed/accounts-file.js';

export const E2E_PORT = process.env.E2E_PORT ?? '3100';
export const E2E_DATA_DIR = process.env.E2E_DATA_DIR ?? path.join(os.tmpdir(), `wor-e2e-${E2E_PORT}`);

export interface DemoAccount {
  email: string;
  username: string;
  password: string;
  /** The key of the account's authenticator app (issue 34): the demo admin is seeded with one. */
  totpSecret?: string;
}

/**
 * The demo accounts the server seeded and wrote to its data folder, in the file of the database it
 * runs on: the embedded one, or the PostgreSQL database e2e/serve.mjs creates (wor_e2e).
 */
export function demoAccounts(): { admin: DemoAccount; user: DemoAccount } {
  const file = demoAccountsFileName(process.env.TEST_DATABASE_URL ? 'wor_e2e' : null);
  return JSON.parse(readFileSync(path.join(E2E_DATA_DIR, file), 'utf8'));
}

/** The code an authenticator app with this key shows at `timestamp` (ms), as a person would read it off. */
export function totpCode(secret: string, timestamp = Date.now()): string {
  const generator = new TotpGenerator({
    secret: Secret.fromBase32(secret),
    digits: TOTP.digits,
    period: TOTP.periodSeconds,
    algorithm: TOTP.algorithm,
  });
  return generator.generate({ timestamp });
}

let counter = 0;
/** A new username per test run, so reruns against the same server never collide. */
export function uniqueName(prefix: string): string {
  counter += 1;
  return `${prefix}${Date.now().toString(36)}${counter}`;
}

/** Where a test finds the links mailed to a user: the captured SMTP mail, or the identity service's. */
export interface Mailbox {
  /** The action link of the newest mail to `to` with this mode (since `since`, a Date.now() value, where it can tell). */
  latestLink(to: string, mode: MailLinkMode, options?: { since?: number; timeoutMs?: number }): Promise<string>;
}

/** The built-in accounts' mail, captured by e2e/serve.mjs's SMTP server. */
export const smtpMailbox: Mailbox = { latestLink: (to, mode, options) => latestMailLink(to, mode, options) };

/**
 * Registers through the screens, verifies the email with the link from the captured mail, and logs
 * in: callers get a signed-in page on /. Registering alone signs nobody in (spec section 4). For the
 * tests of those screens; any other test gets its account from the `createUser` fixture.
 */
export async function registerThroughUi(page: Page, username: string, password = 'Bayonets-1862', mailbox: Mailbox = smtpMailbox) {
  const email = `${username.toLowerCase()}@example.test`;
  const since = Date.now();
  await page.goto('/register');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm Password').fill(password);
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page).toHaveURL('/login');
  await verifyEmailThroughMail(page, email, since, mailbox);
  await logInThroughUi(page, email, password);
  await expect(page.getByText(`Welcome back, ${username}`)).toBeVisible();
  return { email, password };
}

/** Opens the newest verification link mailed to `email` (since `since`, a Date.now() value). */
export async function verifyEmailThroughMail(page: Page, email: string, since = 0, mailbox: Mailbox = smtpMailbox) {
  await page.goto(await mailbox.latestLink(email, 'verifyEmail', { since }));
  await expect(page.getByText('Email Verified')).toBeVisible();
}

export type MailLinkMode = 'verifyEmail' | 'resetPassword';

/** Quoted-printable: soft line breaks go, =XX becomes the byte (=3D is '='). */
function decodeQuotedPrintable(text: string): string {
  return text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

function isAddressedTo(raw: string, email: string): boolean {
  const headers = raw.split(/\r?\n\r?\n/, 1)[0]!.replace(/\r?\n[ \t]+/g, ' ');
  const to = /^To:(.*)$/im.exec(headers)?.[1] ?? '';
  return to.toLowerCase().includes(email.toLowerCase());
}

function actionLinkIn(raw: string, mode: MailLinkMode): string | null {
  const decoded = decodeQuotedPrintable(raw);
  for (const match of decoded.matchAll(/https?:\/\/[^\s"'<>]+\/__\/auth\/action\?[^\s"'<>]+/g)) {
    const link = match[0].replace(/&amp;|&#38;/g, '&');
    if (new URL(link).searchParams.get('mode') === mode) return link;
  }
  return null;
}

/**
 * The action link of the newest mail to `to` with the given mode, as captured by e2e/serve.mjs's
 * SMTP server in ${E2E_DATA_DIR}/mail/<timestamp>-<n>.eml. Mail goes out after the API answers, so
 * this polls for up to `timeoutMs`; `since` skips messages received before that moment.
 */
export async function latestMailLink(
  to: string,
  mode: MailLinkMode,
  { since = 0, timeoutMs = 10_000 }: { since?: number; timeoutMs?: number } = {},
): Promise<string> {
  return waitForMail(`${mode} mail to ${to}`, { since, timeoutMs }, (raw) => (isAddressedTo(raw, to) ? actionLinkIn(raw, mode) : null));
}

/** The captured messages sent at or after `since` (ms), newest first, raw. */
function capturedMails(since: number): string[] {
  const mailDir = path.join(E2E_DATA_DIR, 'mail');
  return readdirSync(mailDir)
    .map((name) => /^(\d+)-(\d+)\.eml$/.exec(name))
    .filter((m): m is RegExpExecArray => m !== null && Number(m[1]) >= since)
    .sort((a, b) => Number(b[1]) - Number(a[1]) || Number(b[2]) - Number(a[2]))
    .map(([name]) => readFileSync(path.join(mailDir, name), 'utf8'));
}

/** Polls the captured mail until `pick` finds what it wants in a message, newest first. */
async function waitForMail<T>(what: string, { since, timeoutMs }: { since: number; timeoutMs: number }, pick: (raw: string) => T | null): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    for (const raw of capturedMails(since)) {
      const found = pick(raw);
      if (found !== null) return found;
    }
    if (Date.now() > deadline) throw new Error(`no ${what} within ${timeoutMs} ms (in ${path.join(E2E_DATA_DIR, 'mail')})`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

export interface CapturedMail {
  /** Headers with folded lines joined. */
  headers: string;
  /** The whole message, quoted-printable decoded. */
  decoded: string;
}

/** The newest mail to `to` whose subject is `subject`, sent at or after `since`. */
export async function latestMail(to: string, subject: string, { since = 0, timeoutMs = 10_000 }: { since?: number; timeoutMs?: number } = {}) {
  return waitForMail<CapturedMail>(`mail '${subject}' to ${to}`, { since, timeoutMs }, (raw) => {
    const headers = raw.split(/\r?\n\r?\n/, 1)[0]!.replace(/\r?\n[ \t]+/g, ' ');
    const isIt = isAddressedTo(raw, to) && /^Subject: (.*)$/im.exec(headers)?.[1]?.trim() === subject;
    return isIt ? { headers, decoded: decodeQuotedPrintable(raw) } : null;
  });
}

/** How many mails to `to` were captured at or after `since`. */
export function countMailsTo(to: string, since: number): number {
  return capturedMails(since).filter((raw) => isAddressedTo(raw, to)).length;
}

/** Signs in through /login. For the login's own tests; any other test signs in with the `signIn` fixture. */
export async function logInThroughUi(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: /^login$/i }).click();
  await expect(page).toHaveURL('/');
}

export async function logOutThroughUi(page: Page, username: string) {
  await page.getByRole('button', { name: username }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page.getByRole('link', { name: 'LOGIN' })).toBeVisible();
}

/**
 * Resolves once the page has drawn a frame and then found an idle moment: every render committed so
 * far has run its effects by then (React's layout effects before the frame, the others before the
 * browser is idle), and any request they start has been sent.
 */
export async function afterNextIdleFrame(page: Page): Promise<void> {
  await page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestIdleCallback(() => resolve()))));
}

let steamCounter = 0;
/**
 * A SteamID64 no other run or test uses: 7656119 and ten digits, from the clock and a counter. It
 * never ends in 0000 or 0001, the fake Steam's private-profile and no-stats cases.
 */
export function uniqueSteamId(): string {
  steamCounter += 1;
  const clock = String(Date.now()).slice(-7);
  const count = String(steamCounter % 100).padStart(2, '0');
  return `7656119${clock}${count}${2 + (steamCounter % 8)}`;
}

/**
 * From an officer page of a signed-in user without a linked Steam account: 'Connect Steam to Review',
 * the fake Steam's sign-in page (served at /__fake-steam by the embedded demo, see
 * src/server/test-doubles/fake-steam.ts) with `steamId`, and back on the officer page, linked.
 */
export async function linkSteamThroughFake(page: Page, steamId: string) {
  const officerPath = new URL(page.url()).pathname;
  await page.getByRole('link', { name: 'Connect Steam to Review' }).click();
  await expect(page).toHaveURL(/\/__fake-steam\/openid\/login\?/);
  await page.getByLabel('SteamID64').fill(steamId);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  // The callback returns to the officer page with ?steamLinked=1, which the page then drops.
  await expect(page.getByText('Steam Linked', { exact: true }).first()).toBeVisible();
  await expect(page).toHaveURL(officerPath);
  await expect(page.getByRole('link', { name: 'Write a Review' })).toBeVisible();
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = CRC_TABLE[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typeAndData = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typeAndData));
  return Buffer.concat([length, typeAndData, crc]);
}

/** A valid RGB PNG of the given size with a colour gradient (the server re-encodes it with sharp). */
export function gradientPng(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // colour type: RGB
  // compression, filter and interlace methods: 0
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y += 1) {
    const row = Buffer.alloc(1 + width * 3); // filter type 0, then the pixels
    for (let x = 0; x < width; x += 1) {
      row[1 + x * 3] = Math.round((x / width) * 255);
      row[2 + x * 3] = Math.round((y / height) * 255);
      row[3 + x * 3] = 120;
    }
    rows.push(row);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(Buffer.concat(rows))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * The tag of a browser test whose outcome the browser draws from the build alone (layout, themes,
 * the CSP, the request pattern of a first load, the combobox's keys), the same whatever database
 * engine the server runs on. CI's second browser pass, on PostgreSQL, leaves these out (.ci/run):
 * every test that writes or reads data through a flow runs on both engines.
 */
export const SAME_ON_EVERY_ENGINE = { tag: '@same-on-every-engine' };
