/**
 * Periods named by the calendar: months ("October", "Oct 2026"), quarters ("Q3"), years ("in 2025"), and
 * the days that only make sense after "since" ("the start of the month", "Monday"). A name without a year
 * means the most recent one that has started, because nobody asks about performance in the future.
 */
import {
  addDays,
  addMonths,
  type DateRange,
  endOfMonth,
  makeDay,
  mondayOf,
  parseDay,
  startOfMonth,
  startOfQuarter,
  startOfYear,
  weekday,
} from './calendar';
import { resolveExplicit } from './explicit';
import { formatRange, quarterName } from './labels';
import { type Candidate, type Rule, scan, wordPattern } from './types';

export const MONTH =
  '(january|jan|february|feb|march|mar|april|apr|may|june|jun|july|jul|august|aug|september|sept|sep|october|oct|november|nov|december|dec)\\.?';

const ORD = '(?:st|nd|rd|th)?';
const TO = '(?:and|to|through|until|-)';

const MONTH_KEYS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

export function monthNumber(name: string): number {
  return MONTH_KEYS.indexOf(name.slice(0, 3)) + 1;
}

type Built = Omit<Candidate, 'start' | 'end'>;

/**
 * A whole period, cut at today when it is still running (the current month is the 1st..today). A future
 * period is only reachable with an explicit year, and then it is what was asked for.
 */
function period(range: DateRange, today: string, name: string): Built {
  if (range.end <= today || range.start > today) return { range, label: name, joinable: true };
  const sofar = { start: range.start, end: today };
  return { range: sofar, label: `${name} to date (${formatRange(sofar)})`, joinable: true };
}

function month(year: number, monthNo: number, today: string): Built {
  const start = makeDay(year, monthNo, 1);
  return period({ start, end: endOfMonth(start) }, today, formatRange({ start, end: endOfMonth(start) }));
}

/** The most recent month with this name that has started; with "last", the most recent that has ended. */
function recentMonth(monthNo: number, today: string, ended: boolean): Built {
  const now = parseDay(today);
  const sameYear = ended ? monthNo < now.month : monthNo <= now.month;
  return month(sameYear ? now.year : now.year - 1, monthNo, today);
}

function quarter(year: number, q: number, today: string): Built {
  const start = makeDay(year, 3 * q - 2, 1);
  return period({ start, end: addDays(addMonths(start, 3), -1) }, today, quarterName(start));
}

function recentQuarter(q: number, today: string): Built {
  const year = parseDay(today).year;
  return makeDay(year, 3 * q - 2, 1) <= today ? quarter(year, q, today) : quarter(year - 1, q, today);
}

function fullYear(year: string): number {
  return year.length === 2 ? 2000 + Number(year) : Number(year);
}

// "may" is usually the verb; it names the month only after a preposition or comparison word.
const MAY_CONTEXT =
  /(?:^|[^a-z0-9])(?:in|during|for|of|since|from|through|until|to|and|vs\.?|versus|than|between|against|with|over|last)\s+$/;

const ORDINAL_QUARTERS: Record<string, number> = {
  first: 1,
  '1st': 1,
  second: 2,
  '2nd': 2,
  third: 3,
  '3rd': 3,
  fourth: 4,
  '4th': 4,
};

const WEEKDAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];

// Years are only read where a date word introduces them: "spend over 2020" is an amount.
const YEAR_BEFORE =
  /(?:^|(?:^|[^a-z0-9])(?:in|during|for|throughout|since|from|between|vs\.?|versus|against|year|compare|(?:compared?|comparing)\s+(?:to|with)|20\d\d\s+(?:and|to|through|until|-)))\s*$/;
const YEAR_AFTER =
  /^(?:\s*$|\s*[?.!,;:)]|\s+(?:vs|versus|compared|against|and|to|through|until|-)(?![a-z0-9]))/;

