import { describe, expect, it } from 'vitest';
import { addDays, mondayOf } from '../../src/analyst/dates/calendar';
import { type Dimension, insightsLevel, timeGrains } from '../../src/analyst/dimensions';
import { sourceParts } from '../../src/analyst/sources/insight-rows';
import {
  grainsServing,
  loosenedEnd,
  periodsRead,
  type RangePart,
  type StoredGrain,
  splitRange,
} from '../../src/analyst/sources/range-parts';

const all: StoredGrain[] = ['month', 'week', 'day'];
const text = (parts: RangePart[]) => parts.map(({ grain, start, end }) => `${grain} ${start}..${end}`);
const split = (start: string, end: string, grains: StoredGrain[] = all) =>
  text(splitRange({ start, end }, grains));
const loosened = (start: string, end: string, grains: StoredGrain[] = all) => {
  const found = loosenedEnd({ start, end }, grains);
  return found && { end: found.end, parts: text(found.parts) };
};

describe('splitting a range into whole months, weeks and days', () => {
  it('reads a whole year as its months', () => {
    expect(split('2026-01-01', '2026-12-31')).toEqual(['month 2026-01-01..2026-12-31']);
  });

  it('reads exactly one month as that month, leap February included', () => {
    expect(split('2024-02-01', '2024-02-29')).toEqual(['month 2024-02-01..2024-02-29']);
    expect(split('2023-02-01', '2023-02-28')).toEqual(['month 2023-02-01..2023-02-28']);
    expect(split('2026-11-01', '2026-11-30', ['month', 'day'])).toEqual(['month 2026-11-01..2026-11-30']);
  });

  it('does not take February of a leap year as whole when its 29th is outside', () => {
    // 2024-02-05 is a Monday, 2024-02-25 a Sunday.
    expect(split('2024-02-01', '2024-02-28')).toEqual([
      'day 2024-02-01..2024-02-04',
      'week 2024-02-05..2024-02-25',
      'day 2024-02-26..2024-02-28',
    ]);
    expect(split('2024-02-01', '2024-02-28', ['month', 'day'])).toEqual(['day 2024-02-01..2024-02-28']);
  });

  it('splits the last 365 days into edge days, edge weeks and the months between', () => {
    // 2025-11-20 is a Thursday; 2026-11-01 a Sunday.
    expect(split('2025-11-20', '2026-11-19')).toEqual([
      'day 2025-11-20..2025-11-23',
      'week 2025-11-24..2025-11-30',
      'month 2025-12-01..2026-10-31',
      'day 2026-11-01..2026-11-01',
      'week 2026-11-02..2026-11-15',
      'day 2026-11-16..2026-11-19',
    ]);
  });

  it('uses no weeks for month and quarter groupings, and no months for week groupings', () => {
    expect(split('2025-11-20', '2026-11-19', grainsServing(['month']))).toEqual([
      'day 2025-11-20..2025-11-30',
      'month 2025-12-01..2026-10-31',
      'day 2026-11-01..2026-11-19',
    ]);
    expect(split('2025-11-20', '2026-11-19', grainsServing(['quarter']))).toEqual([
      'day 2025-11-20..2025-11-30',
      'month 2025-12-01..2026-10-31',
      'day 2026-11-01..2026-11-19',
    ]);
    // 2026-08-22 is a Saturday.
    expect(split('2026-08-22', '2026-11-19', grainsServing(['week']))).toEqual([
      'day 2026-08-22..2026-08-23',
      'week 2026-08-24..2026-11-15',
      'day 2026-11-16..2026-11-19',
    ]);
  });

  it('reads single days for day and weekday groupings, whatever the range', () => {
    expect(split('2025-01-01', '2026-12-31', grainsServing(['day']))).toEqual(['day 2025-01-01..2026-12-31']);
    expect(split('2025-01-01', '2026-12-31', grainsServing(['weekday']))).toEqual([
      'day 2025-01-01..2026-12-31',
    ]);
    expect(split('2025-01-01', '2026-12-31', grainsServing(['month', 'day']))).toEqual([
      'day 2025-01-01..2026-12-31',
    ]);
  });

  it('reads a range shorter than a week as days', () => {
    expect(split('2026-11-17', '2026-11-19')).toEqual(['day 2026-11-17..2026-11-19']);
    expect(split('2026-11-19', '2026-11-19')).toEqual(['day 2026-11-19..2026-11-19']);
    // Six days from a Monday: one short of a week.
    expect(split('2026-11-16', '2026-11-21')).toEqual(['day 2026-11-16..2026-11-21']);
  });

  it('reads a Monday-to-Sunday week across a year boundary as a week, but not for a month grouping', () => {
    expect(split('2025-12-29', '2026-01-04')).toEqual(['week 2025-12-29..2026-01-04']);
    expect(split('2025-12-29', '2026-01-04', grainsServing(['month']))).toEqual([
      'day 2025-12-29..2026-01-04',
    ]);
  });

  it('reads months across a year boundary and odd edges on both sides', () => {
    // 2025-11-29 is a Saturday; 2026-02-01 a Sunday, 2026-02-09 a Monday.
    expect(split('2025-11-29', '2026-02-10')).toEqual([
      'day 2025-11-29..2025-11-30',
      'month 2025-12-01..2026-01-31',
      'day 2026-02-01..2026-02-01',
      'week 2026-02-02..2026-02-08',
      'day 2026-02-09..2026-02-10',
    ]);
  });

  it('uses weeks that straddle a month when no whole month fits', () => {
    // 2026-01-20 is a Tuesday; 2026-02-15 a Sunday.
    expect(split('2026-01-20', '2026-02-15')).toEqual([
      'day 2026-01-20..2026-01-25',
      'week 2026-01-26..2026-02-15',
    ]);
  });

  it('always reads days, even when no grain is offered', () => {
    expect(split('2026-01-01', '2026-03-31', [])).toEqual(['day 2026-01-01..2026-03-31']);
  });

  it('covers any range exactly, in order, with whole periods of the offered grains only', () => {
    const periodEnds: Record<StoredGrain, (part: RangePart) => boolean> = {
      day: () => true,
      week: (part) =>
        mondayOf(part.start) === part.start && mondayOf(addDays(part.end, 1)) === addDays(part.end, 1),
      month: (part) => part.start.endsWith('-01') && addDays(part.end, 1).endsWith('-01'),
    };
    const offers: StoredGrain[][] = [all, ['month', 'day'], ['week', 'day'], ['day']];
    let seed = 7;
    const next = () => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed;
    };
    for (let round = 0; round < 400; round++) {
      const start = addDays('2023-12-01', next() % 900);
      const end = addDays(start, next() % 500);
      const grains = offers[round % offers.length] as StoredGrain[];
      const parts = splitRange({ start, end }, grains);
      expect(parts[0]?.start).toBe(start);
      expect(parts.at(-1)?.end).toBe(end);
      for (const [index, part] of parts.entries()) {
        expect(part.start <= part.end).toBe(true);
        expect([...grains, 'day']).toContain(part.grain);
        expect(periodEnds[part.grain](part), `${part.grain} ${part.start}..${part.end}`).toBe(true);
        const previous = parts[index - 1];
        if (previous) expect(addDays(previous.end, 1)).toBe(part.start);
      }
    }
  });
});

