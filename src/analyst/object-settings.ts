import { type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { textArray } from '../warehouse/sql-arrays';
import type { Scope } from './executor';
import type { Filters } from './parse/plan';
import { filterOp, isSegmentDimension } from './query';
import { queryCompiled, type WarehouseDb } from './warehouse-db';

export type SettingsLevel = 'campaign' | 'adset' | 'ad';

/**
 * One campaign, ad set or ad with its settings and those of its parents (an ad set with no bid
 * strategy or budget of its own works under its campaign's). Budgets are in the account's
 * currency, major units. `settings_at` null: ARLO never read this object's settings.
 */
export interface SettingsRow {
  level: SettingsLevel;
  id: string;
  name: string;
  account_id: string;
  account: string;
  currency: string;
  campaign_id: string;
  campaign: string;
  adset_id: string | null;
  adset: string | null;
  objective: string | null;
  status: string | null;
  effective_status: string | null;
  daily_budget: number | null;
  lifetime_budget: number | null;
  bid_strategy: string | null;
  optimization_goal: string | null;
  /** The campaign's own settings, for ad sets and ads. */
  campaign_status: string | null;
  campaign_daily_budget: number | null;
  campaign_lifetime_budget: number | null;
  campaign_bid_strategy: string | null;
  /**
   * The campaign's schedule as days in the account's time zone (YYYY-MM-DD). A start within an
   * hour of midnight counts from the day it runs into (an offset written an hour off around a
   * daylight-saving change), and an end at midnight closes the day before it.
   */
  start_day: string | null;
  stop_day: string | null;
  creative_id: string | null;
  format: string | null;
  thumbnail_url: string | null;
  title: string | null;
  body: string | null;
  call_to_action: string | null;
  settings_at: string | null;
}

export interface SettingsRead {
  rows: SettingsRow[];
  sql: string;
  params: unknown[];
}

const dialect = new PgDialect();

const tables: Record<SettingsLevel, { table: string; alias: string }> = {
  campaign: { table: 'meta_campaigns', alias: 'c' },
  adset: { table: 'meta_adsets', alias: 's' },
  ad: { table: 'meta_ads', alias: 'a' },
};
const rank: Record<SettingsLevel, number> = { campaign: 0, adset: 1, ad: 2 };

/** How a finer object points at a coarser one: an ad at its ad set, an ad set at its campaign. */
const parentColumn: Record<SettingsLevel, string> = { campaign: 'campaign_id', adset: 'adset_id', ad: 'id' };

function substringPatterns(values: readonly string[]): SQL {
  return textArray(values.map((value) => `%${value.replace(/[\\%_]/g, '\\$&')}%`));
}

/** Rows of `level` narrowed by one filter on `dimension`, always within the caller's accounts. */
function entityCondition(
  level: SettingsLevel,
  dimension: SettingsLevel,
  filter: Filters[number],
  accountIds: string[],
): SQL {
  const op = filterOp(filter);
  const byName = op === 'contains' || op === 'not_contains';
  const negate = op === 'not_in' || op === 'not_contains';
  const match = (alias: string) =>
    byName
      ? sql`${sql.raw(alias)}.name ilike any(${substringPatterns(filter.values)})`
      : sql`${sql.raw(alias)}.id = any(${textArray(filter.values)})`;
  let condition: SQL;
  if (rank[dimension] <= rank[level]) condition = match(tables[dimension].alias);
  else {
    // A finer filter ("campaigns with ads named UGC"): the rows that hold a matching child.
    const { table } = tables[dimension];
    const own = tables[level].alias;
    condition = sql`${sql.raw(own)}.id in (select x.${sql.raw(parentColumn[level])} from ${sql.raw(table)} x
      where x.account_id = any(${textArray(accountIds)}) and ${match('x')})`;
  }
  return negate ? sql`not (${condition})` : condition;
}

function filterCondition(
  level: SettingsLevel,
  filter: Filters[number],
  accountIds: string[],
): SQL | undefined {
  const own = tables[level].alias;
  const op = filterOp(filter);
  const negate = op === 'not_in' || op === 'not_contains';
  const values = textArray(filter.values);
  switch (filter.dimension) {
    case 'account': {
      if (op === 'contains' || op === 'not_contains') {
        const named = sql`${sql.raw(own)}.account_id in (select id from meta_ad_accounts
          where id = any(${textArray(accountIds)}) and name ilike any(${substringPatterns(filter.values)}))`;
        return negate ? sql`not (${named})` : named;
      }
      const inside = sql`${sql.raw(own)}.account_id = any(${values})`;
      return negate ? sql`not (${inside})` : inside;
    }
    case 'objective': {
      const inside = sql`coalesce(c.objective, 'UNKNOWN') = any(${values})`;
      return negate ? sql`not (${inside})` : inside;
    }
    case 'format': {
      const inside =
        level === 'ad'
          ? sql`coalesce(a.format, 'UNKNOWN') = any(${values})`
          : sql`${sql.raw(own)}.id in (select x.${sql.raw(parentColumn[level])} from meta_ads x
              where x.account_id = any(${textArray(accountIds)}) and coalesce(x.format, 'UNKNOWN') = any(${values}))`;
      return negate ? sql`not (${inside})` : inside;
    }
    case 'campaign':
    case 'adset':
    case 'ad':
      return entityCondition(level, filter.dimension, filter, accountIds);
    default:
      // Settings do not split by audience segment; the plan declines such a question first.
      return isSegmentDimension(filter.dimension) ? sql`false` : undefined;
  }
}

const num = (value: unknown): number | null => (value === null || value === undefined ? null : Number(value));

/**
 * The settings of every campaign, ad set or ad at `level` within the caller's accounts and the
 * filters, as one parameterised statement. Ordered by account, campaign, ad set and name, so the
 * same question lists the same rows in the same order.
 */
export async function readSettings(
  db: WarehouseDb,
  scope: Scope,
  level: SettingsLevel,
  filters: Filters,
): Promise<SettingsRead> {
  const accountIds = scope.accountIds;
  const own = tables[level].alias;
  const conditions: SQL[] = [sql`${sql.raw(own)}.account_id = any(${textArray(accountIds)})`];
  for (const filter of filters) {
    const condition = filterCondition(level, filter, accountIds);
    if (condition) conditions.push(condition);
  }
  const from =
    level === 'campaign'
      ? sql`meta_campaigns c`
      : level === 'adset'
        ? sql`meta_adsets s left join meta_campaigns c on c.id = s.campaign_id`
        : sql`meta_ads a left join meta_adsets s on s.id = a.adset_id left join meta_campaigns c on c.id = a.campaign_id`;
  const o = sql.raw(own);
  const adsetColumns =
    level === 'campaign'
      ? sql`null::text as adset_id, null::text as adset, null::text as optimization_goal`
      : sql`s.id as adset_id, s.name as adset, s.optimization_goal`;
  const ownSettings =
    level === 'ad'
      ? sql`null::text as daily_budget, null::text as lifetime_budget, s.bid_strategy as bid_strategy,
          s.daily_budget::text as adset_daily_budget, s.lifetime_budget::text as adset_lifetime_budget`
      : sql`${o}.daily_budget::text as daily_budget, ${o}.lifetime_budget::text as lifetime_budget,
          ${o}.bid_strategy as bid_strategy, null::text as adset_daily_budget, null::text as adset_lifetime_budget`;
  const creative =
    level === 'ad'
      ? sql`a.creative_id, a.format, a.thumbnail_url, a.title, a.body, a.call_to_action`
      : sql`null::text as creative_id, null::text as format, null::text as thumbnail_url, null::text as title,
          null::text as body, null::text as call_to_action`;
  const statement = sql`select ${o}.id, ${o}.name, ${o}.account_id, acc.name as account, acc.currency,
      c.id as campaign_id, c.name as campaign, ${adsetColumns}, c.objective,
      ${o}.status, ${o}.effective_status, ${ownSettings},
      c.status as campaign_status, c.daily_budget::text as campaign_daily_budget,
      c.lifetime_budget::text as campaign_lifetime_budget, c.bid_strategy as campaign_bid_strategy,
      to_char((c.start_time + interval '1 hour') at time zone acc.timezone, 'YYYY-MM-DD') as start_day,
      to_char((c.stop_time - interval '1 hour') at time zone acc.timezone, 'YYYY-MM-DD') as stop_day,
      ${creative}, ${o}.settings_at::text as settings_at
    from ${from}
    join meta_ad_accounts acc on acc.id = ${o}.account_id
    where ${sql.join(conditions, sql` and `)}
    order by acc.name, c.name, ${level === 'campaign' ? sql`c.id` : sql`s.name, s.id`}${
      level === 'ad' ? sql`, a.name, a.id` : sql``
    }`;
  const compiled = dialect.sqlToQuery(statement);
  const raw = await queryCompiled<Record<string, unknown>>(db, statement, compiled);
  const rows = raw.map((row): SettingsRow => {
    const text = (key: string) => (row[key] === null || row[key] === undefined ? null : String(row[key]));
    return {
      level,
      id: String(row.id),
      name: String(row.name),
      account_id: String(row.account_id),
      account: String(row.account),
      currency: String(row.currency),
      campaign_id: String(row.campaign_id ?? ''),
      campaign: String(row.campaign ?? ''),
      adset_id: text('adset_id'),
      adset: text('adset'),
      objective: text('objective'),
      status: text('status'),
      effective_status: text('effective_status'),
      // An ad's budget is its ad set's, when the ad set has one.
      daily_budget: num(row.daily_budget ?? row.adset_daily_budget),
      lifetime_budget: num(row.lifetime_budget ?? row.adset_lifetime_budget),
      bid_strategy: text('bid_strategy'),
      optimization_goal: text('optimization_goal'),
      campaign_status: text('campaign_status'),
      campaign_daily_budget: num(row.campaign_daily_budget),
      campaign_lifetime_budget: num(row.campaign_lifetime_budget),
      campaign_bid_strategy: text('campaign_bid_strategy'),
      start_day: text('start_day'),
      stop_day: text('stop_day'),
      creative_id: text('creative_id'),
      format: text('format'),
      thumbnail_url: text('thumbnail_url'),
      title: text('title'),
      body: text('body'),
      call_to_action: text('call_to_action'),
      settings_at: text('settings_at'),
    };
  });
  return { rows, sql: compiled.sql, params: compiled.params };
}

/**
 * The accounts whose settings ARLO has never read, among those the rows belong to: every row of
 * theirs has no `settings_at` (no objects file, or never synced since settings were added).
 */
export function accountsWithoutSettings(rows: readonly SettingsRow[]): { id: string; name: string }[] {
  const read = new Set(rows.filter((row) => row.settings_at !== null).map((row) => row.account_id));
  const out = new Map<string, string>();
  for (const row of rows) if (!read.has(row.account_id)) out.set(row.account_id, row.account);
  return [...out].map(([id, name]) => ({ id, name }));
}
