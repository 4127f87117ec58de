import { addDays } from '../../analyst/dates';

/** The digest goes out from this local time on Monday (minutes after midnight). */
export const DIGEST_SEND_FROM_MINUTES = 8 * 60;

export interface LocalTime {
  /** YYYY-MM-DD in the zone. */
  date: string;
  /** 1 = Monday … 7 = Sunday. */
  weekday: number;
  /** Minutes after local midnight. */
  minutes: number;
}

const formats = new Map<string, Intl.DateTimeFormat>();

function formatFor(timeZone: string): Intl.DateTimeFormat {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
      weekday: 'short',
    });
    formats.set(timeZone, format);
  }
  return format;
}

const weekdays = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

/** The wall-clock date, weekday and time at `now` in `timeZone`. */
export function localTime(now: Date, timeZone: string): LocalTime {
  const parts = Object.fromEntries(
    formatFor(timeZone)
      .formatToParts(now)
      .map((p) => [p.type, p.value]),
  );
  return {
    date: `${parts.year}-${parts.month}-${parts.day}`,
    weekday: weekdays.indexOf(parts.weekday ?? '') + 1,
    minutes: Number(parts.hour) * 60 + Number(parts.minute),
  };
}

export interface DigestWeek {
  /** The ISO week reported on, e.g. "2026-W47": the send's idempotency key. */
  key: string;
  /** Monday to Sunday of the week reported on. */
  week: { start: string; end: string };
  /** The week before it, to compare with. */
  previous: { start: string; end: string };
}

/** The full week (Monday–Sunday) before the local week that contains `now`. */
export function lastFullWeek(now: Date, timeZone: string): DigestWeek {
  const local = localTime(now, timeZone);
  const monday = addDays(local.date, -(local.weekday - 1));
  const start = addDays(monday, -7);
  return {
    key: isoWeekKey(start),
    week: { start, end: addDays(monday, -1) },
    previous: { start: addDays(monday, -14), end: addDays(monday, -8) },
  };
}

/**
 * The digest that is due at `now`, if any: from Monday 08:00 local until the week ends, the one
 * about last week. A node that was down on Monday morning still finds it due later that week;
 * before Monday 08:00 nothing is due (last week's window closed at Sunday midnight).
 */
export function dueDigestWeek(now: Date, timeZone: string): DigestWeek | undefined {
  const local = localTime(now, timeZone);
  if (local.weekday === 1 && local.minutes < DIGEST_SEND_FROM_MINUTES) return undefined;
  return lastFullWeek(now, timeZone);
}

/** ISO 8601 week of a date: "2026-W47" (the week-year is that of the week's Thursday). */
export function isoWeekKey(date: string): string {
  const day = new Date(`${date}T00:00:00Z`);
  const weekday = (day.getUTCDay() + 6) % 7;
  const thursday = new Date(day.getTime() + (3 - weekday) * 86_400_000);
  const year = thursday.getUTCFullYear();
  const firstThursday = new Date(Date.UTC(year, 0, 4));
  const firstWeekday = (firstThursday.getUTCDay() + 6) % 7;
  const week1Monday = firstThursday.getTime() - firstWeekday * 86_400_000;
  const week = Math.floor((thursday.getTime() - week1Monday) / (7 * 86_400_000)) + 1;
  return `${year}-W${String(week).padStart(2, '0')}`;
}
