import type { ResultRow } from '../executor';
import { ANOMALY_THRESHOLD } from '../insights';

/** A day this far from the period's median day, either way, is unusual. */
export const DAY_DEVIATION = 0.4;
/**
 * …as is a day at least the anomaly threshold from the median that also lies this many standard
 * deviations from the daily mean: in a steady period a smaller jump still stands out, while the
 * sigma rule alone would flag ordinary weekday swings of a few percent.
 */
export const DAY_SIGMAS = 2;
export const DAY_MIN_DEVIATION = ANOMALY_THRESHOLD;
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
  const days = rows.flatMap((row) => {
    const value = row[metric];
    return typeof value === 'number' ? [{ row, value }] : [];
  });
  const median = [...days].sort((a, b) => a.value - b.value)[Math.floor((days.length - 1) / 2)];
  if (days.length < MIN_DAYS || !median) return [];
  const middle = median.value;
  const mean = days.reduce((sum, d) => sum + d.value, 0) / days.length;
  const sigma = Math.sqrt(days.reduce((sum, d) => sum + (d.value - mean) ** 2, 0) / days.length);
  return days
    .filter(({ row, value }) => {
      const fromMedian = middle > 0 ? Math.abs(value - middle) / middle : 0;
      const farFromMean = sigma > 0 && Math.abs(value - mean) > DAY_SIGMAS * sigma;
      return (
        row !== median.row &&
        (fromMedian >= DAY_DEVIATION || (fromMedian >= DAY_MIN_DEVIATION && farFromMean))
      );
    })
    .map(({ row, value }) => ({ row, median: median.row, value }))
    .sort(
      (a, b) =>
        Math.abs(b.value - middle) - Math.abs(a.value - middle) ||
        String(a.row.day).localeCompare(String(b.row.day)),
    );
}
