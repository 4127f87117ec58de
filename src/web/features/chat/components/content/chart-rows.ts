import type { DataRow } from '../../../../../shared/api/answer';
import { type ChartKind, colorAt } from '../../lib/chart-rules';
import { rowName } from './chart-series';

// A row's name on the axis, in full, and its colour, under keys no answer uses.
export const LABEL = '__label';
export const FULL = '__full';
export const COLOR = '__color';

export type ChartRow = DataRow & { [LABEL]: string; [FULL]: string; [COLOR]: string };

/** The answer's rows with what the chart draws them by: their names and their colour. */
export function chartRows(rows: readonly DataRow[], kind: ChartKind): ChartRow[] {
  return rows.map((row, index) => ({
    ...row,
    [LABEL]: rowName(row, kind, false),
    [FULL]: rowName(row, kind, true),
    [COLOR]: colorAt(index),
  }));
}

/** The smallest and largest figure of the series drawn. */
export function extent(rows: readonly DataRow[], keys: readonly string[]): [number, number] {
  const values = rows
    .flatMap((row) => keys.map((key) => row[key]))
    .filter((value): value is number => typeof value === 'number' && Number.isFinite(value));
  return [Math.min(0, ...values), Math.max(0, ...values)];
}
