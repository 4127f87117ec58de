import { type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { textArray } from '../warehouse/sql-arrays';
import type { ResultRow } from './executor';
import type { AnalyticsQuery, Dimension } from './query';
import { queryRows, type WarehouseDb } from './warehouse-db';

const dialect = new PgDialect();

/**
 * Daily reach cannot be added up. When Meta's own unique reach for exactly this range is stored
 * (the sync fetches the standard windows per account and campaign), it replaces the summed figure
 * and frequency is recomputed from it. Returns the statement used, for traceability, or undefined
 * when the summed (approximate) figure stays.
 */
export async function applyExactReach(
  db: WarehouseDb,
  query: AnalyticsQuery,
  dimensions: Dimension[],
  accountIds: string[],
  rows: ResultRow[],
): Promise<{ sql: string; params: unknown[] } | undefined> {
  const reachMetrics = new Set(['reach', 'frequency']);
  if (!query.metrics.some((m) => reachMetrics.has(m)) || rows.length === 0) return undefined;
  // Unique people across several ad accounts may overlap: no exact figure for a sum of accounts.
  if (accountIds.length !== 1) return undefined;
  if (dimensions.some((d) => d !== 'campaign')) return undefined;
  if (query.filters.some((f) => f.dimension !== 'account' && f.dimension !== 'campaign')) return undefined;
  // Campaign filters are read as the ids to look up; an exclusion or a name match is not.
  if (query.filters.some((f) => f.dimension === 'campaign' && (f.op ?? 'in') !== 'in')) return undefined;
  // Rows chosen or cut by the summed figure would not be the rows the exact figure picks.
  if (query.order && reachMetrics.has(query.order.metric) && query.limit) return undefined;
  if (query.minVolume && reachMetrics.has(query.minVolume.metric)) return undefined;
  if (query.having?.some((condition) => reachMetrics.has(condition.metric))) return undefined;

  const accountId = accountIds[0] as string;
  const campaignFilter = query.filters.find((f) => f.dimension === 'campaign');
  let level: 'account' | 'campaign';
  let ids: string[];
  if (dimensions.includes('campaign')) {
    level = 'campaign';
    ids = rows.map((row) => String(row.campaign_id));
  } else if (campaignFilter) {
    if (campaignFilter.values.length !== 1) return undefined;
    level = 'campaign';
    ids = [...campaignFilter.values];
  } else {
    level = 'account';
    ids = [accountId];
  }

  const statement: SQL = sql`select object_id, reach::text as reach from meta_reach
    where account_id = ${accountId} and level = ${level} and object_id = any(${textArray(ids)})
      and since = ${query.time.range.start}::date and until = ${query.time.range.end}::date`;
  const found = new Map(
    (await queryRows<{ object_id: string; reach: string }>(db, statement)).map((r) => [
      r.object_id,
      Number(r.reach),
    ]),
  );
  if (ids.some((id) => !found.has(id))) return undefined;

  for (const row of rows) {
    const exact = found.get(
      level === 'campaign' && dimensions.includes('campaign') ? String(row.campaign_id) : (ids[0] as string),
    );
    if (exact === undefined) continue;
    if ('reach' in row) row.reach = exact;
    if ('frequency' in row) {
      const impressions = Number(row.impressions);
      row.frequency = exact > 0 && Number.isFinite(impressions) ? impressions / exact : null;
    }
  }
  const compiled = dialect.sqlToQuery(statement);
  return { sql: compiled.sql, params: compiled.params };
}
