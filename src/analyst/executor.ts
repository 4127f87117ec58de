import { type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { windowColumns } from '../warehouse/ad-windows';
import { textArray } from '../warehouse/sql-arrays';
import {
  BREAKDOWN_ACCOUNT_TABLE,
  BREAKDOWN_TABLE,
  breakdownOf,
  type DimensionDefinition,
  dimensions,
  type FilterDimension,
  insightsLevel,
  type TimeGrain,
  timeGrains,
} from './dimensions';
import { applyExactReach } from './exact-reach';
import { type MetricKey, metrics, requiredSums, type SumMetric } from './metrics';
import {
  type AnalyticsQuery,
  type AnalyticsQueryInput,
  analyticsQuerySchema,
  type Dimension,
  filterOp,
  type HavingOp,
  type QueryFilter,
} from './query';
import { columnsRead, insightRows, sourceParts } from './sources/insight-rows';
import { queryCompiled, queryRows, type WarehouseDb } from './warehouse-db';

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

/** A metric over the inner aggregate's columns (named after the sums). */
function metricSql(key: MetricKey): SQL {
  const ratio = metrics[key].ratio;
  if (!ratio) return sql.raw(`agg.${key}`);
  const numerator = ratio.minus ? `(agg.${ratio.numerator} - agg.${ratio.minus})` : `agg.${ratio.numerator}`;
  const denominator = ratio.fallback
    ? `coalesce(nullif(agg.${ratio.denominator}, 0), agg.${ratio.fallback})`
    : `agg.${ratio.denominator}`;
  return sql.raw(`(${numerator} * ${ratio.factor} / nullif(${denominator}, 0))`);
}

/** A sum over the warehouse rows, from the registry's declaration. */
function sumExpression(key: SumMetric): string {
  return metrics[key].sql ?? `sum(i.${key})`;
}

const havingComparison: Record<HavingOp, string> = { gt: '>', gte: '>=', lt: '<', lte: '<=' };

/** LIKE patterns for a case-insensitive substring match, with the user's own wildcards escaped. */
function substringPatterns(values: readonly string[]): SQL {
  return textArray(values.map((value) => `%${value.replace(/[\\%_]/g, '\\$&')}%`));
}

/** Ids (within the caller's accounts) of the entities whose name contains any of the values. */
function idsNamed(dimension: FilterDimension, values: readonly string[], accountIds: string[]): SQL {
  const names = dimensions[dimension].filter?.names;
  if (!names) throw new Error(`${dimension} filters do not match names`);
  return sql`select id from ${sql.raw(names.table)}
    where ${sql.raw(names.accountColumn)} = any(${textArray(accountIds)})
      and name ilike any(${substringPatterns(values)})`;
}

function filterCondition(filter: QueryFilter, accountIds: string[]): SQL {
  const spec = dimensions[filter.dimension].filter;
  if (!spec) throw new Error(`${filter.dimension} cannot be filtered`);
  const column = sql.raw(spec.column);
  switch (filterOp(filter)) {
    case 'in':
      return sql`${column} = any(${textArray(filter.values)})`;
    case 'not_in':
      return sql`not (${column} = any(${textArray(filter.values)}))`;
    case 'contains':
      return sql`${column} in (${idsNamed(filter.dimension, filter.values, accountIds)})`;
    case 'not_contains':
      return sql`${column} not in (${idsNamed(filter.dimension, filter.values, accountIds)})`;
  }
}

/**
 * The caller's accounts narrowed by the query's account filters. Narrowing is allowed; widening
 * is not: ids outside the scope simply match nothing. Done before the main statement so that the
 * currencies (and whether money splits by currency) are those of the accounts actually read.
 */
async function accountsToRead(db: WarehouseDb, scope: Scope, filters: QueryFilter[]): Promise<string[]> {
  let ids = [...scope.accountIds];
  for (const filter of filters) {
    if (filter.dimension !== 'account') continue;
    const op = filterOp(filter);
    let matching: string[] = filter.values;
    if (op === 'contains' || op === 'not_contains') {
      const rows = await queryRows<{ id: string }>(db, idsNamed('account', filter.values, ids));
      matching = rows.map((row) => row.id);
    }
    const keep = op === 'in' || op === 'contains';
    ids = ids.filter((id) => matching.includes(id) === keep);
  }
  return ids;
}

/** The dimensions of a query, with `time.grain` folded in and duplicates dropped. */
export function effectiveDimensions(query: AnalyticsQuery): Dimension[] {
  const all = [...query.dimensions, ...(query.time.grain ? [query.time.grain] : [])];
  return [...new Set(all)];
}

async function currenciesInScope(db: WarehouseDb, accountIds: string[]): Promise<Map<string, string>> {
  const rows = await queryRows<{ id: string; currency: string }>(
    db,
    sql`select id, currency from meta_ad_accounts where id = any(${textArray(accountIds)})`,
  );
  return new Map(rows.map((row) => [row.id, row.currency]));
}

export interface ExecuteOptions {
  /** Currencies already known (from the catalog), to save a lookup per query. */
  currencyByAccount?: ReadonlyMap<string, string>;
  /**
   * False reads the ad-day rows only, never the account, campaign or period roll-ups: the
   * reference the roll-ups must agree with. Breakdown segments then read the ad set breakdown rows.
   */
  rollups?: boolean;
}

/** Metrics a query computes or conditions on, in the order they first appear. */
function metricsUsed(query: AnalyticsQuery): MetricKey[] {
  return [
    ...query.metrics,
    ...(query.order ? [query.order.metric] : []),
    ...(query.minVolume ? [query.minVolume.metric] : []),
    ...(query.having ?? []).map((condition) => condition.metric),
  ];
}

/**
 * Runs one AnalyticsQuery as one parameterised SQL statement over the caller's accounts. Sums are
 * aggregated by ids first, then names are joined, and ratios are computed from the sums.
 */
export async function executeQuery(
  db: WarehouseDb,
  scope: Scope,
  input: AnalyticsQueryInput,
  options: ExecuteOptions = {},
): Promise<QueryResult> {
  const query = analyticsQuerySchema.parse(input);
  const accountIds = await accountsToRead(db, scope, query.filters);
  const currencyByAccount = options.currencyByAccount
    ? new Map([...options.currencyByAccount].filter(([id]) => accountIds.includes(id)))
    : await currenciesInScope(db, accountIds);
  const currencies = [...new Set(currencyByAccount.values())].sort();

  const dims = effectiveDimensions(query);
  const specs = dims.map((key) => dimensions[key]);
  const sums = [...new Set(requiredSums(metricsUsed(query)))];
  // Different currencies are never added together: money splits per currency instead. A ratio
  // of two money sums (roas) is no better for mixing them.
  const touchesMoney = sums.some((key) => metrics[key].format === 'money');
  const splitByCurrency = touchesMoney && currencies.length > 1;

  const entityFilters = query.filters.filter((filter) => filter.dimension !== 'account');
  const filterSpecs = entityFilters.map((filter) => dimensions[filter.dimension]);
  // Groups named from the ads table are grouped by ad id first, and named once per ad after.
  const perAd = specs.filter((spec) => spec.perAd);
  const direct = specs.filter((spec) => !spec.perAd);
  const innerJoins = [...new Set([...direct, ...filterSpecs].flatMap((spec) => spec.innerJoins))];
  if (splitByCurrency) innerJoins.push('join meta_ad_accounts ia on ia.id = i.account_id');
  const groups = direct.flatMap((spec) => spec.group);
  if (splitByCurrency) groups.push({ column: 'currency', sql: 'ia.currency' });
  if (perAd.length > 0) groups.push({ column: 'ad_id', sql: 'i.ad_id' });

  const innerSelect = [
    ...groups.map((group) => sql`${sql.raw(group.sql)} as ${sql.identifier(group.column)}`),
    ...sums.map((key) => sql`${sql.raw(sumExpression(key))} as ${sql.identifier(key)}`),
  ];
  const readKeys = [...dims, ...entityFilters.map((filter) => filter.dimension)];
  const source = insightsSource(query, readKeys, accountIds, options.rollups !== false, [
    ...groups.map((group) => group.sql),
    ...sums.map(sumExpression),
    ...innerJoins,
    ...filterSpecs.map((spec) => spec.filter?.column ?? ''),
  ]);
  const conditions = [
    ...source.conditions,
    ...entityFilters.map((filter) => filterCondition(filter, accountIds)),
  ];
  const innerQuery = sql`select ${sql.join(innerSelect, sql`, `)}
    from ${source.from}
    ${sql.raw(innerJoins.join('\n    '))}
    ${conditions.length > 0 ? sql`where ${sql.join(conditions, sql` and `)}` : sql``}
    ${groups.length > 0 ? sql.raw(`group by ${groups.map((group) => group.sql).join(', ')}`) : sql``}`;

  const aggregate = perAd.length > 0 ? regroupPerAd(innerQuery, groups, perAd, sums) : innerQuery;

  const requested = [...new Set([...query.metrics, ...(query.order ? [query.order.metric] : [])])];
  const outerSelect = [
    ...labelColumns(specs).map(
      ([name, expression]) => sql`${sql.raw(expression)} as ${sql.identifier(name)}`,
    ),
    ...(splitByCurrency ? [sql`agg.currency`] : []),
    ...sums
      .filter((key) => !requested.includes(key as MetricKey))
      .map((key) => sql`agg.${sql.raw(key)}::text as ${sql.identifier(key)}`),
    ...requested.map((key) => sql`${metricSql(key)}::text as ${sql.identifier(key)}`),
  ];
  // Conditions at the output grain; a null (a ratio over zero) fails them, as SQL's null does.
  const outerConditions = [
    ...(query.minVolume ? [sql`${metricSql(query.minVolume.metric)} >= ${query.minVolume.min}`] : []),
    ...(query.having ?? []).map(
      (condition) =>
        sql`${metricSql(condition.metric)} ${sql.raw(havingComparison[condition.op])} ${condition.value}`,
    ),
  ];
  const outerJoins = [...new Set(specs.flatMap((spec) => spec.outerJoins))];
  const statement = sql`select ${sql.join(outerSelect, sql`, `)}
    from (${aggregate}) agg
    ${sql.raw(outerJoins.join('\n    '))}
    ${outerConditions.length ? sql`where ${sql.join(outerConditions, sql` and `)}` : sql``}
    ${orderBy(query, specs)}
    ${query.limit ? sql`limit ${query.limit}` : sql``}`;

  const compiled = dialect.sqlToQuery(statement);
  const rawRows = await queryCompiled<Record<string, string | null>>(db, statement, compiled);
  const numericKeys = new Set<string>([...sums, ...requested]);
  const rows = rawRows
    .map((raw) => {
      const row: ResultRow = {};
      for (const [key, value] of Object.entries(raw))
        row[key] = numericKeys.has(key) && value !== null ? Number(value) : value;
      if (!splitByCurrency && currencies.length === 1) row.currency = currencies[0] ?? null;
      return row;
    })
    // An aggregate over no rows still returns one row of nulls; that is "no data", not zero.
    .filter((row) => dims.length > 0 || sums.some((key) => row[key] !== null));
  const exactReach = await applyExactReach(db, query, dims, accountIds, rows);
  return {
    query,
    rows,
    sql: compiled.sql,
    params: compiled.params,
    currencies,
    ...(exactReach ? { exactReach } : {}),
  };
}

/**
 * Sums grouped by ad id (and the other groups) summed again by what the ads table says of each
 * ad: its name, its creative format. Every group keeps its column name, so the outer query reads
 * the result exactly as it would read the inner aggregate.
 */
function regroupPerAd(
  inner: SQL,
  innerGroups: readonly { column: string; sql: string }[],
  perAd: readonly DimensionDefinition[],
  sums: readonly SumMetric[],
): SQL {
  const kept = innerGroups.filter((group) => group.column !== 'ad_id').map((group) => `g.${group.column}`);
  const named = perAd.flatMap((spec) => spec.group);
  const joins = [...new Set(perAd.flatMap((spec) => spec.perAd?.joins ?? []))];
  const select = [
    ...kept,
    ...named.map((group) => `${group.sql} as ${group.column}`),
    ...sums.map((key) => `sum(g.${key}) as ${key}`),
  ];
  return sql`select ${sql.raw(select.join(', '))}
    from (${inner}) g
    ${sql.raw(joins.join('\n    '))}
    group by ${sql.raw([...kept, ...named.map((group) => group.sql)].join(', '))}`;
}

/**
 * The rows the inner aggregate reads, aliased `i`, and the conditions narrowing them to the
 * caller's accounts and the range. Questions on a segment read one breakdown key's rows (each
 * key's rows split the same totals anew). The rest read the coarsest level that carries every
 * dimension and filter, from whole months and weeks where the time groupings allow and single
 * days at the edges: a year of ads is a few thousand monthly rows instead of every ad-day.
 */
function insightsSource(
  query: AnalyticsQuery,
  readKeys: readonly Dimension[],
  accountIds: string[],
  rollups: boolean,
  fragments: readonly string[],
): { from: SQL; conditions: SQL[] } {
  const { range } = query.time;
  const breakdown = breakdownOf(readKeys);
  // Without a campaign, ad set or other finer key to read, the per-account sums of the segment
  // answer the same with one row per segment and day instead of one per ad set.
  const wholeAccounts = rollups && insightsLevel(readKeys) === 'account';
  if (breakdown)
    return {
      from: sql`${sql.raw(wholeAccounts ? BREAKDOWN_ACCOUNT_TABLE : BREAKDOWN_TABLE)} i`,
      conditions: [
        sql`i.account_id = any(${textArray(accountIds)})`,
        sql`i.day between ${range.start}::date and ${range.end}::date`,
        sql`i.breakdown = ${breakdown}`,
      ],
    };
  const timeKeys = readKeys.filter((key): key is TimeGrain =>
    (timeGrains as readonly string[]).includes(key),
  );
  const columns = columnsRead(fragments);
  const parts = sourceParts(
    insightsLevel(readKeys),
    range,
    timeKeys,
    rollups,
    rollups && columns.every((column) => windowColumns.has(column)),
  );
  return insightRows(parts, columns, accountIds);
}

/**
 * The label columns of the groups, each row key once. A time group also carries its first day as
 * `day` unless a finer dimension already names the day.
 */
function labelColumns(specs: DimensionDefinition[]): [string, string][] {
  const columns = new Map<string, string>();
  for (const spec of specs)
    for (const { column, sql: expression } of spec.select) columns.set(column, expression);
  for (const spec of specs) if (spec.firstDay && !columns.has('day')) columns.set('day', spec.firstDay);
  return [...columns];
}

function orderBy(query: AnalyticsQuery, specs: DimensionDefinition[]): SQL {
  const tieBreak = specs.map((spec) => sql.identifier(spec.sortKey));
  if (query.order) {
    const direction = query.order.direction === 'asc' ? sql`asc` : sql`desc`;
    return sql`order by ${metricSql(query.order.metric)} ${direction} nulls last${
      tieBreak.length ? sql`, ${sql.join(tieBreak, sql`, `)}` : sql``
    }`;
  }
  return tieBreak.length ? sql`order by ${sql.join(tieBreak, sql`, `)}` : sql``;
}
