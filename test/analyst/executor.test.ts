import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { executeQuery } from '../../src/analyst/executor';
import { InvalidInsightRowError, loadDataset } from '../../src/analyst/load';
import { createTestDatabase, type TestDatabase } from '../helpers/database';
import { graphAccount, graphRow } from '../helpers/graph-rows';

const range = { start: '2026-11-01', end: '2026-11-02' };

// Two days of two ads in one USD account, one ad in a EUR account. Numbers chosen so that the
// right answers differ from the classic mistakes (summed aliases, averaged ratios).
const dataset = {
  adAccounts: [graphAccount('1', 'Shop US'), graphAccount('2', 'Shop EU', 'EUR')],
  insights: {
    act_1: [
      graphRow({
        account: '1',
        campaign: 'Prospecting',
        ad: 'Video A',
        day: '2026-11-01',
        impressions: 1000,
        clicks: 10,
        spend: '100.00',
        purchases: 2,
        revenue: '300.00',
      }),
      graphRow({
        account: '1',
        campaign: 'Prospecting',
        ad: 'Video A',
        day: '2026-11-02',
        impressions: 9000,
        clicks: 270,
        spend: '300.00',
        purchases: 3,
        revenue: '600.00',
      }),
      graphRow({
        account: '1',
        campaign: 'Retargeting',
        ad: 'Carousel B',
        day: '2026-11-01',
        impressions: 500,
        clicks: 25,
        spend: '50.50',
        purchases: 1,
        revenue: '250.00',
      }),
      graphRow({
        account: '1',
        campaign: 'Leads',
        ad: 'Form C',
        day: '2026-11-02',
        impressions: 2000,
        clicks: 40,
        spend: '80.00',
        leads: 4,
        objective: 'OUTCOME_LEADS',
      }),
    ],
    act_2: [
      graphRow({
        account: '2',
        campaign: 'Euro',
        ad: 'Image D',
        day: '2026-11-01',
        impressions: 100,
        clicks: 1,
        spend: '999.99',
        purchases: 1,
        revenue: '10.00',
      }),
    ],
  },
};

