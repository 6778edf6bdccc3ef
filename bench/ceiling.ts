/**
 * The ceiling of the load benchmark: a bare Fastify app with one route that reads one officer by
 * primary key through the same driver (pg) and a pool of the same size as the app's. No plugins,
 * no validation, no session lookup, no compression. Whatever the real endpoints reach is compared
 * with what this reaches on the same machine, in the same run.
 *
 * Started by bench/run.ts as a child process: DATABASE_URL, PORT and POOL_SIZE come from it.
 */
import Fastify from 'fastify';
import pg from 'pg';

const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) throw new Error('DATABASE_URL is required');
const port = Number(process.env.PORT ?? 0);
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

const shutdown = async () => {
  await app.close();
  await pool.end();
  process.exit(0);
};
process.once('SIGTERM', () => void shutdown());
process.once('SIGINT', () => void shutdown());

await app.listen({ port, host: '127.0.0.1' });
console.log(`ceiling listening on ${port}`);
