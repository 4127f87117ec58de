/**
 * The semantic layer's dimension registry: what a question can group or filter by, declared as
 * data. The executor compiles its SQL from these entries and the parser reads their words.
 *
 * SQL fragments are static text over fixed aliases: `i` is a warehouse row, `agg` the inner
 * aggregate (one row per group, columns named after the grouping columns and the sums).
 */

import {
  deviceLabels,
  formatLabels,
  genderLabels,
  placementLabels,
  platformLabels,
} from '../shared/segment-labels';
import type { RollupLevel } from '../warehouse/rollups';
import { insightLevels } from './sources/tables';

/**
 * Meta's breakdown rows (ad set and day grain) are a separate source: a question that groups or
 * filters by a segment reads them, and only the rows of that segment's breakdown key.
 */
export const BREAKDOWN_TABLE = 'meta_insights_breakdown_daily';
/** The same rows summed over ad sets per account: enough for a segment question about whole accounts. */
export const BREAKDOWN_ACCOUNT_TABLE = 'meta_insights_breakdown_account_daily';

/**
 * Which rows carry a dimension: the account, campaign or ad sums (each stored by day, week and
 * month), or Meta's breakdown rows (by day only).
 */
export type DimensionLevel = RollupLevel | 'breakdown';

/** The breakdown keys Meta accepts, each the set of segment fields its rows carry. */
export type BreakdownKey =
  | 'age,gender'
  | 'country'
  | 'publisher_platform,platform_position'
  | 'device_platform';

export interface DimensionDefinition {
  key: Dimension;
  /**
   * entity: campaigns, ads… (filterable by id and name); time: periods; segment: a split of the
   * results that is not a thing in the account (age, country, placement, creative format).
   */
  kind: 'entity' | 'time' | 'segment';
  /** Segments Meta reports as a breakdown: which key's rows carry it. */
  breakdown?: BreakdownKey;
  /** Segments: how a value reads in text ('instagram|instagram_reels' → 'Instagram Reels'). */
  valueLabels?: Readonly<Record<string, string>>;
  /** The row key that names a group in answers. */
  labelKey: string;
  label: { one: string; many: string };
  /** Words marketers use for it, singular and plural. */
  words: { one: readonly string[]; many: readonly string[] };
  /** Coarser and finer levels of the same hierarchy, if any. */
  parent?: Dimension;
  child?: Dimension;
  /** The coarsest rows that carry this dimension (and its filter's column and joins). */
  level: DimensionLevel;
  /** Grouping expressions in the inner aggregate, by column name. */
  group: readonly { column: string; sql: string }[];
  /** Joins the inner aggregate needs to compute the grouping or the filter. */
  innerJoins: readonly string[];
  /**
   * Groups read from the ads table (the ad's name, its creative format). The inner aggregate
   * groups by ad id instead; these joins (over `g`, its rows) then name each ad once and `group`
   * sums the ads again, which costs one join per ad rather than one per row read.
   */
  perAd?: { joins: readonly string[] };
  /** Columns of each answer row, by row key, over `agg` and the outer joins. */
  select: readonly { column: string; sql: string }[];
  outerJoins: readonly string[];
  /** Time groups also carry their first day as `day`, which composers and charts read. */
  firstDay?: string;
  /** What the groups sort by when no metric order is given (an output or `agg` column). */
  sortKey: string;
  /** Entities and segments: how a filter matches rows, by id (or segment value) and by name. */
  filter?: {
    /** The expression filter values (ids, or objective codes) are compared with. */
    column: string;
    /** The table holding the names, and its column tying a name to an ad account. */
    names?: { table: string; accountColumn: string };
  };
}

type Spec = Omit<DimensionDefinition, 'key' | 'parent' | 'child' | 'table'> & {
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
    level: 'account',
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
    level: 'campaign',
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
    level: 'ad',
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
    level: 'ad',
    group: [{ column: 'ad', sql: 'dn.name' }],
    innerJoins: [],
    perAd: { joins: ['join meta_ads dn on dn.id = g.ad_id'] },
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
    level: 'campaign',
    group: [{ column: 'objective', sql: "coalesce(ic.objective, 'UNKNOWN')" }],
    innerJoins: [objectiveJoin],
    select: [{ column: 'objective', sql: 'agg.objective' }],
    outerJoins: [],
    sortKey: 'objective',
    filter: { column: "coalesce(ic.objective, 'UNKNOWN')" },
  },
} satisfies Record<string, Spec>;