describe('loading and querying the warehouse', () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase();
    await loadDataset(t.database.db, dataset);
  });
  afterAll(() => t.drop());

  const run = (accountIds: string[], query: Parameters<typeof executeQuery>[2]) =>
    executeQuery(t.database.db, { accountIds }, query);

  it('counts purchases once, however many aliases Meta reports them under', async () => {
    const { rows } = await run(['1'], {
      metrics: ['purchases', 'revenue', 'leads', 'conversions'],
      time: { range },
    });
    expect(rows).toEqual([
      expect.objectContaining({ purchases: 6, revenue: 1150, leads: 4, conversions: 10, currency: 'USD' }),
    ]);
  });

  it('computes ratios from sums, never by averaging daily ratios', async () => {
    const { rows } = await run(['1'], {
      metrics: ['ctr', 'cpc', 'cpm', 'cpa', 'roas', 'roi', 'cost_per_purchase', 'cost_per_lead'],
      filters: [{ dimension: 'campaign', values: ['1-Prospecting'] }],
      time: { range },
    });
    const row = rows[0];
    // Daily CTRs are 1% and 3%; their average (2%) would be wrong. 280 / 10,000 = 2.8%.
    expect(row?.ctr).toBeCloseTo(2.8, 10);
    expect(row?.cpc).toBeCloseTo(400 / 280, 10);
    expect(row?.cpm).toBeCloseTo(40, 10);
    expect(row?.cpa).toBeCloseTo(80, 10);
    expect(row?.roas).toBeCloseTo(900 / 400, 10);
    expect(row?.roi).toBeCloseTo(125, 10);
    expect(row?.cost_per_purchase).toBeCloseTo(80, 10);
    expect(row?.cost_per_lead).toBeNull();
  });

  it('ranks by a metric, cost metrics ascending, with labels and a volume floor', async () => {
    const cheapest = await run(['1'], {
      metrics: ['cpa'],
      dimensions: ['campaign'],
      time: { range },
      order: { metric: 'cpa', direction: 'asc' },
    });
    expect(cheapest.rows.map((row) => [row.campaign, row.cpa])).toEqual([
      ['Leads', 20],
      ['Retargeting', 50.5],
      ['Prospecting', 80],
    ]);
    const withFloor = await run(['1'], {
      metrics: ['roas'],
      dimensions: ['ad'],
      time: { range },
      order: { metric: 'roas', direction: 'desc' },
      minVolume: { metric: 'spend', min: 60 },
    });
    expect(withFloor.rows.map((row) => row.ad)).toEqual(['Video A', 'Form C']);
  });

  it('returns daily series and respects the inclusive date range', async () => {
    const { rows } = await run(['1'], { metrics: ['spend'], time: { range, grain: 'day' } });
    expect(rows.map((row) => [row.day, row.spend])).toEqual([
      ['2026-11-01', 150.5],
      ['2026-11-02', 380],
    ]);
    const oneDay = await run(['1'], {
      metrics: ['spend'],
      time: { range: { start: '2026-11-02', end: '2026-11-02' } },
    });
    expect(oneDay.rows[0]?.spend).toBe(380);
  });

  it('never adds different currencies: money splits by currency across accounts', async () => {
    const { rows, currencies } = await run(['1', '2'], { metrics: ['spend'], time: { range } });
    expect(currencies).toEqual(['EUR', 'USD']);
    expect(rows.map((row) => [row.currency, row.spend]).sort()).toEqual([
      ['EUR', 999.99],
      ['USD', 530.5],
    ]);
    const counts = await run(['1', '2'], { metrics: ['clicks'], time: { range } });
    expect(counts.rows).toEqual([expect.objectContaining({ clicks: 346 })]);
  });

  it('never reads outside the scope, even when a filter names another account', async () => {
    const { rows } = await run(['1'], {
      metrics: ['spend'],
      filters: [{ dimension: 'account', values: ['2'] }],
      time: { range },
    });
    expect(rows).toEqual([]);
    const byName = await run(['1'], { metrics: ['spend'], dimensions: ['account'], time: { range } });
    expect(byName.rows.map((row) => row.account)).toEqual(['Shop US']);
  });

  it('keeps hostile text as data, in parameters', async () => {
    const { rows, sql } = await run(['1'], {
      metrics: ['spend'],
      filters: [{ dimension: 'campaign', values: ["x'); drop table meta_insights_daily; --"] }],
      time: { range },
    });
    expect(rows).toEqual([]);
    expect(sql).not.toContain('drop table');
    expect((await run(['1'], { metrics: ['spend'], time: { range } })).rows[0]?.spend).toBe(530.5);
  });

  it('answers from the campaign roll-up exactly as from the ad rows', async () => {
    const metrics = [
      'spend',
      'impressions',
      'clicks',
      'purchases',
      'revenue',
      'leads',
      'cpa',
      'ctr',
    ] as const;
    // A campaign-level query reads the roll-up; filtering by every ad forces the ad-level rows.
    const fromRollup = await run(['1'], { metrics: [...metrics], dimensions: ['campaign'], time: { range } });
    const fromAds = await run(['1'], {
      metrics: [...metrics],
      dimensions: ['campaign'],
      filters: [{ dimension: 'ad', values: ['1-Video A', '1-Carousel B', '1-Form C'] }],
      time: { range },
    });
    expect(fromRollup.sql).toContain('meta_insights_campaign_daily');
    expect(fromAds.sql).not.toContain('meta_insights_campaign_daily');
    expect(fromRollup.rows).toEqual(fromAds.rows);
  });

  it('loads the same rows twice without duplicating them', async () => {
    await loadDataset(t.database.db, dataset);
    const { rows } = await run(['1'], { metrics: ['spend', 'impressions'], time: { range } });
    expect(rows[0]).toMatchObject({ spend: 530.5, impressions: 12500 });
  });

  it('rejects a row whose numbers are not numbers, naming it', async () => {
    const bad = graphRow({
      account: '1',
      campaign: 'X',
      ad: 'Y',
      day: '2026-11-03',
      impressions: 1,
      clicks: 1,
      spend: '1.00',
    });
    bad.spend = '12,50';
    await expect(
      loadDataset(t.database.db, { adAccounts: [graphAccount('1', 'Shop US')], insights: { act_1: [bad] } }),
    ).rejects.toThrow(InvalidInsightRowError);
  });

  it('rejects an invalid query before any SQL runs', async () => {
    await expect(run(['1'], { metrics: [], time: { range } })).rejects.toThrow();
    await expect(
      run(['1'], { metrics: ['spend'], time: { range: { start: '2026-11-05', end: '2026-11-01' } } }),
    ).rejects.toThrow(/start must not be after end/);
  });
});
