import { type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { type Db, queryCompiled, queryRows } from '../server/db/client';
import { applyExactReach } from './exact-reach';
import { isRatio, type MetricKey, metrics, requiredSums, type SumMetric } from './metrics';
import { type AnalyticsQuery, type AnalyticsQueryInput, analyticsQuerySchema, type Dimension } from './query';
import { textArray } from './sql-arrays';

/** Which ad accounts a caller may see. The executor never reads outside it, whatever the query says. */
export interface Scope {
  accountIds: string[];
}

export type ResultValue = string | number | null;
export type ResultRow = Record<string, ResultValue>;

export interface QueryResult {
  query: AnalyticsQuery;
  rows: ResultRow[];
  /** The SQL that produced the rows, with its parameters: every number in an answer traces to one. */
  sql: string;
  params: unknown[];
  /** Currency of each account in scope that the query touched. */
  currencies: string[];
  /** Set when reach came from Meta's unique reach for exactly this range: the statement that read it. */
  exactReach?: { sql: string; params: unknown[] };
}

const dialect = new PgDialect();

const sumSql: Record<SumMetric, SQL> = {
  spend: sql`sum(i.spend)`,
  impressions: sql`sum(i.impressions)`,
  clicks: sql`sum(i.clicks)`,
  link_clicks: sql`sum(i.link_clicks)`,
  reach: sql`sum(i.reach)`,
  purchases: sql`sum(i.purchases)`,
  leads: sql`sum(i.leads)`,
  conversions: sql`sum(i.purchases + i.leads)`,
  revenue: sql`sum(i.revenue)`,
  post_engagements: sql`sum(i.post_engagements)`,
  post_reactions: sql`sum(i.post_reactions)`,
  post_comments: sql`sum(i.post_comments)`,
};

/** A metric over the inner aggregate's columns (named after the sums). */
function metricSql(key: MetricKey): SQL {
  const def = metrics[key].ratio;
  if (!def) return sql.raw(`agg.${key}`);
  const numerator =
    def.numerator === 'revenue_minus_spend'
      ? sql`(agg.revenue - agg.spend)`
      : sql.raw(`agg.${def.numerator}`);
  return sql`(${numerator} * ${sql.raw(String(def.factor))} / nullif(agg.${sql.raw(def.denominator)}, 0))`;
}

interface DimensionSpec {
  /** Grouping expressions in the inner aggregate, with their column names. */
  inner: [string, SQL][];
  /** Columns of the outer select (labels joined from the entity tables). */
  outer: SQL[];
  joins: SQL[];
  /** What a time series or a label sorts by when no metric order is given. */
  sortKey: string;
}

function dimensionSpec(dimension: Dimension): DimensionSpec {
  switch (dimension) {
    case 'account':
      return {
        inner: [['account_id', sql`i.account_id`]],
        outer: [sql`agg.account_id`, sql`acc.name as account`],
        joins: [],
        sortKey: 'account',
      };
    case 'campaign':
      return {
        inner: [['campaign_id', sql`i.campaign_id`]],
        outer: [sql`agg.campaign_id`, sql`c.name as campaign`],
        joins: [sql`left join meta_campaigns c on c.id = agg.campaign_id`],
        sortKey: 'campaign',
      };
    case 'adset':
      return {
        inner: [['adset_id', sql`i.adset_id`]],
        outer: [sql`agg.adset_id`, sql`s.name as adset`],
        joins: [sql`left join meta_adsets s on s.id = agg.adset_id`],
        sortKey: 'adset',
      };
    case 'ad':
      // An ad is its creative to a marketer: the same ad name in several ad sets or accounts is
      // counted as one (within a currency), as Ads Manager's "group by creative" does.
      return { inner: [['ad', sql`dn.name`]], outer: [sql`agg.ad`], joins: [], sortKey: 'ad' };
    case 'objective':
      return {
        inner: [['objective', sql`coalesce(ic.objective, 'UNKNOWN')`]],
        outer: [sql`agg.objective`],
        joins: [],
        sortKey: 'objective',
      };
    case 'day':
      return {
        inner: [['day', sql`to_char(i.day, 'YYYY-MM-DD')`]],
        outer: [sql`agg.day`],
        joins: [],
        sortKey: 'day',
      };
    case 'week':
      // Weeks start on Monday, as Meta's last_week_mon_sun does.
      return {
        inner: [['day', sql`to_char(date_trunc('week', i.day), 'YYYY-MM-DD')`]],
        outer: [sql`agg.day`],
        joins: [],
        sortKey: 'day',
      };
    case 'month':
      return {
        inner: [['day', sql`to_char(date_trunc('month', i.day), 'YYYY-MM-DD')`]],
        outer: [sql`agg.day`, sql`substr(agg.day, 1, 7) as month`],
        joins: [],
        sortKey: 'day',
      };
  }
}

const filterColumn: Record<AnalyticsQuery['filters'][number]['dimension'], SQL> = {
  account: sql`i.account_id`,
  campaign: sql`i.campaign_id`,
  adset: sql`i.adset_id`,
  ad: sql`i.ad_id`,
  objective: sql`ic.objective`,
};

/** The dimensions of a query, with `time.grain` folded in and duplicates dropped. */
export function effectiveDimensions(query: AnalyticsQuery): Dimension[] {
  const all = [...query.dimensions, ...(query.time.grain ? [query.time.grain] : [])];
  return [...new Set(all)];
}

async function currenciesInScope(db: Db, accountIds: string[]): Promise<Map<string, string>> {
  const rows = await queryRows<{ id: string; currency: string }>(
    db,
    sql`select id, currency from meta_ad_accounts where id = any(${textArray(accountIds)})`,
  );
  return new Map(rows.map((row) => [row.id, row.currency]));
}

/**
 * Runs one AnalyticsQuery as one parameterised SQL statement over the caller's accounts. Sums are
 * aggregated by ids first, then names are joined, and ratios are computed from the sums.
 */
export interface ExecuteOptions {
  /** Currencies already known (from the catalog), to save a lookup per query. */
  currencyByAccount?: ReadonlyMap<string, string>;
}

export async function executeQuery(
  db: Db,
  scope: Scope,
  input: AnalyticsQueryInput,
  options: ExecuteOptions = {},
): Promise<QueryResult> {
  const query = analyticsQuerySchema.parse(input);
  const accountFilter = query.filters.find((filter) => filter.dimension === 'account');
  // Narrowing is allowed; widening is not: ids outside the scope simply match nothing.
  const accountIds = accountFilter
    ? scope.accountIds.filter((id) => accountFilter.values.includes(id))
    : [...scope.accountIds];
  const currencyByAccount = options.currencyByAccount
    ? new Map([...options.currencyByAccount].filter(([id]) => accountIds.includes(id)))
    : await currenciesInScope(db, accountIds);
  const currencies = [...new Set(currencyByAccount.values())].sort();

  const dimensions = effectiveDimensions(query);
  const touchesMoney = [...query.metrics, ...(query.order ? [query.order.metric] : [])].some(
    (key) => metrics[key].format === 'money' || key === 'roas' || key === 'roi',
  );
  // Different currencies are never added together: money is split per currency instead.
  const splitByCurrency = touchesMoney && currencies.length > 1;

  const specs = dimensions.map(dimensionSpec);
  const inner = specs.flatMap((spec) => spec.inner);
  if (splitByCurrency) inner.push(['currency', sql`ia.currency`]);
  const sums = requiredSums([...query.metrics, ...(query.order ? [query.order.metric] : [])]);
  if (query.minVolume && !isRatio(query.minVolume.metric)) sums.push(query.minVolume.metric as SumMetric);
  const uniqueSums = [...new Set(sums)];

  const needsAdNames = dimensions.includes('ad');
  const needsCampaignJoin =
    dimensions.includes('objective') || query.filters.some((f) => f.dimension === 'objective');
  const conditions: SQL[] = [
    sql`i.account_id = any(${textArray(accountIds)})`,
    sql`i.day between ${query.time.range.start}::date and ${query.time.range.end}::date`,
  ];
  for (const filter of query.filters) {
    if (filter.dimension === 'account') continue;
    conditions.push(sql`${filterColumn[filter.dimension]} = any(${textArray(filter.values)})`);
  }

  const innerSelect = [
    ...inner.map(([name, expression]) => sql`${expression} as ${sql.identifier(name)}`),
    ...uniqueSums.map((key) => sql`${sumSql[key]} as ${sql.identifier(key)}`),
  ];
  // The campaign-day roll-up holds the same sums with 1/20 of the rows; use it when it can answer.
  const needsAdRows =
    dimensions.some((d) => d === 'adset' || d === 'ad') ||
    query.filters.some((f) => f.dimension === 'adset' || f.dimension === 'ad');
  const source = needsAdRows ? sql`meta_insights_daily` : sql`meta_insights_campaign_daily`;
  const innerQuery = sql`select ${sql.join(innerSelect, sql`, `)}
    from ${source} i
    ${needsCampaignJoin ? sql`left join meta_campaigns ic on ic.id = i.campaign_id` : sql``}
    ${needsAdNames ? sql`join meta_ads dn on dn.id = i.ad_id` : sql``}
    ${splitByCurrency ? sql`join meta_ad_accounts ia on ia.id = i.account_id` : sql``}
    where ${sql.join(conditions, sql` and `)}
    ${
      inner.length > 0
        ? sql`group by ${sql.join(
            inner.map(([, expression]) => expression),
            sql`, `,
          )}`
        : sql``
    }`;

  const requested = [...new Set([...query.metrics, ...(query.order ? [query.order.metric] : [])])];
  const outerSelect = [
    ...specs.flatMap((spec) => spec.outer),
    ...(splitByCurrency ? [sql`agg.currency`] : []),
    ...uniqueSums
      .filter((key) => !requested.includes(key))
      .map((key) => sql`agg.${sql.raw(key)}::text as ${sql.identifier(key)}`),
    ...requested.map((key) => sql`${metricSql(key)}::text as ${sql.identifier(key)}`),
  ];
  const accountJoin = dimensions.includes('account')
    ? [sql`left join meta_ad_accounts acc on acc.id = agg.account_id`]
    : [];
  const having = query.minVolume
    ? sql`where ${metricSql(query.minVolume.metric)} >= ${query.minVolume.min}`
    : sql``;
  const order = orderBy(query, specs);
  const statement = sql`select ${sql.join(outerSelect, sql`, `)}
    from (${innerQuery}) agg
    ${sql.join([...accountJoin, ...specs.flatMap((spec) => spec.joins)], sql` `)}
    ${having}
    ${order}
    ${query.limit ? sql`limit ${query.limit}` : sql``}`;

  const compiled = dialect.sqlToQuery(statement);
  const rawRows = await queryCompiled<Record<string, string | null>>(db, statement, compiled);
  const numericKeys = new Set<string>([...uniqueSums, ...requested]);
  const rows = rawRows
    .map((raw) => {
      const row: ResultRow = {};
      for (const [key, value] of Object.entries(raw))
        row[key] = numericKeys.has(key) && value !== null ? Number(value) : value;
      if (!splitByCurrency && currencies.length === 1) row.currency = currencies[0] ?? null;
      return row;
    })
    // An aggregate over no rows still returns one row of nulls; that is "no data", not zero.
    .filter((row) => dimensions.length > 0 || uniqueSums.some((key) => row[key] !== null));
  const exactReach = await applyExactReach(db, query, dimensions, accountIds, rows);
  return {
    query,
    rows,
    sql: compiled.sql,
    params: compiled.params,
    currencies,
    ...(exactReach ? { exactReach } : {}),
  };
}

function orderBy(query: AnalyticsQuery, specs: DimensionSpec[]): SQL {
  const tieBreak = specs.map((spec) => sql.identifier(spec.sortKey));
  if (query.order) {
    const direction = query.order.direction === 'asc' ? sql`asc` : sql`desc`;
    return sql`order by ${metricSql(query.order.metric)} ${direction} nulls last${
      tieBreak.length ? sql`, ${sql.join(tieBreak, sql`, `)}` : sql``
    }`;
  }
  return tieBreak.length ? sql`order by ${sql.join(tieBreak, sql`, `)}` : sql``;
}
