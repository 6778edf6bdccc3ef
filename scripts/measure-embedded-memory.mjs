// Measures the memory of the embedded default (`npm start` with no DATABASE_URL) as a newcomer gets
// it: the production build (dist/, run with the flags of `npm run start:built`) on a fresh, empty
// DATA_DIR, so the start includes creating the database, the migrations and the demo seed. Reports
// the RSS after start (and its peak during the start), under a browsing load on the demo data (a long
// tail of officer, regiment, review, search and page URLs), after the load, and after a restart on
// the same data; where the memory is, from the server's own metrics. Decision 0018.
//
//   npm run build && npm run measure:memory [-- --seconds 45 --connections 8 --unseen 0.25 --max-rss-mb 250 --json]
//
// --unseen sends that share of the requests to URLs the response cache cannot have seen (a query
// parameter the server ignores), so the cache fills to its budget (RESPONSE_CACHE_MB) and keeps
// evicting: a crawler's load rather than the demo's readers. With --max-rss-mb, it exits 1 when a
// figure of the server process is above the bound (the peak of the first start's database creation,
// in a child process of its own, is reported apart). Linux only (RSS from /proc/<pid>/status).

import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { values: args } = parseArgs({
  options: {
    seconds: { type: 'string', default: '45' },
    connections: { type: 'string', default: '8' },
    unseen: { type: 'string', default: '0' },
    'max-rss-mb': { type: 'string' },
    json: { type: 'boolean', default: false },
  },
});
const seconds = positiveNumber('--seconds', args.seconds);
const connections = positiveNumber('--connections', args.connections);
const unseenShare = Number(args.unseen);
if (!(unseenShare >= 0 && unseenShare <= 1)) fail(`--unseen must be a share between 0 and 1 (got ${args.unseen})`);
const maxRssMb = args['max-rss-mb'] === undefined ? null : positiveNumber('--max-rss-mb', args['max-rss-mb']);

function positiveNumber(name, text) {
  const value = Number(text);
  if (!Number.isFinite(value) || value <= 0) fail(`${name} must be a positive number (got ${text})`);
  return value;
}

function fail(message) {
  console.error(`measure-embedded-memory: ${message}`);
  process.exit(2);
}

const mainJs = path.join(root, 'dist', 'node', 'server', 'main.js');
if (!existsSync(mainJs) || !existsSync(path.join(root, 'dist', 'web', 'index.html'))) fail('no production build found: run `npm run build` first');
if (!existsSync('/proc/self/status')) fail('RSS is read from /proc/<pid>/status, which this system does not have');

/** The Node flags production uses, from package.json's start:built (`node [flags] <server>`). */
function productionNodeFlags() {
  const script = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).scripts?.['start:built'] ?? '';
  const words = script.trim().split(/\s+/);
  if (words[0] !== 'node') fail('package.json: scripts.start:built must run `node [flags] <server>`');
  return words.slice(1, -1);
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

const MIB = 1024 * 1024;
const mib = (bytes) => (bytes === null ? null : Math.round((bytes / MIB) * 10) / 10);

/** The processes a process started, where /proc tells (it may not: then none are seen). */
function childrenOf(pid) {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
  } catch {
    return [];
  }
}

/** VmRSS and VmHWM (the peak RSS since the process started) of a process, in MiB; null once it is gone. */
function readRss(pid) {
  let status;
  try {
    status = readFileSync(`/proc/${pid}/status`, 'utf8');
  } catch {
    return null;
  }
  const kib = (field) => Number(new RegExp(`^${field}:\\s+(\\d+)\\s+kB`, 'm').exec(status)?.[1] ?? NaN);
  return { rss: kib('VmRSS') / 1024, peak: kib('VmHWM') / 1024 };
}

/**
 * Where the memory is: the server's own figures from its Prometheus metrics (METRICS_PORT), and
 * from /proc/<pid>/smaps how much of the WebAssembly heap is resident (its mapping is the one
 * exactly the heap's size; untouched pages of it cost nothing) and of the C allocator's main heap.
 */
