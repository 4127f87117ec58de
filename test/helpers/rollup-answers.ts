import { afterAll, beforeAll, expect } from 'vitest';
import { generateDemoData } from '../../src/analyst/demo/generate';
import { executeQuery, type QueryResult, type Scope } from '../../src/analyst/executor';
import type { MetricKey } from '../../src/analyst/metrics';
import type { AnalyticsQueryInput, Dimension, TimeGrain } from '../../src/analyst/query';
import type { GraphDataset } from '../../src/warehouse/graph-types';
import { loadDataset } from '../../src/warehouse/load';
import { createTestDatabase, type TestDatabase } from './database';

/**
 * The roll-up answer tests' warehouse and checks: every answer read from the roll-ups (account,
 * campaign and ad levels; days, weeks, months) must equal the one the ad-day rows give.
 */

const today = '2026-11-20';
export const EUR_ACCOUNT = '3098127745560381';

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

export const ranges = {
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
export type RangeName = keyof typeof ranges;
/** Ranges long enough to hold whole months (and so whole weeks). */
const long = new Set<string>(['last90', 'monthAligned', 'last365', 'thisYear', 'acrossNewYear']);

export const grains: (TimeGrain | undefined)[] = [undefined, 'day', 'week', 'month', 'quarter', 'weekday'];
export const metrics: MetricKey[] = [
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
export const sorted = (result: QueryResult) => result.rows.map((row) => JSON.stringify(row)).sort();

/** The coarsest level a query's dimensions and filters need, by the registry's own meaning. */
export function levelOf(keys: readonly string[]): 'account' | 'campaign' | 'ad' {
  if (keys.some((key) => ['adset', 'ad', 'format'].includes(key))) return 'ad';
  if (keys.some((key) => ['campaign', 'objective'].includes(key))) return 'campaign';
  return 'account';
}

export interface RollupWarehouse {
  /** Both currencies (money splits per currency). */
  mixed: Scope;
  /** The EUR account alone. */
  single: Scope;
  /** The query read with roll-ups and without; checks the plain reading used none. */
  both(scope: Scope, query: AnalyticsQueryInput): Promise<{ fast: QueryResult; plain: QueryResult }>;
  /** Same rows as the ad-day rows give, read from the level's tables and whole periods where they fit. */
  expectSameFromRollups(
    scope: Scope,
    range: RangeName,
    dims: Dimension[],
    grain: TimeGrain | undefined,
  ): Promise<void>;
}

/** Loads the warehouse into a test database for the file (dropped after it). */
export function useRollupWarehouse(): RollupWarehouse {
  let t: TestDatabase;
  const warehouse: RollupWarehouse = {
    mixed: { accountIds: [] },
    single: { accountIds: [EUR_ACCOUNT] },
    both: async (scope, query) => {
      const fast = await executeQuery(t.database.db, scope, query);
      const plain = await executeQuery(t.database.db, scope, query, { rollups: false });
      expect(plain.sql).not.toMatch(/_monthly|_weekly|account_daily|campaign_daily/);
      expect(fast.currencies).toEqual(plain.currencies);
      return { fast, plain };
    },
    expectSameFromRollups: async (scope, range, dims, grain) => {
      const query: AnalyticsQueryInput = {
        metrics,
        dimensions: dims,
        time: { range: ranges[range], ...(grain ? { grain } : {}) },
      };
      const { fast, plain } = await warehouse.both(scope, query);
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
    },
  };
  beforeAll(async () => {
    t = await createTestDatabase();
    const data = dataset();
    await loadDataset(t.database.db, data);
    warehouse.mixed = { accountIds: data.adAccounts.map((account) => account.account_id) };
  }, 240_000);
  afterAll(() => t?.drop());
  return warehouse;
}
