// `npm run test:cluster` (issue 37, item 6): a deploy loses no request. Three processes of the built
// server (`npm run build` first) share a fresh PostgreSQL database behind HAProxy (Debian's package),
// under a bounded mixed load of public reads and votes by signed-in users, through two phases:
// A. a rolling restart: each process in turn is replaced (a new one started and ready on its own
//    port, then the old one sent SIGTERM and waited for);
// B. a crash: one process is killed (SIGKILL) under load, and a replacement started after.
// It prints, per phase, the requests made, the failed ones and the acknowledged writes missing from
// the database, and exits non-zero unless the rolling restart failed nothing and lost nothing, and
// the crash lost no acknowledged write and failed only requests in flight on the killed process.
//
// `node scripts/cluster-test.mjs --print-haproxy-config` prints the HAProxy configuration it uses,
// with example ports: the reference configuration of docs/operations.md.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { closeSync, existsSync, mkdtempSync, openSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const SERVER_MAIN = path.join(ROOT, 'dist/node/server/main.js');
const HAPROXY = process.env.HAPROXY ?? '/usr/sbin/haproxy';
/** The PostgreSQL server the cluster's database is made on (it is dropped at the end). */
const POSTGRES_URL = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** Clients looping at once, each with its own user and kept-alive connection. */
const CLIENTS = 8;
/**
 * A client starts a request at most this often: the load is bounded (200 requests/s in all), so the
 * replacements, which start under it, are not starved of CPU on a small CI machine.
 */
const CLIENT_INTERVAL_MS = 40;
/** The share of requests that are writes (votes); the rest are public reads. */
const WRITE_SHARE = 0.25;
/** The balancer's health check: how often, and how many failures take a process out, how many successes bring it in. */
const CHECK_INTERVAL_MS = 500;
const CHECK_FALL = 2;
const CHECK_RISE = 1;
/**
 * SHUTDOWN_DELAY_MS of every process: twice the check's interval × fall, so the balancer has taken a
 * stopping process out, even after a slow check, well before that process closes its listener.
 */
const SHUTDOWN_DELAY_MS = 2 * CHECK_INTERVAL_MS * CHECK_FALL;
/** Load before and after each phase's deploy step, so the step happens in the middle of it. */
const SETTLE_MS = 1_000;
/**
 * A request that failed in the crash counts as in flight on the killed process if it was sent before
 * that process was seen to exit and ended within this after the kill.
 */
const KILL_WINDOW_MS = 1_000;
/** Two slots per process (one serving, one for its replacement), as a deploy that starts the new process first needs. */
const SLOTS = 6;
const FIRST_PROCESSES = 3;
const STARTUP_TIMEOUT_MS = 60_000;

/** The HAProxy configuration, the one docs/operations.md shows: its comments say why each choice. */
function haproxyConfig({ frontPort, statsPort, servers }) {
  return `global
    maxconn 4096

defaults
    mode http
    # The client's address reaches the app in X-Forwarded-For (TRUST_PROXY=1).
    option forwardfor
    timeout connect 2s
    timeout client 30s
    timeout server 30s
    timeout http-request 10s
    timeout http-keep-alive 10s
    timeout check 2s
    # A request whose connection failed was never sent: it is retried, on another process. One that
    # a process closed without answering (it died) is retried only if it is a GET or HEAD (see the
    # backend): a write that reached a process may have been applied.
    retries 2
    option redispatch 1
    retry-on conn-failure empty-response

frontend site
    bind 127.0.0.1:${frontPort}
    default_backend app

backend app
    balance roundrobin
    http-request disable-l7-retry unless METH_GET
    # A stopping process answers /readyz 503 for SHUTDOWN_DELAY_MS (set it above inter x fall)
    # while it still serves: it is out of the rotation before it closes its listener.
    option httpchk GET /readyz
    http-check expect status 200
    default-server check inter ${CHECK_INTERVAL_MS}ms fall ${CHECK_FALL} rise ${CHECK_RISE}
    # Two addresses per process: a deploy starts the new process on the spare one, waits for its
    # /readyz, then stops the old one. An address with nothing behind it is simply down.
${servers.map((server) => `    server ${server.name} 127.0.0.1:${server.port}`).join('\n')}

# What HAProxy thinks of each process (the test reads it as CSV); keep it off the public network.
listen stats
    bind 127.0.0.1:${statsPort}
    stats enable
    stats uri /stats
`;
}