async function readBreakdown(server) {
  const text = await (await fetch(server.metricsUrl)).text();
  const bytes = (name) => {
    const match = new RegExp(`^${name}(?:\\{[^}]*\\})? ([0-9.e+-]+)$`, 'm').exec(text);
    return match ? Number(match[1]) : null;
  };
  const wasmHeap = bytes('db_embedded_memory_bytes');
  const mappings = readMappings(server.pid);
  const wasmMapping = mappings.find((mapping) => mapping.size === wasmHeap && mapping.name === '');
  return {
    v8HeapTotal: mib(bytes('nodejs_heap_size_total_bytes')),
    v8HeapUsed: mib(bytes('nodejs_heap_size_used_bytes')),
    external: mib(bytes('nodejs_external_memory_bytes')),
    embeddedDbWasmHeap: wasmHeap === null ? null : mib(wasmHeap),
    embeddedDbWasmResident: wasmMapping ? mib(wasmMapping.rss) : null,
    mallocHeap: mib(mappings.filter((mapping) => mapping.name === '[heap]').reduce((sum, mapping) => sum + mapping.rss, 0)),
    responseCache: mib(bytes('response_cache_bytes')),
  };
}

function readMappings(pid) {
  const mappings = [];
  for (const line of readFileSync(`/proc/${pid}/smaps`, 'utf8').split('\n')) {
    const header = /^([0-9a-f]+)-([0-9a-f]+) \S+ \S+ \S+ \S+\s*(.*)$/.exec(line);
    if (header) mappings.push({ size: parseInt(header[2], 16) - parseInt(header[1], 16), name: header[3].trim(), rss: 0 });
    else if (line.startsWith('Rss:')) mappings.at(-1).rss = Number(line.split(/\s+/)[1]) * 1024;
  }
  return mappings;
}

