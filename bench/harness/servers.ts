/**
 * The processes under test: the production build of the app and the ceiling server, each a child
 * process on a free port, plus the RSS sampler that watches the app.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';

export interface ServerProcess {
  name: string;
  child: ChildProcess;
  pid: number;
  baseUrl: string;
  /** The last lines the process printed, for a failure message. */
  logTail(): string[];
  /** Log lines at error level or above (pino levels 50, 60), e.g. one per 5xx answer. */
  errorLines(): number;
  /** Distinct error messages (message and error text) with how often each was logged. */
  errorMessages(): Record<string, number>;
  stop(): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export interface BuildSnapshot {
  /** The snapshot's root: package.json, dist/, the migrations, node_modules linked to the project's. */
  root: string;
  mainJs: string;
  remove(): void;
}

/**
 * A private copy of the production build for the run. Measuring the files in dist/ directly would
 * let any `npm run build` started meanwhile (by a test run, an editor) swap the app under the load
 * half-way. The copy holds what the built server reads at run time: package.json (how it finds its
 * root), dist/ and the SQL migrations; node_modules is a link to the project's.
 */
export function snapshotBuild(projectRoot: string): BuildSnapshot {
  const built = path.join(projectRoot, 'dist', 'node', 'server', 'main.js');
  if (!existsSync(built) || !existsSync(path.join(projectRoot, 'dist', 'web', 'index.html'))) {
    throw new Error('No production build found (dist/node/server/main.js, dist/web/index.html). Run `npm run build` first.');
  }
  const root = mkdtempSync(path.join(os.tmpdir(), 'wor-bench-build-'));
  cpSync(path.join(projectRoot, 'package.json'), path.join(root, 'package.json'));
  cpSync(path.join(projectRoot, 'dist'), path.join(root, 'dist'), { recursive: true });
  const migrations = path.join('src', 'server', 'platform', 'db', 'migrations');
  cpSync(path.join(projectRoot, migrations), path.join(root, migrations), { recursive: true });
  symlinkSync(path.join(projectRoot, 'node_modules'), path.join(root, 'node_modules'), 'dir');
  return {
    root,
    mainJs: path.join(root, 'dist', 'node', 'server', 'main.js'),
    remove: () => rmSync(root, { recursive: true, force: true }),
  };
}

interface StartOptions {
  name: string;
  args: string[];
  env: NodeJS.ProcessEnv;
  cwd: string;
  port: number;
  /** A path that answers 200 once the server is ready. */
  readyPath: string;
  timeoutMs?: number;
}

export async function startServer(options: StartOptions): Promise<ServerProcess> {
  const child = spawn(process.execPath, options.args, { cwd: options.cwd, env: options.env, stdio: ['ignore', 'pipe', 'pipe'] });
  const tail: string[] = [];
  let errorLines = 0;
  const errorMessages = new Map<string, number>();
  const handleLine = (line: string) => {
    if (!line.trim()) return;
    tail.push(line);
    if (tail.length > 40) tail.shift();
    if (/"level":\s*(50|60)\b/.test(line)) {
      errorLines++;
      const message = describeLogLine(line);
      if (errorMessages.size < 50 || errorMessages.has(message)) errorMessages.set(message, (errorMessages.get(message) ?? 0) + 1);
    }
  };
  // A JSON log line can arrive split over two chunks: only complete lines are looked at.
  const collector = () => {
    let pending = '';
    return (chunk: Buffer) => {
      const lines = (pending + chunk.toString('utf8')).split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) handleLine(line);
    };
  };
  child.stdout?.on('data', collector());
  child.stderr?.on('data', collector());
  // Set by the exit listener: asserted to its declared type so the loop below does not narrow it to null.
  let exited = null as number | null;
  child.once('exit', (code) => {
    exited = code ?? -1;
  });
  const baseUrl = `http://127.0.0.1:${options.port}`;
  const deadline = Date.now() + (options.timeoutMs ?? 60_000);
  for (;;) {
    if (exited !== null) {
      throw new Error(`${options.name} exited with code ${exited} before it was ready:\n${tail.join('\n')}`);
    }
    try {
      const response = await fetch(`${baseUrl}${options.readyPath}`);
      await response.arrayBuffer();
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`${options.name} was not ready within ${(options.timeoutMs ?? 60_000) / 1000} s:\n${tail.join('\n')}`);
    }
    await delay(200);
  }
  return {
    name: options.name,
    child,
    pid: child.pid!,
    baseUrl,
    logTail: () => [...tail],
    errorLines: () => errorLines,
    errorMessages: () => Object.fromEntries(errorMessages),
    stop: async () => {
      if (exited !== null) return;
      const done = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await done;
      clearTimeout(timer);
    },
  };
}

