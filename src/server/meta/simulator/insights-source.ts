import { epochDay } from '../../../analyst/demo/calendar';
import type { GraphAdAccount, GraphDataset } from '../../../warehouse/graph-types';
import { type AccountRows, groupInsights, type InsightsGroup, indexAccountRows } from './insights-aggregate';
import type { InsightsQuery } from './insights-query';

const CACHE_SIZE = 8;

/**
 * The dataset as the endpoints read it. Grouped results are cached (a few, least recently used):
 * a client paging through one large request asks for the same grouping once per page.
 */
export class InsightsSource {
  private readonly indexes = new Map<string, AccountRows>();
  private readonly cache = new Map<string, InsightsGroup[]>();

  constructor(private readonly dataset: GraphDataset) {}

  account(accountId: string): GraphAdAccount | undefined {
    return this.dataset.adAccounts.find((account) => account.account_id === accountId);
  }

  get accounts(): readonly GraphAdAccount[] {
    return this.dataset.adAccounts;
  }

  groups(account: GraphAdAccount, query: InsightsQuery): InsightsGroup[] {
    const increment = query.increment.kind === 'days' ? `days${query.increment.days}` : query.increment.kind;
    const key = [account.account_id, query.level, query.since, query.until, increment].join('|');
    const cached = this.cache.get(key);
    if (cached) {
      this.cache.delete(key);
      this.cache.set(key, cached);
      return cached;
    }
    const groups = groupInsights(this.index(account), query);
    this.cache.set(key, groups);
    if (this.cache.size > CACHE_SIZE) this.cache.delete(this.cache.keys().next().value as string);
    return groups;
  }

  /** The day after the latest row (generated data ends yesterday), or today when there are no rows. */
  defaultToday(): number {
    let latest: string | undefined;
    for (const rows of Object.values(this.dataset.insights)) {
      for (const row of rows) if (latest === undefined || row.date_stop > latest) latest = row.date_stop;
    }
    return latest ? epochDay(latest) + 1 : epochDay(new Date().toISOString().slice(0, 10));
  }

  private index(account: GraphAdAccount): AccountRows {
    let index = this.indexes.get(account.account_id);
    if (!index) {
      index = indexAccountRows(account, this.dataset.insights[account.id] ?? []);
      this.indexes.set(account.account_id, index);
    }
    return index;
  }
}
