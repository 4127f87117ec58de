import type { Interval } from './types';

/**
 * `count` intervals after the anchor (unix seconds), the way Stripe bills: on the anchor's day of
 * the month, or the month's last day when it is shorter (Jan 31 → Feb 28 → Mar 31).
 */
export function addIntervals(anchor: number, interval: Interval, count: number): number {
  const start = new Date(anchor * 1000);
  const month = start.getUTCMonth() + (interval === 'year' ? 12 : 1) * count;
  const year = start.getUTCFullYear();
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const day = Math.min(start.getUTCDate(), lastDay);
  const ms = Date.UTC(year, month, day, start.getUTCHours(), start.getUTCMinutes(), start.getUTCSeconds());
  return Math.floor(ms / 1000);
}
