import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateDemoData } from '../../src/analyst/demo/generate';
import { queryRows } from '../../src/analyst/warehouse-db';
import type { Db } from '../../src/server/db/client';
import type { GraphDataset, GraphInsightRow } from '../../src/warehouse/graph-types';
import { loadDataset } from '../../src/warehouse/load';
import { backfillRollups, refreshRollups, rollups } from '../../src/warehouse/rollups';
import { insightSums } from '../../src/warehouse/schema';
import { createTestDatabase, type TestDatabase } from '../helpers/database';

const TODAY = '2026-11-20';

// Written out here rather than taken from the module under test: the expected rows are the plain
// GROUP BY of the ad-day rows, whatever source the refresh reads.
const levelColumns = {
  account: ['account_id'],
  campaign: ['campaign_id', 'account_id'],
  ad: ['ad_id', 'account_id', 'campaign_id', 'adset_id'],
} as const;
const periodOf = {
  day: 'day',
  week: "date_trunc('week', day)::date",
  month: "date_trunc('month', day)::date",
};
const sumNames = insightSums.map((key) => key.replace(/[A-Z0-9]+/g, (part) => `_${part.toLowerCase()}`));

interface Mismatch {
  key: string;
  expected: string | null;
  actual: string | null;
}

/**
 * Every roll-up row that differs from the GROUP BY of the ad-day rows at its level and period, in
 * any sum (compared as text, so 12.50 and 12.5 differ), or exists on one side only; and how many
 * rows each table holds.
 */
async function rollupDifferences(db: Db): Promise<{ mismatches: Record<string, Mismatch[]>; rows: number }> {
  const mismatches: Record<string, Mismatch[]> = {};
  let rows = 0;
  for (const { table, level, grain, source } of rollups) {
    if (!source) continue;
    const keys = levelColumns[level];
    const keyList = [...keys, 'day'].join(', ');
    const row = (alias: string) =>
      `${[...keys, 'day', ...sumNames].map((column) => `${alias}.${column}::text`).join(` || '|' || `)}`;
    const expected = `select ${keys.join(', ')}, ${periodOf[grain]} as day,
      ${sumNames.map((column) => `sum(${column}) as ${column}`).join(', ')}
      from meta_insights_daily group by ${keys.join(', ')}, ${periodOf[grain]}`;
    const found = await queryRows<{ key: string; expected: string | null; actual: string | null }>(
      db,
      sql.raw(`select coalesce(${keys.map((k) => `e.${k}`).join(` || '/' || `)}, ${keys.map((k) => `a.${k}`).join(` || '/' || `)}) || ' ' || coalesce(e.day, a.day)::text as key,
          ${row('e')} as expected, ${row('a')} as actual
        from (${expected}) e full join ${table} a using (${keyList})
        where (${row('e')}) is distinct from (${row('a')})
        order by 1 limit 5`),
    );
    if (found.length) mismatches[table] = found;
    const [count] = await queryRows<{ n: number }>(db, sql.raw(`select count(*)::int as n from ${table}`));
    rows += count?.n ?? 0;
  }
  return { mismatches, rows };
}

async function expectRollupsMatch(db: Db): Promise<void> {
  const { mismatches, rows } = await rollupDifferences(db);
  expect(mismatches).toEqual({});
  expect(rows).toBeGreaterThan(0);
}

/** The dataset's rows for one account and days first..last, with every count and amount changed. */
function changedChunk(dataset: GraphDataset, first: string, last: string): GraphInsightRow[] {
  const [account] = dataset.adAccounts;
  const rows = dataset.insights[account?.id ?? ''] ?? [];
  return rows
    .filter((row) => row.date_start >= first && row.date_start <= last)
    .map((row) => ({
      ...row,
      impressions: String(Number(row.impressions) + 7),
      clicks: String(Number(row.clicks) + 3),
      spend: (Number(row.spend) + 1.37).toFixed(2),
    }));
}

