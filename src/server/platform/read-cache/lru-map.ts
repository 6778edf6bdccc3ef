/**
 * A Map that keeps its entries in least-recently-used order in a linked list beside it, so that
 * using an entry and evicting the oldest cost the same whatever the Map has been through.
 *
 * The response cache kept that order in a Map's insertion order (a hit was deleted and set again)
 * and evicted with `for...of` from the front. V8 leaves a deleted entry's slot in place until the
 * table fills up and is rebuilt, and an iterator walks past every such slot: with the cache full,
 * each store walked past thousands before its first live entry (24 µs a store in a micro-benchmark,
 * issue 36). An iterator kept between walks passes each slot once, but it keeps every table the Map
 * has outgrown since it last moved alive: the app's memory grew from 230 to 950 MiB in the
 * benchmark. A list has neither cost.
 */
interface Node<K, V> {
  key: K;
  value: V;
  older: Node<K, V> | null;
  newer: Node<K, V> | null;
}

export class LruMap<K, V> {
  private readonly nodes = new Map<K, Node<K, V>>();
  private oldest: Node<K, V> | null = null;
  private newest: Node<K, V> | null = null;

  get size(): number {
    return this.nodes.size;
  }

  /** The value, without counting it as used (touch does). */
  get(key: K): V | undefined {
    return this.nodes.get(key)?.value;
  }

  /** Sets the value as the most recently used. */
  set(key: K, value: V): void {
    const node = this.nodes.get(key);
    if (node) {
      node.value = value;
      this.moveToNewest(node);
      return;
    }
    const added: Node<K, V> = { key, value, older: this.newest, newer: null };
    if (this.newest) this.newest.newer = added;
    else this.oldest = added;
    this.newest = added;
    this.nodes.set(key, added);
  }

  /** Counts the entry as just used: the last to be evicted. */
  touch(key: K): void {
    const node = this.nodes.get(key);
    if (node) this.moveToNewest(node);
  }

  delete(key: K): boolean {
    const node = this.nodes.get(key);
    if (!node) return false;
    this.unlink(node);
    this.nodes.delete(key);
    return true;
  }

  /** Every key, in no particular order. */
  keys(): IterableIterator<K> {
    return this.nodes.keys();
  }

  /** Every value, in no particular order. */
  *values(): Generator<V> {
    for (const node of this.nodes.values()) yield node.value;
  }

  /**
   * The entries, least recently used first. The entry just yielded may be deleted before asking for
   * the next (eviction); any other change during the walk is not allowed.
   */
  *oldestFirst(): Generator<[K, V]> {
    let node = this.oldest;
    while (node) {
      const newer = node.newer;
      yield [node.key, node.value];
      node = newer;
    }
  }

  private moveToNewest(node: Node<K, V>): void {
    if (node === this.newest) return;
    this.unlink(node);
    node.older = this.newest;
    node.newer = null;
    this.newest!.newer = node;
    this.newest = node;
  }

  private unlink(node: Node<K, V>): void {
    if (node.older) node.older.newer = node.newer;
    else this.oldest = node.newer;
    if (node.newer) node.newer.older = node.older;
    else this.newest = node.older;
    node.older = null;
    node.newer = null;
  }
}
