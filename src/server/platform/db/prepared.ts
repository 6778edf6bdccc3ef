/**
 * Named prepared statements for the hot public reads (docs/decisions/0010-prepared-reads.md).
 *
 * Each is built once per database handle. Drizzle then no longer rebuilds the SQL text on every
 * request (a fifth of the server's CPU on an uncached officer read), and PostgreSQL parses it once
 * per pooled connection and, after five runs, reuses a generic plan instead of planning the joins
 * again (planning an officer's four-table join cost 0.3-1.6 ms, executing it 0.2 ms).
 *
 * Only for statements whose best plan does not depend on the values: officer search is left out,
 * because its two branches rely on the planner seeing the search pattern.
 */
import type { Query, SQL } from 'drizzle-orm';
import type { Executor } from './client.js';
import { readTargetOf } from './read-routing.js';

const statementsByDb = new WeakMap<Executor, Map<string, unknown>>();

/**
 * The statement `name` of this handle, built by `build` on first use. The name must identify one SQL
 * text: PostgreSQL refuses a second text under a name a connection already prepared. A transaction
 * is a handle of its own, so a statement used inside one is built again there (still correct: on
 * the same connection, the same name with the same text is not prepared twice).
 */
export function prepared<T>(on: Executor, name: string, build: (db: Executor, name: string) => T): T {
  // With read replicas, the statement of the database this read goes to (read-routing.ts).
  const db = readTargetOf(on);
  let statements = statementsByDb.get(db);
  if (!statements) {
    statements = new Map();
    statementsByDb.set(db, statements);
  }
  let statement = statements.get(name) as T | undefined;
  if (statement === undefined) {
    statement = build(db, name);
    statements.set(name, statement);
  }
  return statement;
}

/** What runPrepared uses of a drizzle handle (pg and PGlite alike): its dialect and its session. */
interface DrizzleInternals {
  dialect: { sqlToQuery(sql: SQL): Query };
  session: {
    prepareQuery(
      query: Query,
      fields: undefined,
      name: string,
      isResponseInArrayMode: boolean,
    ): { execute(values: Record<string, unknown>): Promise<unknown> };
  };
  /** The primary behind a read-replica wrapper (withReplicas): writes go there. */
  $primary?: DrizzleInternals;
}

const rawQueries = new Map<string, Query>();

/**
 * Runs a raw statement (`sql` with `sql.placeholder` for its values) as the named prepared statement
 * `name` (issue 38): its SQL text is built once per process, not per call, and PostgreSQL parses and
 * plans it once per pooled connection. For writes, whose transactions are handles of their own (so
 * `prepared` above would build them again each time): the statement is made on the caller's handle,
 * a transaction's connection included, and always on the primary. `build` must give one text per
 * name.
 */
export async function runPrepared<T>(db: Executor, name: string, build: () => SQL, values: Record<string, unknown>): Promise<T[]> {
  const handle = db as unknown as DrizzleInternals;
  const target = handle.$primary ?? handle;
  let query = rawQueries.get(name);
  if (!query) {
    query = target.dialect.sqlToQuery(build());
    rawQueries.set(name, query);
  }
  // Both drivers answer with a `rows` array (pg's QueryResult, PGlite's Results).
  const result = (await target.session.prepareQuery(query, undefined, name, false).execute(values)) as { rows: T[] };
  return result.rows;
}
