/**
 * Phrases that name a period only relative to another one ("the previous period", "the 7 days before",
 * "month over month", "same period last year"), and how they resolve against the current range.
 */
import {
  addDays,
  addMonths,
  type DateRange,
  daysBetween,
  isMonthStart,
  monthSpan,
  shiftMonths,
  startOfQuarter,
  weekday,
} from './calendar';
import { formatRange } from './labels';
import type { Normalized } from './normalize';
import { type Candidate, type Relative, scan, type Unit, wordPattern } from './types';

const UNIT = '(day|week|month|quarter|year)';
const THAT = '(?:\\s+(?:that|it|this|then))?';

const LETTER_UNITS: Record<string, Unit> = { d: 'day', w: 'week', m: 'month', q: 'quarter', y: 'year' };

function phrase(relative: Relative): Omit<Candidate, 'start' | 'end'> {
  return { label: '', relative };
}

function rules(normalized: Normalized) {
  // "wow", "mom" and "pop" are ordinary words in lower case; as abbreviations they are written in capitals.
  const capitalised = (index: number, length: number) => {
    const { matched } = normalized.span(index, index + length);
    return matched !== matched.toLowerCase();
  };
  return [
    {
      pattern: wordPattern('(?:the\\s+)?(?:previous|prior|preceding|last)\\s+(?:period|time\\s+period)'),
      build: () => phrase({ type: 'period' }),
    },
    {
      pattern: wordPattern(`(?:the\\s+)?(?:time\\s+)?period\\s+(?:before|prior|earlier)${THAT}`),
      build: () => phrase({ type: 'period' }),
    },
    {
      pattern: wordPattern(
        `(?:the\\s+)?(\\d{1,3})\\s+${UNIT}s?\\s+(?:before|prior|earlier|preceding)${THAT}`,
      ),
      build: (m: RegExpExecArray) =>
        Number(m[1]) > 0
          ? phrase({ type: 'previous', count: Number(m[1]), unit: (m[2] ?? 'day') as Unit })
          : undefined,
    },
    {
      pattern: wordPattern(`(?:the\\s+)?${UNIT}\\s+(?:before|prior|earlier)${THAT}`),
      build: (m: RegExpExecArray) => phrase({ type: 'previous', count: 1, unit: (m[1] ?? 'day') as Unit }),
    },
    {
      pattern: wordPattern(`${UNIT}[\\s-]+(?:over|on|vs\\.?)[\\s-]+\\1`),
      build: (m: RegExpExecArray) => phrase({ type: 'over', unit: (m[1] ?? 'day') as Unit }),
    },
    {
      pattern: wordPattern('period[\\s-]+over[\\s-]+period|pop'),
      build: (m: RegExpExecArray) =>
        m[0] === 'pop' && !capitalised(m.index, 3) ? undefined : phrase({ type: 'period' }),
    },
    {
      pattern: wordPattern('(d|w|m|q|y)o\\1|([dwmqy])/\\2'),
      build: (m: RegExpExecArray) => {
        const letter = m[1] ?? m[2] ?? 'd';
        if ((m[0] === 'wow' || m[0] === 'mom') && !capitalised(m.index, 3)) return undefined;
        return phrase({ type: 'over', unit: LETTER_UNITS[letter] ?? 'day' });
      },
    },
    {
      pattern: wordPattern(
        '(?:the\\s+)?same\\s+(?:period|time|days?|dates?|range|window|time\\s+period)\\s+(?:(?:last|previous|prior)\\s+(week|month|year)|(?:a|1)\\s+(week|month|year)\\s+(?:ago|earlier|before))',
      ),
      build: (m: RegExpExecArray) => phrase({ type: 'same', unit: (m[1] ?? m[2] ?? 'year') as 'year' }),
    },
    {
      pattern: wordPattern('(?:a|1)\\s+(week|month|year)\\s+(?:ago|earlier|before)'),
      build: (m: RegExpExecArray) => phrase({ type: 'same', unit: (m[1] ?? 'year') as 'year' }),
    },
  ];
}

export function relativeCandidates(normalized: Normalized, today: string): Candidate[] {
  return scan(normalized.text, rules(normalized), today);
}

export function previousPeriod(range: DateRange): DateRange {
  const end = addDays(range.start, -1);
  return { start: addDays(end, 1 - daysBetween(range)), end };
}

/** `count` units ending the day before `current` (months are calendar-aligned when `current` starts on the 1st). */
function preceding(current: DateRange, count: number, unit: Unit): DateRange {
  const end = addDays(current.start, -1);
  if (unit === 'day' || unit === 'week')
    return { start: addDays(end, 1 - count * (unit === 'week' ? 7 : 1)), end };
  const months = count * { month: 1, quarter: 3, year: 12 }[unit];
  return { start: addMonths(current.start, -months), end };
}

function isWhole(range: DateRange, unit: Unit): boolean {
  if (unit === 'week') return weekday(range.start) === 1 && daysBetween(range) === 7;
  if (unit === 'month') return isMonthStart(range.start) && range.end === monthSpan(range.start, 0, 0).end;
  if (unit === 'quarter') {
    return range.start === startOfQuarter(range.start) && range.end === monthSpan(range.start, 2, 2).end;
  }
  return unit === 'day'
    ? range.start === range.end
    : range.start.endsWith('-01-01') && range.end.endsWith('-12-31');
}

const PREVIOUS_PERIOD = 'the previous period';

/** The comparison range and the words for it. */
export function resolveRelative(
  relative: Relative,
  current: DateRange,
): { range: DateRange; words: string; explicit: boolean } {
  const { range, words } = relativeRange(relative, current);
  // Implicit only when the words were a generic "previous period"; "month over month" named its unit.
  return { range, words, explicit: relative.type !== 'period' };
}

function relativeRange(relative: Relative, current: DateRange): { range: DateRange; words: string } {
  switch (relative.type) {
    case 'period':
      return { range: previousPeriod(current), words: PREVIOUS_PERIOD };
    case 'previous': {
      const { count, unit } = relative;
      const words = count === 1 ? `the previous ${unit}` : `the previous ${count} ${unit}s`;
      return { range: preceding(current, count, unit), words };
    }
    case 'over': {
      const unit = relative.unit;
      // Year over year keeps the dates and moves them back a year, whatever their length.
      if (unit === 'year' && !isWhole(current, 'year')) {
        return { range: shiftMonths(current, -12), words: 'the same period last year' };
      }
      // A 7-day range against the 7 days before is week over week, whether or not it starts on Monday.
      if (isWhole(current, unit) || (unit === 'week' && daysBetween(current) === 7)) {
        return { range: preceding(current, 1, unit), words: `the previous ${unit}` };
      }
      return { range: previousPeriod(current), words: PREVIOUS_PERIOD };
    }
    case 'same': {
      const unit = relative.unit;
      const range =
        unit === 'week'
          ? { start: addDays(current.start, -7), end: addDays(current.end, -7) }
          : shiftMonths(current, unit === 'year' ? -12 : -1);
      return { range, words: `the same period last ${unit}` };
    }
  }
}

export function describe(words: string, range: DateRange): string {
  return `${words} (${formatRange(range)})`;
}
