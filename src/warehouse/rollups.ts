import { and, between, eq, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { WarehouseWriter } from './load';
import { insightSums, metaInsightsCampaignDaily, metaInsightsDaily } from './schema';
import { insertSelect } from './upsert-sql';

/**
 * Rebuilds every roll-up for the days just loaded, from the ad-day rows. Called inside the
 * loader's transaction, after the rows are written, so an answer never mixes grains.
 */
export async function refreshRollups(
  db: WarehouseWriter,
  accountId: string,
  first: string,
  last: string,
): Promise<void> {
  await refreshCampaignRollup(db, accountId, first, last);
}

/** Rebuilds the campaign-day sums for the days just loaded, from the ad-level rows. */
async function refreshCampaignRollup(
  db: WarehouseWriter,
  accountId: string,
  first: string,
  last: string,
): Promise<void> {
  const rollup = metaInsightsCampaignDaily;
  const daily = metaInsightsDaily;
  await db
    .delete(rollup)
    .where(
      and(eq(rollup.accountId, accountId), between(rollup.day, sql`${first}::date`, sql`${last}::date`)),
    );
  await db.execute(
    insertSelect(
      rollup,
      [
        [rollup.campaignId, daily.campaignId],
        [rollup.day, daily.day],
        [rollup.accountId, daily.accountId],
        ...insightSums.map((key): [PgColumn, SQL] => [rollup[key], sql`sum(${daily[key]})`]),
      ],
      sql`from ${daily}
        where ${daily.accountId} = ${accountId} and ${daily.day} between ${first}::date and ${last}::date
        group by ${daily.campaignId}, ${daily.day}, ${daily.accountId}`,
    ),
  );
}
