/**
 * The ceiling of the load benchmark: a bare Fastify app that reads one officer by primary key, and
 * writes a vote or a new review, through the same driver (pg) and a pool of the same size as the
 * app's. No plugins, no validation beyond parsing, no session lookup, no compression. Whatever the
 * real endpoints reach is compared with what this reaches on the same machine, in the same run.
 *
 * The writes (issue 38, item 5) do what the app's transaction must do and nothing else: a vote
 * upserts the voter's vote and moves the review's counters by the difference; a review locks its
 * officer, inserts itself as the officer's newest (position, created_at under the lock) and moves
 * the officer's and the regiment's review counts. They keep no average, distribution or wave, so
 * what they write leaves the figures inexact: they write as users of their own, whom the harness
 * removes before checking the aggregates (bench/harness/fixtures.ts, removeCeilingWriters). Their
 * users come in the body; the harness picks them.
 *
 * And it replays answers of the app byte for byte (/ceiling/copy, below): the bytes floor of an
 * answer too large for loopback and the load client.
 *
 * Started by bench/run.ts as a child process: DATABASE_URL, PORT, POOL_SIZE and APP_URL come from it.
 */
import { get } from 'node:http';
import Fastify from 'fastify';
import pg from 'pg';
import { computeOverallRating } from '#core/rating.js';

const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) throw new Error('DATABASE_URL is required');
const port = Number(process.env.PORT ?? 0);
/** The app under measurement, whose answers /ceiling/copy replays. */
const appUrl = process.env.APP_URL;
const poolSize = Number(process.env.POOL_SIZE ?? 10);

// The same pool settings as src/server/platform/db/client.ts.
const pool = new pg.Pool({ connectionString: databaseUrl, max: poolSize, statement_timeout: 10_000, connectionTimeoutMillis: 5_000 });
const app = Fastify({ logger: false });

app.get<{ Params: { id: string } }>('/ceiling/:id', async (request, reply) => {
  const { rows } = await pool.query('select id, name, rank, regiment_id, average_rating, review_count from officers where id = $1', [
    Number(request.params.id),
  ]);
  if (rows.length === 0) return reply.code(404).send({ message: 'not found' });
  return rows[0];
});

/** BEGIN, the statements, COMMIT on one pooled connection; ROLLBACK on a failure. */
async function inTransaction<T>(work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('begin');
    const result = await work(client);
    await client.query('commit');
    return result;
  } catch (error) {
    await client.query('rollback').catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}

/**
 * One statement: the previous vote (locked), the upsert, and the review's counters moved by the
 * difference (a vote of 0 is stored as 0 here; the harness sends 1 and -1 only).
 */
const VOTE = `
  with previous as (
    select vote from review_votes where user_id = $1 and review_id = $2 for update
  ), upserted as (
    insert into review_votes (user_id, review_id, vote) values ($1, $2, $3::smallint)
    on conflict (user_id, review_id) do update set vote = excluded.vote
  )
  update reviews r set
    score = r.score + $3::int - p.vote,
    upvotes = r.upvotes + ($3::int = 1)::int - (p.vote = 1)::int,
    downvotes = r.downvotes + ($3::int = -1)::int - (p.vote = -1)::int
  from (select coalesce((select vote from previous), 0)::int as vote) p
  where r.id = $2
  returning r.score, r.upvotes, r.downvotes`;

app.post<{ Body: { userId: number; reviewId: number; value: number } }>('/ceiling/votes', async (request, reply) => {
  const { userId, reviewId, value } = request.body;
  const rows = await inTransaction(
    async (client) =>
      (await client.query<{ score: number; upvotes: number; downvotes: number }>(VOTE, [Number(userId), Number(reviewId), Number(value)])).rows,
  );
  if (rows.length === 0) return reply.code(404).send({ message: 'not found' });
  return { value, ...rows[0] };
});

/**
 * The officer's row lock comes alone, before the insert, as the app takes it: under READ COMMITTED
 * a statement that waited for the lock would still read max(position) from the snapshot it started
 * with, and two reviews of one officer would take one position.
 */
