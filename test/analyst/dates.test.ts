import { afterEach, describe, expect, it } from 'vitest';
import {
  addDays,
  type DateMatch,
  type DateRange,
  daysBetween,
  previousPeriod,
  resolveComparison,
  resolveDateRange,
} from '../../src/analyst/dates';

/** A Friday. */
const TODAY = '2026-11-20';

const machineZone = process.env.TZ;
afterEach(() => {
  if (machineZone === undefined) delete process.env.TZ;
  else process.env.TZ = machineZone;
});

/** Resolves and checks the contract every match keeps: `matched` is the input's substring at `index`. */
function resolve(text: string, today = TODAY): DateMatch {
  const match = resolveDateRange(text, today);
  if (!match) throw new Error(`no period found in ${JSON.stringify(text)}`);
  expect(text.slice(match.index, match.index + match.matched.length)).toBe(match.matched);
  return match;
}

function compare(text: string, current: DateRange, today = TODAY) {
  const match = resolveComparison(text, today, current);
  if (!match) throw new Error(`no comparison found in ${JSON.stringify(text)}`);
  expect(text.slice(match.index, match.index + match.matched.length)).toBe(match.matched);
  return match;
}

// [question, start, end, matched]
const phrasings: [string, string, string, string][] = [
  // last / past / previous N days: the N whole days before today
  ['spend in the last 7 days', '2026-11-13', '2026-11-19', 'in the last 7 days'],
  ['ROAS past 30 days', '2026-10-21', '2026-11-19', 'past 30 days'],
  ['previous 14 days by campaign', '2026-11-06', '2026-11-19', 'previous 14 days'],
  ['CTR last 7d', '2026-11-13', '2026-11-19', 'last 7d'],
  ['L7D spend', '2026-11-13', '2026-11-19', 'L7D'],
  ['l30d purchases', '2026-10-21', '2026-11-19', 'l30d'],
  ['last seven days', '2026-11-13', '2026-11-19', 'last seven days'],
  ['over the last thirty days', '2026-10-21', '2026-11-19', 'over the last thirty days'],
  ['last twenty-eight days', '2026-10-23', '2026-11-19', 'last twenty-eight days'],
  ['LAST 90 DAYS', '2026-08-22', '2026-11-19', 'LAST 90 DAYS'],
  ['trailing 30 days', '2026-10-21', '2026-11-19', 'trailing 30 days'],
  ['the last 7 full days', '2026-11-13', '2026-11-19', 'the last 7 full days'],
  ['lst 7 days', '2026-11-13', '2026-11-19', 'lst 7 days'],
  ['last 7 dyas', '2026-11-13', '2026-11-19', 'last 7 dyas'],
  ['past 30 day', '2026-10-21', '2026-11-19', 'past 30 day'],
  ['Pst 14 Days', '2026-11-06', '2026-11-19', 'Pst 14 Days'],
  ['prevous 7 days', '2026-11-13', '2026-11-19', 'prevous 7 days'],
  ['last  7   days', '2026-11-13', '2026-11-19', 'last  7   days'],
  // yesterday / today
  ['spend yesterday', '2026-11-19', '2026-11-19', 'yesterday'],
  ['yesterady', '2026-11-19', '2026-11-19', 'yesterady'],
  ['yestarday', '2026-11-19', '2026-11-19', 'yestarday'],
  ['Yday', '2026-11-19', '2026-11-19', 'Yday'],
  ['yesturday', '2026-11-19', '2026-11-19', 'yesturday'],
  ['YESTERDAY', '2026-11-19', '2026-11-19', 'YESTERDAY'],
  ['spend today', '2026-11-20', '2026-11-20', 'today'],
  ['so far today', '2026-11-20', '2026-11-20', 'so far today'],
  ['the day before yesterday', '2026-11-18', '2026-11-18', 'the day before yesterday'],
  ['3 days ago', '2026-11-17', '2026-11-17', '3 days ago'],
  // months
  ['this month', '2026-11-01', '2026-11-20', 'this month'],
  ['month to date', '2026-11-01', '2026-11-20', 'month to date'],
  ['MTD', '2026-11-01', '2026-11-20', 'MTD'],
  ['last month', '2026-10-01', '2026-10-31', 'last month'],
  ['Previous Month', '2026-10-01', '2026-10-31', 'Previous Month'],
  ['last monht', '2026-10-01', '2026-10-31', 'last monht'],
  ['last 3 months', '2026-08-01', '2026-10-31', 'last 3 months'],
  ['past six months', '2026-05-01', '2026-10-31', 'past six months'],
  ['last 12 months', '2025-11-01', '2026-10-31', 'last 12 months'],
  // weeks
  ['this week', '2026-11-16', '2026-11-20', 'this week'],
  ['WTD', '2026-11-16', '2026-11-20', 'WTD'],
  ['last week', '2026-11-09', '2026-11-15', 'last week'],
  ['last wek', '2026-11-09', '2026-11-15', 'last wek'],
  ['in the past week', '2026-11-13', '2026-11-19', 'in the past week'],
  ['past 2 weeks', '2026-11-06', '2026-11-19', 'past 2 weeks'],
  ['the last two weeks', '2026-11-06', '2026-11-19', 'the last two weeks'],
  ['last fortnight', '2026-11-06', '2026-11-19', 'last fortnight'],
  ['last 4 weeks', '2026-10-23', '2026-11-19', 'last 4 weeks'],
  ['last weekend', '2026-11-14', '2026-11-15', 'last weekend'],
  // years and quarters
  ['this year', '2026-01-01', '2026-11-20', 'this year'],
  ['YTD', '2026-01-01', '2026-11-20', 'YTD'],
  ['year-to-date', '2026-01-01', '2026-11-20', 'year-to-date'],
  ['last year', '2025-01-01', '2025-12-31', 'last year'],
  ['spend in 2025', '2025-01-01', '2025-12-31', 'in 2025'],
  ['this quarter', '2026-10-01', '2026-11-20', 'this quarter'],
  ['last quarter', '2026-07-01', '2026-09-30', 'last quarter'],
  ['Q3', '2026-07-01', '2026-09-30', 'Q3'],
  ['Q3 2025', '2025-07-01', '2025-09-30', 'Q3 2025'],
  ['first quarter of 2025', '2025-01-01', '2025-03-31', 'first quarter of 2025'],
  // named months
  ['spend in October', '2026-10-01', '2026-10-31', 'in October'],
  ['October 2026', '2026-10-01', '2026-10-31', 'October 2026'],
  ['for Oct', '2026-10-01', '2026-10-31', 'for Oct'],
  ['in Octobr', '2026-10-01', '2026-10-31', 'in Octobr'],
  ['for the month of September', '2026-09-01', '2026-09-30', 'for the month of September'],
  ['December', '2025-12-01', '2025-12-31', 'December'],
  ['in November', '2026-11-01', '2026-11-20', 'in November'],
  ['October 2025', '2025-10-01', '2025-10-31', 'October 2025'],
  ['in May', '2026-05-01', '2026-05-31', 'in May'],
  ['2026-10', '2026-10-01', '2026-10-31', '2026-10'],
  // explicit dates
  ['between October 1 and October 15', '2026-10-01', '2026-10-15', 'between October 1 and October 15'],
  ['from Oct 1 to Oct 15', '2026-10-01', '2026-10-15', 'from Oct 1 to Oct 15'],
  ['Oct 1 - Oct 15', '2026-10-01', '2026-10-15', 'Oct 1 - Oct 15'],
  ['Oct 1 – Oct 15', '2026-10-01', '2026-10-15', 'Oct 1 – Oct 15'],
  ['Oct 1-15', '2026-10-01', '2026-10-15', 'Oct 1-15'],
  ['October 1 to 15', '2026-10-01', '2026-10-15', 'October 1 to 15'],
  ['between 1 and 15 October', '2026-10-01', '2026-10-15', 'between 1 and 15 October'],
  ['2026-10-01 to 2026-10-15', '2026-10-01', '2026-10-15', '2026-10-01 to 2026-10-15'],
  ['10/1 to 10/15', '2026-10-01', '2026-10-15', '10/1 to 10/15'],
  ['spend 10/1-10/15', '2026-10-01', '2026-10-15', '10/1-10/15'],
  ['on November 3', '2026-11-03', '2026-11-03', 'on November 3'],
  ['purchases on 11/3?', '2026-11-03', '2026-11-03', 'on 11/3'],
  ['nov 3rd, 2025', '2025-11-03', '2025-11-03', 'nov 3rd, 2025'],
  ['December 5', '2025-12-05', '2025-12-05', 'December 5'],
  ['between September and October', '2026-09-01', '2026-10-31', 'between September and October'],
  ['from Nov 1 to today', '2026-11-01', '2026-11-20', 'from Nov 1 to today'],
  // since: up to yesterday, today's partial rows left out
  ['since November 1', '2026-11-01', '2026-11-19', 'since November 1'],
  ['since the start of the month', '2026-11-01', '2026-11-19', 'since the start of the month'],
  ['since the beginning of the year', '2026-01-01', '2026-11-19', 'since the beginning of the year'],
  ['since Monday', '2026-11-16', '2026-11-19', 'since Monday'],
  ['since 10/1', '2026-10-01', '2026-11-19', 'since 10/1'],
  ['from Nov 1', '2026-11-01', '2026-11-19', 'from Nov 1'],
];

