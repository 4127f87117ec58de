import type { ResultRow } from '../executor';
import { type MetricKey, metrics } from '../metrics';
import type { EntityDimension } from '../query';
import { percentChange } from './evidence';

/** One entity in both periods; a side is missing when the entity had no rows then. */
export interface Pair {
  name: string;
  before: ResultRow | undefined;
  now: ResultRow | undefined;
  a: number;
  b: number;
}

const num = (row: ResultRow | undefined, key: string): number =>
  typeof row?.[key] === 'number' ? (row[key] as number) : 0;

/** The rows of both periods matched by entity (ids where the level has them) within one currency. */
export function pairRows(
  now: ResultRow[],
  before: ResultRow[],
  level: EntityDimension,
  metric: MetricKey,
): Pair[] {
  const identity = (row: ResultRow) => `${row[`${level}_id`] ?? row[level]}|${row.currency ?? ''}`;
  const pairs = new Map<string, Pair>();
  const entry = (row: ResultRow) => {
    const key = identity(row);
    const found = pairs.get(key) ?? {
      name: String(row[level]),
      before: undefined,
      now: undefined,
      a: 0,
      b: 0,
    };
    pairs.set(key, found);
    return found;
  };
  for (const row of before) Object.assign(entry(row), { before: row, a: num(row, metric) });
  for (const row of now)
    Object.assign(entry(row), { now: row, b: num(row, metric), name: String(row[level]) });
  return [...pairs.values()];
}

/**
 * A sum's rows add up to its total, so each row's move is its contribution to the net move.
 * Ranked by contribution in the direction of the total (`direction` +1 up, −1 down); rows that
 * moved the other way come last, the strongest counter-move at the very end.
 */
export function rankContributions(pairs: Pair[], direction: number): Pair[] {
  return [...pairs].sort((x, y) => (y.b - y.a) * direction - (x.b - x.a) * direction || order(x, y));
}

const order = (x: Pair, y: Pair) => (x.name < y.name ? -1 : x.name > y.name ? 1 : 0);

/** Rows with enough volume in both periods for their ratio to mean something. */
export function withVolume(pairs: Pair[], metric: MetricKey, spendFloor: number): Pair[] {
  const floor = metrics[metric].minVolume;
  const enough = (row: ResultRow | undefined) => !floor || num(row, floor.metric) >= floor.min;
  return pairs.filter(
    (p) =>
      p.before && p.now && p.a > 0 && enough(p.before) && enough(p.now) && num(p.now, 'spend') >= spendFloor,
  );
}

/** Ratios: ranked by each row's own change, in the direction of the total's move. */
export function rankOwnChange(pairs: Pair[], direction: number): Pair[] {
  return [...pairs].sort(
    (x, y) => percentChange(y.a, y.b) * direction - percentChange(x.a, x.b) * direction || order(x, y),
  );
}

export interface MixEffect {
  /** The total's move that comes from rows' own ratios changing, weighted by their current share. */
  rate: number;
  /** The rest: volume shifting between rows whose ratios differ. */
  mix: number;
  /** The row whose shift in volume moved the total most in the total's direction. */
  shifter: Pair | undefined;
}

/**
 * A ratio over all rows is the rows' ratios weighted by their share of its denominator, so its
 * move splits exactly: Σ share_now × (ratio_now − ratio_before) from the rows' own changes, and
 * Σ (share_now − share_before) × ratio_before from the shift between them.
 */
export function mixEffect(
  pairs: Pair[],
  metric: MetricKey,
  totalBefore: number,
  direction: number,
): MixEffect | undefined {
  const ratio = metrics[metric].ratio;
  if (!ratio || ratio.minus) return undefined;
  const denominator = ratio.denominator;
  const sumNow = pairs.reduce((s, p) => s + num(p.now, denominator), 0);
  const sumBefore = pairs.reduce((s, p) => s + num(p.before, denominator), 0);
  if (sumNow <= 0 || sumBefore <= 0) return undefined;
  let rate = 0;
  let mix = 0;
  let shifter: { pair: Pair; effect: number } | undefined;
  for (const p of pairs) {
    const shareNow = num(p.now, denominator) / sumNow;
    const shareBefore = num(p.before, denominator) / sumBefore;
    // A row new to the period has no earlier ratio: all of its weight is mix.
    const earlier = p.before && num(p.before, denominator) > 0 ? p.a : p.b;
    rate += shareNow * (p.b - earlier);
    mix += (shareNow - shareBefore) * earlier;
    const effect = (shareNow - shareBefore) * (earlier - totalBefore) * direction;
    if (effect > 0 && (!shifter || effect > shifter.effect)) shifter = { pair: p, effect };
  }
  return { rate, mix, shifter: shifter?.pair };
}