if (process.argv.includes('--print-haproxy-config')) {
  const servers = Array.from({ length: SLOTS }, (_, index) => ({ name: `web${index + 1}`, port: 3001 + index }));
  process.stdout.write(haproxyConfig({ frontPort: 8080, statsPort: 8404, servers }));
  process.exit(0);
}

// ------------------------------------------------------------------------------------- helpers

const pause = (ms) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));
/** Milliseconds since the test began, on a clock that never jumps. */
const clock = () => Math.round(performance.now());
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

function shuffled(values) {
  const copy = [...values];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [copy[i], copy[j]] = [copy[j], copy[i]];
  }
  return copy;
}

const pick = (values) => values[Math.floor(Math.random() * values.length)];

/** Undone in reverse order at the end, whether the test passed, failed or was interrupted. */
const cleanups = [];
let isCleanedUp = false;
async function cleanUp() {
  if (isCleanedUp) return;
  isCleanedUp = true;
  for (const cleanup of cleanups.reverse()) {
    try {
      await cleanup();
    } catch (error) {
      console.error(`cleanup: ${error.message}`);
    }
  }
}

/** The end of every process's log and HAProxy's, for a failed run (the folder goes with the cleanup). */
function printLogs(workDir) {
  for (const name of readdirSync(workDir).filter((file) => file.endsWith('.log'))) {
    const tail = tailOf(path.join(workDir, name));
    if (tail !== '') console.log(`\n== ${name} (last lines)\n${tail}`);
  }
}

/** The last lines of a log, for a failure's message. */
function tailOf(file, lines = 15) {
  if (!existsSync(file)) return '(no log)';
  return readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
}

// ------------------------------------------------------------------------------------- database

async function withPostgres(url, work) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

async function createDatabase() {
  const name = `wor_cluster_${randomBytes(4).toString('hex')}`;
  await withPostgres(POSTGRES_URL, (client) => client.query(`CREATE DATABASE ${name}`)).catch((error) => {
    throw new Error(`cannot create a database on ${POSTGRES_URL} (TEST_POSTGRES_URL): ${error.message}`);
  });
  cleanups.push(() => withPostgres(POSTGRES_URL, (client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)));
  const url = new URL(POSTGRES_URL);
  url.pathname = `/${name}`;
  return { name, url: url.toString() };
}

/**
 * One user per client and phase, so each writes its own votes and each (user, review) is voted once:
 * an acknowledged vote then must be in the database exactly as acknowledged. They are rows like the
 * demo's regular user, with its password hash: they sign in through the real login with its password.
 */
async function createLoadUsers(databaseUrl, names) {
  return withPostgres(databaseUrl, async (client) => {
    const users = [];
    for (const name of names) {
      const email = `${name.toLowerCase()}@cluster.test`;
      const { rows } = await client.query(
        `insert into users (username, email, password_hash, email_verified)
         select $1, $2, password_hash, true from users where lower(email) = 'soldier@demo.local' returning id`,
        [name, email],
      );
      if (rows.length !== 1) throw new Error('the demo data has no regular user (soldier@demo.local) to copy');
      users.push({ id: rows[0].id, email });
    }
    return users;
  });
}

async function reviewIdsOf(databaseUrl) {
  return withPostgres(databaseUrl, async (client) => (await client.query('select id from reviews order by id')).rows.map((row) => row.id));
}

async function votesOf(databaseUrl, userIds) {
  return withPostgres(databaseUrl, async (client) => {
    const { rows } = await client.query('select user_id, review_id, vote from review_votes where user_id = any($1)', [userIds]);
    return new Map(rows.map((row) => [`${row.user_id}:${row.review_id}`, row.vote]));
  });
}

// ------------------------------------------------------------------------------------- processes

