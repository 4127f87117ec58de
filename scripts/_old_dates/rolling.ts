/**
 * Windows counted back from today ("last 7 days", "last month", "this week"). Hand-written because chrono
 * reads "last week" as a single day and "last 30 days" as the day 30 days ago; the meanings here follow
 * Meta's date presets, where "last N days" ends yesterday because today's rows are still filling in.
 */
import {
  addDays,
  addMonths,
  type DateRange,
  mondayOf,
  monthSpan,
  startOfMonth,
  startOfQuarter,
  startOfYear,
  weekday,
} from './calendar';
import { formatQuarters, formatRange } from './labels';
import { type Candidate, type Relative, type Rule, scan, type Unit, wordPattern } from './types';

const BACK = '(last|past|previous|prior|preceding|trailing)';
const COUNT = '(\\d{1,3})';
const FULL = '(?:\\s+(?:full|complete|whole|calendar))?';

type Built = Omit<Candidate, 'start' | 'end'>;

function lastDays(n: number, today: string): DateRange {
  return { start: addDays(today, -n), end: addDays(today, -1) };
}

function named(words: string, range: DateRange, relative?: Relative): Built {
  return { range, label: `${words} (${formatRange(range)})`, relative, joinable: true };
}

/** "previous"/"prior" also read relative to another range when they follow a comparison; "last" never does. */
function relativeFor(word: string | undefined, count: number, unit: Unit): Relative | undefined {
  return word === 'previous' || word === 'prior' || word === 'preceding'
    ? { type: 'previous', count, unit }
    : undefined;
}

function rollingDays(n: number, today: string, relative?: Relative): Built | undefined {
  if (n < 1) return undefined;
  const range = lastDays(n, today);
  if (n === 1) return named('yesterday', range, relative);
  return { range, label: `the last ${n} days`, relative };
}

function lastMonths(n: number, today: string, relative?: Relative): Built | undefined {
  if (n < 1) return undefined;
  const range = monthSpan(today, -n, -1);
  return named(n === 1 ? 'last month' : `the last ${n} months`, range, relative);
}

function lastQuarters(n: number, today: string, relative?: Relative): Built | undefined {
  if (n < 1) return undefined;
  const current = startOfQuarter(today);
  const range = { start: addMonths(current, -3 * n), end: addDays(current, -1) };
  const words = n === 1 ? 'last quarter' : `the last ${n} quarters`;
  return { range, label: `${words} (${formatQuarters(range)})`, relative, joinable: true };
}

function lastYears(n: number, today: string, relative?: Relative): Built | undefined {
  if (n < 1) return undefined;
  const year = Number(today.slice(0, 4));
  const range = { start: `${year - n}-01-01`, end: `${year - 1}-12-31` };
  return named(n === 1 ? 'last year' : `the last ${n} years`, range, relative);
}

/** "past"/"trailing" + a bare unit is a rolling window; "last"/"previous" + a bare unit is the calendar unit. */
function singleUnit(word: string, unit: Unit, today: string): Built | undefined {
  const rolling = word === 'past' || word === 'trailing';
  const relative = relativeFor(word, 1, unit);
  switch (unit) {
    case 'day':
      return rollingDays(1, today, relative);
    case 'week': {
      if (rolling) return rollingDays(7, today);
      const monday = addDays(mondayOf(today), -7);
      return named('last week', { start: monday, end: addDays(monday, 6) }, relative);
    }
    case 'month':
      return rolling ? rollingDays(30, today) : lastMonths(1, today, relative);
    case 'quarter':
      return rolling ? rollingDays(90, today) : lastQuarters(1, today, relative);
    case 'year':
      return rolling ? rollingDays(365, today) : lastYears(1, today, relative);
  }
}

const periodStart: Record<Exclude<Unit, 'day'>, (today: string) => string> = {
  week: mondayOf,
  month: startOfMonth,
  quarter: startOfQuarter,
  year: startOfYear,
};

function toDate(unit: Exclude<Unit, 'day'>, words: string, today: string): Built {
  return named(words, { start: periodStart[unit](today), end: today });
}

