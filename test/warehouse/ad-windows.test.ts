import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateDemoData } from '../../src/analyst/demo/generate';
import { executeQuery, type QueryResult } from '../../src/analyst/executor';
import type { AnalyticsQueryInput } from '../../src/analyst/query';
import { queryRows } from '../../src/analyst/warehouse-db';
import type { Db } from '../../src/server/db/client';
import { refreshAdWindows, trailingWindows } from '../../src/warehouse/ad-windows';
import type { GraphDataset } from '../../src/warehouse/graph-types';
import { loadDataset, writePreparedInsights } from '../../src/warehouse/load';
import { prepareInsights } from '../../src/warehouse/prepare';
import { insightSums } from '../../src/warehouse/schema';
import { createTestDatabase, type TestDatabase } from '../helpers/database';

const TODAY = '2026-11-20';
const LAST_DAY = '2026-11-19';
const sumNames = insightSums.map((key) => key.replace(/[A-Z0-9]+/g, (part) => `_${part.toLowerCase()}`));

/** Days back from a day, as the calendar counts them (written out here, not taken from the code under test). */
function daysBefore(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) - n * 86_400_000).toISOString().slice(0, 10);
}

/** Window rows that differ from the plain sum of the ad-day rows over the window's days, in any column. */
async function windowDifferences(db: Db): Promise<string[]> {
  const row = (alias: string) =>
    ['campaign_id', 'adset_id', ...sumNames].map((column) => `${alias}.${column}::text`).join(` || '|' || `);
  const expected = `select h.account_id, h.since, h.until, d.ad_id, max(d.campaign_id) as campaign_id,
      max(d.adset_id) as adset_id, ${sumNames.map((column) => `sum(d.${column}) as ${column}`).join(', ')}
    from meta_insights_windows h
    join meta_insights_daily d on d.account_id = h.account_id and d.day between h.since and h.until
    group by h.account_id, h.since, h.until, d.ad_id`;
  const found = await queryRows<{ key: string }>(
    db,
    sql.raw(`select coalesce(e.ad_id, a.ad_id) || ' ' || coalesce(e.since, a.since)::text || '..' || coalesce(e.until, a.until)::text as key
      from (${expected}) e full join meta_insights_ad_windows a using (account_id, since, until, ad_id)
      where (${row('e')}) is distinct from (${row('a')})
      order by 1 limit 5`),
  );
  return found.map((each) => each.key);
}

async function heldWindows(db: Db, accountId: string): Promise<string[]> {
  const rows = await queryRows<{ since: string; until: string }>(
    db,
    sql`select since::text, until::text from meta_insights_windows where account_id = ${accountId} order by since, until`,
  );
  return rows.map((row) => `${row.since}..${row.until}`);
}

/** Rows the plan read from the windows table, by EXPLAIN ANALYZE of the answer's own statement. */
async function rowsReadFromWindows(db: Db, result: QueryResult): Promise<number> {
  const client = (db as unknown as { $client: { query(text: string, params: unknown[]): Promise<unknown> } })
    .$client;
  const explained = (await client.query(`explain (analyze, format json) ${result.sql}`, result.params)) as {
    rows: Record<string, unknown>[];
  };
  let rows = 0;
  const visit = (node: Record<string, unknown>) => {
    if (node['Relation Name'] === 'meta_insights_ad_windows') rows += Number(node['Actual Rows'] ?? 0);
    for (const child of (node.Plans as Record<string, unknown>[] | undefined) ?? []) visit(child);
  };
  const plan = explained.rows[0]?.['QUERY PLAN'];
  const parsed = (typeof plan === 'string' ? JSON.parse(plan) : plan) as { Plan: Record<string, unknown> }[];
  for (const each of parsed) visit(each.Plan);
  return rows;
}

const sorted = (result: QueryResult) => result.rows.map((row) => JSON.stringify(row)).sort();

