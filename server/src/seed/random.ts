/** A small deterministic PRNG (mulberry32) and the samplers the event generator needs. */
export class Random {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** Uniform in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** Integer in [min, max]. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)];
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  /** Standard normal (Box-Muller). */
  normal(): number {
    const u = 1 - this.next();
    const v = this.next();
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
  }

  /** Log-normal: heavy-tailed sizes. */
  logNormal(mu: number, sigma: number): number {
    return Math.exp(mu + sigma * this.normal());
  }
}

/** Picks by weight in O(log n), from precomputed cumulative weights. */
export class WeightedPicker<T> {
  private readonly cumulative: number[] = [];
  private readonly total: number;

  constructor(private readonly items: readonly (readonly [T, number])[]) {
    let sum = 0;
    for (const [, weight] of items) {
      if (!(weight >= 0)) throw new Error('Weights must be non-negative numbers.');
      sum += weight;
      this.cumulative.push(sum);
    }
    if (items.length === 0 || sum <= 0)
      throw new Error('A weighted picker needs at least one positive weight.');
    this.total = sum;
  }

  pick(random: Random): T {
    const target = random.next() * this.total;
    let lo = 0;
    let hi = this.cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.cumulative[mid] > target) hi = mid;
      else lo = mid + 1;
    }
    return this.items[lo][0];
  }
}

/** Zipf-weighted picker: the i-th item (0-based) has weight 1 / (i + 1)^s, a heavy tail. */
export function zipfPicker<T>(items: readonly T[], s: number): WeightedPicker<T> {
  return new WeightedPicker(items.map((item, i) => [item, 1 / Math.pow(i + 1, s)] as const));
}
