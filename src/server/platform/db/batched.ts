/**
 * Concurrent reads of one kind made one statement (docs/decisions/0041-batched-reads.md).
 *
 * Under load most uncached reads are for different rows: fifty visitors open fifty officers. Each
 * was a statement of its own, and the round trip to PostgreSQL (writing the query on the socket,
 * reading the answer) cost the process more than the rest of the request. A batch collects the
 * keys asked for while the event loop handles the requests that have arrived, and reads them all
 * at the next turn (setImmediate, after the poll phase) with one statement over an array of keys.
 * A lone request waits for nothing but that turn.
 *
 * A batch belongs to one database handle (a transaction is a handle of its own, so it batches only
 * with itself) and to one `group`: the values besides the key that the statement takes (a date
 * window, a page size), so that only reads of the same statement with the same parameters share it.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from './client.js';

/** Reads every key of a batch at once: a value per key found; a key left out is not found. */
export type ReadMany<K, V> = (db: Executor, keys: K[], group: string) => Promise<Map<K, V>>;

interface Pending<K, V> {
  keys: Map<K, Array<{ resolve: (value: V | undefined) => void; reject: (error: unknown) => void }>>;
}

/** The largest batch: a longer array only makes one statement wait for another's rows. */
const MAX_BATCH = 256;

export class BatchedRead<K, V> {
  private readonly pending = new WeakMap<Executor, Map<string, Pending<K, V>>>();

  constructor(private readonly readMany: ReadMany<K, V>) {}

  /** The value for `key`, read with every other key asked for in this turn of the event loop. */
  load(db: Executor, key: K, group = ''): Promise<V | undefined> {
    let groups = this.pending.get(db);
    if (!groups) {
      groups = new Map();
      this.pending.set(db, groups);
    }
    let batch = groups.get(group);
    if (!batch || batch.keys.size >= MAX_BATCH) {
      const started: Pending<K, V> = { keys: new Map() };
      batch = started;
      groups.set(group, started);
      setImmediate(() => {
        if (groups.get(group) === started) groups.delete(group);
        void this.run(db, started, group);
      });
    }
    const waiting = batch.keys.get(key) ?? [];
    batch.keys.set(key, waiting);
    return new Promise((resolve, reject) => waiting.push({ resolve, reject }));
  }

  private async run(db: Executor, batch: Pending<K, V>, group: string): Promise<void> {
    try {
      const values = await this.readMany(db, [...batch.keys.keys()], group);
      for (const [key, waiting] of batch.keys) for (const { resolve } of waiting) resolve(values.get(key));
    } catch (error) {
      for (const waiting of batch.keys.values()) for (const { reject } of waiting) reject(error);
    }
  }
}

/**
 * A batch's keys (or another array of it) as a parameter of its prepared statement: `id = any(${keysParam('ids')})`.
 *
 * Read through a scalar subquery so that the planner cannot see how many there are. Given the
 * array itself, it planned every execution anew: a custom plan knows the array's length, so it
 * always looked cheaper than the generic plan (which assumes ten), and PostgreSQL never switched
 * to the generic one. Planning a review page's five-table join for a batch of one cost 1.3 ms of
 * the database's CPU, five times executing it; behind the subquery both plans see the same
 * estimate and the generic plan is kept after five runs (docs/decisions/0041-batched-reads.md).
 */
export function keysParam(name: string, type: 'int' | 'int8' = 'int'): SQL {
  return sql`(select ${sql.placeholder(name)}::${sql.raw(type)}[])::${sql.raw(type)}[]`;
}