const ABBREVIATED: Record<string, Exclude<Unit, 'day'>> = { w: 'week', m: 'month', q: 'quarter', y: 'year' };

const rules: Rule[] = [
  { pattern: wordPattern(`l${COUNT}d`), build: (m, today) => rollingDays(Number(m[1]), today) },
  {
    pattern: wordPattern(`${BACK}\\s*${COUNT}${FULL}\\s*(?:days?|d)`),
    build: (m, today) => rollingDays(Number(m[2]), today, relativeFor(m[1], Number(m[2]), 'day')),
  },
  {
    pattern: wordPattern(`${BACK}\\s*${COUNT}${FULL}\\s*weeks?`),
    build: (m, today) => rollingDays(7 * Number(m[2]), today, relativeFor(m[1], Number(m[2]), 'week')),
  },
  {
    pattern: wordPattern(`${BACK}\\s+fortnight`),
    build: (m, today) => rollingDays(14, today, relativeFor(m[1], 2, 'week')),
  },
  {
    pattern: wordPattern(`${BACK}\\s*${COUNT}${FULL}\\s*months?`),
    build: (m, today) => lastMonths(Number(m[2]), today, relativeFor(m[1], Number(m[2]), 'month')),
  },
  {
    pattern: wordPattern(`${BACK}\\s*${COUNT}${FULL}\\s*quarters?`),
    build: (m, today) => lastQuarters(Number(m[2]), today, relativeFor(m[1], Number(m[2]), 'quarter')),
  },
  {
    pattern: wordPattern(`${BACK}\\s*${COUNT}${FULL}\\s*years?`),
    build: (m, today) => lastYears(Number(m[2]), today, relativeFor(m[1], Number(m[2]), 'year')),
  },
  {
    pattern: wordPattern(`${BACK}\\s+(week|month|quarter|year)`),
    build: (m, today) => singleUnit(m[1] ?? '', (m[2] ?? 'week') as Unit, today),
  },
  {
    pattern: wordPattern(
      '(?:so\\s+far\\s+)?(?:this|current|the\\s+current)\\s+(week|month|quarter|year)(?:\\s+so\\s+far)?',
    ),
    build: (m, today) => toDate((m[1] ?? 'week') as Exclude<Unit, 'day'>, `this ${m[1]}`, today),
  },
  {
    pattern: wordPattern('(week|month|quarter|year)[\\s-]*to[\\s-]*date'),
    build: (m, today) => toDate((m[1] ?? 'week') as Exclude<Unit, 'day'>, `${m[1]} to date`, today),
  },
  {
    pattern: wordPattern('([wmqy])td'),
    build: (m, today) => {
      const unit = ABBREVIATED[m[1] ?? ''] ?? 'year';
      return toDate(unit, `${unit} to date`, today);
    },
  },
  {
    pattern: wordPattern('(?:so\\s+far\\s+)?today(?:\\s+so\\s+far)?'),
    build: (_m, today) => named('today', { start: today, end: today }),
  },
  {
    pattern: wordPattern(`${COUNT}\\s+days?\\s+ago`),
    build: (m, today) => {
      const n = Number(m[1]);
      const day = addDays(today, -n);
      return n > 0 ? named(n === 1 ? '1 day ago' : `${n} days ago`, { start: day, end: day }) : undefined;
    },
  },
  {
    pattern: wordPattern('yesterday'),
    build: (_m, today) => named('yesterday', lastDays(1, today)),
  },
  {
    pattern: wordPattern('(?:the\\s+)?day\\s+before\\s+yesterday'),
    build: (_m, today) => {
      const day = addDays(today, -2);
      return named('the day before yesterday', { start: day, end: day });
    },
  },
  {
    // The last Saturday–Sunday that has fully ended.
    pattern: wordPattern('(?:last|past|previous)\\s+weekend'),
    build: (_m, today) => {
      const sunday = addDays(today, -(weekday(today) || 7));
      return named('last weekend', { start: addDays(sunday, -1), end: sunday });
    },
  },
];

export function rollingCandidates(text: string, today: string): Candidate[] {
  return scan(text, rules, today);
}