function reload(dataset: GraphDataset, rows: GraphInsightRow[]): GraphDataset {
  const [account] = dataset.adAccounts;
  if (!account) throw new Error('the dataset has no account');
  return { adAccounts: [account], insights: { [account.id]: rows } };
}

async function spendOf(db: Db, query: string): Promise<string | undefined> {
  const [row] = await queryRows<{ spend: string }>(db, sql.raw(query));
  return row?.spend;
}

describe('roll-ups after loading the demo accounts', () => {
  let testDatabase: TestDatabase;
  let db: Db;
  let dataset: GraphDataset;
  let accountId: string;

  beforeAll(async () => {
    testDatabase = await createTestDatabase();
    db = testDatabase.database.db;
    dataset = generateDemoData({ today: TODAY, breakdownDays: 0 });
    accountId = dataset.adAccounts[0]?.account_id ?? '';
    await loadDataset(db, dataset);
  });
  afterAll(() => testDatabase.drop());

  it('declares the ad-day table and every roll-up, each source before the tables built from it', () => {
    expect(rollups.map(({ level, grain }) => `${level}/${grain}`).sort()).toEqual(
      ['account', 'ad', 'campaign'].flatMap((level) => ['day', 'month', 'week'].map((g) => `${level}/${g}`)),
    );
    const seen = new Set<string>();
    for (const { table, source } of rollups) {
      if (source) expect(seen).toContain(source);
      seen.add(table);
    }
  });

  it('holds exactly the grouped ad-day sums in every table', async () => {
    await expectRollupsMatch(db);
  });

  it('still matches after a mid-month chunk is re-loaded with new numbers and one ad left out', async () => {
    const chunk = changedChunk(dataset, '2026-10-10', '2026-10-20');
    const dropped = chunk[0]?.ad_id;
    await loadDataset(
      db,
      reload(
        dataset,
        chunk.filter((row) => row.ad_id !== dropped),
      ),
    );
    await expectRollupsMatch(db);
    // The changed numbers reached the month, not only the days loaded.
    const october = `select spend::text as spend from meta_insights_account_monthly
      where account_id = '${accountId}' and day = '2026-10-01'`;
    const octoberDays = `select sum(spend)::text as spend from meta_insights_daily
      where account_id = '${accountId}' and day between '2026-10-01' and '2026-10-31'`;
    expect(await spendOf(db, october)).toBe(await spendOf(db, octoberDays));
  });

  it('forgets the sums of ad rows that are gone once their days are refreshed', async () => {
    const [ad] = await queryRows<{ ad_id: string }>(
      db,
      sql.raw(`select ad_id from meta_insights_daily where account_id = '${accountId}'
        and day between '2026-11-02' and '2026-11-08' group by ad_id order by ad_id limit 1`),
    );
    const adId = ad?.ad_id ?? '';
    // A re-sync that replaces a week (Monday 2 to Sunday 8 November) without this ad.
    await db.transaction(async (tx) => {
      await tx.execute(
        sql`delete from meta_insights_daily where ad_id = ${adId} and day between '2026-11-02' and '2026-11-08'`,
      );
      await refreshRollups(tx, accountId, '2026-11-02', '2026-11-08');
    });
    await expectRollupsMatch(db);
    const week = await queryRows(
      db,
      sql`select 1 from meta_insights_ad_weekly where ad_id = ${adId} and day = '2026-11-02'`,
    );
    expect(week).toEqual([]);
  });

  it('rebuilds a week that spans two months whole, and each month on its own side', async () => {
    // Monday 28 September to Sunday 4 October 2026: only Thursday 1 October is re-loaded.
    await loadDataset(db, reload(dataset, changedChunk(dataset, '2026-10-01', '2026-10-01')));
    await expectRollupsMatch(db);
    const week = `select spend::text as spend from meta_insights_account_weekly
      where account_id = '${accountId}' and day = '2026-09-28'`;
    const weekDays = `select sum(spend)::text as spend from meta_insights_daily
      where account_id = '${accountId}' and day between '2026-09-28' and '2026-10-04'`;
    expect(await spendOf(db, week)).toBe(await spendOf(db, weekDays));
    const septemberDays = await spendOf(
      db,
      `select sum(spend)::text as spend from meta_insights_daily
        where account_id = '${accountId}' and day between '2026-09-01' and '2026-09-30'`,
    );
    expect(
      await spendOf(
        db,
        `select spend::text as spend from meta_insights_account_monthly
          where account_id = '${accountId}' and day = '2026-09-01'`,
      ),
    ).toBe(septemberDays);
  });

  it('stays right when two loads of different days in the same month run at once', async () => {
    await Promise.all([
      loadDataset(db, reload(dataset, changedChunk(dataset, '2026-10-05', '2026-10-08'))),
      loadDataset(db, reload(dataset, changedChunk(dataset, '2026-10-20', '2026-10-23'))),
    ]);
    await expectRollupsMatch(db);
  });

  it('lets two refreshes of the same month wait for each other rather than collide', async () => {
    await Promise.all(
      [0, 1, 2].map((n) =>
        db.transaction((tx) => refreshRollups(tx, accountId, `2026-10-1${n}`, `2026-10-1${n}`)),
      ),
    );
    await expectRollupsMatch(db);
  });
});

