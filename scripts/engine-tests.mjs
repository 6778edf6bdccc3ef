// Prints the server test files whose outcome depends on the database engine, for CI's second pass
// on PostgreSQL (`.ci/run`): those that open the test database (src/server/test/app.ts,
// database.ts and the worlds built on them). The rest run once, in `npm test`: pure code (src/core,
// scripts, bench), and files that choose their engine themselves, marked `engine-independent` in a
// comment with the reason (the embedded database's own tests, the CLI on the embedded database,
// backup and restore on both engines). Side by side the first pass had already run them whole.
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Whether a server test file's outcome can change with TEST_DATABASE_URL. */
export function dependsOnEngine(source) {
  if (/\bengine-independent\b/.test(source)) return false;
  return /#server\/test\/|from '\.\/(app|database|authorization-world|firebase-mode)(\.js)?'|TEST_DATABASE_URL/.test(source);
}

export function engineTests(dir = path.join(root, 'src/server')) {
  return readdirSync(dir, { recursive: true })
    .filter((file) => file.endsWith('.test.ts'))
    .map((file) => path.join('src/server', file))
    .filter((file) => dependsOnEngine(readFileSync(path.join(root, file), 'utf8')))
    .sort();
}

if (process.argv[1] === fileURLToPath(import.meta.url)) console.log(engineTests().join('\n'));
