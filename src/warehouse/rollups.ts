import { eq, getTableColumns, getTableName, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { lockAccountRollups } from './account-lock';
import { dropWindowsFrom } from './ad-windows';
import type { WarehouseWriter } from './load';
import {
  insightSums,
  metaAdAccounts,
  metaInsightsAccountDaily,
  metaInsightsAccountMonthly,
  metaInsightsAccountWeekly,
  metaInsightsAdMonthly,
  metaInsightsAdWeekly,
  metaInsightsCampaignDaily,
  metaInsightsCampaignMonthly,
  metaInsightsCampaignWeekly,
  metaInsightsDaily,
} from './schema';
import { insertSelect } from './upsert-sql';

export type RollupLevel = 'account' | 'campaign' | 'ad';
export type RollupGrain = 'day' | 'week' | 'month';
export type RollupTable =
  | 'meta_insights_daily'
  | 'meta_insights_account_daily'
  | 'meta_insights_account_weekly'
  | 'meta_insights_account_monthly'
  | 'meta_insights_campaign_daily'
  | 'meta_insights_campaign_weekly'
  | 'meta_insights_campaign_monthly'
  | 'meta_insights_ad_weekly'
  | 'meta_insights_ad_monthly';

/**
 * One table of ad-day sums at a level and grain. In week and month tables `day` is the period's
 * first day (weeks start on Monday). Every table carries account_id and day; campaign tables add
 * campaign_id; ad tables add ad_id, campaign_id and adset_id; all carry every `insightSums` column.
 */
export interface Rollup {
  table: RollupTable;
  level: RollupLevel;
  grain: RollupGrain;
  /** The table it is rebuilt from; null for the ad-day rows the loader writes. */
  source: RollupTable | null;
  /**
   * Months only: the same level's week table. A month then reads its whole weeks from it and only
   * the days of the weeks that straddle two months from `source`, about a third of the rows.
   */
  weeks?: RollupTable;
}

/**
 * Every insights table at ad grain or coarser, the ad-day base table included, in refresh order
 * (a table's sources come before it). Each reads the smallest table that holds its level: the
 * account days read the campaign days (a tenth of the time of reading the ad days), and weeks and
 * months read their level's day table.
 */
export const rollups: readonly Rollup[] = [
  { table: 'meta_insights_daily', level: 'ad', grain: 'day', source: null },
  { table: 'meta_insights_campaign_daily', level: 'campaign', grain: 'day', source: 'meta_insights_daily' },
  {
    table: 'meta_insights_account_daily',
    level: 'account',
    grain: 'day',
    source: 'meta_insights_campaign_daily',
  },
  { table: 'meta_insights_ad_weekly', level: 'ad', grain: 'week', source: 'meta_insights_daily' },
  // Only the ad months go through weeks: the campaign and account day tables are small enough
  // that reading whole weeks saved nothing measurable.
  {
    table: 'meta_insights_ad_monthly',
    level: 'ad',
    grain: 'month',
    source: 'meta_insights_daily',
    weeks: 'meta_insights_ad_weekly',
  },
  {
    table: 'meta_insights_campaign_weekly',
    level: 'campaign',
    grain: 'week',
    source: 'meta_insights_campaign_daily',
  },
  {
    table: 'meta_insights_campaign_monthly',
    level: 'campaign',
    grain: 'month',
    source: 'meta_insights_campaign_daily',
  },
  {
    table: 'meta_insights_account_weekly',
    level: 'account',
    grain: 'week',
    source: 'meta_insights_account_daily',
  },
  {
    table: 'meta_insights_account_monthly',
    level: 'account',
    grain: 'month',
    source: 'meta_insights_account_daily',
  },
];

/**
 * The column a level groups by, and the parent columns its rows carry. Meta never moves an ad to
 * another ad set nor a campaign to another account, so a parent is the same on every row of a
 * group; taking max() rather than grouping by it means a row that ever disagreed could not make
 * the roll-up's primary key fail the load.
 */
const levelColumns: Record<RollupLevel, { id: string; parents: readonly string[] }> = {
  account: { id: 'accountId', parents: [] },
  campaign: { id: 'campaignId', parents: ['accountId'] },
  ad: { id: 'adId', parents: ['accountId', 'campaignId', 'adsetId'] },
};

/** The ad-day table and every roll-up of it, as drizzle tables (for statements and statistics). */
export const insightTables: readonly PgTable[] = [
  metaInsightsDaily,
  metaInsightsCampaignDaily,
  metaInsightsAccountDaily,
  metaInsightsAccountWeekly,
  metaInsightsAccountMonthly,
  metaInsightsCampaignWeekly,
  metaInsightsCampaignMonthly,
  metaInsightsAdWeekly,
  metaInsightsAdMonthly,
];

const pgTables = new Map<string, PgTable>(insightTables.map((table) => [getTableName(table), table]));

function tableNamed(name: RollupTable): PgTable {
  const table = pgTables.get(name);
  if (!table) throw new Error(`No warehouse table named ${name}`);
  return table;
}

/** A column of a warehouse table by its drizzle key; every roll-up shares the keys it is read by. */
function columnOf(name: RollupTable): (key: string) => PgColumn {
  const columns = getTableColumns(tableNamed(name)) as Record<string, PgColumn | undefined>;
  return (key) => {
    const column = columns[key];
    if (!column) throw new Error(`${name} has no column ${key}`);
    return column;
  };
}

/**
 * The first day of the period a date falls in. Through `timestamp` (no time zone) so the result
 * never depends on the session's time zone; `date_trunc('week')` starts weeks on Monday.
 */
function periodStart(grain: RollupGrain, day: SQL | PgColumn): SQL {
  // The grain is written into the text, not bound: GROUP BY must see the same expression as SELECT.
  return grain === 'day' ? sql`${day}` : sql`date_trunc('${sql.raw(grain)}', ${day}::timestamp)::date`;
}

/** The last day of the period a date falls in. */
function periodEnd(grain: RollupGrain, day: SQL): SQL {
  if (grain === 'day') return day;
  return sql`(date_trunc('${sql.raw(grain)}', ${day}::timestamp) + interval '1 ${sql.raw(grain)}' - interval '1 day')::date`;
}

/** True when the week that starts on this Monday ends in the next month. */
function straddlesMonths(monday: SQL | PgColumn): SQL {
  return sql`${periodStart('month', monday)} <> ${periodStart('month', sql`(${monday} + 6)`)}`;
}

/**
 * The days from start to end whose week straddles two months, as an array: listed, the index
 * finds them, where a condition on each row would read the whole months.
 */
function straddlingDays(start: SQL, end: SQL): SQL {
  return sql`array(select g::date from generate_series(${start}::timestamp, ${end}::timestamp, interval '1 day') g
    where ${straddlesMonths(periodStart('week', sql`g`))})`;
}

/**
 * Rebuilds every roll-up for the periods that days first..last of one account touch: those days
 * in the day tables, and whole weeks and months in the others, so a period always equals the sum
 * of its days. Called inside the loader's transaction, after the ad-day rows are written, so an
 * answer never mixes grains. Delete-then-insert, so a period whose rows went away loses its sums.
 */
export async function refreshRollups(
  db: WarehouseWriter,
  accountId: string,
  first: string,
  last: string,
): Promise<void> {
  await lockAccountRollups(db, accountId);
  const range = (await wholeHistoryIfMissing(db, accountId)) ?? { first, last };
  await rebuildEvery(db, accountId, range);
  await dropWindowsFrom(db, accountId, range.first);
}

async function rebuildEvery(
  db: WarehouseWriter,
  accountId: string,
  { first, last }: { first: string; last: string },
): Promise<void> {
  for (const rollup of rollups) await rebuildRollup(db, rollup, accountId, first, last);
}

/**
 * Every day of an account's ad rows when its roll-ups are missing: the tables came after its
 * first loads (a warehouse from before them), and the weeks and months are read from the day
 * roll-ups, which must then hold every day. One index probe otherwise.
 */
async function wholeHistoryIfMissing(
  db: WarehouseWriter,
  accountId: string,
): Promise<{ first: string; last: string } | undefined> {
  const days = metaInsightsAccountDaily;
  const [rolled] = await db
    .select({ day: days.day })
    .from(days)
    .where(eq(days.accountId, accountId))
    .limit(1);
  if (rolled) return undefined;
  const ads = metaInsightsDaily;
  const [span] = await db
    .select({
      first: sql<string | null>`min(${ads.day})::text`,
      last: sql<string | null>`max(${ads.day})::text`,
    })
    .from(ads)
    .where(eq(ads.accountId, accountId));
  return span?.first && span.last ? { first: span.first, last: span.last } : undefined;
}

/**
 * Builds the roll-ups of every account whose ad rows have none (a warehouse loaded before the
 * roll-up tables existed), each in its own transaction. Safe to run on every start: a warehouse
 * that has them costs one query.
 */
export async function backfillRollups(db: WarehouseWriter): Promise<string[]> {
  const ads = metaInsightsDaily;
  const days = metaInsightsAccountDaily;
  // From the accounts table, so each check is an index probe rather than a scan of every ad row.
  const missing = await db
    .select({ accountId: metaAdAccounts.id })
    .from(metaAdAccounts)
    .where(
      sql`exists (select 1 from ${ads} where ${ads.accountId} = ${metaAdAccounts.id})
        and not exists (select 1 from ${days} where ${days.accountId} = ${metaAdAccounts.id})`,
    );
  for (const { accountId } of missing) {
    await db.transaction(async (tx) => {
      await lockAccountRollups(tx, accountId);
      const range = await wholeHistoryIfMissing(tx, accountId);
      if (range) await rebuildEvery(tx, accountId, range);
    });
  }
  return missing.map(({ accountId }) => accountId);
}

/** Rebuilds one roll-up's periods that days first..last touch, from its sources. */
export async function rebuildRollup(
  db: WarehouseWriter,
  rollup: Rollup,
  accountId: string,
  first: string,
  last: string,
): Promise<void> {
  const { table, level, grain } = rollup;
  if (!rollup.source) return;
  const into = columnOf(table);
  const start = periodStart(grain, sql`${first}::date`);
  const end = periodEnd(grain, sql`${last}::date`);
  await db.execute(
    sql`delete from ${tableNamed(table)} where ${into('accountId')} = ${accountId} and ${into('day')} between ${start} and ${end}`,
  );
  const { id, parents } = levelColumns[level];
  const carried = [id, 'day', ...parents, ...insightSums];
  // Rows at the source's grain, with the columns named as in every table, for one account.
  const rowsOf = (source: RollupTable, where: (day: PgColumn) => SQL) => {
    const from = columnOf(source);
    return sql`select ${sql.join(
      carried.map((key) => from(key)),
      sql`, `,
    )} from ${tableNamed(source)} where ${from('accountId')} = ${accountId} and ${where(from('day'))}`;
  };
  const rows = rollup.weeks
    ? sql`${rowsOf(rollup.weeks, (day) => sql`${day} between ${start} and ${end} and not ${straddlesMonths(day)}`)}
      union all ${rowsOf(rollup.source, (day) => sql`${day} = any(${straddlingDays(start, end)})`)}`
    : rowsOf(rollup.source, (day) => sql`${day} between ${start} and ${end}`);
  const column = (key: string) => sql`${sql.identifier(into(key).name)}`;
  const period = periodStart(grain, column('day'));
  await db.execute(
    insertSelect(
      tableNamed(table),
      [
        [into(id), column(id)],
        [into('day'), period],
        ...parents.map((key): [PgColumn, SQL] => [into(key), sql`max(${column(key)})`]),
        ...insightSums.map((key): [PgColumn, SQL] => [into(key), sql`sum(${column(key)})`]),
      ],
      sql`from (${rows}) as source group by ${column(id)}, ${period}`,
    ),
  );
}