describe('letting the last period run past the end of the range', () => {
  it('reads the current month whole when that reads fewer rows than its days and weeks', () => {
    expect(loosened('2025-11-20', '2026-11-19')).toEqual({
      end: '2026-11-30',
      parts: ['day 2025-11-20..2025-11-23', 'week 2025-11-24..2025-11-30', 'month 2025-12-01..2026-11-30'],
    });
    expect(loosened('2026-01-01', '2026-11-19')).toEqual({
      end: '2026-11-30',
      parts: ['month 2026-01-01..2026-11-30'],
    });
  });

  it('stops at the end of the week when the month would read more', () => {
    // 2026-10-26 is a Monday; 2026-11-22 a Sunday.
    expect(loosened('2026-10-21', '2026-11-19')).toEqual({
      end: '2026-11-22',
      parts: ['day 2026-10-21..2026-10-25', 'week 2026-10-26..2026-11-22'],
    });
    expect(loosened('2026-10-21', '2026-11-19', grainsServing(['month']))).toEqual({
      end: '2026-11-30',
      parts: ['day 2026-10-21..2026-10-31', 'month 2026-11-01..2026-11-30'],
    });
  });

  it('keeps the range when it already ends a period, reads days only, or gains nothing', () => {
    expect(loosened('2026-08-01', '2026-10-31')).toBeUndefined();
    expect(loosened('2026-08-01', '2026-11-15', grainsServing(['week']))).toBeUndefined();
    expect(loosened('2025-11-20', '2026-11-19', grainsServing(['weekday']))).toBeUndefined();
    // Two days into a month: its whole month is one row against two.
    expect(loosened('2026-11-01', '2026-11-02', grainsServing(['month']))).toEqual({
      end: '2026-11-30',
      parts: ['month 2026-11-01..2026-11-30'],
    });
    expect(loosened('2026-11-02', '2026-11-02')).toBeUndefined();
  });

  it('counts one row per period', () => {
    expect(periodsRead(splitRange({ start: '2025-11-20', end: '2026-11-19' }, all))).toBe(
      4 + 1 + 11 + 1 + 2 + 4,
    );
    expect(periodsRead(splitRange({ start: '2024-01-01', end: '2024-12-31' }, ['day']))).toBe(366);
  });
});

