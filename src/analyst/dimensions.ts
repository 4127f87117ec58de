/**
 * The semantic layer's dimension registry: what a question can group or filter by, declared as
 * data. The executor compiles its SQL from these entries and the parser reads their words.
 *
 * SQL fragments are static text over fixed aliases: `i` is a warehouse row, `agg` the inner
 * aggregate (one row per group, columns named after the grouping columns and the sums).
 */

/** Warehouse tables, cheapest first: a question reads the first one that holds all it needs. */
export const warehouseTables = ['meta_insights_campaign_daily', 'meta_insights_daily'] as const;
export type WarehouseTable = (typeof warehouseTables)[number];

export interface DimensionDefinition {
  key: Dimension;
  kind: 'entity' | 'time';
  /** The row key that names a group in answers. */
  labelKey: string;
  label: { one: string; many: string };
  /** Words marketers use for it, singular and plural. */
  words: { one: readonly string[]; many: readonly string[] };
  /** Coarser and finer levels of the same hierarchy, if any. */
  parent?: Dimension;
  child?: Dimension;
  /** The cheapest table whose rows carry this dimension. */
  table: WarehouseTable;
  /** Grouping expressions in the inner aggregate, by column name. */
  group: readonly { column: string; sql: string }[];
  /** Joins the inner aggregate needs to compute the grouping or the filter. */
  innerJoins: readonly string[];
  /** Columns of each answer row, by row key, over `agg` and the outer joins. */
  select: readonly { column: string; sql: string }[];
  outerJoins: readonly string[];
  /** Time groups also carry their first day as `day`, which composers and charts read. */
  firstDay?: string;
  /** What the groups sort by when no metric order is given (an output or `agg` column). */
  sortKey: string;
  /** Entities only: how a filter matches rows, by id and by name. */
  filter?: {
    /** The expression filter values (ids, or objective codes) are compared with. */
    column: string;
    /** The table holding the names, and its column tying a name to an ad account. */
    names?: { table: string; accountColumn: string };
  };
}

type Spec = Omit<DimensionDefinition, 'key' | 'parent' | 'child'> & {
  parent?: string;
  child?: string;
};

const objectiveJoin = 'left join meta_campaigns ic on ic.id = i.campaign_id';

const entityDefinitions = {
  account: {
    kind: 'entity',
    labelKey: 'account',
    label: { one: 'account', many: 'accounts' },
    words: { one: ['account'], many: ['accounts'] },
    child: 'campaign',
    table: 'meta_insights_campaign_daily',
    group: [{ column: 'account_id', sql: 'i.account_id' }],
    innerJoins: [],
    select: [
      { column: 'account_id', sql: 'agg.account_id' },
      { column: 'account', sql: 'acc.name' },
    ],
    outerJoins: ['left join meta_ad_accounts acc on acc.id = agg.account_id'],
    sortKey: 'account',
    filter: { column: 'i.account_id', names: { table: 'meta_ad_accounts', accountColumn: 'id' } },
  },
  campaign: {
    kind: 'entity',
    labelKey: 'campaign',
    label: { one: 'campaign', many: 'campaigns' },
    words: { one: ['campaign'], many: ['campaigns'] },
    parent: 'account',
    child: 'adset',
    table: 'meta_insights_campaign_daily',
    group: [{ column: 'campaign_id', sql: 'i.campaign_id' }],
    innerJoins: [],
    select: [
      { column: 'campaign_id', sql: 'agg.campaign_id' },
      { column: 'campaign', sql: 'c.name' },
    ],
    outerJoins: ['left join meta_campaigns c on c.id = agg.campaign_id'],
    sortKey: 'campaign',
    filter: { column: 'i.campaign_id', names: { table: 'meta_campaigns', accountColumn: 'account_id' } },
  },
  adset: {
    kind: 'entity',
    labelKey: 'adset',
    label: { one: 'ad set', many: 'ad sets' },
    words: { one: ['ad set', 'adset', 'ad group'], many: ['ad sets', 'adsets', 'ad groups', 'audiences'] },
    parent: 'campaign',
    child: 'ad',
    table: 'meta_insights_daily',
    group: [{ column: 'adset_id', sql: 'i.adset_id' }],
    innerJoins: [],
    select: [
      { column: 'adset_id', sql: 'agg.adset_id' },
      { column: 'adset', sql: 's.name' },
    ],
    outerJoins: ['left join meta_adsets s on s.id = agg.adset_id'],
    sortKey: 'adset',
    filter: { column: 'i.adset_id', names: { table: 'meta_adsets', accountColumn: 'account_id' } },
  },
  // An ad is its creative to a marketer: the same ad name in several ad sets or accounts is
  // counted as one (within a currency), as Ads Manager's "group by creative" does.
  ad: {
    kind: 'entity',
    labelKey: 'ad',
    label: { one: 'ad', many: 'ads' },
    words: { one: ['creative', 'ad'], many: ['creatives', 'ads'] },
    parent: 'adset',
    table: 'meta_insights_daily',
    group: [{ column: 'ad', sql: 'dn.name' }],
    innerJoins: ['join meta_ads dn on dn.id = i.ad_id'],
    select: [{ column: 'ad', sql: 'agg.ad' }],
    outerJoins: [],
    sortKey: 'ad',
    filter: { column: 'i.ad_id', names: { table: 'meta_ads', accountColumn: 'account_id' } },
  },
  // Values are Meta's objective codes (OUTCOME_SALES, ...); campaigns without one group as UNKNOWN.
  objective: {
    kind: 'entity',
    labelKey: 'objective',
    label: { one: 'objective', many: 'objectives' },
    words: { one: ['objective'], many: ['objectives'] },
    table: 'meta_insights_campaign_daily',
    group: [{ column: 'objective', sql: "coalesce(ic.objective, 'UNKNOWN')" }],
    innerJoins: [objectiveJoin],
    select: [{ column: 'objective', sql: 'agg.objective' }],
    outerJoins: [],
    sortKey: 'objective',
    filter: { column: "coalesce(ic.objective, 'UNKNOWN')" },
  },
} satisfies Record<string, Spec>;

