import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateDemoData } from '../../src/analyst/demo/generate';
import { executeQuery, type QueryResult, type Scope } from '../../src/analyst/executor';
import type { MetricKey } from '../../src/analyst/metrics';
import type { AnalyticsQueryInput, Dimension, QueryFilter, TimeGrain } from '../../src/analyst/query';
import type { GraphDataset } from '../../src/warehouse/graph-types';
import { loadDataset } from '../../src/warehouse/load';
import { createTestDatabase, type TestDatabase } from '../helpers/database';

const today = '2026-11-20';
const EUR_ACCOUNT = '3098127745560381';

/**
 * The demo accounts (USD, half a year) and a slice of the large account (every tenth ad, 420 days
 * so ranges cross a year's end), relabelled as a EUR account so that money splits by currency.
 */
function dataset(): GraphDataset {
  const demo = generateDemoData({ today });
  const large = generateDemoData({ today, size: 'large', days: 420, breakdownDays: 1 });
  const key = `act_${EUR_ACCOUNT}`;
  const rows = (large.insights[key] ?? [])
    .filter((row) => Number(row.ad_id.slice(-2)) % 10 === 3)
    .map((row) => ({ ...row, account_currency: 'EUR' }));
  return {
    adAccounts: [...demo.adAccounts, ...large.adAccounts.map((account) => ({ ...account, currency: 'EUR' }))],
    insights: { ...demo.insights, [key]: rows },
    objects: { ...demo.objects, ...large.objects },
  };
}

const ranges = {
  last7: { start: '2026-11-13', end: '2026-11-19' },
  last30: { start: '2026-10-21', end: '2026-11-19' },
  last90: { start: '2026-08-22', end: '2026-11-19' },
  monthAligned: { start: '2026-08-01', end: '2026-10-31' },
  last365: { start: '2025-11-20', end: '2026-11-19' },
  thisYear: { start: '2026-01-01', end: '2026-11-19' },
  acrossNewYear: { start: '2025-12-17', end: '2026-02-03' },
  acrossMonthEnd: { start: '2026-02-26', end: '2026-03-03' },
  mondayToSunday: { start: '2026-11-09', end: '2026-11-15' },
};
/** Ranges long enough to hold whole months (and so whole weeks). */
const long = new Set<string>(['last90', 'monthAligned', 'last365', 'thisYear', 'acrossNewYear']);

const levels: Dimension[][] = [[], ['account'], ['campaign'], ['objective'], ['adset'], ['ad'], ['format']];
const grains: (TimeGrain | undefined)[] = [undefined, 'day', 'week', 'month', 'quarter', 'weekday'];
const metrics: MetricKey[] = [
  'spend',
  'revenue',
  'roas',
  'ctr',
  'cpa',
  'conversions',
  'frequency',
  'thruplays',
];

/** The rows in a fixed order, for queries whose order ties between groups. */
/** The rows in a fixed order, for queries whose order ties between groups. */
const sorted = (result: QueryResult) => result.rows.map((row) => JSON.stringify(row)).sort();

/** The coarsest level a query's dimensions and filters need, by the registry's own meaning. */
function levelOf(keys: readonly string[]): 'account' | 'campaign' | 'ad' {
  if (keys.some((key) => ['adset', 'ad', 'format'].includes(key))) return 'ad';
  if (keys.some((key) => ['campaign', 'objective'].includes(key))) return 'campaign';
  return 'account';
}