function rules(text: string): Rule[] {
  return [
    {
      pattern: wordPattern(`(?:month\\s+of\\s+)?${MONTH}(?:,?\\s+(?:of\\s+)?(\\d{4})|\\s*'(\\d{2}))`),
      build: (m, today) => month(fullYear(m[2] ?? m[3] ?? ''), monthNumber(m[1] ?? ''), today),
    },
    {
      // "between 1 and 15 October", "October 1 to 15": chrono only reads the hyphenated forms.
      pattern: wordPattern(
        `(?:(?:between|from)\\s+)?(?:(\\d{1,2})${ORD}\\s+${TO}\\s+(\\d{1,2})${ORD}\\s+(?:of\\s+)?${MONTH}|${MONTH}\\s+(\\d{1,2})${ORD}\\s+${TO}\\s+(\\d{1,2})${ORD})(?:,?\\s+(\\d{4}))?`,
      ),
      build: (m, today) => {
        const month = monthNumber(m[3] ?? m[4] ?? '');
        const year = m[7] ? Number(m[7]) : undefined;
        const start = { year, month, day: Number(m[1] ?? m[5]) };
        const end = { year, month, day: Number(m[2] ?? m[6]) };
        const range = resolveExplicit(start, end, today);
        return range && { range, label: formatRange(range) };
      },
    },
    {
      // chrono drops a day its implied year lacks ("Feb 29" asked in 2026); this reads it back to a leap year.
      pattern: wordPattern(`${MONTH}\\s+(\\d{1,2})(?:st|nd|rd|th)?`),
      build: (m, today) => {
        const parts = { start: { month: monthNumber(m[1] ?? ''), day: Number(m[2]) } };
        const range = resolveExplicit(parts.start, undefined, today);
        return range && { range, label: formatRange(range), joinable: true, parts };
      },
    },
    {
      pattern: wordPattern('(\\d{4})-(0[1-9]|1[0-2])(?![-/]\\d)'),
      build: (m, today) => month(Number(m[1]), Number(m[2]), today),
    },
    {
      pattern: wordPattern(`(?:month\\s+of\\s+)?(?:(last)\\s+)?${MONTH}`),
      build: (m, today) => {
        const name = m[2] ?? '';
        if (name === 'may' && !m[1] && !MAY_CONTEXT.test(text.slice(0, m.index))) return undefined;
        return recentMonth(monthNumber(name), today, m[1] === 'last');
      },
    },
    {
      pattern: wordPattern("q([1-4])(?:\\s*(?:of\\s+)?(?:'(\\d{2})|(\\d{4})))?"),
      build: (m, today) => {
        const year = m[2] ?? m[3];
        return year ? quarter(fullYear(year), Number(m[1]), today) : recentQuarter(Number(m[1]), today);
      },
    },
    {
      pattern: wordPattern('(\\d{4})\\s*-?\\s*q([1-4])'),
      build: (m, today) => quarter(Number(m[1]), Number(m[2]), today),
    },
    {
      pattern: wordPattern(
        '(?:the\\s+)?(first|second|third|fourth|1st|2nd|3rd|4th)\\s+quarter(?:\\s+(?:of\\s+)?(\\d{4}))?',
      ),
      build: (m, today) => {
        const q = ORDINAL_QUARTERS[m[1] ?? ''] ?? 1;
        return m[2] ? quarter(Number(m[2]), q, today) : recentQuarter(q, today);
      },
    },
    {
      pattern: wordPattern('(20\\d\\d)'),
      build: (m, today) => {
        const before = text.slice(0, m.index);
        const after = text.slice(m.index + m[0].length);
        if (!YEAR_BEFORE.test(before) || !YEAR_AFTER.test(after)) return undefined;
        const start = `${m[1]}-01-01`;
        return period({ start, end: `${m[1]}-12-31` }, today, m[1] ?? '');
      },
    },
    {
      pattern: wordPattern('(?:start|beginning)\\s+of\\s+(?:the\\s+|this\\s+)?(week|month|quarter|year)'),
      build: (m, today) => {
        const starts = { week: mondayOf, month: startOfMonth, quarter: startOfQuarter, year: startOfYear };
        const day = starts[(m[1] ?? 'month') as keyof typeof starts](today);
        return { range: { start: day, end: day }, label: `the start of the ${m[1]}`, point: true };
      },
    },
    {
      // The most recent such weekday, today included ("since Monday" on a Monday is just today).
      pattern: wordPattern(WEEKDAYS.join('|')),
      build: (m, today) => {
        const back = (weekday(today) - WEEKDAYS.indexOf(m[0]) + 7) % 7;
        const day = addDays(today, -back);
        return { range: { start: day, end: day }, label: m[0], point: true };
      },
    },
  ];
}

export function namedCandidates(text: string, today: string): Candidate[] {
  return scan(text, rules(text), today);
}
