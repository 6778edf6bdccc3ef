/**
 * The entries of a Map kept in least-recently-used order (deleted and set again when used), walked
 * oldest first from a cursor kept between walks, for evicting the oldest.
 *
 * Why not `for (const [key, value] of map)` from the start each time: V8 leaves a deleted entry's
 * slot in place until the table next fills up and is rebuilt, and an iterator walks past every such
 * slot. A full cache evicts its oldest on every store and moves every hit to the end, so thousands of
 * dead slots lay before the first live entry: 24 µs a store in a micro-benchmark, and half the
 * response cache's cost of storing a long-tail answer in the benchmark (issue 36). A Map iterator is
 * live (it goes on to entries set after it was made, and skips entries deleted before it reaches
 * them), so one kept across walks passes each dead slot once.
 */
export class OldestFirst<K, V> {
  private cursor: MapIterator<[K, V]>;

  constructor(private readonly map: Map<K, V>) {
    this.cursor = map.entries();
  }

  /**
   * The next entry, oldest first, or undefined after one lap. Resumes where the last walk stopped:
   * everything before that was evicted, or was the entry the walker kept and so is not the oldest.
   * When the cursor reaches the end it starts once more from the front, for an entry a walk passed
   * and kept. Ask for an entry only to evict it (or to pass the one being kept): one taken and then
   * left would wait for the next lap.
   */
  walk(): () => [K, V] | undefined {
    let restarted = false;
    return () => {
      for (;;) {
        const next = this.cursor.next();
        if (!next.done) return next.value;
        if (restarted) return undefined;
        this.cursor = this.map.entries();
        restarted = true;
      }
    };
  }
}