describe('answers from the roll-ups', () => {
  let t: TestDatabase;
  /** Both currencies (money splits per currency), and the EUR account alone. */
  let mixed: Scope;
  let single: Scope;
  beforeAll(async () => {
    t = await createTestDatabase();
    const data = dataset();
    await loadDataset(t.database.db, data);
    mixed = { accountIds: data.adAccounts.map((account) => account.account_id) };
    single = { accountIds: [EUR_ACCOUNT] };
  }, 240_000);
  afterAll(() => t.drop());

  const both = async (scope: Scope, query: AnalyticsQueryInput) => {
    const fast = await executeQuery(t.database.db, scope, query);
    const plain = await executeQuery(t.database.db, scope, query, { rollups: false });
    expect(plain.sql).not.toMatch(/_monthly|_weekly|account_daily|campaign_daily/);
    expect(fast.currencies).toEqual(plain.currencies);
    return { fast, plain };
  };

  /** Same rows as the ad-day rows give, read from the level's tables and whole periods where they fit. */
  const expectSameFromRollups = async (
    scope: Scope,
    range: keyof typeof ranges,
    dims: Dimension[],
    grain: TimeGrain | undefined,
  ) => {
    const query: AnalyticsQueryInput = {
      metrics,
      dimensions: dims,
      time: { range: ranges[range], ...(grain ? { grain } : {}) },
    };
    const { fast, plain } = await both(scope, query);
    const label = `${dims.join(',') || 'total'} by ${grain ?? 'nothing'} over ${range}`;
    expect(sorted(fast), label).toEqual(sorted(plain));
    expect(fast.rows.length, label).toBeGreaterThan(0);
    const level = levelOf(dims);
    if (level === 'account') expect(fast.sql, label).toContain('meta_insights_account_');
    if (level !== 'ad') expect(fast.sql, label).not.toContain('meta_insights_daily');
    if (level !== 'campaign') expect(fast.sql, label).not.toContain('meta_insights_campaign_');
    if (grain === 'day' || grain === 'weekday') expect(fast.sql, label).not.toMatch(/_monthly|_weekly/);
    else if (long.has(range)) expect(fast.sql, label).toMatch(grain === 'week' ? /_weekly/ : /_monthly/);
    if (grain === 'week') expect(fast.sql, label).not.toContain('_monthly');
    if (grain === 'month' || grain === 'quarter') expect(fast.sql, label).not.toContain('_weekly');
  };

  /** Ads by single days read the ad-day rows either way: nothing to compare. */
  const compared = (dims: Dimension[], grain: TimeGrain | undefined) =>
    levelOf(dims) !== 'ad' || (grain !== 'day' && grain !== 'weekday');

  for (const range of Object.keys(ranges) as (keyof typeof ranges)[])
    it(`answers every level and time grain exactly as the ad rows do, in two currencies: ${range}`, async () => {
      for (const dims of levels)
        for (const grain of grains)
          if (compared(dims, grain)) await expectSameFromRollups(mixed, range, dims, grain);
    }, 240_000);

  it('answers every time grain exactly as the ad rows do, in one currency', async () => {
    for (const range of ['last365', 'acrossNewYear', 'acrossMonthEnd'] as const)
      for (const dims of [[], ['campaign'], ['ad']] as Dimension[][])
        for (const grain of grains) await expectSameFromRollups(single, range, dims, grain);
  }, 240_000);

  it('reads the current period whole only while nothing is stored after the range', async () => {
    // Data ends 2026-11-19: November's roll-up then holds exactly the range's days of it.
    const recent = await both(mixed, { metrics, dimensions: ['ad'], time: { range: ranges.thisYear } });
    expect(recent.fast.sql).toMatch(/not exists \(select 1 from meta_insights_account_daily/);
    expect(sorted(recent.fast)).toEqual(sorted(recent.plain));
    // The EUR account has days after 2026-10-20, so the exact reading must win.
    const earlier = { start: '2025-11-20', end: '2026-10-20' };
    for (const grain of [undefined, 'week', 'month'] as const) {
      const query: AnalyticsQueryInput = {
        metrics,
        dimensions: ['campaign'],
        time: { range: earlier, ...(grain ? { grain } : {}) },
      };
      const { fast, plain } = await both(single, query);
      expect(fast.sql).toMatch(/not exists/);
      expect(sorted(fast), grain).toEqual(sorted(plain));
    }
  }, 240_000);

  const filters: Record<string, QueryFilter[]> = {
    'campaign name': [{ dimension: 'campaign', op: 'contains', values: ['prospecting'] }],
    'ad set name': [{ dimension: 'adset', op: 'contains', values: ['US'] }],
    'ad name': [{ dimension: 'ad', op: 'contains', values: ['video'] }],
    'not an ad name': [{ dimension: 'ad', op: 'not_contains', values: ['video'] }],
    objective: [{ dimension: 'objective', values: ['OUTCOME_SALES'] }],
    'one account': [{ dimension: 'account', values: [EUR_ACCOUNT] }],
    'format and campaign': [
      { dimension: 'format', values: ['VIDEO'] },
      { dimension: 'campaign', op: 'not_contains', values: ['retarget'] },
    ],
  };

  it('answers filtered questions the same, reading the level each filter needs', async () => {
    for (const [filterName, filter] of Object.entries(filters))
      for (const range of ['last365', 'acrossNewYear'] as const)
        for (const dims of [[], ['ad']] as Dimension[][])
          for (const grain of [undefined, 'month', 'week'] as const) {
            const query: AnalyticsQueryInput = {
              metrics,
              dimensions: dims,
              filters: filter,
              time: { range: ranges[range], ...(grain ? { grain } : {}) },
            };
            const { fast, plain } = await both(mixed, query);
            const label = `${filterName}: ${dims.join(',') || 'total'} by ${grain ?? 'nothing'} over ${range}`;
            expect(sorted(fast), label).toEqual(sorted(plain));
            const level = levelOf([...dims, ...filter.map((f) => f.dimension)]);
            expect(fast.sql, label).toMatch(
              new RegExp(`meta_insights_${level}_${grain === 'week' ? 'weekly' : 'monthly'}`),
            );
          }
  }, 240_000);

  it('ranks, limits and keeps groups by a condition the same way', async () => {
    const rankings: AnalyticsQueryInput[] = [
      {
        metrics: ['roas', 'spend'],
        dimensions: ['ad'],
        order: { metric: 'roas', direction: 'desc' },
        minVolume: { metric: 'spend', min: 50 },
        limit: 10,
        time: { range: ranges.last365 },
      },
      {
        metrics: ['spend'],
        dimensions: ['ad'],
        order: { metric: 'spend', direction: 'desc' },
        limit: 10,
        time: { range: ranges.thisYear },
      },
      { metrics: ['revenue'], time: { range: ranges.thisYear, grain: 'month' } },
      { metrics: ['clicks'], time: { range: ranges.last90, grain: 'week' } },
      {
        metrics: ['roas', 'spend', 'purchases'],
        dimensions: ['campaign'],
        order: { metric: 'roas', direction: 'desc' },
        limit: 5,
        time: { range: ranges.last30 },
      },
      {
        metrics: ['cpa', 'spend'],
        dimensions: ['adset', 'quarter'],
        having: [
          { metric: 'spend', op: 'gt', value: 100 },
          { metric: 'cpa', op: 'lte', value: 80 },
        ],
        order: { metric: 'cpa', direction: 'asc' },
        limit: 20,
        time: { range: ranges.acrossNewYear },
      },
      {
        metrics: ['ctr'],
        dimensions: ['campaign', 'month'],
        having: [{ metric: 'ctr', op: 'gte', value: 1 }],
        time: { range: ranges.last365 },
      },
    ];
    for (const scope of [mixed, single])
      for (const query of rankings) {
        const { fast, plain } = await both(scope, query);
        expect(fast.rows, JSON.stringify(query)).toEqual(plain.rows);
        expect(fast.rows.length, JSON.stringify(query)).toBeGreaterThan(0);
      }
  }, 240_000);
});