describe('resolveDateRange with today = 2026-11-20 (a Friday)', () => {
  it.each(phrasings)('%j → %s … %s', (text, start, end, matched) => {
    const match = resolve(text);
    expect({ start: match.start, end: match.end, matched: match.matched }).toEqual({ start, end, matched });
  });

  it('reports where the phrase sits so the caller can cut it out', () => {
    const text = 'Which campaigns had the best ROAS in the last 7 days?';
    const match = resolve(text);
    expect(match).toMatchObject({
      start: '2026-11-13',
      end: '2026-11-19',
      index: 34,
      matched: 'in the last 7 days',
    });
    expect(text.slice(0, match.index) + text.slice(match.index + match.matched.length)).toBe(
      'Which campaigns had the best ROAS ?',
    );
  });

  it('labels the resolved period in words', () => {
    expect(resolve('last 7 days').label).toBe('the last 7 days');
    expect(resolve('last month').label).toBe('last month (October 2026)');
    expect(resolve('from Oct 1 to Oct 15').label).toBe('October 1–15, 2026');
    expect(resolve('last week').label).toBe('last week (November 9–15, 2026)');
    expect(resolve('yesterday').label).toBe('yesterday (November 19, 2026)');
    expect(resolve('in October').label).toBe('October 2026');
    expect(resolve('last quarter').label).toBe('last quarter (Q3 2026)');
    expect(resolve('last 3 months').label).toBe('the last 3 months (August – October 2026)');
    expect(resolve('Sep 28 - Oct 5').label).toBe('September 28 – October 5, 2026');
    expect(resolve('since November 1').label).toBe(
      'since November 1, 2026, through yesterday (November 1–19, 2026)',
    );
  });

  it('finds no period in questions without one', () => {
    for (const text of [
      'top campaigns by spend',
      'monthly spend by campaign',
      'daily CPC',
      'weekly ROAS trend',
      'top 7 campaigns',
      'show 5 ads with CTR above 1.5',
      'ROAS above 2/3',
      'which 24/7 campaigns convert best',
      'campaigns with at least 7 days of data',
      'list 5 days with the highest spend',
      'which campaigns may need more budget',
      'campaigns with more than 2000 clicks',
      'spend over 2020',
      'what is the cost per purchase',
      '',
    ]) {
      expect(resolveDateRange(text, TODAY), text).toBeUndefined();
    }
  });

  it('finds the period among other numbers in the question', () => {
    expect(resolve('top 7 campaigns by spend yesterday')).toMatchObject({
      start: '2026-11-19',
      matched: 'yesterday',
    });
    expect(resolve('ads with frequency over 2.5 last week')).toMatchObject({
      start: '2026-11-09',
      end: '2026-11-15',
      matched: 'last week',
    });
    expect(resolve('weekly ROAS for Q3')).toMatchObject({
      start: '2026-07-01',
      end: '2026-09-30',
      matched: 'for Q3',
    });
  });

  it('rejects a today that is not a calendar day', () => {
    expect(() => resolveDateRange('last 7 days', '2026-02-30')).toThrow(RangeError);
    expect(() => resolveDateRange('last 7 days', '20/11/2026')).toThrow(RangeError);
  });
});