/** The app processes, each in a slot (a port HAProxy knows); at most one process per slot. */
class Cluster {
  constructor({ databaseUrl, publicUrl, dataDir, ports, statsPort }) {
    this.databaseUrl = databaseUrl;
    this.publicUrl = publicUrl;
    this.dataDir = dataDir;
    this.statsPort = statsPort;
    this.slots = ports.map((port, index) => ({ name: `web${index + 1}`, port, process: null, log: null }));
    this.started = 0;
  }

  running() {
    return this.slots.filter((slot) => slot.process);
  }

  freeSlot() {
    const slot = this.slots.find((candidate) => !candidate.process);
    if (!slot) throw new Error('no free slot for a new process');
    return slot;
  }

  environment(port) {
    return {
      PATH: process.env.PATH,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: this.databaseUrl,
      SESSION_SECRET: 'cluster-test-session-secret-0123456789abcdef',
      PUBLIC_URL: this.publicUrl,
      SEED_DEMO: '1',
      DATA_DIR: this.dataDir,
      TRUST_PROXY: '1',
      LOG_LEVEL: 'warn',
      SHUTDOWN_DELAY_MS: String(SHUTDOWN_DELAY_MS),
      // The clients share one address (the balancer's loopback) and run far faster than a person:
      // the limits are not what this test is about.
      RATE_LIMIT_PUBLIC_API: '1000000/1m',
      RATE_LIMIT_VOTE: '1000000/1m',
    };
  }

  /** Starts a process in the slot and waits for its /readyz through its own port; how long that took. */
  async start(slot) {
    const startedAt = clock();
    this.started += 1;
    slot.log = path.join(this.dataDir, `${slot.name}-${this.started}.log`);
    const output = openSync(slot.log, 'a');
    const child = spawn(process.execPath, [SERVER_MAIN], { cwd: ROOT, env: this.environment(slot.port), stdio: ['ignore', output, output] });
    closeSync(output);
    slot.process = child;
    slot.exited = once(child, 'exit').then(([code, signal]) => ({ code, signal }));
    await waitForReady(slot);
    return clock() - startedAt;
  }

  /** Signals the slot's process and waits for it to exit; its exit code and how long it took. */
  async stop(slot, signal) {
    const child = slot.process;
    const sentAt = clock();
    child.kill(signal);
    const exit = await slot.exited;
    slot.process = null;
    return { ...exit, ms: clock() - sentAt };
  }

  async stopAll() {
    await Promise.all(this.running().map((slot) => this.stop(slot, 'SIGKILL')));
  }

  /** What HAProxy thinks of each slot (its stats page as CSV): 'UP', 'DOWN', 'UP 1/2'... */
  async balancerStates() {
    const csv = await (await fetch(`http://127.0.0.1:${this.statsPort}/stats;csv`)).text();
    const [header, ...rows] = csv.trim().split('\n');
    const columns = header.replace(/^# /, '').split(',');
    const [proxy, server, status] = ['pxname', 'svname', 'status'].map((column) => columns.indexOf(column));
    const states = new Map();
    for (const row of rows) {
      const cells = row.split(',');
      if (cells[proxy] === 'app') states.set(cells[server], cells[status]);
    }
    return states;
  }

  /** Waits until HAProxy has each running slot UP and every other slot DOWN. */
  async waitForBalancer() {
    const deadline = clock() + 15_000;
    for (;;) {
      const states = await this.balancerStates().catch(() => new Map());
      if (this.slots.every((slot) => states.get(slot.name) === (slot.process ? 'UP' : 'DOWN'))) return;
      if (clock() > deadline) throw new Error(`HAProxy did not settle: ${JSON.stringify(Object.fromEntries(states))}`);
      await pause(100);
    }
  }
}

async function waitForReady(slot) {
  const deadline = clock() + STARTUP_TIMEOUT_MS;
  for (;;) {
    if (slot.process.exitCode !== null || slot.process.signalCode !== null) {
      throw new Error(`${slot.name} exited while starting; its log:\n${tailOf(slot.log)}`);
    }
    try {
      if ((await fetch(`http://127.0.0.1:${slot.port}/readyz`)).status === 200) return;
    } catch {
      // Not listening yet: the first process migrates and seeds the database.
    }
    if (clock() > deadline) throw new Error(`${slot.name} was not ready within ${seconds(STARTUP_TIMEOUT_MS)}; its log:\n${tailOf(slot.log)}`);
    await pause(100);
  }
}

async function startHaproxy(config, workDir, statsPort) {
  const file = path.join(workDir, 'haproxy.cfg');
  writeFileSync(file, config);
  const log = path.join(workDir, 'haproxy.log');
  const output = openSync(log, 'a');
  const child = spawn(HAPROXY, ['-f', file, '-db'], { stdio: ['ignore', output, output] });
  closeSync(output);
  const exited = once(child, 'exit');
  cleanups.push(async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await exited;
    }
  });
  const deadline = clock() + 10_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`haproxy exited with code ${child.exitCode}:\n${tailOf(log)}`);
    try {
      if ((await fetch(`http://127.0.0.1:${statsPort}/stats;csv`)).ok) return;
    } catch {
      // Not listening yet.
    }
    if (clock() > deadline) throw new Error(`haproxy did not start:\n${tailOf(log)}`);
    await pause(100);
  }
}

