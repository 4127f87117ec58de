import { describe, expect, it } from 'vitest';
import type { AnalyticsQueryInput, Dimension, QueryFilter } from '../../src/analyst/query';
import {
  EUR_ACCOUNT,
  grains,
  levelOf,
  metrics,
  ranges,
  sorted,
  useRollupWarehouse,
} from '../helpers/rollup-answers';

// Every level and grain in two currencies is in rollup-answers.
describe('answers from the roll-ups, in one currency, filtered and ranked', () => {
  const warehouse = useRollupWarehouse();
  const { both } = warehouse;

  it('answers every time grain exactly as the ad rows do, in one currency', async () => {
    for (const range of ['last365', 'acrossNewYear', 'acrossMonthEnd'] as const)
      for (const dims of [[], ['campaign'], ['ad']] as Dimension[][])
        for (const grain of grains)
          await warehouse.expectSameFromRollups(warehouse.single, range, dims, grain);
  }, 240_000);

  it('reads the current period whole only while nothing is stored after the range', async () => {
    // Data ends 2026-11-19: November's roll-up then holds exactly the range's days of it.
    const recent = await both(warehouse.mixed, {
      metrics,
      dimensions: ['ad'],
      time: { range: ranges.thisYear },
    });
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
      const { fast, plain } = await both(warehouse.single, query);
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
            const { fast, plain } = await both(warehouse.mixed, query);
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
    for (const scope of [warehouse.mixed, warehouse.single])
      for (const query of rankings) {
        const { fast, plain } = await both(scope, query);
        expect(fast.rows, JSON.stringify(query)).toEqual(plain.rows);
        expect(fast.rows.length, JSON.stringify(query)).toBeGreaterThan(0);
      }
  }, 240_000);
});
