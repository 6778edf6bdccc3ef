/**
 * Concurrent reads of one kind made one statement (docs/decisions/0041-batched-reads.md), with
 * `dataloader` doing the batching (docs/decisions/0044-batched-read-vs-dataloader.md).
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
 * DataLoader knows neither, so there is one loader per handle and group.
 */
import DataLoader from 'dataloader';
import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from './client.js';

/** Reads every key of a batch at once: a value per key found; a key left out is not found. */
export type ReadMany<K, V> = (db: Executor, keys: K[], group: string) => Promise<Map<K, V>>;

/** The largest batch: a longer array only makes one statement wait for another's rows. */
const MAX_BATCH = 256;

export class BatchedRead<K, V> {
  /** The loaders by handle (a transaction's go with it) and group, each made on first use. */
  private readonly loaders = new WeakMap<Executor, Map<string, DataLoader<K, V | undefined>>>();

  constructor(private readonly readMany: ReadMany<K, V>) {}

  /** The value for `key`, read with every other key asked for in this turn of the event loop. */
  load(db: Executor, key: K, group = ''): Promise<V | undefined> {
    let groups = this.loaders.get(db);
    if (!groups) {
      groups = new Map();
      this.loaders.set(db, groups);
    }
    let loader = groups.get(group);
    if (!loader) {
      loader = this.loaderFor(db, group);
      groups.set(group, loader);
    }
    return loader.load(key);
  }

  private loaderFor(db: Executor, group: string): DataLoader<K, V | undefined> {
    const loader: DataLoader<K, V | undefined> = new DataLoader(
      async (keys) => {
        // The cache only makes a key asked for twice in one batch one key of the statement. Kept
        // past its batch it would answer stale rows for ever: a batch forgets it as it starts, so
        // a load from now on goes to the next batch and reads the row again.
        loader.clearAll();
        const found = await this.readMany(db, [...keys], group);
        return keys.map((key) => found.get(key));
      },
      {
        // Not DataLoader's default, which dispatches once the current stack's promise jobs are
        // done (process.nextTick): Node runs those between two I/O callbacks, so two requests
        // never shared a statement and each paid its own (2.8x the app's CPU per request, decision
        // 0044). setImmediate waits for every callback of this turn. No same-stack test sees the
        // difference; batched.test.ts has one from separate callbacks that does.
        batchScheduleFn: (dispatch) => setImmediate(dispatch),
        maxBatchSize: MAX_BATCH,
      },
    );
    return loader;
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
