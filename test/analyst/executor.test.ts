import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { executeQuery, type Scope } from '../../src/analyst/executor';
import { type MetricKey, metricKeys } from '../../src/analyst/metrics';
import type { AnalyticsQueryInput } from '../../src/analyst/query';
import { queryRows } from '../../src/analyst/warehouse-db';
import { loadDataset } from '../../src/warehouse/load';
import { InvalidInsightRowError } from '../../src/warehouse/prepare';
import { textArray } from '../../src/warehouse/sql-arrays';
import { createTestDatabase, type TestDatabase } from '../helpers/database';
import { type DemoWarehouse, demoWarehouse } from '../helpers/demo-warehouse';
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

// Names chosen so that an unescaped LIKE wildcard ('%', '_') would match more than it should.
const filterDataset = {
  adAccounts: [graphAccount('5', 'Acme Shop'), graphAccount('6', 'Beta_Store 100%')],
  insights: {
    act_5: [
      graphRow({
        account: '5',
        campaign: 'Summer Sale',
        adset: 'Summer | Women',
        ad: 'Video Hero',
        day: '2026-12-01',
        impressions: 1000,
        clicks: 50,
        spend: '100.00',
        purchases: 4,
        revenue: '400.00',
      }),
      graphRow({
        account: '5',
        campaign: 'Summer Sale',
        adset: 'Summer | Men',
        ad: 'Static Promo',
        day: '2026-12-01',
        impressions: 1000,
        clicks: 10,
        spend: '50.00',
        purchases: 1,
        revenue: '50.00',
      }),
      graphRow({
        account: '5',
        campaign: 'Winter Leads',
        ad: 'Lead Form',
        day: '2026-12-01',
        impressions: 2000,
        clicks: 20,
        spend: '40.00',
        leads: 4,
        objective: 'OUTCOME_LEADS',
      }),
      graphRow({
        account: '5',
        campaign: '50% Off_Flash',
        ad: 'Video Flash',
        day: '2026-12-01',
        impressions: 100,
        clicks: 1,
        spend: '10.00',
      }),
    ],
    act_6: [
      graphRow({
        account: '6',
        campaign: 'Summer Beta',
        ad: 'Video Beta',
        day: '2026-12-01',
        impressions: 300,
        clicks: 3,
        spend: '30.00',
        purchases: 1,
        revenue: '60.00',
      }),
    ],
  },
};

