import { getTableColumns, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { lockAccountRollups } from './account-lock';
import type { WarehouseWriter } from './load';
import {
  insightSums,
  metaInsightsAccountDaily,
  metaInsightsAdWindows,
  metaInsightsDaily,
  metaInsightsWindows,
} from './schema';
import { textArray } from './sql-arrays';
import { bare, insertSelect } from './upsert-sql';

/** A run of days counted back from an account's last stored day: it ends `endsBefore` days before it. */
export interface TrailingWindow {
  days: number;
  endsBefore: number;
}

/**
 * The windows held per ad. Questions default to the last 7, 14, 28 or 30 days ending yesterday,
 * comparisons read the same length just before, fatigue sets a week or two against the same
 * length three weeks back, and reports read the last 7 and 30 days: these are the ad-level ranges
 * asked most, and each is otherwise one ad-day row per ad and day.
 */
export const trailingWindows: readonly TrailingWindow[] = [
  { days: 7, endsBefore: 0 },
  { days: 7, endsBefore: 7 },
  { days: 7, endsBefore: 21 },
  { days: 14, endsBefore: 0 },
  { days: 14, endsBefore: 14 },
  { days: 14, endsBefore: 21 },
  { days: 28, endsBefore: 0 },
  { days: 28, endsBefore: 28 },
  { days: 30, endsBefore: 0 },
  { days: 30, endsBefore: 30 },
  { days: 60, endsBefore: 0 },
  { days: 90, endsBefore: 0 },
];

/** Lengths a window can have: a range of any other length is never looked up. */
export const windowLengths: ReadonlySet<number> = new Set(trailingWindows.map((window) => window.days));

export const AD_WINDOWS_TABLE = 'meta_insights_ad_windows';
/** The columns a question may read from a window: no `day`, so nothing grouped or cut by day. */
export const windowColumns: ReadonlySet<string> = new Set(
  Object.values(getTableColumns(metaInsightsAdWindows)).map((column) => column.name),
);
export const WINDOWS_HELD_TABLE = 'meta_insights_windows';

/**
 * The points (days back from the last day) where a window starts or ends, ascending. The days
 * between two neighbours form a segment that lies wholly inside or outside every window, so each
 * ad-day row is read once, into its segment, and a window is the sum of its segments.
 */
const cuts = [
  ...new Set(trailingWindows.flatMap(({ days, endsBefore }) => [endsBefore, endsBefore + days])),
].sort((a, b) => a - b);
const span = cuts.at(-1) ?? 0;

/** A window's segments as `width_bucket` numbers them (segment k holds days back cuts[k-1]..cuts[k]-1). */
function segmentsOf({ days, endsBefore }: TrailingWindow): { first: number; last: number } {
  return { first: cuts.indexOf(endsBefore) + 1, last: cuts.indexOf(endsBefore + days) };
}

/**
 * Drops the windows that the days from `first` on touch: called in the loader's transaction after
 * it wrote those days, under the account's roll-up lock, so no answer reads a window whose rows
 * changed. Windows wholly before `first` keep exact sums and stay.
 */
export async function dropWindowsFrom(db: WarehouseWriter, accountId: string, first: string): Promise<void> {
  for (const table of [metaInsightsAdWindows, metaInsightsWindows])
    await db.execute(
      sql`delete from ${table} where ${table.accountId} = ${accountId} and ${table.until} >= ${first}::date`,
    );
}

/**
 * Builds the windows of every account (or of these) whose windows do not end on its last stored
 * day: after a load or a sync, and at start for a warehouse loaded before the windows existed.
 * Each account in its own transaction under its roll-up lock, so a load running beside it either
 * finishes first (and the rebuild reads its rows) or drops what the rebuild wrote. Returns the
 * accounts rebuilt.
 */
export async function refreshAdWindows(
  db: WarehouseWriter,
  accountIds?: readonly string[],
): Promise<string[]> {
  const stale = await staleAccounts(db, accountIds);
  for (const accountId of stale) {
    await db.transaction(async (tx) => {
      await lockAccountRollups(tx, accountId);
      const [current] = await staleAccounts(tx, [accountId]);
      if (current) await rebuildWindows(tx, accountId);
    });
  }
  return stale;
}

/** Accounts with ad rows whose windows are missing or end before their last stored day. */
async function staleAccounts(db: WarehouseWriter, accountIds?: readonly string[]): Promise<string[]> {
  const days = metaInsightsAccountDaily;
  const held = metaInsightsWindows;
  const only = accountIds ? sql`where ${days.accountId} = any(${textArray(accountIds)})` : sql``;
  const result = await db.execute(
    sql`select ${days.accountId} as account_id from ${days} ${only}
      group by ${days.accountId}
      having not exists (select 1 from ${held}
        where ${held.accountId} = ${days.accountId} and ${held.until} = max(${days.day}))`,
  );
  return (result as unknown as { rows: { account_id: string }[] }).rows.map((row) => row.account_id);
}

/** Replaces one account's windows with those ending on its last stored day. */
async function rebuildWindows(db: WarehouseWriter, accountId: string): Promise<void> {
  const into = getTableColumns(metaInsightsAdWindows) as Record<string, PgColumn>;
  const held = metaInsightsWindows;
  const ads = metaInsightsDaily;
  const sumKeys = insightSums.map((key) => bare(ads[key]));
  await db.execute(
    sql`delete from ${metaInsightsAdWindows} where ${metaInsightsAdWindows.accountId} = ${accountId}`,
  );
  await db.execute(sql`delete from ${held} where ${held.accountId} = ${accountId}`);
  const last = sql`(select max(${metaInsightsAccountDaily.day}) from ${metaInsightsAccountDaily}
    where ${metaInsightsAccountDaily.accountId} = ${accountId})`;
  // Each window as (days, ends before, first segment, last segment); its dates follow from the last day.
  const windows = sql.join(
    trailingWindows.map((window) => {
      const { first, last: lastSegment } = segmentsOf(window);
      return sql`(${sql.raw(String(window.days))}, ${sql.raw(String(window.endsBefore))}, ${sql.raw(String(first))}, ${sql.raw(String(lastSegment))})`;
    }),
    sql`, `,
  );
  const since = sql`(l.last - (w.ends_before + w.days - 1))`;
  const until = sql`(l.last - w.ends_before)`;
  await db.execute(
    sql`insert into ${held} (${bare(held.accountId)}, ${bare(held.since)}, ${bare(held.until)})
      select ${accountId}, ${since}, ${until}
      from (select ${last} as last) l cross join (values ${windows}) as w(days, ends_before, first_segment, last_segment)
      where l.last is not null`,
  );
  const segments = sql`select ${bare(ads.adId)}, max(${bare(ads.campaignId)}) as campaign_id, max(${bare(ads.adsetId)}) as adset_id,
      width_bucket(l.last - ${bare(ads.day)}, ${`{${cuts.join(',')}}`}::int[]) as segment,
      ${sql.join(
        sumKeys.map((key) => sql`sum(${key}) as ${key}`),
        sql`, `,
      )}
    from ${ads} cross join (select ${last} as last) l
    where ${bare(ads.accountId)} = ${accountId}
      and ${bare(ads.day)} between l.last - ${sql.raw(String(span - 1))} and l.last
    group by ${bare(ads.adId)}, segment`;
  await db.execute(
    insertSelect(
      metaInsightsAdWindows,
      [
        [into.accountId as PgColumn, sql`${accountId}`],
        [into.since as PgColumn, sql`${since}`],
        [into.until as PgColumn, sql`${until}`],
        [into.adId as PgColumn, sql`s.ad_id`],
        [into.campaignId as PgColumn, sql`max(s.campaign_id)`],
        [into.adsetId as PgColumn, sql`max(s.adset_id)`],
        ...insightSums.map((key): [PgColumn, ReturnType<typeof sql>] => [
          into[key] as PgColumn,
          sql`sum(s.${bare(ads[key])})`,
        ]),
      ],
      sql`from (${segments}) s
        cross join (select ${last} as last) l
        join (values ${windows}) as w(days, ends_before, first_segment, last_segment)
          on s.segment between w.first_segment and w.last_segment
        group by w.days, w.ends_before, l.last, s.ad_id`,
    ),
  );
}
