/**
 * Turns the date words in a marketer's question into exact inclusive days. "Today" is the ad account's
 * current date as 'YYYY-MM-DD'; its rows may be partial, so rolling windows ("last 7 days") end yesterday,
 * as Meta's presets do. The grammar lives in ./dates/; this file is the API the analyst uses.
 */
import type { DateRange } from './dates/calendar';
import type { Normalized } from './dates/normalize';
import { type Found, findPeriods } from './dates/periods';
import { describe, resolveRelative } from './dates/relative';

export type { DateRange } from './dates/calendar';
/** addDays(day, n): the day n days later; daysBetween(range): inclusive count of days. */
export { addDays, daysBetween } from './dates/calendar';
/** previousPeriod(range): same length, ending the day before range.start. */
export { previousPeriod } from './dates/relative';

export interface DateMatch extends DateRange {
  /** Words for the answer, e.g. 'the last 7 days', 'last month (October 2026)', 'October 1–15, 2026'. */
  label: string;
  /** The exact substring of the input that was recognised, lead-in words included ("in the last 7 days"). */
  matched: string;
  /** Where `matched` starts in the input. */
  index: number;
}

function toMatch(normalized: Normalized, found: Found, range: DateRange, label: string): DateMatch {
  return { start: range.start, end: range.end, label, ...normalized.span(found.from, found.end) };
}

/** The first period that is not introduced by a comparison word ("vs", "compared to", "than"). */
function mainPeriod(found: Found[]): Found | undefined {
  return found.find((f) => !f.cue && f.range !== undefined);
}

/**
 * The period the question asks about, or undefined when it names none (the caller picks its default).
 * Throws RangeError when `today` is not a 'YYYY-MM-DD' calendar day.
 */
export function resolveDateRange(text: string, today: string): DateMatch | undefined {
  const { normalized, found } = findPeriods(text, today);
  const main = mainPeriod(found);
  return main?.range ? toMatch(normalized, main, main.range, main.label) : undefined;
}

/**
 * The period to compare `current` against: the first one introduced by a comparison word, else the
 * second period the question names, else a relative phrase ("week over week"). `explicit` is false when
 * the words only say "the previous period" (the result is then previousPeriod(current)).
 */
export function resolveComparison(
  text: string,
  today: string,
  current: DateRange,
): (DateMatch & { explicit: boolean }) | undefined {
  const { normalized, found } = findPeriods(text, today);
  const main = mainPeriod(found);
  const other = found.find((f) => f.cue) ?? found.find((f) => f !== main);
  if (!other) return undefined;
  if (other.relative) {
    const { range, words, explicit } = resolveRelative(other.relative, current);
    return { ...toMatch(normalized, other, range, describe(words, range)), explicit };
  }
  return other.range
    ? { ...toMatch(normalized, other, other.range, other.label), explicit: true }
    : undefined;
}
