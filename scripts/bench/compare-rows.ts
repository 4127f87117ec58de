/** Checks that two engines' answers to the same question carry the same numbers. Pure. */

export type Row = Record<string, unknown>;

export interface RowComparison {
  /** The columns that name a row (a day, a campaign); none for a single total. */
  key: readonly string[];
  /** The figures that must agree. */
  metrics: readonly string[];
  /** Rankings and series: the order is part of the answer. */
  ordered: boolean;
}

/** Both engines sum exact decimals; only a ratio's last bits may differ. */
const RELATIVE_TOLERANCE = 1e-9;

function asNumber(value: unknown): number | null {
  if (value === null || value === undefined) return null;
  const number = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(number) ? number : null;
}

/** Equal to a billionth of the larger value (null only equals null). */
export function sameNumber(a: unknown, b: unknown): boolean {
  const x = asNumber(a);
  const y = asNumber(b);
  if (x === null || y === null) return x === y;
  return Math.abs(x - y) <= RELATIVE_TOLERANCE * Math.max(1, Math.abs(x), Math.abs(y));
}

const keyOf = (row: Row, key: readonly string[]) =>
  key.map((column) => String(row[column] ?? '')).join(' · ');

/**
 * The differences between what ARLO answered and what the reference returned: missing or extra
 * rows, rows out of order, figures that differ. Empty when they agree.
 */
export function compareRows(arlo: readonly Row[], reference: readonly Row[], spec: RowComparison): string[] {
  const problems: string[] = [];
  if (arlo.length !== reference.length)
    problems.push(`ARLO has ${arlo.length} rows, the reference ${reference.length}`);
  const arloKeys = arlo.map((row) => keyOf(row, spec.key));
  const referenceKeys = reference.map((row) => keyOf(row, spec.key));
  const byKey = new Map(arlo.map((row, i) => [arloKeys[i], row]));
  for (const [i, row] of reference.entries()) {
    const key = referenceKeys[i] as string;
    const mine = byKey.get(key);
    if (!mine) {
      problems.push(`missing row ${key || '(total)'}`);
      continue;
    }
    if (spec.ordered && arloKeys[i] !== key)
      problems.push(`row ${i + 1}: ARLO has ${arloKeys[i] ?? 'nothing'}, the reference ${key}`);
    for (const metric of spec.metrics)
      if (!sameNumber(mine[metric], row[metric]))
        problems.push(
          `${key || 'total'} ${metric}: ARLO ${String(mine[metric])}, reference ${String(row[metric])}`,
        );
  }
  const referenceSet = new Set(referenceKeys);
  for (const key of arloKeys) if (!referenceSet.has(key)) problems.push(`extra row ${key || '(total)'}`);
  return problems;
}
