import type { GraphDataset } from '../../warehouse/graph-types';
import { type Catalog, catalogOf } from './entities';

/**
 * The catalog a database loaded with `dataset` would give (`loadCatalog` over every account), built
 * without one: parser tests and benchmarks need names, not rows. As in the loader, an id's latest
 * row sets its name and objective; the days are those with rows. Pure.
 */
export function catalogFromDataset(dataset: GraphDataset): Catalog {
  const campaigns = new Map<string, { name: string; accountId: string; objective: string | null }>();
  const adsets = new Map<string, { name: string; accountId: string }>();
  const ads = new Map<string, { name: string; accountId: string }>();
  let firstDay: string | undefined;
  let lastDay: string | undefined;
  for (const rows of Object.values(dataset.insights)) {
    for (const row of rows) {
      if (!firstDay || row.date_start < firstDay) firstDay = row.date_start;
      if (!lastDay || row.date_start > lastDay) lastDay = row.date_start;
      campaigns.set(row.campaign_id, {
        name: row.campaign_name,
        accountId: row.account_id,
        objective: row.objective ?? null,
      });
      adsets.set(row.adset_id, { name: row.adset_name, accountId: row.account_id });
      ads.set(row.ad_id, { name: row.ad_name, accountId: row.account_id });
    }
  }
  const named = <T>(byId: Map<string, T>) => [...byId].map(([id, value]) => ({ id, ...value }));
  return catalogOf({
    accounts: dataset.adAccounts.map((a) => ({ id: a.account_id, name: a.name, currency: a.currency })),
    campaigns: named(campaigns),
    adsets: named(adsets),
    ads: named(ads),
    firstDay,
    lastDay,
  });
}