describe('the level a query reads', () => {
  const level = (...keys: Dimension[]) => insightsLevel(keys);

  it('reads account sums for time-only and account questions', () => {
    expect(level()).toBe('account');
    expect(level('account')).toBe('account');
    for (const grain of timeGrains) expect(level(grain, 'account')).toBe('account');
  });

  it('reads campaign sums for campaigns and objectives', () => {
    expect(level('campaign')).toBe('campaign');
    expect(level('objective', 'month')).toBe('campaign');
    expect(level('account', 'campaign', 'week')).toBe('campaign');
  });

  it('reads ad sums for ad sets, ads and creative formats', () => {
    expect(level('adset')).toBe('ad');
    expect(level('ad', 'month')).toBe('ad');
    expect(level('format')).toBe('ad');
    expect(level('campaign', 'ad')).toBe('ad');
  });

  it('names each level and grain by its table, and reads only ad-day rows without roll-ups', () => {
    const range = { start: '2025-11-20', end: '2026-11-19' };
    const after = { start: '2026-11-20', end: '2026-11-30' };
    const read = (parts: ReturnType<typeof sourceParts>) =>
      parts.map(
        (part) =>
          `${part.table} ${part.start}..${part.end}${part.when ? ` if ${part.when.stored ? 'rows' : 'none'} after` : ''}`,
      );
    // The reading with the whole current month, and the exact one, each guarded by whether days after the range are stored.
    expect(read(sourceParts('ad', range, [], true))).toEqual([
      'meta_insights_daily 2025-11-20..2025-11-23',
      'meta_insights_ad_weekly 2025-11-24..2025-11-30',
      'meta_insights_ad_monthly 2025-12-01..2026-11-30 if none after',
      'meta_insights_ad_monthly 2025-12-01..2026-10-31 if rows after',
      'meta_insights_daily 2026-11-01..2026-11-01 if rows after',
      'meta_insights_ad_weekly 2026-11-02..2026-11-15 if rows after',
      'meta_insights_daily 2026-11-16..2026-11-19 if rows after',
    ]);
    expect(sourceParts('ad', range, [], true)[2]?.when).toEqual({ days: after, stored: false });
    expect(
      read(sourceParts('campaign', { start: '2025-11-20', end: '2026-10-20' }, ['month'], true)),
    ).toEqual([
      'meta_insights_campaign_daily 2025-11-20..2025-11-30',
      'meta_insights_campaign_monthly 2025-12-01..2026-10-31 if none after',
      'meta_insights_campaign_monthly 2025-12-01..2026-09-30 if rows after',
      'meta_insights_campaign_daily 2026-10-01..2026-10-20 if rows after',
    ]);
    expect(sourceParts('account', range, ['weekday'], true)).toEqual([
      { table: 'meta_insights_account_daily', ...range },
    ]);
    expect(sourceParts('account', range, [], false)).toEqual([{ table: 'meta_insights_daily', ...range }]);
  });

  it('offers the trailing window for an ad-level range of a held length with no time grouping, the periods guarded against it', () => {
    const lastWeek = { start: '2026-11-13', end: '2026-11-19' };
    const parts = sourceParts('ad', lastWeek, [], true);
    expect(parts.map((part) => `${part.table} ${part.start}..${part.end} ${part.held?.stored}`)).toEqual([
      'meta_insights_ad_windows 2026-11-13..2026-11-19 true',
      'meta_insights_daily 2026-11-13..2026-11-15 false',
      'meta_insights_ad_weekly 2026-11-16..2026-11-22 false',
      'meta_insights_daily 2026-11-13..2026-11-19 false',
    ]);
    // Every guard names the whole range, whichever stretch of it its part reads.
    expect(
      parts.every(
        (part) => part.held?.window.start === lastWeek.start && part.held.window.end === lastWeek.end,
      ),
    ).toBe(true);
    const plain = (
      level: 'account' | 'campaign' | 'ad',
      range: typeof lastWeek,
      grains: ('day' | 'week')[],
      windows = true,
    ) =>
      sourceParts(level, range, grains, true, windows).some(
        (part) => part.table === 'meta_insights_ad_windows',
      );
    expect(plain('ad', { start: '2026-10-21', end: '2026-11-19' }, [])).toBe(true);
    // Not for campaigns or accounts (their day tables are small), a daily or weekly series, a length
    // no window has, or when the question reads a column the windows lack.
    expect(plain('campaign', lastWeek, [])).toBe(false);
    expect(plain('account', lastWeek, [])).toBe(false);
    expect(plain('ad', lastWeek, ['day'])).toBe(false);
    expect(plain('ad', lastWeek, ['week'])).toBe(false);
    expect(plain('ad', { start: '2026-11-14', end: '2026-11-19' }, [])).toBe(false);
    expect(plain('ad', lastWeek, [], false)).toBe(false);
    expect(sourceParts('ad', lastWeek, [], false)).toEqual([{ table: 'meta_insights_daily', ...lastWeek }]);
  });
});