describe('filters by name and exclusion, and conditions on the output rows', () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase();
    await loadDataset(t.database.db, filterDataset);
  });
  afterAll(() => t.drop());

  const day = { start: '2026-12-01', end: '2026-12-01' };
  const both = ['5', '6'];
  const spendWhere = async (filters: AnalyticsQueryInput['filters'], accountIds = both) =>
    (await executeQuery(t.database.db, { accountIds }, { metrics: ['spend'], filters, time: { range: day } }))
      .rows[0]?.spend ?? null;

  it('matches campaign names by case-insensitive substring, or excludes them', async () => {
    expect(await spendWhere([{ dimension: 'campaign', op: 'contains', values: ['SUMMER'] }])).toBe(180);
    expect(await spendWhere([{ dimension: 'campaign', op: 'not_contains', values: ['summer'] }])).toBe(50);
    // Any of the values: "winter" or "flash".
    expect(await spendWhere([{ dimension: 'campaign', op: 'contains', values: ['winter', 'flash'] }])).toBe(
      50,
    );
  });

  it('treats % and _ in a name filter as plain characters', async () => {
    expect(await spendWhere([{ dimension: 'campaign', op: 'contains', values: ['%'] }])).toBe(10);
    expect(await spendWhere([{ dimension: 'campaign', op: 'contains', values: ['_'] }])).toBe(10);
    expect(await spendWhere([{ dimension: 'campaign', op: 'not_contains', values: ['%'] }])).toBe(220);
  });

  it('matches ad set and ad names, reading the ad-level rows', async () => {
    expect(await spendWhere([{ dimension: 'adset', op: 'contains', values: ['women'] }])).toBe(100);
    expect(await spendWhere([{ dimension: 'adset', op: 'not_contains', values: ['women'] }])).toBe(130);
    expect(await spendWhere([{ dimension: 'ad', op: 'contains', values: ['video'] }])).toBe(140);
    expect(await spendWhere([{ dimension: 'ad', op: 'not_contains', values: ['video'] }])).toBe(90);
    const { sql } = await executeQuery(
      t.database.db,
      { accountIds: both },
      {
        metrics: ['spend'],
        filters: [{ dimension: 'ad', op: 'contains', values: ['video'] }],
        time: { range: day },
      },
    );
    expect(sql).not.toContain('meta_insights_campaign_daily');
  });

  it('matches account names and narrows the currencies to the accounts read', async () => {
    expect(await spendWhere([{ dimension: 'account', op: 'contains', values: ['beta_store'] }])).toBe(30);
    expect(await spendWhere([{ dimension: 'account', op: 'contains', values: ['%'] }])).toBe(30);
    expect(await spendWhere([{ dimension: 'account', op: 'not_contains', values: ['beta'] }])).toBe(200);
    expect(await spendWhere([{ dimension: 'account', op: 'not_in', values: ['5'] }])).toBe(30);
  });

  it('never matches a name outside the scope', async () => {
    expect(await spendWhere([{ dimension: 'account', op: 'contains', values: ['beta'] }], ['5'])).toBeNull();
    expect(await spendWhere([{ dimension: 'campaign', op: 'contains', values: ['summer'] }], ['5'])).toBe(
      150,
    );
    expect(await spendWhere([{ dimension: 'account', op: 'not_in', values: ['5'] }], ['5'])).toBeNull();
  });

  it('excludes ids and objective codes with not_in', async () => {
    expect(await spendWhere([{ dimension: 'campaign', op: 'not_in', values: ['5-Summer Sale'] }])).toBe(80);
    expect(await spendWhere([{ dimension: 'objective', op: 'not_in', values: ['OUTCOME_LEADS'] }])).toBe(190);
    expect(await spendWhere([{ dimension: 'objective', values: ['OUTCOME_LEADS'] }])).toBe(40);
    await expect(spendWhere([{ dimension: 'objective', op: 'contains', values: ['SALES'] }])).rejects.toThrow(
      /objective/,
    );
  });

  it('keeps only the groups that meet every condition, each operator', async () => {
    const campaignsWhere = async (having: AnalyticsQueryInput['having'], metrics: MetricKey[] = ['roas']) =>
      (
        await executeQuery(
          t.database.db,
          { accountIds: both },
          { metrics, dimensions: ['campaign'], having, time: { range: day } },
        )
      ).rows
        .map((row) => row.campaign)
        .sort();
    // ROAS: Summer Sale 3, Summer Beta 2, Winter Leads 0, 50% Off_Flash 0.
    expect(await campaignsWhere([{ metric: 'roas', op: 'gt', value: 2 }])).toEqual(['Summer Sale']);
    expect(await campaignsWhere([{ metric: 'roas', op: 'gte', value: 2 }])).toEqual([
      'Summer Beta',
      'Summer Sale',
    ]);
    expect(await campaignsWhere([{ metric: 'roas', op: 'lt', value: 2 }])).toEqual([
      '50% Off_Flash',
      'Winter Leads',
    ]);
    expect(await campaignsWhere([{ metric: 'roas', op: 'lte', value: 2 }])).toEqual([
      '50% Off_Flash',
      'Summer Beta',
      'Winter Leads',
    ]);
    // Conditions combine, and may name a metric the answer does not show.
    expect(
      await campaignsWhere(
        [
          { metric: 'clicks', op: 'gte', value: 20 },
          { metric: 'spend', op: 'lt', value: 100 },
        ],
        ['spend'],
      ),
    ).toEqual(['Winter Leads']);
  });

  it('fails a condition whose metric has no value', async () => {
    // Cost per purchase is null without purchases: Winter Leads and 50% Off_Flash drop out.
    const { rows } = await executeQuery(
      t.database.db,
      { accountIds: both },
      {
        metrics: ['cost_per_purchase'],
        dimensions: ['campaign'],
        having: [{ metric: 'cost_per_purchase', op: 'lt', value: 1_000_000 }],
        time: { range: day },
      },
    );
    expect(rows.map((row) => [row.campaign, row.cost_per_purchase])).toEqual([
      ['Summer Beta', 30],
      ['Summer Sale', 30],
    ]);
  });

  it('answers a question naming many metrics, repeats included', async () => {
    const twenty = metricKeys.slice(0, 20);
    const { rows, query } = await executeQuery(
      t.database.db,
      { accountIds: ['5'] },
      { metrics: [...twenty, 'spend', 'ctr'], time: { range: day } },
    );
    expect(query.metrics).toEqual([...new Set([...twenty, 'spend', 'ctr'])]);
    expect(rows[0]).toMatchObject({ spend: 200, clicks: 81, purchases: 5 });
  });
});