// ------------------------------------------------------------------------------------- load

/** One HTTP request on the client's kept-alive connection: the status and body, or the network error. */
function send(client, method, url, { body, headers = {} } = {}) {
  return new Promise((resolve) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const request = http.request(
      {
        host: '127.0.0.1',
        port: client.port,
        method,
        path: url,
        agent: client.agent,
        timeout: 15_000,
        headers: {
          ...headers,
          ...(client.cookie && { cookie: client.cookie }),
          ...(payload !== undefined && { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }),
        },
      },
      (response) => {
        const chunks = [];
        response.on('data', (chunk) => chunks.push(chunk));
        response.on('end', () => resolve({ status: response.statusCode, headers: response.headers, text: Buffer.concat(chunks).toString() }));
        response.on('error', (error) => resolve({ error: error.code ?? error.message }));
      },
    );
    request.on('timeout', () => request.destroy(new Error('no answer within 15 s')));
    request.on('error', (error) => resolve({ error: error.code ?? error.message }));
    request.end(payload);
  });
}

/** Keeps the session cookie the answer sets, as a browser would. */
function keepSessionCookie(client, answer) {
  for (const cookie of answer.headers?.['set-cookie'] ?? []) {
    const [pair] = cookie.split(';');
    if (pair.startsWith('wor_sid=')) client.cookie = pair;
  }
}

async function csrfTokenOf(client) {
  const answer = await send(client, 'GET', '/api/csrf-token');
  if (answer.status !== 200) throw new Error(`GET /api/csrf-token answered ${answer.status ?? answer.error}`);
  keepSessionCookie(client, answer);
  return JSON.parse(answer.text).csrfToken;
}

/** Signs the client's user in through the balancer: a visitor's CSRF token, the login, the session's token. */
async function signIn(client, password) {
  const visitorToken = await csrfTokenOf(client);
  const answer = await send(client, 'POST', '/api/auth/login', {
    body: { email: client.user.email, password },
    headers: { 'csrf-token': visitorToken },
  });
  if (answer.status !== 200) throw new Error(`login of ${client.user.email} answered ${answer.status ?? answer.error}: ${answer.text ?? ''}`);
  keepSessionCookie(client, answer);
  client.csrfToken = await csrfTokenOf(client);
}

/** The public reads a visitor makes: lists, an officer and its reviews, a regiment, searches. */
function readPaths({ officers, regimentIds }) {
  const officer = () => pick(officers);
  return [
    () => '/api/officers',
    () => '/api/officers/top',
    () => `/api/officers/${officer().id}`,
    () => `/api/reviews/officer/${officer().id}?page=1&limit=5`,
    () => '/api/reviews/recent',
    () => '/api/regiments',
    () => `/api/regiments/${pick(regimentIds)}`,
    () => `/api/officers/search?q=${encodeURIComponent(officer().name.split(' ').at(-1))}`,
    () => `/api/search/officers?q=${encodeURIComponent(officer().name.split(' ')[0])}`,
  ];
}

