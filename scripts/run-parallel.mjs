// Runs npm scripts at the same time and fails if any fails:
// `node scripts/run-parallel.mjs lint:code lint:format typecheck`. ESLint and the type-checker each
// keep a core busy for a minute or more, Prettier's check for about twenty seconds; side by side on
// two cores they take about the time of the longest, where one after the other they took the sum.
// Each script's output is printed whole when it ends, so the outputs never interleave.
import { spawn } from 'node:child_process';

const scripts = process.argv.slice(2);
const results = await Promise.all(
  scripts.map(
    (script) =>
      new Promise((resolve) => {
        const started = Date.now();
        const child = spawn('npm', ['run', '--silent', script], { stdio: ['ignore', 'pipe', 'pipe'] });
        const output = [];
        child.stdout.on('data', (chunk) => output.push(chunk));
        child.stderr.on('data', (chunk) => output.push(chunk));
        child.on('close', (code) => {
          process.stdout.write(
            `== npm run ${script}: ${code === 0 ? 'passed' : `failed (exit ${code})`} in ${((Date.now() - started) / 1000).toFixed(0)} s\n`,
          );
          process.stdout.write(Buffer.concat(output));
          resolve(code ?? 1);
        });
      }),
  ),
);
process.exitCode = results.find((code) => code !== 0) ?? 0;