/** A period grain: rows carry the period's first day (YYYY-MM-DD) under its own key and `day`. */
function period(
  key: 'week' | 'month' | 'quarter',
  words: Spec['words'],
  parent?: string,
  child?: string,
): Spec {
  return {
    kind: 'time',
    labelKey: key,
    label: { one: key, many: `${key}s` },
    words,
    ...(parent ? { parent } : {}),
    ...(child ? { child } : {}),
    table: 'meta_insights_campaign_daily',
    group: [{ column: key, sql: `to_char(date_trunc('${key}', i.day), 'YYYY-MM-DD')` }],
    innerJoins: [],
    select: [{ column: key, sql: `agg.${key}` }],
    outerJoins: [],
    firstDay: `agg.${key}`,
    sortKey: key,
  };
}

const WEEKDAYS = "array['Monday','Tuesday','Wednesday','Thursday','Friday','Saturday','Sunday']";

const timeDefinitions = {
  day: {
    kind: 'time',
    labelKey: 'day',
    label: { one: 'day', many: 'days' },
    words: { one: ['day', 'daily'], many: ['days'] },
    parent: 'week',
    table: 'meta_insights_campaign_daily',
    group: [{ column: 'day', sql: "to_char(i.day, 'YYYY-MM-DD')" }],
    innerJoins: [],
    select: [{ column: 'day', sql: 'agg.day' }],
    outerJoins: [],
    sortKey: 'day',
  },
  // Weeks start on Monday, as Meta's last_week_mon_sun does.
  week: period('week', { one: ['week', 'weekly'], many: ['weeks'] }, 'month', 'day'),
  month: period('month', { one: ['month', 'monthly'], many: ['months'] }, 'quarter', 'week'),
  quarter: {
    ...period('quarter', { one: ['quarter', 'quarterly'], many: ['quarters'] }, undefined, 'month'),
    select: [
      { column: 'quarter', sql: 'agg.quarter' },
      { column: 'quarter_label', sql: `to_char(agg.quarter::date, '"Q"Q YYYY')` },
    ],
  },
  // Grouped by ISO day number so Monday sorts first; the name is only the label.
  weekday: {
    kind: 'time',
    labelKey: 'weekday',
    label: { one: 'weekday', many: 'weekdays' },
    words: { one: ['weekday', 'day of the week', 'day of week'], many: ['weekdays', 'days of the week'] },
    table: 'meta_insights_campaign_daily',
    group: [{ column: 'weekday_number', sql: 'extract(isodow from i.day)::int' }],
    innerJoins: [],
    select: [{ column: 'weekday', sql: `(${WEEKDAYS})[agg.weekday_number]` }],
    outerJoins: [],
    sortKey: 'weekday_number',
  },
} satisfies Record<string, Spec>;

export type EntityDimension = keyof typeof entityDefinitions;
export type TimeGrain = keyof typeof timeDefinitions;
export type Dimension = EntityDimension | TimeGrain;

type NonEmpty<T> = [T, ...T[]];
export const entityDimensions = Object.keys(entityDefinitions) as NonEmpty<EntityDimension>;
export const timeGrains = Object.keys(timeDefinitions) as NonEmpty<TimeGrain>;
export const dimensionKeys: NonEmpty<Dimension> = [...entityDimensions, ...timeGrains];

export const dimensions = Object.fromEntries(
  Object.entries<Spec>({ ...entityDefinitions, ...timeDefinitions }).map(([key, spec]) => [
    key,
    { key, ...spec },
  ]),
) as Record<Dimension, DimensionDefinition>;

/** The cheapest table that holds every one of these dimensions. */
export function cheapestTable(keys: readonly Dimension[]): WarehouseTable {
  const finest = Math.max(0, ...keys.map((key) => warehouseTables.indexOf(dimensions[key].table)));
  return warehouseTables[finest] as WarehouseTable;
}

/** Whether rows grouped by this dimension are things (campaigns, ads…) rather than time. */
export function isEntityDimension(key: Dimension): key is EntityDimension {
  return (entityDimensions as readonly string[]).includes(key);
}