async function makeClients({ port, users, password, reviewIds }) {
  const clients = users.map((user) => ({
    port,
    user,
    agent: new http.Agent({ keepAlive: true, maxSockets: 1 }),
    cookie: null,
    csrfToken: null,
    // Each review once per user: its vote can then be checked against the database alone.
    reviewQueue: shuffled(reviewIds),
  }));
  await Promise.all(clients.map((client) => signIn(client, password)));
  return clients;
}

function newPhase(name) {
  return { name, requests: 0, reads: 0, writes: 0, failures: [], acknowledged: [], inDoubt: [], startedAt: clock(), endedAt: 0, events: [] };
}

/** One request of the mixed load, recorded in the phase: a vote (a write) or a public read. */
async function oneRequest(client, phase, paths) {
  const isWrite = Math.random() < WRITE_SHARE && client.reviewQueue.length > 0;
  const sentAt = clock();
  let url;
  let answer;
  let vote;
  if (isWrite) {
    vote = { userId: client.user.id, reviewId: client.reviewQueue.pop(), value: Math.random() < 0.5 ? 1 : -1 };
    url = `/api/reviews/${vote.reviewId}/vote`;
    answer = await send(client, 'POST', url, { body: { value: vote.value }, headers: { 'csrf-token': client.csrfToken } });
  } else {
    url = pick(paths)();
    answer = await send(client, 'GET', url);
  }
  const endedAt = clock();
  phase.requests += 1;
  phase[isWrite ? 'writes' : 'reads'] += 1;
  // Every request here has one right answer (a vote: 200; a read: 200): any other status or a
  // network error is a failure. No 409 or 429 is honest here (one vote per user and review, limits raised).
  const isOk = answer.status !== undefined && answer.status < 400;
  if (!isOk) phase.failures.push({ method: isWrite ? 'POST' : 'GET', url, outcome: answer.status ?? answer.error, sentAt, endedAt });
  if (isWrite && isOk && JSON.parse(answer.text).value === vote.value) phase.acknowledged.push(vote);
  // A vote that failed may or may not have been applied before its process died.
  else if (isWrite) phase.inDoubt.push(vote);
}

async function loopClient(client, phase, paths, isRunning) {
  while (isRunning()) {
    const startedAt = clock();
    await oneRequest(client, phase, paths);
    await pause(startedAt + CLIENT_INTERVAL_MS - clock());
  }
}

/** Runs the load with every client while `deployStep` runs, then stops it and lets requests in progress end. */
async function runPhase(name, clients, paths, deployStep) {
  const phase = newPhase(name);
  let isRunning = true;
  const loops = clients.map((client) => loopClient(client, phase, paths, () => isRunning));
  try {
    await deployStep(phase);
  } finally {
    isRunning = false;
    await Promise.all(loops);
    for (const client of clients) client.agent.destroy();
    phase.endedAt = clock();
  }
  return phase;
}

const note = (phase, text) => {
  phase.events.push(`${seconds(clock() - phase.startedAt).padStart(7)}  ${text}`);
};

async function rollingRestart(cluster, phase) {
  await pause(SETTLE_MS);
  for (const old of cluster.running()) {
    const replacement = cluster.freeSlot();
    const startMs = await cluster.start(replacement);
    note(phase, `${replacement.name} started and ready in ${seconds(startMs)}, to replace ${old.name}`);
    const exit = await cluster.stop(old, 'SIGTERM');
    note(phase, `${old.name} exited ${exit.code ?? exit.signal} after SIGTERM, in ${seconds(exit.ms)}`);
    if (exit.code !== 0) throw new Error(`${old.name} exited ${exit.code ?? exit.signal} after SIGTERM; its log:\n${tailOf(old.log)}`);
  }
  await pause(SETTLE_MS);
}

async function crash(cluster, phase) {
  await pause(SETTLE_MS);
  const victim = cluster.running()[0];
  phase.killedAt = clock();
  const exit = await cluster.stop(victim, 'SIGKILL');
  phase.killedExitAt = phase.killedAt + exit.ms;
  note(phase, `${victim.name} killed (SIGKILL), seen to exit ${exit.ms} ms later`);
  await cluster.waitForBalancer();
  note(phase, `HAProxy has ${victim.name} down`);
  const replacement = cluster.freeSlot();
  const startMs = await cluster.start(replacement);
  await cluster.waitForBalancer();
  note(phase, `${replacement.name} started and ready in ${seconds(startMs)}, and up in HAProxy`);
  await pause(SETTLE_MS);
}

