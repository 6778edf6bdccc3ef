/**
 * npm run bench:export
 *
 * Issue 35, item 1: "Download my data" for a user with 500 reviews and 5,000 votes must take under
 * 5 s. On the benchmark dataset (DATABASE_URL as for `npm run bench`), a bench account is given 500
 * reviews (of 500 officers, each with an earlier version) and 5,000 votes (on other people's
 * reviews); GET /api/users/me/export is then asked BENCH_EXPORTS times (default 5) through the real
 * app over HTTP with the account's session, and the times and the document's size are printed. The
 * account, its reviews and votes are removed afterwards (their figures recomputed).
 */
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { buildApp } from '#server/app.js';
import { loadConfig } from '#server/platform/config.js';
import { queryRows } from '#server/platform/db/client.js';
import { sessionLifetimes } from '#server/domain/identity/sessions.js';
import { createBenchUsers, openBenchDatabase, removeBenchUsers } from './harness/fixtures.js';

const REVIEWS = 500;
const VOTES = 5_000;
const TARGET_MS = 5_000;

async function main() {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('DATABASE_URL must point at the benchmark dataset (npm run bench:data)');
  const runs = Number(process.env.BENCH_EXPORTS ?? 5);
  const config = loadConfig({ ...process.env, SESSION_SECRET: process.env.SESSION_SECRET ?? 'bench-secret-bench-secret-bench-secret-00' });
  const database = await openBenchDatabase(url);
  const app = await buildApp({ config, db: database.db, logger: false });
  try {
    await removeBenchUsers(database.db);
    const [user] = await createBenchUsers(database.db, sessionLifetimes(config), 1);
    await database.db.execute(sql`
      insert into reviews (user_id, officer_id, text, leadership, tactics, communication, fairness, overall_rating, position, edited_at, revision_count)
      select ${user!.id}, o.id, 'A steady officer who keeps the line, reviewed for the export benchmark.', 4, 4, 4, 4, 4, 0, now(), 1
      from (select id from officers order by id limit ${REVIEWS}) o`);
    await database.db.execute(sql`
      insert into review_revisions (review_id, version, text, leadership, tactics, communication, fairness, overall_rating, written_at)
      select id, 1, 'The first version of the review.', 3, 3, 3, 3, 3, created_at from reviews where user_id = ${user!.id}`);
    await database.db.execute(sql`
      insert into review_votes (user_id, review_id, vote)
      select ${user!.id}, r.id, 1 from (select id from reviews where user_id <> ${user!.id} order by id limit ${VOTES}) r`);
    const [counts] = await queryRows<{ reviews: number; votes: number }>(
      database.db,
      sql`select (select count(*)::int from reviews where user_id = ${user!.id}) as reviews, (select count(*)::int from review_votes where user_id = ${user!.id}) as votes`,
    );
    await app.listen({ host: '127.0.0.1', port: 0 });
    const address = app.server.address() as { port: number };
    const times: number[] = [];
    let bytes = 0;
    for (let i = 0; i < runs; i += 1) {
      const started = performance.now();
      const response = await fetch(`http://127.0.0.1:${address.port}/api/users/me/export`, { headers: { cookie: user!.cookie } });
      const body = await response.text();
      times.push(performance.now() - started);
      if (response.status !== 200) throw new Error(`export answered ${response.status}: ${body.slice(0, 200)}`);
      bytes = body.length;
    }
    times.sort((a, b) => a - b);
    const median = times[Math.floor(times.length / 2)]!;
    console.log(`account with ${counts!.reviews} reviews and ${counts!.votes} votes: export of ${(bytes / 1024).toFixed(0)} KiB`);
    console.log(
      `${runs} exports: median ${median.toFixed(0)} ms, slowest ${times.at(-1)!.toFixed(0)} ms (target < ${TARGET_MS} ms): ${times.at(-1)! < TARGET_MS ? 'met' : 'missed'}`,
    );
  } finally {
    await app.close();
    await removeBenchUsers(database.db);
    await database.close();
  }
}

await main();
