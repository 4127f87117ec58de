import { epochDay } from '../../../analyst/demo/calendar';
import type {
  BreakdownKey,
  GraphAdAccount,
  GraphDataset,
  GraphObjects,
} from '../../../warehouse/graph-types';
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

  private made: GraphDataset | undefined;

  constructor(private readonly make: GraphDataset | (() => GraphDataset)) {}

  private get dataset(): GraphDataset {
    if (!this.made) this.made = typeof this.make === 'function' ? this.make() : this.make;
    return this.made;
  }

  account(accountId: string): GraphAdAccount | undefined {
    return this.dataset.adAccounts.find((account) => account.account_id === accountId);
  }

  get accounts(): readonly GraphAdAccount[] {
    return this.dataset.adAccounts;
  }

  /** The account's campaigns, ad sets and ads; empty lists when the dataset has none for it. */
  objects(account: GraphAdAccount): GraphObjects {
    return this.dataset.objects?.[account.id] ?? { campaigns: [], adsets: [], ads: [] };
  }

  groups(account: GraphAdAccount, query: InsightsQuery): InsightsGroup[] {
    const increment = query.increment.kind === 'days' ? `days${query.increment.days}` : query.increment.kind;
    const breakdowns = query.breakdowns?.fields.join(',') ?? '';
    const key = [account.account_id, query.level, query.since, query.until, increment, breakdowns].join('|');
    const cached = this.cache.get(key);
    if (cached) {
      this.cache.delete(key);
      this.cache.set(key, cached);
      return cached;
    }
    const groups = groupInsights(this.index(account, query.breakdowns?.key), query);
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

  /** The ad rows, or with a breakdown key that breakdown's ad set rows (none when the dataset lacks them). */
  private index(account: GraphAdAccount, breakdownKey?: BreakdownKey): AccountRows {
    const key = breakdownKey ? `${account.account_id}|${breakdownKey}` : account.account_id;
    let index = this.indexes.get(key);
    if (!index) {
      const rows = breakdownKey
        ? (this.dataset.breakdowns?.[account.id]?.[breakdownKey] ?? [])
        : (this.dataset.insights[account.id] ?? []);
      index = indexAccountRows(account, rows);
      this.indexes.set(key, index);
    }
    return index;
  }
}
