import type { BreakdownKey, GraphBreakdownRow } from './graph-types';
import { checkedDay, InvalidInsightRowError, rowSums } from './prepare';
import { type InsightSum, insightSums } from './schema';
import { arrayLiteral } from './sql-arrays';

/** The segment fields a breakdown row can carry; a key carries one or two of them. */
export const segmentFields = [
  'age',
  'gender',
  'country',
  'publisher_platform',
  'platform_position',
  'device_platform',
] as const;
export type SegmentField = (typeof segmentFields)[number];

// ~30 arrays per statement; 5,000 rows keeps each statement well under parameter and memory limits.
const BATCH_ROWS = 5000;

/** One batch of breakdown rows as statement parameters: plain strings, safe to post from a worker. */
export interface PreparedBreakdownBatch {
  adsetIds: string;
  days: string;
  segments: string;
  accountIds: string;
  campaignIds: string;
  fields: Record<SegmentField, string>;
  values: Record<InsightSum, string>;
}

export interface PreparedBreakdowns {
  key: BreakdownKey;
  rows: number;
  /** Every account the rows name (one, from a well-formed response). */
  accountIds: string[];
  batches: PreparedBreakdownBatch[];
}

interface ParsedBreakdownRow {
  adsetId: string;
  day: string;
  segment: string;
  accountId: string;
  campaignId: string;
  fields: Record<SegmentField, string>;
  values: Record<InsightSum, string>;
}

function parseBreakdownRow(row: GraphBreakdownRow, key: BreakdownKey): ParsedBreakdownRow {
  const what = `Breakdown row (${key}) for ad set ${row.adset_id}`;
  const day = checkedDay(row, what);
  const keyFields = key.split(',') as SegmentField[];
  const fields = Object.fromEntries(segmentFields.map((field) => [field, ''])) as Record<
    SegmentField,
    string
  >;
  for (const field of keyFields) {
    const value = row[field];
    // A row without its own segment cannot be told apart from its siblings: it would overwrite them.
    if (typeof value !== 'string' || value === '')
      throw new InvalidInsightRowError(`${what} on ${day}: ${field} is missing`);
    fields[field] = value;
  }
  return {
    adsetId: row.adset_id,
    day,
    segment: keyFields.map((field) => fields[field]).join('|'),
    accountId: row.account_id,
    campaignId: row.campaign_id,
    fields,
    values: rowSums(row, `${what} on ${day}`),
  };
}

/** Checks and canonicalises one breakdown key's rows, as prepareInsights does for ad rows. */
export function prepareBreakdowns(rows: GraphBreakdownRow[], key: BreakdownKey): PreparedBreakdowns {
  const parsed = rows.map((row) => parseBreakdownRow(row, key));
  const batches: PreparedBreakdownBatch[] = [];
  for (let start = 0; start < parsed.length; start += BATCH_ROWS) {
    const batch = parsed.slice(start, start + BATCH_ROWS);
    batches.push({
      adsetIds: arrayLiteral(batch.map((r) => r.adsetId)),
      days: arrayLiteral(batch.map((r) => r.day)),
      segments: arrayLiteral(batch.map((r) => r.segment)),
      accountIds: arrayLiteral(batch.map((r) => r.accountId)),
      campaignIds: arrayLiteral(batch.map((r) => r.campaignId)),
      fields: Object.fromEntries(
        segmentFields.map((field) => [field, arrayLiteral(batch.map((r) => r.fields[field]))]),
      ) as Record<SegmentField, string>,
      values: Object.fromEntries(
        insightSums.map((name) => [name, arrayLiteral(batch.map((r) => r.values[name]))]),
      ) as Record<InsightSum, string>,
    });
  }
  const accountIds = [...new Set(parsed.map((row) => row.accountId))];
  return { key, rows: parsed.length, accountIds, batches };
}
