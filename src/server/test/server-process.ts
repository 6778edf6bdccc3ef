/**
 * The real server (src/server/main.ts) in a child process, started as an operator starts it, for
 * the fault tests that stop one or start several side by side (issue 37). It listens on a port of
 * its own choosing (PORT=0), read back from Fastify's "Server listening at" log line.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { pathToFileURL } from 'node:url';
import { projectRoot } from '#server/platform/paths.js';
import { tsxCommand } from './tsx-command.js';

/**
 * What the parent's environment might otherwise pass on (a developer's .env, CI's settings): each
 * test says what it wants on top. Empty counts as unset (config.ts).
 */
const QUIET_DEFAULTS: NodeJS.ProcessEnv = {
  PORT: '0',
  HOST: '127.0.0.1',
  PUBLIC_URL: '',
  LOG_LEVEL: 'info',
  SEED_DEMO: '0',
  SMTP_URL: '',
  REDIS_URL: '',
  METRICS_PORT: '',
  SHUTDOWN_DELAY_MS: '',
  SHUTDOWN_DRAIN_MS: '',
  FAKE_STEAM: '',
  IDENTITY_PROVIDER: '',
  DISCORD_WEBHOOK_BASE: '',
};

/**
 * Loads the server's code, says "loaded", and starts it only when a line arrives on stdin: several
 * processes started this way open the database, migrate and seed together, not one compile apart,
 * and a process to come can load while another runs.
 */
const HELD_START_SCRIPT = `
await import(process.env.WOR_PRELOAD_APP);
await import(process.env.WOR_PRELOAD_SEED);
console.log('loaded');
await new Promise((resolve) => process.stdin.once('data', resolve));
process.stdin.destroy();
await import(process.env.WOR_MAIN);
`;

export interface ServerProcess {
  child: ChildProcess;
  /** Its stdout, a line each (the JSON log). */
  lines: string[];
  stderr(): string;
  /** The port, once it listens; rejected if the process ends first. */
  listening: Promise<number>;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** With `held`: resolves once its code is loaded (never without), and `go()` then starts it. */
  loaded: Promise<void>;
  go(): void;
  /** Ends it at once (SIGKILL) if it still runs: the clean-up after a failed test. */
  kill(): Promise<void>;
}

export function startServerProcess(env: NodeJS.ProcessEnv, { held = false } = {}): ServerProcess {
  const source = (file: string) => pathToFileURL(path.join(projectRoot(), 'src/server', file)).href;
  const [program, args] = held
    ? [process.execPath, ['--import', 'tsx', '--input-type=module', '-e', HELD_START_SCRIPT]]
    : tsxCommand('src/server/main.ts');
  const child = spawn(program, args, {
    cwd: projectRoot(),
    env: {
      ...process.env,
      ...QUIET_DEFAULTS,
      ...env,
      WOR_PRELOAD_APP: source('app.ts'),
      WOR_PRELOAD_SEED: source('seed/demo.ts'),
      WOR_MAIN: source('main.ts'),
    },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal })),
  );
  const endedEarly = (what: string) =>
    exited.then(({ code, signal }) => {
      throw new Error(`the server ended (${signal ?? `code ${code}`}) before ${what}:\n${stderr}${lines.slice(-20).join('\n')}`);
    });
  let onLoaded = () => {};
  let onListening = (_port: number) => {};
  createInterface({ input: child.stdout }).on('line', (line) => {
    lines.push(line);
    if (line === 'loaded') onLoaded();
    const listening = /"msg":"Server listening at http:\/\/127\.0\.0\.1:(\d+)"/.exec(line);
    if (listening) onListening(Number(listening[1]));
  });
  const loaded = Promise.race([new Promise<void>((resolve) => (onLoaded = resolve)), endedEarly('loading its code')]);
  const listening = Promise.race([new Promise<number>((resolve) => (onListening = resolve)), endedEarly('listening')]);
  // Whoever waits on neither must not see an unhandled rejection.
  loaded.catch(() => undefined);
  listening.catch(() => undefined);
  return {
    child,
    lines,
    stderr: () => stderr,
    listening,
    exited,
    loaded,
    go: () => void child.stdin.end('go\n'),
    async kill() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGKILL');
      await exited;
    },
  };
}