describe('edge days', () => {
  it('today on a Monday: this week is just today, last week the Monday–Sunday before', () => {
    const monday = '2026-11-16';
    expect(resolve('this week', monday)).toMatchObject({ start: '2026-11-16', end: '2026-11-16' });
    expect(resolve('last week', monday)).toMatchObject({ start: '2026-11-09', end: '2026-11-15' });
    expect(resolve('last 7 days', monday)).toMatchObject({ start: '2026-11-09', end: '2026-11-15' });
    expect(resolve('since Monday', monday)).toMatchObject({ start: '2026-11-16', end: '2026-11-16' });
  });

  it('today on the 1st of a month', () => {
    const first = '2026-11-01';
    expect(resolve('this month', first)).toMatchObject({ start: '2026-11-01', end: '2026-11-01' });
    expect(resolve('last month', first)).toMatchObject({ start: '2026-10-01', end: '2026-10-31' });
    expect(resolve('yesterday', first)).toMatchObject({ start: '2026-10-31', end: '2026-10-31' });
    expect(resolve('in November', first)).toMatchObject({ start: '2026-11-01', end: '2026-11-01' });
    expect(resolve('since the start of the month', first)).toMatchObject({
      start: '2026-11-01',
      end: '2026-11-01',
    });
    expect(resolve('this week', first)).toMatchObject({ start: '2026-10-26', end: '2026-11-01' });
  });

  it('early January: last month is December, weeks cross the year', () => {
    expect(resolve('last month', '2026-01-01')).toMatchObject({ start: '2025-12-01', end: '2025-12-31' });
    expect(resolve('last 7 days', '2026-01-01')).toMatchObject({ start: '2025-12-25', end: '2025-12-31' });
    expect(resolve('this week', '2026-01-02')).toMatchObject({ start: '2025-12-29', end: '2026-01-02' });
    expect(resolve('last week', '2026-01-02')).toMatchObject({ start: '2025-12-22', end: '2025-12-28' });
    expect(resolve('last week', '2026-01-05')).toMatchObject({ start: '2025-12-29', end: '2026-01-04' });
    expect(resolve('last year', '2026-01-03')).toMatchObject({ start: '2025-01-01', end: '2025-12-31' });
    expect(resolve('last quarter', '2026-01-04')).toMatchObject({ start: '2025-10-01', end: '2025-12-31' });
    expect(resolve('this year', '2026-01-04')).toMatchObject({ start: '2026-01-01', end: '2026-01-04' });
    expect(resolve('Dec 28 - Jan 3', '2026-01-05')).toMatchObject({ start: '2025-12-28', end: '2026-01-03' });
    expect(resolve('December 15', '2026-01-05')).toMatchObject({ start: '2025-12-15', end: '2025-12-15' });
  });

  it('"October" asked in January is last year\'s October; "December" asked in November too', () => {
    expect(resolve('October', '2026-01-10')).toMatchObject({ start: '2025-10-01', end: '2025-10-31' });
    expect(resolve('December', '2026-11-20')).toMatchObject({ start: '2025-12-01', end: '2025-12-31' });
    expect(resolve('January', '2026-01-10')).toMatchObject({ start: '2026-01-01', end: '2026-01-10' });
    expect(resolve('last October', '2026-10-10')).toMatchObject({ start: '2025-10-01', end: '2025-10-31' });
  });

  it('leap day 2024-02-29', () => {
    const leap = '2024-02-29';
    expect(resolve('this month', leap)).toMatchObject({ start: '2024-02-01', end: '2024-02-29' });
    expect(resolve('last month', leap)).toMatchObject({ start: '2024-01-01', end: '2024-01-31' });
    expect(resolve('last 7 days', leap)).toMatchObject({ start: '2024-02-22', end: '2024-02-28' });
    expect(resolve('February', leap)).toMatchObject({
      start: '2024-02-01',
      end: '2024-02-29',
      label: 'February 2024',
    });
    expect(resolve('last month', '2024-03-01')).toMatchObject({ start: '2024-02-01', end: '2024-02-29' });
    expect(resolve('last 3 months', '2024-03-15')).toMatchObject({ start: '2023-12-01', end: '2024-02-29' });
    expect(resolve('Feb 29', '2026-11-20')).toMatchObject({ start: '2024-02-29', end: '2024-02-29' });
    const lastYear = compare('vs same period last year', { start: '2024-02-01', end: '2024-02-29' }, leap);
    expect(lastYear).toMatchObject({ start: '2023-02-01', end: '2023-02-28' });
  });

  it('does not depend on the machine time zone', () => {
    const results = (['UTC', 'Pacific/Kiritimati', 'Pacific/Pago_Pago'] as const).map((zone) => {
      process.env.TZ = zone;
      return ['last 7 days', 'October 1', 'this week', 'Dec 28 - Jan 3', '10/1 to 10/15'].map((text) => {
        const { start, end } = resolve(text, '2026-01-05');
        return `${start}..${end}`;
      });
    });
    expect(results[1]).toEqual(results[0]);
    expect(results[2]).toEqual(results[0]);
    expect(results[0]).toEqual([
      '2025-12-29..2026-01-04',
      '2025-10-01..2025-10-01',
      '2026-01-05..2026-01-05',
      '2025-12-28..2026-01-03',
      '2025-10-01..2025-10-15',
    ]);
  });
});