/** A segment read from one breakdown key's rows; values are Meta's own strings. */
function segment(
  key: string,
  breakdown: BreakdownKey,
  label: Spec['label'],
  words: Spec['words'],
  valueLabels: Record<string, string> = {},
): Spec {
  return {
    kind: 'segment',
    labelKey: key,
    label,
    words,
    breakdown,
    valueLabels,
    level: 'breakdown',
    group: [{ column: key, sql: `i.${key}` }],
    innerJoins: [],
    select: [{ column: key, sql: `agg.${key}` }],
    outerJoins: [],
    sortKey: key,
    filter: { column: `i.${key}` },
  };
}

const segmentDefinitions = {
  age: segment(
    'age',
    'age,gender',
    { one: 'age group', many: 'age groups' },
    {
      one: ['age group', 'age bracket', 'age band', 'age range', 'age'],
      many: ['age groups', 'age brackets', 'age bands', 'age ranges', 'ages'],
    },
  ),
  gender: segment(
    'gender',
    'age,gender',
    { one: 'gender', many: 'genders' },
    {
      one: ['gender', 'sex'],
      many: ['genders'],
    },
    genderLabels,
  ),
  country: segment(
    'country',
    'country',
    { one: 'country', many: 'countries' },
    {
      one: ['country', 'market', 'geo'],
      many: ['countries', 'markets', 'geos'],
    },
  ),
  publisher_platform: segment(
    'publisher_platform',
    'publisher_platform,platform_position',
    { one: 'platform', many: 'platforms' },
    { one: ['platform', 'publisher platform', 'app'], many: ['platforms', 'publisher platforms', 'apps'] },
    platformLabels,
  ),
  // A position ("feed") exists on several platforms, so a placement is always the pair; its
  // value in filters is "platform|position".
  placement: {
    ...segment(
      'platform_position',
      'publisher_platform,platform_position',
      { one: 'placement', many: 'placements' },
      {
        one: ['placement', 'platform position', 'position'],
        many: ['placements', 'platform positions', 'positions'],
      },
      placementLabels,
    ),
    group: [
      { column: 'publisher_platform', sql: 'i.publisher_platform' },
      { column: 'platform_position', sql: 'i.platform_position' },
    ],
    select: [
      { column: 'publisher_platform', sql: 'agg.publisher_platform' },
      { column: 'platform_position', sql: 'agg.platform_position' },
    ],
    sortKey: 'platform_position',
    filter: { column: "i.publisher_platform || '|' || i.platform_position" },
  },
  device_platform: segment(
    'device_platform',
    'device_platform',
    { one: 'device', many: 'devices' },
    {
      one: ['device', 'device type', 'device platform'],
      many: ['devices', 'device types', 'device platforms'],
    },
    deviceLabels,
  ),
  // Creative format is the ad's own setting (Meta's creative object_type), not a breakdown: it
  // reads the ad rows. Ads whose settings were never read group as UNKNOWN.
  format: {
    kind: 'segment',
    labelKey: 'format',
    label: { one: 'creative format', many: 'creative formats' },
    words: {
      one: ['creative format', 'ad format', 'format', 'creative type', 'ad type', 'media type'],
      many: ['creative formats', 'ad formats', 'formats', 'creative types', 'ad types', 'media types'],
    },
    valueLabels: formatLabels,
    level: 'ad',
    group: [{ column: 'format', sql: "coalesce(fm.format, 'UNKNOWN')" }],
    // For the filter; a grouping joins per ad instead.
    innerJoins: ['left join meta_ads fm on fm.id = i.ad_id'],
    perAd: { joins: ['left join meta_ads fm on fm.id = g.ad_id'] },
    select: [{ column: 'format', sql: 'agg.format' }],
    outerJoins: [],
    sortKey: 'format',
    filter: { column: "coalesce(fm.format, 'UNKNOWN')" },
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
    level: 'account',
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
    level: 'account',
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
    level: 'account',
    group: [{ column: 'weekday_number', sql: 'extract(isodow from i.day)::int' }],
    innerJoins: [],
    select: [{ column: 'weekday', sql: `(${WEEKDAYS})[agg.weekday_number]` }],
    outerJoins: [],
    sortKey: 'weekday_number',
  },
} satisfies Record<string, Spec>;

