/**
 * A map from row ids to values, for the catalogue's per-officer and per-regiment lookups: an array
 * indexed by id, with a Map only for ids past DENSE_LIMIT.
 *
 * A typed search looks up every officer it matches, often hundreds, in three or four of these (the
 * record, its regiment, its kept match, its kept JSON). As Maps those lookups were a tenth of a
 * computed search's CPU (`perf` on the long-tail typed search with the response cache off:
 * `FindOrderedHashMapEntry` 11 %): hashing the key and following the table's chain costs several
 * times an array's indexed load. Ids come from a sequence, so the array is about as long as the
 * table has rows; the limit keeps a stray large id from making it huge.
 */
const DENSE_LIMIT = 1 << 20;

export class IdMap<V> {
  /** Slots by id, `undefined` where none is kept; only ever grown by push, so V8 keeps it a plain packed array. */
  private dense: Array<V | undefined> = [];
  private sparse: Map<number, V> | null = null;
  private count = 0;

  get size(): number {
    return this.count;
  }

  get(id: number): V | undefined {
    if (id >= 0 && id < this.dense.length) {
      const value = this.dense[id];
      if (value !== undefined) return value;
    }
    return this.sparse?.get(id);
  }

  has(id: number): boolean {
    return this.get(id) !== undefined;
  }

  /** `value` must not be undefined: that is how an empty slot reads. */
  set(id: number, value: V): this {
    if (!isDense(id)) {
      this.sparse ??= new Map();
      if (!this.sparse.has(id)) this.count++;
      this.sparse.set(id, value);
      return this;
    }
    const { dense } = this;
    while (dense.length <= id) dense.push(undefined);
    if (dense[id] === undefined) this.count++;
    dense[id] = value;
    return this;
  }

  delete(id: number): boolean {
    if (!isDense(id)) {
      const deleted = this.sparse?.delete(id) ?? false;
      if (deleted) this.count--;
      return deleted;
    }
    if (id >= this.dense.length || this.dense[id] === undefined) return false;
    this.dense[id] = undefined;
    this.count--;
    return true;
  }

  clear(): void {
    this.dense = [];
    this.sparse = null;
    this.count = 0;
  }

  /** Ids in ascending order, then any past the limit in the order they were set. */
  *entries(): IterableIterator<[number, V]> {
    const { dense } = this;
    for (let id = 0; id < dense.length; id++) {
      const value = dense[id];
      if (value !== undefined) yield [id, value];
    }
    if (this.sparse) yield* this.sparse.entries();
  }

  *keys(): IterableIterator<number> {
    for (const [id] of this.entries()) yield id;
  }

  *values(): IterableIterator<V> {
    for (const [, value] of this.entries()) yield value;
  }
}

function isDense(id: number): boolean {
  return Number.isInteger(id) && id >= 0 && id < DENSE_LIMIT;
}
