/**
 * Calendar arithmetic on 'YYYY-MM-DD' strings. Every step goes through UTC milliseconds so the machine's
 * time zone can never move a day; the account's "today" arrives as a string and stays one.
 */
export interface DateRange {
  start: string;
  end: string;
}

const DAY_MS = 86_400_000;
const DAY_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

export interface DayParts {
  year: number;
  /** 1–12 */
  month: number;
  day: number;
}

export function isValidDay(day: string): boolean {
  const match = DAY_PATTERN.exec(day);
  if (!match) return false;
  const [year, month, date] = [Number(match[1]), Number(match[2]), Number(match[3])];
  return month >= 1 && month <= 12 && date >= 1 && date <= daysInMonth(year, month);
}

export function parseDay(day: string): DayParts {
  if (!isValidDay(day)) throw new RangeError(`not a calendar day (YYYY-MM-DD): ${JSON.stringify(day)}`);
  return { year: Number(day.slice(0, 4)), month: Number(day.slice(5, 7)), day: Number(day.slice(8, 10)) };
}

/** Builds a day; out-of-range months and days roll over the way Date.UTC does (day 0 = last of previous month). */
export function makeDay(year: number, month: number, day: number): string {
  return new Date(Date.UTC(year, month - 1, day)).toISOString().slice(0, 10);
}

export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

function toMs(day: string): number {
  const { year, month, day: date } = parseDay(day);
  return Date.UTC(year, month - 1, date);
}

export function addDays(day: string, n: number): string {
  return new Date(toMs(day) + n * DAY_MS).toISOString().slice(0, 10);
}

/** Inclusive number of days in the range. */
export function daysBetween(range: DateRange): number {
  return Math.round((toMs(range.end) - toMs(range.start)) / DAY_MS) + 1;
}

/** Same day n months away, clamped to the month's last day (Mar 31 − 1 month = Feb 28/29). */
export function addMonths(day: string, n: number): string {
  const { year, month, day: date } = parseDay(day);
  const first = parseDay(makeDay(year, month + n, 1));
  return makeDay(first.year, first.month, Math.min(date, daysInMonth(first.year, first.month)));
}

export function startOfMonth(day: string): string {
  return `${day.slice(0, 8)}01`;
}

export function endOfMonth(day: string): string {
  const { year, month } = parseDay(day);
  return makeDay(year, month + 1, 0);
}

export function startOfQuarter(day: string): string {
  const { year, month } = parseDay(day);
  return makeDay(year, month - ((month - 1) % 3), 1);
}

export function startOfYear(day: string): string {
  return `${day.slice(0, 4)}-01-01`;
}

/** 0 = Sunday … 6 = Saturday. */
export function weekday(day: string): number {
  return new Date(toMs(day)).getUTCDay();
}

/** Weeks start on Monday, as in Meta's this_week_mon_today / last_week_mon_sun presets. */
export function mondayOf(day: string): string {
  return addDays(day, -((weekday(day) + 6) % 7));
}

export function isMonthStart(day: string): boolean {
  return day.endsWith('-01');
}

export function isMonthEnd(day: string): boolean {
  return day === endOfMonth(day);
}

/** The whole calendar months from the month of `day` shifted by `from` through `to` (both offsets in months). */
export function monthSpan(day: string, from: number, to: number): DateRange {
  const first = startOfMonth(day);
  return { start: addMonths(first, from), end: endOfMonth(addMonths(first, to)) };
}

/** Shifts a range back by whole months, keeping month ends on month ends (Feb 1–29 → Jan 1–31). */
export function shiftMonths(range: DateRange, n: number): DateRange {
  const end = isMonthEnd(range.end) ? endOfMonth(addMonths(range.end, n)) : addMonths(range.end, n);
  return { start: addMonths(range.start, n), end };
}