export type EntityDimension = keyof typeof entityDefinitions;
export type SegmentDimension = keyof typeof segmentDefinitions;
export type TimeGrain = keyof typeof timeDefinitions;
export type Dimension = EntityDimension | SegmentDimension | TimeGrain;
export type FilterDimension = EntityDimension | SegmentDimension;

type NonEmpty<T> = [T, ...T[]];
export const entityDimensions = Object.keys(entityDefinitions) as NonEmpty<EntityDimension>;
export const segmentDimensions = Object.keys(segmentDefinitions) as NonEmpty<SegmentDimension>;
export const timeGrains = Object.keys(timeDefinitions) as NonEmpty<TimeGrain>;
export const filterDimensions: NonEmpty<FilterDimension> = [...entityDimensions, ...segmentDimensions];
export const dimensionKeys: NonEmpty<Dimension> = [...entityDimensions, ...segmentDimensions, ...timeGrains];

export const dimensions = Object.fromEntries(
  Object.entries<Spec>({ ...entityDefinitions, ...segmentDefinitions, ...timeDefinitions }).map(
    ([key, spec]) => [key, { key, ...spec }],
  ),
) as Record<Dimension, DimensionDefinition>;

/**
 * The coarsest insights level that carries every one of these dimensions (account < campaign <
 * ad). Breakdown segments are no insights level: a query with one reads the breakdown rows.
 */
export function insightsLevel(keys: readonly Dimension[]): RollupLevel {
  const finest = Math.max(
    0,
    ...keys.map((key) => insightLevels.indexOf(dimensions[key].level as (typeof insightLevels)[number])),
  );
  return insightLevels[finest] ?? 'ad';
}

/** The one breakdown key these dimensions need, if any. */
export function breakdownOf(keys: readonly Dimension[]): BreakdownKey | undefined {
  return keys.map((key) => dimensions[key].breakdown).find((key) => key !== undefined);
}

/**
 * Why these dimensions cannot be read together, or undefined when they can. Meta reports each
 * breakdown key on its own (age with country does not exist) and at ad set grain (no ads, and so
 * no creative format, within a breakdown).
 */
export function unreadableTogether(keys: readonly Dimension[]): string | undefined {
  const breakdowns = [...new Set(keys.map((key) => dimensions[key].breakdown).filter(Boolean))];
  if (breakdowns.length > 1) {
    const names = keys.filter((key) => dimensions[key].breakdown).map((key) => dimensions[key].label.one);
    return `Meta reports ${[...new Set(names)].join(' and ')} as separate breakdowns, never crossed with each other`;
  }
  if (breakdowns.length === 1) {
    // Breakdown rows are per ad set and day, so ad sets (and everything above them) can be read.
    const finer = keys.filter((key) => dimensions[key].level === 'ad' && key !== 'adset');
    if (finer.length > 0)
      return `Meta reports ${dimensions[keys.find((key) => dimensions[key].breakdown) as Dimension].label.many} per ad set, not per ${finer.map((key) => dimensions[key].label.one).join(' or ')}`;
  }
  return undefined;
}

/** Whether this dimension splits results into segments (age, placement, format…) rather than things or time. */
export function isSegmentDimension(key: Dimension): key is SegmentDimension {
  return dimensions[key].kind === 'segment';
}

/** A segment value as text reads it: Meta's code for it through the registry's labels. */
export function segmentValueLabel(key: SegmentDimension, value: string): string {
  return dimensions[key].valueLabels?.[value] ?? value;
}

/** Whether rows grouped by this dimension are things (campaigns, ads…) rather than time. */
export function isEntityDimension(key: Dimension): key is EntityDimension {
  return (entityDimensions as readonly string[]).includes(key);
}
