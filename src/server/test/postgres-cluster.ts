/**
 * PostgreSQL clusters of a test's own, made with the machine's server binaries: a primary (initdb)
 * and streaming replicas of it (pg_basebackup -R), on loopback ports, in a temporary directory. The
 * server refuses to run as root, so as root the commands run as the postgres user.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const BIN = path.join('/usr/lib/postgresql', readdirSync('/usr/lib/postgresql').sort().at(-1)!, 'bin');
const isRoot = process.getuid?.() === 0;

function run(command: string, args: string[]): void {
  const [file, argv] = isRoot ? ['runuser', ['-u', 'postgres', '--', path.join(BIN, command), ...args]] : [path.join(BIN, command), args];
  const result = spawnSync(file, argv, { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`${command} failed: ${result.stderr || result.stdout}`);
}

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export interface TestCluster {
  dir: string;
  port: number;
  url: string;
  stop(): void;
}

/** A running cluster on its own port, its socket in its own directory. */
async function start(dir: string): Promise<TestCluster> {
  const port = await freePort();
  const options = `-p ${port} -c listen_addresses=127.0.0.1 -c unix_socket_directories=${dir} -c fsync=off -c hot_standby_feedback=on`;
  run('pg_ctl', ['-D', path.join(dir, 'data'), '-o', options, '-l', path.join(dir, 'log'), '-w', '-t', '30', 'start']);
  return {
    dir,
    port,
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop: () => run('pg_ctl', ['-D', path.join(dir, 'data'), '-m', 'immediate', '-w', 'stop']),
  };
}

function ownDirectory(prefix: string): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), prefix));
  if (isRoot) execFileSync('chown', ['postgres:postgres', dir]);
  return dir;
}

/** A new primary: initdb's trust authentication allows replication connections from loopback. */
export async function startPrimary(): Promise<TestCluster> {
  const dir = ownDirectory('wor-primary-');
  run('initdb', ['-D', path.join(dir, 'data'), '-U', 'postgres', '--auth=trust', '--no-sync']);
  return start(dir);
}

/** A streaming replica of the primary: a base backup that writes its own standby settings (-R). */
export async function startReplicaOf(primary: TestCluster): Promise<TestCluster> {
  const dir = ownDirectory('wor-replica-');
  run('pg_basebackup', ['-h', '127.0.0.1', '-p', String(primary.port), '-U', 'postgres', '-D', path.join(dir, 'data'), '-R', '-X', 'stream']);
  return start(dir);
}

/** Stops the clusters and removes their directories, whatever state they are in. */
export function removeClusters(clusters: ReadonlyArray<TestCluster | undefined>): void {
  for (const cluster of clusters) {
    if (!cluster) continue;
    try {
      cluster.stop();
    } catch {
      // Already stopped.
    }
    rmSync(cluster.dir, { recursive: true, force: true });
  }
}