describe('resolveComparison', () => {
  const last7: DateRange = { start: '2026-11-13', end: '2026-11-19' };

  it('"compared to the previous 7 days"', () => {
    expect(compare('spend last 7 days compared to the previous 7 days', last7)).toMatchObject({
      start: '2026-11-06',
      end: '2026-11-12',
      matched: 'compared to the previous 7 days',
      explicit: true,
    });
  });

  it('"vs the previous period" and "than the period before" are previousPeriod, not explicit', () => {
    expect(compare('CPA vs the previous period', last7)).toMatchObject({
      start: '2026-11-06',
      end: '2026-11-12',
      matched: 'vs the previous period',
      explicit: false,
    });
    const october = { start: '2026-10-01', end: '2026-10-31' };
    expect(compare('was ROAS higher than the period before?', october)).toMatchObject({
      start: '2026-08-31',
      end: '2026-09-30',
      matched: 'than the period before',
      explicit: false,
    });
  });

  it('"compare spend in the last 30 days with the previous 30 days"', () => {
    const text = 'compare spend in the last 30 days with the previous 30 days';
    expect(resolve(text)).toMatchObject({
      start: '2026-10-21',
      end: '2026-11-19',
      matched: 'in the last 30 days',
    });
    const current = { start: '2026-10-21', end: '2026-11-19' };
    expect(compare(text, current)).toMatchObject({
      start: '2026-09-21',
      end: '2026-10-20',
      matched: 'with the previous 30 days',
      explicit: true,
    });
  });

  it('"week over week" compares with the 7 days before', () => {
    expect(compare('spend week over week', last7)).toMatchObject({
      start: '2026-11-06',
      end: '2026-11-12',
      matched: 'week over week',
    });
    expect(compare('CPC WoW', { start: '2026-11-09', end: '2026-11-15' })).toMatchObject({
      start: '2026-11-02',
      end: '2026-11-08',
    });
    expect(resolveComparison('wow, spend is high', TODAY, last7)).toBeUndefined();
  });

  it('"month over month" is the previous calendar month for a calendar month, else previousPeriod', () => {
    const text = 'month over month spend for October';
    expect(resolve(text)).toMatchObject({ start: '2026-10-01', end: '2026-10-31' });
    expect(compare(text, { start: '2026-10-01', end: '2026-10-31' })).toMatchObject({
      start: '2026-09-01',
      end: '2026-09-30',
      label: 'the previous month (September 2026)',
    });
    expect(compare('spend MoM', { start: '2024-03-01', end: '2024-03-31' })).toMatchObject({
      start: '2024-02-01',
      end: '2024-02-29',
    });
    expect(
      compare('spend this month, month-over-month', { start: '2026-11-01', end: '2026-11-20' }),
    ).toMatchObject({
      start: '2026-10-12',
      end: '2026-10-31',
    });
  });

  it('"compared to last month" and "vs September" name the comparison directly', () => {
    const thisMonth = { start: '2026-11-01', end: '2026-11-20' };
    expect(compare('spend this month compared to last month', thisMonth)).toMatchObject({
      start: '2026-10-01',
      end: '2026-10-31',
      matched: 'compared to last month',
      explicit: true,
    });
    expect(compare('ROAS in October vs September', { start: '2026-10-01', end: '2026-10-31' })).toMatchObject(
      {
        start: '2026-09-01',
        end: '2026-09-30',
        matched: 'vs September',
      },
    );
  });

  it('a period named only after "compared to" is not the main period', () => {
    expect(resolveDateRange('spend compared to last month', TODAY)).toBeUndefined();
    expect(compare('spend compared to last month', last7)).toMatchObject({
      start: '2026-10-01',
      end: '2026-10-31',
    });
  });

  it('returns undefined when nothing is compared', () => {
    expect(resolveComparison('spend in the last 7 days', TODAY, last7)).toBeUndefined();
    expect(resolveComparison('top campaigns by spend', TODAY, last7)).toBeUndefined();
  });

  it('same period last year / YoY shift the current dates back a year', () => {
    const thisMonth = { start: '2026-11-01', end: '2026-11-20' };
    expect(compare('this month vs the same period last year', thisMonth)).toMatchObject({
      start: '2025-11-01',
      end: '2025-11-20',
      label: 'the same period last year (November 1–20, 2025)',
    });
    expect(compare('ROAS YoY', last7)).toMatchObject({ start: '2025-11-13', end: '2025-11-19' });
  });
});

