import type { Random } from './random';

/**
 * Splits a whole `total` over `n` parts in proportion to `weights`, each part at most its `cap`,
 * into `out`. Systematic sampling with one random offset: every part gets the floor or the
 * ceiling of its fair share (so small parts still win a unit now and then, where rounding to the
 * largest remainder would hand every lone purchase to the biggest segment), and the parts add up
 * to `total` exactly. A part's cap is honoured while others have room; units no part has room for
 * go to the heaviest part, so the total always holds.
 */
export function allocate(
  total: number,
  weights: Float64Array,
  caps: Int32Array | null,
  n: number,
  random: Random,
  out: Int32Array,
): void {
  out.fill(0, 0, n);
  let remaining = total;
  for (let round = 0; remaining > 0 && round < 8; round++) {
    let sum = 0;
    let last = -1;
    for (let i = 0; i < n; i++) {
      if (weightWithRoom(weights, caps, out, i) > 0) {
        sum += weights[i] as number;
        last = i;
      }
    }
    if (last < 0) break;
    const offset = random();
    let cumulative = 0;
    let before = 0;
    let given = 0;
    for (let i = 0; i <= last; i++) {
      if (weightWithRoom(weights, caps, out, i) <= 0) continue;
      cumulative += weights[i] as number;
      // The last part takes the exact end, so float rounding never loses a unit.
      const upTo = i === last ? remaining : Math.floor((cumulative / sum) * remaining + offset);
      let share = upTo - before;
      before = upTo;
      if (caps) share = Math.min(share, (caps[i] as number) - (out[i] as number));
      out[i] = (out[i] as number) + share;
      given += share;
    }
    remaining -= given;
  }
  if (remaining > 0) out[heaviest(weights, n)] = (out[heaviest(weights, n)] as number) + remaining;
}

function weightWithRoom(weights: Float64Array, caps: Int32Array | null, out: Int32Array, i: number): number {
  if (caps && (out[i] as number) >= (caps[i] as number)) return 0;
  return weights[i] as number;
}

function heaviest(weights: Float64Array, n: number): number {
  let best = 0;
  for (let i = 1; i < n; i++) if ((weights[i] as number) > (weights[best] as number)) best = i;
  return best;
}