const LOCK_OFFICER = 'select id from officers where id = $1 for no key update';
const INSERT_REVIEW = `
  with inserted as (
    insert into reviews (user_id, officer_id, text, leadership, tactics, communication, fairness, overall_rating, position, created_at, updated_at)
    values ($1, $2, $3, $4, $5, $6, $7, $8,
      (select coalesce(max(position), 0) + 1 from reviews where officer_id = $2), clock_timestamp(), clock_timestamp())
    returning id
  ), officer as (
    update officers set review_count = review_count + 1 where id = $2 returning regiment_id
  )
  update regiments g set review_count = g.review_count + 1 from officer o where g.id = o.regiment_id
  returning (select id from inserted) as id`;

interface ReviewBody {
  userId: number;
  officerId: number;
  text: string;
  leadership: number;
  tactics: number;
  communication: number;
  fairness: number;
}

app.post<{ Body: ReviewBody }>('/ceiling/reviews', async (request, reply) => {
  const body = request.body;
  const scores = {
    leadership: Number(body.leadership),
    tactics: Number(body.tactics),
    communication: Number(body.communication),
    fairness: Number(body.fairness),
  };
  const officerId = Number(body.officerId);
  const id = await inTransaction(async (client) => {
    const locked = await client.query(LOCK_OFFICER, [officerId]);
    if (locked.rows.length === 0) return null;
    const { rows } = await client.query<{ id: number }>(INSERT_REVIEW, [
      Number(body.userId),
      officerId,
      String(body.text),
      scores.leadership,
      scores.tactics,
      scores.communication,
      scores.fairness,
      computeOverallRating(scores),
    ]);
    return rows[0]?.id ?? null;
  });
  if (id === null) return reply.code(404).send({ message: 'not found' });
  return reply.code(201).send({ id });
});

/**
 * The bytes floor: an answer of the app, fetched once for each path and Accept-Encoding and then
 * replayed byte for byte with its type and encoding. A row of the same bytes measures what loopback
 * and the load client allow for them whatever a server does (issue 38: the whole regiment list
 * without compression is ten times its brotli bytes).
 */
interface Copy {
  contentType: string;
  contentEncoding: string | undefined;
  body: Buffer;
}
const copies = new Map<string, Promise<Copy>>();

/** The app's answer as it left the app: raw bytes (fetch() would decompress them). */
function fetchRaw(path: string, acceptEncoding: string): Promise<Copy> {
  if (!appUrl) return Promise.reject(new Error('APP_URL is required for /ceiling/copy'));
  return new Promise((resolve, reject) => {
    get(new URL(path, appUrl), { headers: { 'accept-encoding': acceptEncoding, accept: 'application/json' } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        if (response.statusCode !== 200) reject(new Error(`the app answered ${response.statusCode} to ${path}`));
        else
          resolve({
            contentType: response.headers['content-type'] ?? 'application/octet-stream',
            contentEncoding: response.headers['content-encoding'],
            body: Buffer.concat(chunks),
          });
      });
      response.on('error', reject);
    }).on('error', reject);
  });
}

app.get('/ceiling/copy/*', async (request, reply) => {
  const path = request.url.slice('/ceiling/copy'.length);
  const acceptEncoding = request.headers['accept-encoding'] ?? '';
  const key = `${acceptEncoding} ${path}`;
  let copy = copies.get(key);
  if (!copy) {
    copy = fetchRaw(path, acceptEncoding);
    copies.set(key, copy);
    // A failed fetch is tried again by the next request, not kept.
    copy.catch(() => copies.delete(key));
  }
  const { contentType, contentEncoding, body } = await copy;
  reply.header('content-type', contentType);
  if (contentEncoding) reply.header('content-encoding', contentEncoding);
  return reply.send(body);
});

const shutdown = async () => {
  await app.close();
  await pool.end();
  process.exit(0);
};
process.once('SIGTERM', () => void shutdown());
process.once('SIGINT', () => void shutdown());

await app.listen({ port, host: '127.0.0.1' });
console.log(`ceiling listening on ${port}`);
