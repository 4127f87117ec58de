import type { ColumnUnit, DataRow, Column as DescribedColumn } from '../../../../../shared/api/answer';
import { type ChartKind, dateKey } from '../../lib/chart-rules';
import { formatAxisValue, formatDay, unitForKey } from '../../lib/format';
import { periodText, rowLabel } from '../../lib/row-labels';
import { cellText, columnsOf } from './table-columns';

/**
 * What a chart needs to say about its rows and series, in words: each row's name (short for the
 * axis, full for the tooltip), each series' title, and its figures in full or as axis ticks.
 */

/** The one currency all rows share, if they say; money then reads in it. */
export function sharedCurrency(rows: readonly DataRow[]): string | undefined {
  const codes = new Set(rows.map((row) => row.currency).filter((code) => typeof code === 'string'));
  return codes.size === 1 ? (codes.values().next().value as string) : undefined;
}

/**
 * A row's name in full: a line's period (a day as 'Nov 3, 2026', a week as 'Week of Nov 2'), else
 * the row's label. A bare day reads as a date, never as an ISO string.
 */
export function rowName(row: DataRow, kind: ChartKind, full: boolean): string {
  let text = rowLabel(row);
  if (kind === 'line') {
    const date = dateKey(row);
    text = periodText(row) ?? (date ? String(row[date]) : text);
  }
  return formatDay(text, full);
}

export interface Series {
  title: (key: string) => string;
  /** The figure in full, as a table cell of its column reads. */
  full: (key: string, value: unknown) => string;
  /** The figure as a short axis tick. */
  tick: (key: string, value: number) => string;
}

export function seriesOf(
  rows: readonly DataRow[],
  described: readonly DescribedColumn[] | undefined,
  currency: string | undefined,
): Series {
  const columns = columnsOf(rows, described);
  const columnOf = (key: string) => columns.find((column) => column.key === key);
  const unitOf = (key: string): ColumnUnit => columnOf(key)?.unit ?? unitForKey(key);
  return {
    title: (key) => columnOf(key)?.label ?? key,
    full: (key, value) => {
      const column = columnOf(key);
      if (!column) return String(value ?? '');
      return cellText({ [column.key]: value as DataRow[string] }, column, currency);
    },
    tick: (key, value) => formatAxisValue(value, unitOf(key), currency),
  };
}