describe('ad sums over trailing windows', () => {
  let t: TestDatabase;
  let data: GraphDataset;
  let accountIds: string[];
  const ask = (query: AnalyticsQueryInput, ids = accountIds) =>
    Promise.all([
      executeQuery(t.database.db, { accountIds: ids }, query),
      executeQuery(t.database.db, { accountIds: ids }, query, { rollups: false }),
    ]);

  beforeAll(async () => {
    t = await createTestDatabase();
    data = generateDemoData({ today: TODAY });
    await loadDataset(t.database.db, data);
    accountIds = data.adAccounts.map((account) => account.account_id);
  }, 240_000);
  afterAll(async () => {
    await t?.drop();
  });

  it('holds every declared window, counted back from each account’s last day, with the ad-day sums', async () => {
    const expected = trailingWindows
      .map(({ days, endsBefore }) => {
        const until = daysBefore(LAST_DAY, endsBefore);
        return `${daysBefore(until, days - 1)}..${until}`;
      })
      .sort();
    for (const accountId of accountIds) expect(await heldWindows(t.database.db, accountId)).toEqual(expected);
    expect(await windowDifferences(t.database.db)).toEqual([]);
    const [count] = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from meta_insights_ad_windows`,
    );
    expect(count?.n).toBeGreaterThan(100);
  });

  const questions: [string, AnalyticsQueryInput][] = [
    [
      'ads by CTR, last 7 days',
      {
        metrics: ['ctr', 'spend'],
        dimensions: ['ad'],
        time: { range: { start: '2026-11-13', end: LAST_DAY } },
      },
    ],
    [
      'ad sets by CPA, last 30 days',
      {
        metrics: ['cpa', 'spend'],
        dimensions: ['adset'],
        time: { range: { start: '2026-10-21', end: LAST_DAY } },
      },
    ],
    [
      'ads, fatigue baseline three weeks back',
      {
        metrics: ['frequency', 'ctr', 'hook_rate'],
        dimensions: ['ad'],
        time: { range: { start: '2026-10-23', end: '2026-10-29' } },
        minVolume: { metric: 'impressions', min: 1000 },
      },
    ],
    [
      'creative formats, previous 14 days',
      {
        metrics: ['roas', 'spend'],
        dimensions: ['format'],
        time: { range: { start: '2026-10-23', end: '2026-11-05' } },
      },
    ],
    [
      'ads of one campaign, last 90 days, top 5 by spend',
      {
        metrics: ['spend', 'roas'],
        dimensions: ['ad'],
        filters: [{ dimension: 'campaign', op: 'contains', values: ['a'] }],
        time: { range: { start: '2026-08-22', end: LAST_DAY } },
        order: { metric: 'spend', direction: 'desc' },
        limit: 5,
      },
    ],
  ];

  it.each(questions)('answers %s from the window, exactly as the ad-day rows do', async (_label, query) => {
    const [fast, plain] = await ask(query);
    expect(fast.rows.length).toBeGreaterThan(0);
    expect(sorted(fast)).toEqual(sorted(plain));
    expect(await rowsReadFromWindows(t.database.db, fast)).toBeGreaterThan(0);
  });

  it('never reads a window for a range it does not hold, nor for a daily series', async () => {
    const notHeld: AnalyticsQueryInput = {
      metrics: ['spend'],
      dimensions: ['ad'],
      time: { range: { start: '2026-11-12', end: '2026-11-18' } },
    };
    const daily: AnalyticsQueryInput = {
      metrics: ['spend'],
      dimensions: ['ad'],
      time: { range: { start: '2026-11-13', end: LAST_DAY }, grain: 'day' },
    };
    const [outside, reference] = await ask(notHeld);
    expect(sorted(outside)).toEqual(sorted(reference));
    expect(await rowsReadFromWindows(t.database.db, outside)).toBe(0);
    const [series, plainSeries] = await ask(daily);
    expect(sorted(series)).toEqual(sorted(plainSeries));
    expect(series.sql).not.toContain('meta_insights_ad_windows');
  });

  it('drops the windows a load touches in the same write, answers from the ad rows until they are rebuilt, then from the new windows', async () => {
    const account = data.adAccounts[0];
    if (!account) throw new Error('no demo account');
    // Meta restating the last three days: every number doubles.
    const restated = (data.insights[account.id] ?? [])
      .filter((row) => row.date_start >= '2026-11-17')
      .map((row) => ({ ...row, spend: String(Number(row.spend) * 2) }));
    await writePreparedInsights(t.database.db, account, prepareInsights(restated));
    const held = await heldWindows(t.database.db, account.account_id);
    // Only windows wholly before the restated days stay: they still add up exactly.
    expect(held.length).toBeGreaterThan(0);
    expect(held.every((window) => (window.split('..')[1] as string) < '2026-11-17')).toBe(true);
    expect(await windowDifferences(t.database.db)).toEqual([]);

    const lastWeek: AnalyticsQueryInput = {
      metrics: ['spend'],
      dimensions: ['ad'],
      time: { range: { start: '2026-11-13', end: LAST_DAY } },
    };
    const [before, reference] = await ask(lastWeek);
    expect(sorted(before)).toEqual(sorted(reference));
    // The other account still holds the week, but one account without it sends the whole answer to the ad rows.
    expect(await rowsReadFromWindows(t.database.db, before)).toBe(0);

    expect(await refreshAdWindows(t.database.db)).toEqual([account.account_id]);
    expect(await refreshAdWindows(t.database.db)).toEqual([]);
    expect(await windowDifferences(t.database.db)).toEqual([]);
    const [after, again] = await ask(lastWeek);
    expect(sorted(after)).toEqual(sorted(again));
    // The rebuilt windows carry the restated days, as the ad rows did.
    expect(sorted(after)).toEqual(sorted(before));
    expect(await rowsReadFromWindows(t.database.db, after)).toBeGreaterThan(0);
  });

  it('moves the windows to a new last day once that day is loaded', async () => {
    const account = data.adAccounts[1];
    if (!account) throw new Error('no second demo account');
    const nextDay = (data.insights[account.id] ?? [])
      .filter((row) => row.date_start === LAST_DAY)
      .map((row) => ({ ...row, date_start: TODAY, date_stop: TODAY }));
    await writePreparedInsights(t.database.db, account, prepareInsights(nextDay));
    const newWeek = { start: '2026-11-14', end: TODAY };
    const query: AnalyticsQueryInput = {
      metrics: ['spend', 'cpa'],
      dimensions: ['ad'],
      time: { range: newWeek },
    };
    const [stale, reference] = await ask(query, [account.account_id]);
    expect(sorted(stale)).toEqual(sorted(reference));
    expect(await rowsReadFromWindows(t.database.db, stale)).toBe(0);

    expect(await refreshAdWindows(t.database.db, [account.account_id])).toEqual([account.account_id]);
    expect(await heldWindows(t.database.db, account.account_id)).toContain(
      `${newWeek.start}..${newWeek.end}`,
    );
    const [fresh, again] = await ask(query, [account.account_id]);
    expect(sorted(fresh)).toEqual(sorted(again));
    expect(await rowsReadFromWindows(t.database.db, fresh)).toBeGreaterThan(0);
    expect(await windowDifferences(t.database.db)).toEqual([]);
  });
});
