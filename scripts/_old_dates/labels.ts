/** Human wording of resolved ranges, as it appears in answers ("October 1–15, 2026"). */
import { type DateRange, endOfMonth, isMonthEnd, isMonthStart, parseDay } from './calendar';

export const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

function monthName(month: number): string {
  return MONTH_NAMES[month - 1] ?? '';
}

export function formatDay(day: string): string {
  const { year, month, day: date } = parseDay(day);
  return `${monthName(month)} ${date}, ${year}`;
}

export function formatMonth(day: string): string {
  const { year, month } = parseDay(day);
  return `${monthName(month)} ${year}`;
}

export function quarterName(day: string): string {
  const { year, month } = parseDay(day);
  return `Q${Math.ceil(month / 3)} ${year}`;
}

/** Whole months and years are named as such; other spans print the fewest repeated parts. */
export function formatRange({ start, end }: DateRange): string {
  if (start === end) return formatDay(start);
  const a = parseDay(start);
  const b = parseDay(end);
  if (isMonthStart(start) && isMonthEnd(end)) {
    if (a.month === 1 && b.month === 12) return a.year === b.year ? `${a.year}` : `${a.year} – ${b.year}`;
    if (a.year === b.year && a.month === b.month) return formatMonth(start);
    if (a.year === b.year) return `${monthName(a.month)} – ${formatMonth(end)}`;
    return `${formatMonth(start)} – ${formatMonth(end)}`;
  }
  if (a.year === b.year && a.month === b.month) return `${monthName(a.month)} ${a.day}–${b.day}, ${a.year}`;
  if (a.year === b.year) return `${monthName(a.month)} ${a.day} – ${monthName(b.month)} ${b.day}, ${b.year}`;
  return `${formatDay(start)} – ${formatDay(end)}`;
}

/** "Q2 – Q3 2026" for whole quarters; otherwise the ordinary range wording. */
export function formatQuarters(range: DateRange): string {
  const first = quarterName(range.start);
  const last = quarterName(endOfMonth(range.end));
  if (first === last) return first;
  return first.slice(3) === last.slice(3) ? `${first.slice(0, 2)} – ${last}` : `${first} – ${last}`;
}
