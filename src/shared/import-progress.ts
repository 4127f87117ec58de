/**
 * The words for how far an ad account's first import has got, shared by the chat's notice and
 * every place the web app lists accounts, so they always say the same thing.
 */

import { SHORT_MONTH_NAMES } from './short-month-names';

/** 'Oct 2' for a YYYY-MM-DD day in `referenceDay`'s year, else 'Oct 2, 2025'. */
export function shortDay(day: string, referenceDay: string): string {
  const month = SHORT_MONTH_NAMES[Number(day.slice(5, 7)) - 1] ?? '';
  const text = `${month} ${Number(day.slice(8, 10))}`;
  return day.slice(0, 4) === referenceDay.slice(0, 4) ? text : `${text}, ${day.slice(0, 4)}`;
}

export interface ProgressFigures {
  /** Days imported out of days to import, 0–100. */
  percent: number | null;
  /** The last whole day imported (YYYY-MM-DD); null before the first is in. */
  dataThrough: string | null;
}

/** 'data through Oct 2 (45%)', or 'no data yet (0%)' before the first day is in. */
export function importProgressDetail(
  { percent, dataThrough }: ProgressFigures,
  referenceDay: string,
): string {
  const share = `${percent ?? 0}%`;
  return dataThrough
    ? `data through ${shortDay(dataThrough, referenceDay)} (${share})`
    : `no data yet (${share})`;
}

/** '12,345 rows', the same in every locale. */
export function rowsText(rows: number): string {
  return `${rows.toLocaleString('en-US')} ${rows === 1 ? 'row' : 'rows'}`;
}
