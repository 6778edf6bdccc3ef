/**
 * A small seeded PRNG (mulberry32) with the helpers the demo seed needs. Math.random is not used,
 * so one seed always yields the same demo data and a screenshot or bug report can be reproduced.
 */
export class SeededRandom {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** A float in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** An integer in [min, max], both ends included. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  between(min: number, max: number): number {
    return min + this.next() * (max - min);
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error('pick from an empty list');
    return items[Math.floor(this.next() * items.length)]!;
  }

  /** Roughly normal (sum of three uniforms), cheap and bounded: mean 0, range about ±3·spread. */
  jitter(spread: number): number {
    return (this.next() + this.next() + this.next() - 1.5) * 2 * spread;
  }

  shuffle<T>(items: readonly T[]): T[] {
    const copy = [...items];
    for (let i = copy.length - 1; i > 0; i--) {
      const j = Math.floor(this.next() * (i + 1));
      [copy[i], copy[j]] = [copy[j]!, copy[i]!];
    }
    return copy;
  }

  /**
   * Up to `count` distinct items, heavier weights more likely first (Efraimidis–Spirakis keys), so a
   * few very active users write many reviews and most write a handful.
   */
  weightedSample<T>(items: readonly T[], weight: (item: T) => number, count: number): T[] {
    return items
      .map((item) => ({ item, key: Math.pow(this.next(), 1 / Math.max(weight(item), 1e-9)) }))
      .sort((a, b) => b.key - a.key)
      .slice(0, count)
      .map((entry) => entry.item);
  }
}