describe('a warehouse loaded before the roll-up tables existed', () => {
  let testDatabase: TestDatabase;
  let db: Db;
  let dataset: GraphDataset;

  beforeAll(async () => {
    testDatabase = await createTestDatabase();
    db = testDatabase.database.db;
    dataset = generateDemoData({ today: TODAY, breakdownDays: 0 });
    await loadDataset(db, dataset);
  });
  afterAll(() => testDatabase.drop());

  /** Empties the tables the roll-up migration added, as they are right after it ran. */
  async function forgetNewRollups(): Promise<void> {
    for (const { table, source } of rollups) {
      if (source && table !== 'meta_insights_campaign_daily')
        await db.execute(sql.raw(`delete from ${table}`));
    }
  }

  it('gets every roll-up of its whole history back from a backfill, which then has nothing to do', async () => {
    await forgetNewRollups();
    const filled = await backfillRollups(db);
    expect(filled.sort()).toEqual(dataset.adAccounts.map((account) => account.account_id).sort());
    await expectRollupsMatch(db);
    expect(await backfillRollups(db)).toEqual([]);
  });

  it('gets them back from the next load of a few days, for the account loaded', async () => {
    await forgetNewRollups();
    await loadDataset(db, reload(dataset, changedChunk(dataset, '2026-11-17', '2026-11-19')));
    const accountId = dataset.adAccounts[0]?.account_id;
    const [months] = await queryRows<{ n: number }>(
      db,
      sql`select count(distinct day)::int as n from meta_insights_account_monthly where account_id = ${accountId}`,
    );
    // 180 days back from 20 November touch seven months.
    expect(months?.n).toBe(7);
    await backfillRollups(db);
    await expectRollupsMatch(db);
  });
});

describe('roll-ups of a slice of the large account', () => {
  let testDatabase: TestDatabase;
  let db: Db;

  beforeAll(async () => {
    testDatabase = await createTestDatabase();
    db = testDatabase.database.db;
  });
  afterAll(() => testDatabase.drop());

  it('match the grouped ad-day sums after loading 40 days in two overlapping chunks', async () => {
    const dataset = generateDemoData({ today: TODAY, size: 'large', days: 40, breakdownDays: 0 });
    const [account] = dataset.adAccounts;
    const rows = dataset.insights[account?.id ?? ''] ?? [];
    await loadDataset(
      db,
      reload(
        dataset,
        rows.filter((row) => row.date_start <= '2026-10-31'),
      ),
    );
    await loadDataset(
      db,
      reload(
        dataset,
        rows.filter((row) => row.date_start >= '2026-10-28'),
      ),
    );
    await expectRollupsMatch(db);
  });
});