// ------------------------------------------------------------------------------------- verdict

/** The acknowledged votes missing from the database (or there with another value), and the doubtful ones that landed. */
function checkWrites(phase, votes) {
  const keyOf = (vote) => `${vote.userId}:${vote.reviewId}`;
  const missing = phase.acknowledged.filter((vote) => votes.get(keyOf(vote)) !== vote.value);
  const landedInDoubt = phase.inDoubt.filter((vote) => votes.has(keyOf(vote))).length;
  const sent = new Set([...phase.acknowledged, ...phase.inDoubt].map(keyOf));
  const unsent = [...votes.keys()].filter((key) => !sent.has(key)).length;
  return { missing, landedInDoubt, unsent };
}

/** In the crash, a failure is allowed only for a request in flight on the killed process. */
function isInFlightAtKill(failure, phase) {
  return failure.sentAt <= phase.killedExitAt && failure.endedAt <= phase.killedAt + KILL_WINDOW_MS;
}

function report(phase, writes, checks) {
  const lines = [
    `${phase.name}: ${seconds(phase.endedAt - phase.startedAt)}`,
    ...phase.events.map((event) => `  ${event}`),
    `  requests:             ${phase.requests} (${phase.reads} reads, ${phase.writes} writes)`,
    `  failed requests:      ${phase.failures.length}`,
    ...phase.failures.map(
      (failure) =>
        `    ${failure.method} ${failure.url}: ${failure.outcome}, sent at ${seconds(failure.sentAt - phase.startedAt)}, ended at ${seconds(failure.endedAt - phase.startedAt)}` +
        (phase.killedAt === undefined ? '' : ` (${failure.sentAt - phase.killedAt} ms / ${failure.endedAt - phase.killedAt} ms from the kill)`),
    ),
    `  acknowledged writes:  ${phase.acknowledged.length}`,
    `  ... missing from the database: ${writes.missing.length}`,
    ...writes.missing.slice(0, 10).map((vote) => `    user ${vote.userId}, review ${vote.reviewId}, vote ${vote.value}`),
    `  writes in doubt (failed): ${phase.inDoubt.length}, of which found in the database: ${writes.landedInDoubt}`,
    `  votes in the database never sent: ${writes.unsent}`,
    ...checks.map((check) => `  ${check.isPassed ? 'ok  ' : 'FAIL'} ${check.text}`),
  ];
  console.log(lines.join('\n'));
}

function rollingRestartChecks(phase, writes) {
  return [
    { isPassed: phase.failures.length === 0, text: 'no request failed' },
    { isPassed: writes.missing.length === 0, text: 'every acknowledged write is in the database' },
    { isPassed: writes.unsent === 0, text: 'no vote in the database that was not sent' },
  ];
}

function crashChecks(phase, writes) {
  const outside = phase.failures.filter((failure) => !isInFlightAtKill(failure, phase));
  return [
    {
      isPassed: phase.failures.length <= CLIENTS && outside.length === 0,
      text:
        `failures only in flight on the killed process: at most one per client (${CLIENTS}), each sent before the process ` +
        `was seen to exit and ended within ${KILL_WINDOW_MS} ms of the kill (${phase.failures.length} failed, ${outside.length} outside)`,
    },
    { isPassed: writes.missing.length === 0, text: 'every acknowledged write is in the database' },
    { isPassed: writes.unsent === 0, text: 'no vote in the database that was not sent' },
  ];
}

// ------------------------------------------------------------------------------------- main

function requirePrerequisites() {
  if (!existsSync(SERVER_MAIN)) throw new Error(`${SERVER_MAIN} is missing: run \`npm run build\` first (the test runs the built server)`);
  if (!existsSync(HAPROXY)) throw new Error(`${HAPROXY} is missing: install HAProxy (apt-get install haproxy), or point HAPROXY at it`);
}

