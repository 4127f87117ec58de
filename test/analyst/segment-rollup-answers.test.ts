import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateDemoData } from '../../src/analyst/demo/generate';
import { executeQuery, type QueryResult, type Scope } from '../../src/analyst/executor';
import type { MetricKey } from '../../src/analyst/metrics';
import type { AnalyticsQueryInput, Dimension, QueryFilter } from '../../src/analyst/query';
import { loadDataset } from '../../src/warehouse/load';
import { createTestDatabase, type TestDatabase } from '../helpers/database';

const today = '2026-11-20';
const ranges = {
  last7: { start: '2026-11-13', end: '2026-11-19' },
  last30: { start: '2026-10-21', end: '2026-11-19' },
  lastMonth: { start: '2026-10-01', end: '2026-10-31' },
};
const segments: Dimension[] = [
  'age',
  'gender',
  'country',
  'publisher_platform',
  'placement',
  'device_platform',
];
const metrics: MetricKey[] = ['spend', 'roas', 'cpa', 'cpm', 'ctr', 'conversions'];

const sorted = (result: QueryResult) => result.rows.map((row) => JSON.stringify(row)).sort();

describe('segment answers from the per-account breakdown sums', () => {
  let t: TestDatabase;
  let scope: Scope;
  let campaign: string;
  beforeAll(async () => {
    t = await createTestDatabase();
    const data = generateDemoData({ today, days: 70 });
    await loadDataset(t.database.db, data);
    scope = { accountIds: data.adAccounts.map((account) => account.account_id) };
    campaign = Object.values(data.insights).flat()[0]?.campaign_name ?? '';
  }, 120_000);
  afterAll(async () => t?.drop());

  /** The query answered both ways; the roll-up reading must name the table it was meant to read. */
  async function both(query: AnalyticsQueryInput, table: string) {
    const fast = await executeQuery(t.database.db, scope, query);
    const reference = await executeQuery(t.database.db, scope, query, { rollups: false });
    expect(fast.sql).toContain(table);
    expect(reference.sql).toContain('meta_insights_breakdown_daily');
    expect(reference.sql).not.toContain('meta_insights_breakdown_account_daily');
    return { fast, reference };
  }

  it('answers every segment over whole accounts exactly as the ad set rows do', async () => {
    let compared = 0;
    for (const segment of segments)
      for (const [name, range] of Object.entries(ranges)) {
        const query = { metrics, dimensions: [segment], time: { range }, filters: [] };
        const { fast, reference } = await both(query, 'meta_insights_breakdown_account_daily');
        expect(fast.rows.length, `${segment} ${name}`).toBeGreaterThan(0);
        expect(sorted(fast), `${segment} ${name}`).toEqual(sorted(reference));
        compared++;
      }
    expect(compared).toBe(segments.length * Object.keys(ranges).length);
  });

  it('answers segment series, rankings and segment filters the same way', async () => {
    const queries: AnalyticsQueryInput[] = [
      { metrics: ['spend'], dimensions: ['age'], time: { range: ranges.last30, grain: 'week' }, filters: [] },
      {
        metrics: ['cpa'],
        dimensions: ['country'],
        time: { range: ranges.lastMonth },
        filters: [],
        order: { metric: 'cpa', direction: 'asc' },
        limit: 3,
      },
      {
        metrics: ['roas', 'spend'],
        dimensions: [],
        time: { range: ranges.last30 },
        filters: [{ dimension: 'device_platform', values: ['mobile_app'] } as QueryFilter],
      },
    ];
    for (const query of queries) {
      const { fast, reference } = await both(query, 'meta_insights_breakdown_account_daily');
      expect(fast.rows.length).toBeGreaterThan(0);
      expect(fast.rows).toEqual(reference.rows);
    }
  });

  it('reads the ad set rows when the question names a campaign or groups by one', async () => {
    const byCampaign = {
      metrics,
      dimensions: ['campaign', 'gender'] as Dimension[],
      time: { range: ranges.last30 },
      filters: [],
    };
    const named: AnalyticsQueryInput = {
      metrics,
      dimensions: ['age'],
      time: { range: ranges.last30 },
      filters: [{ dimension: 'campaign', op: 'contains', values: [campaign] } as QueryFilter],
    };
    for (const query of [byCampaign, named]) {
      const fast = await executeQuery(t.database.db, scope, query);
      expect(fast.sql).toContain('meta_insights_breakdown_daily');
      expect(fast.sql).not.toContain('meta_insights_breakdown_account_daily');
      expect(fast.rows.length).toBeGreaterThan(0);
    }
  });
});
