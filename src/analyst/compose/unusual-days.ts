import type { ResultRow } from '../executor';

/** A day this far from the period's median day, either way, is unusual. */
export const DAY_DEVIATION = 0.4;
/** …as is a day this many standard deviations from the period's daily mean. */
export const DAY_SIGMAS = 2;
/** Fewer days than this have no "usual" to stand out from. */
export const MIN_DAYS = 7;

export interface UnusualDay {
  row: ResultRow;
  /** The median day the row is measured against (a real day, so its figure can be quoted). */
  median: ResultRow;
  value: number;
}

/**
 * Days whose value stands out from the period's own daily distribution. The median is the lower
 * middle day for an even count, so it is always a day the reader can look up; the largest
 * departures from it come first.
 */
export function unusualDays(rows: ResultRow[], metric: string): UnusualDay[] {
  const days = rows.filter((row) => typeof row[metric] === 'number') as (ResultRow &
    Record<string, number>)[];
  if (days.length < MIN_DAYS) return [];
  const sorted = [...days].sort((a, b) => a[metric] - b[metric]);
  const median = sorted[Math.floor((sorted.length - 1) / 2)] as ResultRow & Record<string, number>;
  const middle = median[metric];
  const mean = days.reduce((sum, row) => sum + row[metric], 0) / days.length;
  const sigma = Math.sqrt(days.reduce((sum, row) => sum + (row[metric] - mean) ** 2, 0) / days.length);
  return days
    .filter((row) => {
      const value = row[metric];
      const farFromMedian = middle > 0 && Math.abs(value - middle) >= middle * DAY_DEVIATION;
      const farFromMean = sigma > 0 && Math.abs(value - mean) > DAY_SIGMAS * sigma;
      return row !== median && (farFromMedian || farFromMean);
    })
    .map((row) => ({ row, median, value: row[metric] }))
    .sort(
      (a, b) =>
        Math.abs(b.value - middle) - Math.abs(a.value - middle) ||
        String(a.row.day).localeCompare(String(b.row.day)),
    );
}