async function main() {
  const begun = clock();
  requirePrerequisites();
  const workDir = mkdtempSync(path.join(tmpdir(), 'wor-cluster-'));
  cleanups.push(() => rmSync(workDir, { recursive: true, force: true }));
  const database = await createDatabase();
  const [frontPort, statsPort, ...ports] = await Promise.all(Array.from({ length: SLOTS + 2 }, freePort));
  const origin = `http://127.0.0.1:${frontPort}`;
  const cluster = new Cluster({ databaseUrl: database.url, publicUrl: origin, dataDir: workDir, ports, statsPort });
  cleanups.push(() => cluster.stopAll());

  // The first process migrates and seeds alone; the others start on the prepared database.
  const seededMs = await cluster.start(cluster.slots[0]);
  const othersMs = await Promise.all(cluster.slots.slice(1, FIRST_PROCESSES).map((slot) => cluster.start(slot)));
  await startHaproxy(haproxyConfig({ frontPort, statsPort, servers: cluster.slots }), workDir, statsPort);
  await cluster.waitForBalancer();
  const startedIn = clock() - begun;

  const { user: demoUser } = JSON.parse(readFileSync(path.join(workDir, `demo-accounts-${database.name}.json`), 'utf8'));
  const names = (prefix) => Array.from({ length: CLIENTS }, (_, index) => `Cluster${prefix}${index + 1}`);
  const [usersA, usersB] = [await createLoadUsers(database.url, names('A')), await createLoadUsers(database.url, names('B'))];
  const reviewIds = await reviewIdsOf(database.url);
  const officers = await (await fetch(`${origin}/api/officers`)).json();
  const regimentIds = (await (await fetch(`${origin}/api/regiments`)).json()).map((regiment) => regiment.id);
  const paths = readPaths({ officers, regimentIds });
  const clientsOf = (users) => makeClients({ port: frontPort, users, password: demoUser.password, reviewIds });

  console.log(
    [
      `${FIRST_PROCESSES} processes behind HAProxy in ${seconds(startedIn)} (the first migrated, seeded and was ready in ${seconds(seededMs)}, ` +
        `the others in ${othersMs.map(seconds).join(' and ')})`,
      `load: ${CLIENTS} clients, one request each every ${CLIENT_INTERVAL_MS} ms at most, ${WRITE_SHARE * 100}% of them votes by signed-in users`,
      `health check every ${CHECK_INTERVAL_MS} ms, fall ${CHECK_FALL}, rise ${CHECK_RISE}; SHUTDOWN_DELAY_MS=${SHUTDOWN_DELAY_MS}`,
      `a failure is any status of 400 or more, or a network error (ECONNRESET: HAProxy closed the client's connection ` +
        `without an answer, as a server does, because the process died after the request reached it and a write is not replayed)\n`,
    ].join('\n'),
  );
  const rolling = await runPhase('A. rolling restart (each process replaced, old one sent SIGTERM)', await clientsOf(usersA), paths, (phase) =>
    rollingRestart(cluster, phase),
  );
  await cluster.waitForBalancer();
  const crashed = await runPhase('B. crash (one process killed with SIGKILL, replaced after)', await clientsOf(usersB), paths, (phase) =>
    crash(cluster, phase),
  );

  let isPassed = true;
  for (const [phase, users, checksOf] of [
    [rolling, usersA, rollingRestartChecks],
    [crashed, usersB, crashChecks],
  ]) {
    const votes = await votesOf(
      database.url,
      users.map((user) => user.id),
    );
    const writes = checkWrites(phase, votes);
    const checks = checksOf(phase, writes);
    report(phase, writes, checks);
    isPassed &&= checks.every((check) => check.isPassed);
  }
  if (!isPassed) printLogs(workDir);
  console.log(`\ncluster test ${isPassed ? 'passed' : 'FAILED'} in ${seconds(clock() - begun)}`);
  return isPassed;
}

process.once('SIGINT', () => void cleanUp().then(() => process.exit(130)));
process.once('SIGTERM', () => void cleanUp().then(() => process.exit(143)));
try {
  process.exitCode = (await main()) ? 0 : 1;
} catch (error) {
  console.error(`cluster test failed: ${error.message}`);
  process.exitCode = 1;
} finally {
  await cleanUp();
}