/**
 * One line per kind of failure: "request failed: DrizzleQueryError in listRecentReviews: timeout
 * exceeded when trying to connect". Drizzle puts the whole SQL text in the message and the
 * driver's reason after the parameters, at the end.
 */
function describeLogLine(line: string): string {
  try {
    const entry = JSON.parse(line) as { msg?: string; err?: { type?: string; message?: string; stack?: string } };
    const lastLine = entry.err?.message?.split('\n').at(-1) ?? '';
    const reason = entry.err?.message?.startsWith('Failed query:') ? lastLine.replace(/^params: .*?: /, '') : lastLine;
    const where = /at (?:async )?([\w.]+) \(file:[^)]*\/server\//.exec(entry.err?.stack ?? '')?.[1];
    const error = entry.err ? `${entry.err.type ?? 'Error'}${where ? ` in ${where}` : ''}: ${reason.slice(0, 200)}` : '';
    return [entry.msg, error].filter(Boolean).join(': ');
  } catch {
    return line.slice(0, 300);
  }
}

/** Resident set size of a process in MiB, from /proc (Linux); null where /proc is not available. */
export function readRssMb(pid: number): number | null {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const match = /^VmRSS:\s+(\d+)\s+kB/m.exec(status);
    return match ? Number(match[1]) / 1024 : null;
  } catch {
    return null;
  }
}

/**
 * The CPU time a process has used so far, user and system, all its threads (libuv's pool, the
 * garbage collector's helpers), in ms; null once it is gone. From /proc/<pid>/stat, in clock ticks
 * of USER_HZ, which Linux fixes at 100 for that interface.
 */
export function readCpuMs(pid: number): number | null {
  try {
    return cpuMsOfStat(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return null;
  }
}

/** readCpuMs's figure from a /proc/<pid>/stat line already read. */
function cpuMsOfStat(stat: string): number | null {
  // The command name (field 2) is in parentheses and may hold spaces: count fields after its end.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // utime and stime are fields 14 and 15 of the line, 12 and 13 after the name.
  const ticks = Number(fields[11]) + Number(fields[12]);
  return Number.isFinite(ticks) ? ticks * 10 : null;
}

/**
 * The CPU time used so far (ms, as readCpuMs) by each process running this command (its name in
 * /proc/<pid>/stat), by pid: for PostgreSQL, the postmaster and every backend and worker. Null
 * where /proc cannot be read.
 */
export function readCommandCpuMs(command: string): Map<number, number> | null {
  let pids: string[];
  try {
    pids = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    return null;
  }
  const used = new Map<number, number>();
  for (const pid of pids) {
    let stat: string;
    try {
      stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    } catch {
      continue; // gone meanwhile
    }
    if (stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')) !== command) continue;
    const ms = cpuMsOfStat(stat);
    if (ms !== null) used.set(Number(pid), ms);
  }
  return used;
}

/**
 * The CPU time the processes of two readings used between them: each one's growth, and the whole
 * of one that started in between. One that ended in between is missed (PostgreSQL's backends for
 * a pool live as long as the pool; a short-lived worker's time is lost), so this is a floor.
 */
export function cpuMsBetween(before: ReadonlyMap<number, number>, after: ReadonlyMap<number, number>): number {
  let total = 0;
  for (const [pid, ms] of after) total += ms - Math.min(before.get(pid) ?? 0, ms);
  return total;
}

/** Samples a process's RSS every few hundred milliseconds; windows report their own maximum. */
export class RssSampler {
  private timer: NodeJS.Timeout | null = null;
  private windowMax = 0;
  private overallMax = 0;
  private last = 0;

  constructor(
    private readonly pid: number,
    private readonly intervalMs = 250,
  ) {}

  start(): void {
    this.sample();
    this.timer = setInterval(() => this.sample(), this.intervalMs);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /** Starts a new window (one scenario) and returns the maximum of the one that ends. */
  nextWindow(): number {
    this.sample();
    const max = this.windowMax;
    this.windowMax = this.last;
    return max;
  }

  current(): number {
    this.sample();
    return this.last;
  }

  max(): number {
    return this.overallMax;
  }

  private sample() {
    const rss = readRssMb(this.pid);
    if (rss === null) return;
    this.last = rss;
    this.windowMax = Math.max(this.windowMax, rss);
    this.overallMax = Math.max(this.overallMax, rss);
  }
}
