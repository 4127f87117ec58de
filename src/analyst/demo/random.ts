/** A source of uniform numbers in [0, 1). */
export type Random = () => number;

/**
 * mulberry32: a tiny seeded PRNG. The demo data must be byte-identical for the same options, so
 * nothing here may touch Math.random or the clock.
 */
export function mulberry32(seed: number): Random {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Derives an independent seed per account, so adding an account never reshuffles another's noise. */
export function mixSeed(seed: number, salt: number): number {
  let h = Math.imul((seed ^ Math.imul(salt, 0x9e3779b1)) >>> 0, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

/**
 * A multiplier around 1 with standard deviation `sd`: bell-shaped (sum of three uniforms) and
 * bounded to ±3 sd, so a single day can wobble but never goes negative for the sd values used here.
 */
export function noise(random: Random, sd: number): number {
  return 1 + sd * 2 * (random() + random() + random() - 1.5);
}
