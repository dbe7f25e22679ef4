// The soak test's seeded generator: mulberry32, a 32-bit PRNG small enough to read at a glance. The
// same seed gives the same sequence of operations, which is what makes a failing run replayable.

export interface Random {
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [0, n). */
  int(n: number): number;
  /** An integer in [min, max]. */
  between(min: number, max: number): number;
  /** True with probability p. */
  chance(p: number): boolean;
  /** One of `items`, or undefined when empty. */
  pick<T>(items: readonly T[]): T | undefined;
  /** One of the keys, chosen with probability proportional to its weight. */
  weighted<K extends string>(weights: Readonly<Record<K, number>>): K;
}

export function mulberry32(seed: number): Random {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number) => Math.floor(next() * n);
  return {
    next,
    int,
    between: (min, max) => min + int(max - min + 1),
    chance: (p) => next() < p,
    pick: (items) => (items.length === 0 ? undefined : items[int(items.length)]),
    weighted<K extends string>(weights: Readonly<Record<K, number>>): K {
      const entries = Object.entries<number>(weights);
      const total = entries.reduce((sum, [, w]) => sum + w, 0);
      let roll = next() * total;
      for (const [key, weight] of entries) {
        roll -= weight;
        // Object.entries loses the key type; every key came from `weights`.
        if (roll < 0) return key as K;
      }
      return entries[entries.length - 1]?.[0] as K;
    },
  };
}

/** A seed from the clock, for runs that should explore (printed, so it can be replayed). */
export function timeSeed(): number {
  return Date.now() % 2_147_483_647;
}
