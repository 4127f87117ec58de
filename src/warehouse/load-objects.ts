import { type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { budgetInMajorUnit } from './currency-offset';
import type { GraphObjects } from './graph-types';
import type { WarehouseWriter } from './load';
import { metaAds, metaAdsets, metaCampaigns } from './schema';
import { arrayLiteral } from './sql-arrays';
import { bare, insertUnnest, onConflictUpdate } from './upsert-sql';

const text = (values: readonly (string | null | undefined)[]) =>
  sql`${arrayLiteral(values.map((v) => v ?? null))}::text[]`;
const numeric = (values: readonly (string | null)[]) => sql`${arrayLiteral(values)}::numeric[]`;
const time = (values: readonly (string | undefined)[]) =>
  sql`${arrayLiteral(values.map((v) => v ?? null))}::timestamptz[]`;

/**
 * Upserts an account's campaigns, ad sets and ads with their settings, as the objects endpoints
 * returned them just now. Budgets are stored in the currency's major unit. Every object read is
 * stamped with `settings_at`, so a setting of null on it means Meta has none, not "never read".
 */
export async function writeObjects(
  db: WarehouseWriter,
  accountId: string,
  currency: string,
  objects: GraphObjects,
): Promise<void> {
  const budget = (minor: string | undefined) => budgetInMajorUnit(minor, currency);
  const { campaigns, adsets, ads } = objects;
  const account = (count: number) => text(Array.from({ length: count }, () => accountId));
  const stamp = sql`${bare(metaCampaigns.settingsAt)} = now()`;
  await db.transaction(async (tx) => {
    if (campaigns.length > 0) {
      const c = metaCampaigns;
      const pairs: [PgColumn, SQL][] = [
        [c.id, text(campaigns.map((x) => x.id))],
        [c.accountId, account(campaigns.length)],
        [c.name, text(campaigns.map((x) => x.name))],
        [c.objective, text(campaigns.map((x) => x.objective))],
        [c.status, text(campaigns.map((x) => x.status))],
        [c.effectiveStatus, text(campaigns.map((x) => x.effective_status))],
        [c.dailyBudget, numeric(campaigns.map((x) => budget(x.daily_budget)))],
        [c.lifetimeBudget, numeric(campaigns.map((x) => budget(x.lifetime_budget)))],
        [c.bidStrategy, text(campaigns.map((x) => x.bid_strategy))],
        [c.startTime, time(campaigns.map((x) => x.start_time))],
        [c.stopTime, time(campaigns.map((x) => x.stop_time))],
      ];
      await tx.execute(
        sql`${insertUnnest(c, pairs)} ${onConflictUpdate(
          [c.id],
          pairs.slice(1).map(([col]) => col),
          [stamp],
        )}`,
      );
    }
    if (adsets.length > 0) {
      const s = metaAdsets;
      const pairs: [PgColumn, SQL][] = [
        [s.id, text(adsets.map((x) => x.id))],
        [s.accountId, account(adsets.length)],
        [s.campaignId, text(adsets.map((x) => x.campaign_id))],
        [s.name, text(adsets.map((x) => x.name))],
        [s.status, text(adsets.map((x) => x.status))],
        [s.effectiveStatus, text(adsets.map((x) => x.effective_status))],
        [s.dailyBudget, numeric(adsets.map((x) => budget(x.daily_budget)))],
        [s.lifetimeBudget, numeric(adsets.map((x) => budget(x.lifetime_budget)))],
        [s.bidStrategy, text(adsets.map((x) => x.bid_strategy))],
        [s.optimizationGoal, text(adsets.map((x) => x.optimization_goal))],
      ];
      await tx.execute(
        sql`${insertUnnest(s, pairs)} ${onConflictUpdate(
          [s.id],
          pairs.slice(1).map(([col]) => col),
          [stamp],
        )}`,
      );
    }
    if (ads.length > 0) {
      const a = metaAds;
      const pairs: [PgColumn, SQL][] = [
        [a.id, text(ads.map((x) => x.id))],
        [a.accountId, account(ads.length)],
        [a.campaignId, text(ads.map((x) => x.campaign_id))],
        [a.adsetId, text(ads.map((x) => x.adset_id))],
        [a.name, text(ads.map((x) => x.name))],
        [a.status, text(ads.map((x) => x.status))],
        [a.effectiveStatus, text(ads.map((x) => x.effective_status))],
        [a.creativeId, text(ads.map((x) => x.creative?.id))],
        [a.format, text(ads.map((x) => x.creative?.object_type))],
        [a.thumbnailUrl, text(ads.map((x) => x.creative?.thumbnail_url))],
        [a.title, text(ads.map((x) => x.creative?.title))],
        [a.body, text(ads.map((x) => x.creative?.body))],
        [a.callToAction, text(ads.map((x) => x.creative?.call_to_action_type))],
      ];
      await tx.execute(
        sql`${insertUnnest(a, pairs)} ${onConflictUpdate(
          [a.id],
          pairs.slice(1).map(([col]) => col),
          [stamp],
        )}`,
      );
    }
  });
}
