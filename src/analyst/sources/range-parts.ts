import {
  addDays,
  addMonths,
  type DateRange,
  daysBetween,
  mondayOf,
  parseDay,
  startOfMonth,
} from '../dates/calendar';
import type { TimeGrain } from '../dimensions';

/** The grains the warehouse stores sums at, coarsest first. */
export const storedGrains = ['month', 'week', 'day'] as const;
export type StoredGrain = (typeof storedGrains)[number];

/** A stretch of the range read from one grain's rows: whole periods, start to end inclusive. */
export interface RangePart extends DateRange {
  grain: StoredGrain;
}

/** How each stored grain's periods are laid out: where the one holding a day starts, and the next one. */
const periods: Record<
  StoredGrain,
  { startOf(day: string): string; next(start: string): string; count(part: DateRange): number }
> = {
  month: {
    startOf: startOfMonth,
    next: (start) => addMonths(start, 1),
    count: ({ start, end }) => monthIndex(end) - monthIndex(start) + 1,
  },
  // Weeks run Monday to Sunday, as the weekly roll-ups and `date_trunc('week')` do.
  week: { startOf: mondayOf, next: (start) => addDays(start, 7), count: (part) => daysBetween(part) / 7 },
  day: { startOf: (day) => day, next: (day) => addDays(day, 1), count: daysBetween },
};

function monthIndex(day: string): number {
  const { year, month } = parseDay(day);
  return year * 12 + month;
}

/**
 * Which stored grains each time grouping can read. A stored period must fall inside one group:
 * a week can straddle two months, so weeks serve only week groupings; day and weekday groupings
 * need single days.
 */
export const servingGrains: Record<TimeGrain, readonly StoredGrain[]> = {
  day: ['day'],
  weekday: ['day'],
  week: ['week', 'day'],
  month: ['month', 'day'],
  quarter: ['month', 'day'],
};

/** The stored grains every one of these time groupings can read (all of them when there is none). */
export function grainsServing(timeGrains: readonly TimeGrain[]): StoredGrain[] {
  return storedGrains.filter((grain) => timeGrains.every((key) => servingGrains[key].includes(grain)));
}

/** The whole periods of one grain inside the range, as one stretch, or undefined if none fits. */
function wholePeriods(range: DateRange, grain: StoredGrain): DateRange | undefined {
  const period = periods[grain];
  const first = period.startOf(range.start);
  const start = first < range.start ? period.next(first) : first;
  // The last whole period ends the day before the period that holds the day after the range.
  const end = addDays(period.startOf(addDays(range.end, 1)), -1);
  return start <= end ? { start, end } : undefined;
}

/**
 * Splits a range into stretches of whole periods, coarsest grain first: the whole months inside
 * it, then the whole weeks inside what is left on either side, then single days at the edges.
 * Only the given grains are used; single days always are, so the parts cover the range exactly.
 * Parts come in date order and never overlap.
 */
export function splitRange(range: DateRange, grains: readonly StoredGrain[]): RangePart[] {
  const [grain, ...finer] = storedGrains.filter((candidate) => grains.includes(candidate));
  if (!grain || grain === 'day') return [{ grain: 'day', ...range }];
  const whole = wholePeriods(range, grain);
  if (!whole) return splitRange(range, finer);
  const before = { start: range.start, end: addDays(whole.start, -1) };
  const after = { start: addDays(whole.end, 1), end: range.end };
  return [
    ...(before.start <= before.end ? splitRange(before, finer) : []),
    { grain, ...whole },
    ...(after.start <= after.end ? splitRange(after, finer) : []),
  ];
}

/** Rows per entity the parts read: one per period. */
export function periodsRead(parts: readonly RangePart[]): number {
  return parts.reduce((total, part) => total + periods[part.grain].count(part), 0);
}

/**
 * The range read with its end moved to the end of a period that holds it, when that reads fewer
 * rows, or undefined when no move does. Its parts are right only while nothing is stored after
 * the range's end, which is the usual case: "the last 30 days" and "this year" end yesterday,
 * and the current month's roll-up then holds exactly the range's days of it.
 */
export function loosenedEnd(
  range: DateRange,
  grains: readonly StoredGrain[],
): { end: string; parts: RangePart[] } | undefined {
  let best: { end: string; parts: RangePart[] } | undefined;
  let fewest = periodsRead(splitRange(range, grains));
  for (const grain of grains) {
    const period = periods[grain];
    const end = addDays(period.next(period.startOf(range.end)), -1);
    if (end === range.end) continue;
    const parts = splitRange({ start: range.start, end }, grains);
    const read = periodsRead(parts);
    if (read < fewest) [best, fewest] = [{ end, parts }, read];
  }
  return best;
}