describe('two-period questions: the first is the range, the second the comparison', () => {
  const cases: [string, DateRange, DateRange][] = [
    [
      'October vs September',
      { start: '2026-10-01', end: '2026-10-31' },
      { start: '2026-09-01', end: '2026-09-30' },
    ],
    [
      'last 7 days compared to the 7 days before',
      { start: '2026-11-13', end: '2026-11-19' },
      { start: '2026-11-06', end: '2026-11-12' },
    ],
    [
      'how did this week compare to last week?',
      { start: '2026-11-16', end: '2026-11-20' },
      { start: '2026-11-09', end: '2026-11-15' },
    ],
    [
      'last week vs the previous week',
      { start: '2026-11-09', end: '2026-11-15' },
      { start: '2026-11-02', end: '2026-11-08' },
    ],
    [
      'is CPA higher this month than last month',
      { start: '2026-11-01', end: '2026-11-20' },
      { start: '2026-10-01', end: '2026-10-31' },
    ],
    [
      'compare Oct 1-7 with Oct 8-14',
      { start: '2026-10-01', end: '2026-10-07' },
      { start: '2026-10-08', end: '2026-10-14' },
    ],
    [
      'spend in 2025 vs 2024',
      { start: '2025-01-01', end: '2025-12-31' },
      { start: '2024-01-01', end: '2024-12-31' },
    ],
    ['Q3 vs Q2', { start: '2026-07-01', end: '2026-09-30' }, { start: '2026-04-01', end: '2026-06-30' }],
    [
      'compare September to October',
      { start: '2026-09-01', end: '2026-09-30' },
      { start: '2026-10-01', end: '2026-10-31' },
    ],
    [
      'yesterday versus the day before',
      { start: '2026-11-19', end: '2026-11-19' },
      { start: '2026-11-18', end: '2026-11-18' },
    ],
  ];

  it.each(cases)('%j', (text, main, other) => {
    const first = resolve(text);
    expect({ start: first.start, end: first.end }).toEqual(main);
    const second = compare(text, first);
    expect({ start: second.start, end: second.end }).toEqual(other);
    expect(second.index).toBeGreaterThan(first.index);
  });

  it('"change from X to Y" measures Y against X', () => {
    const text = 'how did CPA change from last month to this month?';
    const main = resolve(text);
    expect(main).toMatchObject({ start: '2026-11-01', end: '2026-11-20', matched: 'this month' });
    expect(compare(text, main)).toMatchObject({
      start: '2026-10-01',
      end: '2026-10-31',
      matched: 'from last month',
    });
  });
});