describe('calendar groups over the demo accounts', () => {
  let w: DemoWarehouse;
  let scope: Scope;
  beforeAll(async () => {
    w = await demoWarehouse();
    // One account, so money is in one currency and every group is one row.
    scope = { accountIds: w.scope.accountIds.slice(0, 1) };
  }, 120_000);
  afterAll(() => w.drop());

  const range = { start: '2026-07-01', end: '2026-11-19' };
  /** Spend per group by a plain statement over the ad rows, independent of the executor. */
  const plainSpend = async (group: string) => {
    const rows = await queryRows<{ key: string; spend: string }>(
      w.db,
      sql`select ${sql.raw(group)} as key, sum(spend)::text as spend from meta_insights_daily
        where account_id = any(${textArray(scope.accountIds)}) and day between ${range.start}::date and ${range.end}::date
        group by 1`,
    );
    return new Map(rows.map((row) => [String(row.key), Number(row.spend)]));
  };

  it('groups by weekday, Monday first, each the sum of that weekday’s days', async () => {
    const { rows } = await executeQuery(w.db, scope, {
      metrics: ['spend'],
      time: { range, grain: 'weekday' },
    });
    expect(rows.map((row) => row.weekday)).toEqual([
      'Monday',
      'Tuesday',
      'Wednesday',
      'Thursday',
      'Friday',
      'Saturday',
      'Sunday',
    ]);
    const expected = await plainSpend('extract(isodow from day)::int');
    rows.forEach((row, index) => {
      expect(row.spend).toBeCloseTo(expected.get(String(index + 1)) ?? Number.NaN, 6);
    });
    const ranked = await executeQuery(w.db, scope, {
      metrics: ['spend'],
      dimensions: ['weekday'],
      order: { metric: 'spend', direction: 'desc' },
      time: { range },
    });
    const spends = ranked.rows.map((row) => Number(row.spend));
    expect(spends).toEqual([...spends].sort((a, b) => b - a));
  });

  it('groups by quarter, with its first day and a label', async () => {
    const { rows } = await executeQuery(w.db, scope, {
      metrics: ['spend'],
      time: { range, grain: 'quarter' },
    });
    expect(rows.map((row) => [row.quarter, row.day, row.quarter_label])).toEqual([
      ['2026-07-01', '2026-07-01', 'Q3 2026'],
      ['2026-10-01', '2026-10-01', 'Q4 2026'],
    ]);
    const expected = await plainSpend("to_char(date_trunc('quarter', day), 'YYYY-MM-DD')");
    for (const row of rows) expect(row.spend).toBeCloseTo(expected.get(String(row.quarter)) ?? Number.NaN, 6);
  });

  it('labels weeks by their Monday and months by their first day, keeping day', async () => {
    const weeks = await executeQuery(w.db, scope, { metrics: ['spend'], time: { range, grain: 'week' } });
    expect(weeks.rows[0]).toMatchObject({ week: '2026-06-29', day: '2026-06-29' });
    expect(weeks.rows.every((row) => new Date(`${row.week}T00:00:00Z`).getUTCDay() === 1)).toBe(true);
    const months = await executeQuery(w.db, scope, { metrics: ['spend'], time: { range, grain: 'month' } });
    expect(months.rows.map((row) => [row.month, row.day])).toEqual([
      ['2026-07-01', '2026-07-01'],
      ['2026-08-01', '2026-08-01'],
      ['2026-09-01', '2026-09-01'],
      ['2026-10-01', '2026-10-01'],
      ['2026-11-01', '2026-11-01'],
    ]);
  });
});