async function startServer(dataDir) {
  const port = await freePort();
  const metricsPort = await freePort();
  // The browsing load comes from one address, far faster than a person: the public read API's
  // per-address limit (RATE_LIMIT_PUBLIC_API) would refuse most of it and the memory measured would be a 429's.
  const env = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    METRICS_PORT: String(metricsPort),
    RATE_LIMIT_PUBLIC_API: '100000000/1m',
  };
  // The embedded default: no database server, no shared Redis, the defaults of everything measured.
  for (const name of ['DATABASE_URL', 'REDIS_URL', 'SEED_DEMO', 'RESPONSE_CACHE_MB', 'PUBLIC_URL', 'NODE_OPTIONS']) delete env[name];
  const child = spawn(process.execPath, [...productionNodeFlags(), mainJs], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const log = [];
  const keep = (chunk) => {
    log.push(...chunk.toString('utf8').split('\n').filter(Boolean));
    log.splice(0, Math.max(0, log.length - 40));
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  let exitCode = null;
  child.once('exit', (code) => (exitCode = code ?? -1));
  const baseUrl = `http://127.0.0.1:${port}`;
  const started = Date.now();
  let childPeak = null;
  for (;;) {
    for (const pid of childrenOf(child.pid)) {
      const peak = readRss(pid)?.peak;
      if (peak !== undefined && !Number.isNaN(peak)) childPeak = Math.max(childPeak ?? 0, peak);
    }
    if (exitCode !== null) throw new Error(`the server exited with code ${exitCode} before it was ready:\n${log.join('\n')}`);
    if (Date.now() - started > 180_000) {
      child.kill('SIGKILL');
      throw new Error(`the server was not ready within 180 s:\n${log.join('\n')}`);
    }
    try {
      const response = await fetch(`${baseUrl}/readyz`);
      await response.arrayBuffer();
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    await delay(100);
  }
  return {
    pid: child.pid,
    baseUrl,
    metricsUrl: `http://127.0.0.1:${metricsPort}/metrics`,
    startSeconds: (Date.now() - started) / 1000,
    /** The highest RSS seen of a process the server started while starting (the database creation). */
    childPeak,
    async stop() {
      if (exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

async function getJson(baseUrl, pathname) {
  const response = await fetch(baseUrl + pathname);
  if (!response.ok) throw new Error(`GET ${pathname}: HTTP ${response.status}`);
  return response.json();
}

/**
 * What visitors of the demo read, as distinct URLs: every officer (profile, its review pages in two
 * page sizes, its page's HTML), every regiment (profile, officers, HTML), the lists, and searches
 * by whole names, name parts, prefixes and regiments, in every sort and side. Distinct, so the
 * database answers many different queries, as for real visitors, rather than one hot answer.
 */
async function browsingPaths(baseUrl) {
  const officers = await getJson(baseUrl, '/api/officers');
  const regiments = await getJson(baseUrl, '/api/regiments');
  const paths = ['/', '/search', '/api/officers', '/api/regiments', '/api/reviews/recent', '/api/sides', '/api/officers/top'];
  for (const side of ['USA', 'CSA']) paths.push(`/api/officers/top?side=${side}`);
  for (const sideId of [1, 2]) paths.push(`/api/regiments/side/${sideId}`);
  for (const officer of officers) {
    paths.push(`/api/officers/${officer.id}`, `/officer/${officer.id}`);
    for (const limit of [5, 10]) {
      const pages = Math.max(1, Math.ceil((officer.reviewCount ?? 0) / limit));
      for (let page = 1; page <= pages; page++) paths.push(`/api/reviews/officer/${officer.id}?page=${page}&limit=${limit}`);
    }
  }
  for (const regiment of regiments) {
    paths.push(`/api/regiments/${regiment.id}`, `/api/officers/regiment/${regiment.id}`, `/regiment/${regiment.id}`);
  }
  const terms = new Set();
  for (const officer of officers) {
    terms.add(officer.name);
    for (const word of String(officer.name).split(/\s+/)) {
      if (word.length >= 3) terms.add(word);
      if (word.length >= 4) terms.add(word.slice(0, 3));
    }
  }
  for (const regiment of regiments) terms.add(regiment.name);
  const sorts = ['sortBy=rating&sortOrder=desc', 'sortBy=rating&sortOrder=asc', 'sortBy=name&sortOrder=asc', 'sortBy=reviews&sortOrder=desc'];
  const sides = ['', '&sideId=1', '&sideId=2'];
  let index = 0;
  for (const term of terms) {
    for (const side of sides) paths.push(`/api/officers/search?q=${encodeURIComponent(term)}&${sorts[index++ % sorts.length]}${side}`);
  }
  for (const sort of sorts) paths.push(`/api/officers/search?${sort}`);
  return shuffle(paths);
}

/** A fixed shuffle (the same order every run), so runs compare. */
function shuffle(items) {
  let state = 1862;
  const next = () => (state = (state * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [items[i], items[j]] = [items[j], items[i]];
  }
  return items;
}

/**
 * Every URL in turn; with --unseen, that share of them with a query parameter the server ignores
 * but the response cache cannot have seen (`visit=n`).
 */
async function browse(server, paths) {
  let next = 0;
  const nextPath = () => {
    const n = next++;
    const url = paths[n % paths.length];
    if (Math.floor((n + 1) * unseenShare) === Math.floor(n * unseenShare)) return url;
    return `${url}${url.includes('?') ? '&' : '?'}visit=${n}`;
  };
  const headers = { 'accept-encoding': 'gzip, deflate, br', 'user-agent': 'wor-measure-memory/1 (autocannon)' };
  const rssSamples = [];
  const sampler = setInterval(() => rssSamples.push(readRss(server.pid).rss), 250);
  const result = await autocannon({
    url: server.baseUrl,
    connections,
    duration: seconds,
    requests: [{ method: 'GET', setupRequest: (request) => ({ ...request, path: nextPath(), headers }) }],
  });
  clearInterval(sampler);
  rssSamples.push(readRss(server.pid).rss);
  const statusCodes = Object.fromEntries(Object.entries(result.statusCodeStats ?? {}).map(([code, { count }]) => [code, count]));
  return {
    requests: result.requests.total,
    requestsPerSecond: Math.round(result.requests.average),
    statusCodes,
    errors: result.errors + result.timeouts,
    rssMax: Math.max(...rssSamples),
  };
}

async function main() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'wor-measure-memory-'));
  const report = { node: process.version, flags: productionNodeFlags().join(' '), load: { seconds, connections, unseenShare } };
  let server = null;
  try {
    server = await startServer(dataDir);
    report.firstStartSeconds = server.startSeconds;
    report.databaseCreationPeak = server.childPeak;
    await delay(2_000);
    const afterStart = readRss(server.pid);
    report.afterStart = { rss: afterStart.rss, peakDuringStart: afterStart.peak, ...(await readBreakdown(server)) };

    const paths = await browsingPaths(server.baseUrl);
    const load = await browse(server, paths);
    report.underLoad = { distinctUrls: paths.length, ...load, ...(await readBreakdown(server)) };
    await delay(5_000);
    report.afterLoad = { rss: readRss(server.pid).rss, peakSinceStart: readRss(server.pid).peak, ...(await readBreakdown(server)) };
    await server.stop();

    server = await startServer(dataDir);
    await delay(2_000);
    const restart = readRss(server.pid);
    report.afterRestart = { rss: restart.rss, peakDuringStart: restart.peak, ...(await readBreakdown(server)) };
  } finally {
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }

  const checked = {
    'RSS after start': report.afterStart.rss,
    'peak RSS during the first start': report.afterStart.peakDuringStart,
    'RSS max under load': report.underLoad.rssMax,
    'RSS after the load': report.afterLoad.rss,
    'RSS after a restart': report.afterRestart.rss,
  };
  const failures = maxRssMb === null ? [] : Object.entries(checked).filter(([, value]) => value > maxRssMb);
  const answered2xx = Object.entries(report.underLoad.statusCodes)
    .filter(([code]) => code.startsWith('2'))
    .reduce((sum, [, n]) => sum + n, 0);
  if (answered2xx < report.underLoad.requests || report.underLoad.errors > 0) {
    failures.push([
      `answers other than 2xx or failed requests under load (${JSON.stringify(report.underLoad.statusCodes)}, ${report.underLoad.errors} errors)`,
      NaN,
    ]);
  }

  if (args.json) {
    console.log(JSON.stringify({ ...report, maxRssMb, failures: failures.map(([name]) => name) }, null, 2));
  } else {
    const line = (label, figures) =>
      `${label.padEnd(22)} RSS ${fmt(figures.rss ?? figures.rssMax)}${figures.peakDuringStart ? ` (peak ${fmt(figures.peakDuringStart)})` : ''}` +
      `  V8 heap ${fmt(figures.v8HeapUsed)} used of ${fmt(figures.v8HeapTotal)}  external ${fmt(figures.external)}` +
      `  WASM heap ${fmt(figures.embeddedDbWasmHeap)} (resident ${fmt(figures.embeddedDbWasmResident)})  malloc ${fmt(figures.mallocHeap)}` +
      `  response cache ${fmt(figures.responseCache)}`;
    console.log(`Embedded database memory (MiB), Node ${report.node} ${report.flags}`);
    console.log(line('after the first start', report.afterStart) + `  [ready in ${report.firstStartSeconds.toFixed(1)} s, demo seeded]`);
    console.log(`${''.padEnd(22)} (the database creation's own process peaked at ${fmt(report.databaseCreationPeak)})`);
    const unseen = unseenShare > 0 ? `, ${Math.round(unseenShare * 100)}% to unseen URLs` : '';
    console.log(
      line('max under load', report.underLoad) +
        `  [${seconds} s, ${connections} connections, ${report.underLoad.distinctUrls} URLs${unseen}, ${report.underLoad.requests} requests, ${report.underLoad.requestsPerSecond}/s]`,
    );
    console.log(line('after the load', report.afterLoad));
    console.log(line('after a restart', report.afterRestart));
    for (const [name, value] of failures) console.log(`FAIL: ${name}${Number.isNaN(value) ? '' : ` is ${fmt(value)} MiB, above ${maxRssMb}`}`);
  }
  process.exitCode = failures.length > 0 ? 1 : 0;
}

function fmt(value) {
  return value === null || value === undefined ? 'n/a' : value.toFixed(1);
}

await main();
