// Measures the production build the way the performance issue states its front-end target:
// Lighthouse's default (mobile) profile with simulated throttling, in Debian's Chromium, on the home,
// an officer, the search and a regiment page. Each page runs several times and the median scores are
// printed.
// Starts `node dist/node/server/main.js` (run `npm run build` first) on a free port with a fresh
// embedded database of demo data, and removes it afterwards. Reports go to the system temp folder.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
// A comma-separated subset of the pages (home,officer,search,regiment), to look at one page again.
const ONLY_PAGES = process.env.LIGHTHOUSE_PAGES?.split(',').map((name) => name.trim());
const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

async function waitForServer(origin, server) {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the server exited with code ${server.exitCode}`);
    try {
      if ((await fetch(`${origin}/api/auth/status`)).ok) return;
    } catch {
      // Not listening yet: the first start migrates and seeds the database.
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error('the server did not start within 2 minutes');
}

/**
 * The pages the target names, with an officer, a search term and a regiment taken from the demo
 * data: the top-rated officer, his surname and his regiment.
 */
async function pagesToMeasure(origin) {
  const [officer] = await (await fetch(`${origin}/api/officers/top`)).json();
  if (!officer) throw new Error('the demo data has no rated officer');
  const term = officer.name.split(' ').at(-1);
  return {
    home: '/',
    officer: `/officer/${officer.id}`,
    search: `/search?q=${encodeURIComponent(term)}`,
    regiment: `/regiment/${officer.regimentId}`,
  };
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const score = (lhr, category) => Math.round(lhr.categories[category].score * 100);

const dataDir = mkdtempSync(path.join(tmpdir(), 'wor-lighthouse-'));
const port = await freePort();
const origin = `http://127.0.0.1:${port}`;
// The embedded demo whatever the caller's environment points at: no PostgreSQL, Redis or public URL.
const { DATABASE_URL, REDIS_URL, PUBLIC_URL, ...callerEnv } = process.env;
const server = spawn(process.execPath, ['dist/node/server/main.js'], {
  env: { ...callerEnv, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
  stdio: ['ignore', 'ignore', 'inherit'],
});

/**
 * One Lighthouse run in a Chromium of its own: reusing one browser across runs sometimes loses the
 * trace (NO_NAVSTART). A run that Lighthouse itself reports as failed is repeated, never scored 0.
 */
async function measure(url) {
  for (let attempt = 1; ; attempt++) {
    const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: ['--headless=new', '--no-sandbox'] });
    try {
      const result = await lighthouse(url, {
        port: chrome.port,
        output: ['html', 'json'],
        onlyCategories: ['performance', 'accessibility'],
        logLevel: 'error',
      });
      if (!result.lhr.runtimeError) return result;
      if (attempt === 3) throw new Error(`${url}: ${result.lhr.runtimeError.message}`);
    } finally {
      await chrome.kill();
    }
  }
}

try {
  await waitForServer(origin, server);
  const pages = await pagesToMeasure(origin);
  const rows = [];
  for (const [name, pagePath] of Object.entries(pages)) {
    if (ONLY_PAGES && !ONLY_PAGES.includes(name)) continue;
    const runs = [];
    for (let run = 0; run < RUNS; run++) runs.push(await measure(`${origin}${pagePath}`));
    const performance = median(runs.map((r) => score(r.lhr, 'performance')));
    const accessibility = median(runs.map((r) => score(r.lhr, 'accessibility')));
    const medianRun = runs.find((r) => score(r.lhr, 'performance') === performance);
    // The HTML to read; the JSON (same name, .json) to query, e.g. its long-tasks or bootup-time audits.
    const report = path.join(tmpdir(), `lighthouse-${name}.html`);
    writeFileSync(report, medianRun.report[0]);
    writeFileSync(report.replace(/\.html$/, '.json'), medianRun.report[1]);
    const metrics = medianRun.lhr.audits;
    rows.push({
      page: name,
      path: pagePath,
      performance,
      accessibility,
      'all runs (perf)': runs.map((r) => score(r.lhr, 'performance')).join(' '),
      FCP: metrics['first-contentful-paint'].displayValue,
      LCP: metrics['largest-contentful-paint'].displayValue,
      TBT: metrics['total-blocking-time'].displayValue,
      CLS: metrics['cumulative-layout-shift'].displayValue,
      report,
    });
  }
  console.table(rows);
} finally {
  server.kill();
  await new Promise((resolve) => (server.exitCode !== null ? resolve() : server.once('exit', resolve)));
  rmSync(dataDir, { recursive: true, force: true });
}
