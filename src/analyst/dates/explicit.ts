/**
 * Absolute days ("October 1", "10/15", "2026-10-01", "Oct 1-15") via chrono. Only chrono's absolute-date
 * parsers are used: its relative ones disagree with Meta's presets, and rolling windows are ours.
 */
import type { ParsedComponents } from 'chrono-node';
// The English parsers alone: the package's main entry loads every locale, some 270 modules where
// English is 50, and only English's `strict` is ever used (the main entry's `strict` is this one).
import { strict } from 'chrono-node/en';
import { type DateRange, daysInMonth, makeDay } from './calendar';
import { formatRange } from './labels';
import type { Candidate, PartialDay } from './types';

const ABSOLUTE_PARSERS = new Set([
  'ENYearMonthDayParser',
  'ISOFormatParser',
  'SlashDateFormatParser',
  'ENMonthNameLittleEndianParser',
  'ENMonthNameMiddleEndianParser',
]);

const parser = (() => {
  const custom = strict.clone();
  const parsers = custom.parsers.filter((p) => ABSOLUTE_PARSERS.has(p.constructor.name));
  // Class names are the only handle chrono gives; if a bundler renamed them, keep all (results are filtered below).
  if (parsers.length > 0) custom.parsers = parsers;
  // "X to Y" is joined by our own grammar so that "compare Oct 1 to Oct 8" can stay two periods.
  custom.refiners = custom.refiners.filter((r) => r.constructor.name !== 'ENMergeDateRangeRefiner');
  return custom;
})();

function partial(components: ParsedComponents): PartialDay | undefined {
  const month = components.get('month');
  const day = components.get('day');
  if (month === null || day === null || !components.isCertain('month') || !components.isCertain('day')) {
    return undefined;
  }
  const year = components.isCertain('year') ? (components.get('year') ?? undefined) : undefined;
  return { year, month, day };
}

function validDay(year: number, month: number, day: number): string | undefined {
  // chrono reads "30 oct 1 between" as the year 30 of the Buddhist era (543 BC); a day is 'YYYY-MM-DD'.
  if (!Number.isInteger(year) || year < 1000 || year > 9999) return undefined;
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return undefined;
  return makeDay(year, month, day);
}

/** A day without a year is the most recent one not after today (Feb 29 looks back to a leap year). */
function recentDay(part: PartialDay, today: string): string | undefined {
  if (part.year !== undefined) return validDay(part.year, part.month, part.day);
  const year = Number(today.slice(0, 4));
  for (let back = 0; back < 8; back++) {
    const day = validDay(year - back, part.month, part.day);
    if (day && day <= today) return day;
  }
  return undefined;
}

/** Settles the years of a written range together: the end follows the start, or the start the end's year. */
export function resolveExplicit(
  start: PartialDay,
  end: PartialDay | undefined,
  today: string,
): DateRange | undefined {
  let first: string | undefined;
  let last: string | undefined;
  if (!end) {
    first = recentDay(start, today);
    last = first;
  } else if (start.year === undefined && end.year !== undefined) {
    last = validDay(end.year, end.month, end.day);
    first = validDay(end.year, start.month, start.day);
    if (first && last && first > last) first = validDay(end.year - 1, start.month, start.day);
  } else {
    first = recentDay(start, today);
    const year = end.year ?? Number(first?.slice(0, 4));
    last = validDay(year, end.month, end.day);
    if (end.year === undefined && first && last && last < first)
      last = validDay(year + 1, end.month, end.day);
  }
  return first && last && first <= last ? { start: first, end: last } : undefined;
}

export function explicitCandidates(text: string, today: string): Candidate[] {
  const reference = { instant: new Date(`${today}T12:00:00Z`), timezone: 0 };
  const found: Candidate[] = [];
  for (const result of parser.parse(text, reference, { forwardDate: false })) {
    const start = partial(result.start);
    const end = result.end ? partial(result.end) : undefined;
    if (!start || (result.end && !end)) continue;
    const range = resolveExplicit(start, end, today);
    if (!range) continue;
    const written = result.text.trim();
    const index = result.index + result.text.indexOf(written);
    found.push({
      start: index,
      end: index + written.length,
      range,
      label: formatRange(range),
      joinable: !end,
      parts: { start, end },
      // "2/3" may be a ratio and "24/7" a schedule; such dates need date words around them.
      weak: start.year === undefined && /^[\d\s/.-]+$/.test(written),
    });
  }
  return found;
}
