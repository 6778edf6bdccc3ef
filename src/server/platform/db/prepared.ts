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