describe('day arithmetic', () => {
  it('addDays crosses months, years and leap days', () => {
    expect(addDays('2026-11-20', -7)).toBe('2026-11-13');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2024-03-01', -1)).toBe('2024-02-29');
    expect(addDays('2023-03-01', -1)).toBe('2023-02-28');
    expect(addDays('2026-03-29', 1)).toBe('2026-03-30');
  });

  it('daysBetween counts both ends', () => {
    expect(daysBetween({ start: '2026-11-13', end: '2026-11-19' })).toBe(7);
    expect(daysBetween({ start: '2026-11-20', end: '2026-11-20' })).toBe(1);
    expect(daysBetween({ start: '2024-01-01', end: '2024-12-31' })).toBe(366);
    expect(daysBetween({ start: '2026-03-01', end: '2026-03-31' })).toBe(31);
  });

  it('previousPeriod has the same length and ends the day before', () => {
    expect(previousPeriod({ start: '2026-11-13', end: '2026-11-19' })).toEqual({
      start: '2026-11-06',
      end: '2026-11-12',
    });
    expect(previousPeriod({ start: '2026-03-01', end: '2026-03-31' })).toEqual({
      start: '2026-01-29',
      end: '2026-02-28',
    });
    expect(previousPeriod({ start: '2026-01-01', end: '2026-01-01' })).toEqual({
      start: '2025-12-31',
      end: '2025-12-31',
    });
  });
});
