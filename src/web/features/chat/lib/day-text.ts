import { SHORT_MONTH_NAMES } from '../../../../shared/short-month-names';

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;
const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * A day in a table cell, short enough that the column fits its content: '2026-11-13' →
 * 'Fri, Nov 13' (with ', 2026' when the table spans several years). Anything else reads as it is.
 */
export function dayText(value: string, withYear = false): string {
  const match = ISO_DAY.exec(value);
  if (!match) return value;
  const [year, month, date] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const name = SHORT_MONTH_NAMES[month - 1];
  const weekday = WEEKDAYS[new Date(Date.UTC(year, month - 1, date)).getUTCDay()];
  if (!name || !weekday) return value;
  return `${weekday}, ${name} ${date}${withYear ? `, ${year}` : ''}`;
}

/** Whether a column's ISO days fall in more than one year, so each must say its year. */
export function spansYears(values: readonly unknown[]): boolean {
  const years = new Set(
    values.filter((v): v is string => typeof v === 'string' && ISO_DAY.test(v)).map((v) => v.slice(0, 4)),
  );
  return years.size > 1;
}
