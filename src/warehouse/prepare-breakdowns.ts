import { copyRows } from './copy-text';
import type { BreakdownKey, GraphBreakdownRow } from './graph-types';
import { checkedDay, dayBounds, InvalidInsightRowError, rowSums } from './prepare';
import { type InsightSum, insightSums } from './schema';

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

export interface PreparedBreakdowns {
  key: BreakdownKey;
  rows: number;
  /** Every account the rows name (one, from a well-formed response). */
  accountIds: string[];
  firstDay: string | undefined;
  lastDay: string | undefined;
  /** The rows in COPY text format, fields in `breakdownCopyFields` order. */
  copy: string;
}

/** Each segment field's column (its key in the breakdown tables' schema). */
export const segmentColumns = {
  age: 'age',
  gender: 'gender',
  country: 'country',
  publisher_platform: 'publisherPlatform',
  platform_position: 'platformPosition',
  device_platform: 'devicePlatform',
} as const satisfies Record<SegmentField, string>;

/** The breakdown columns, in the order each row's fields are written for COPY. */
export const breakdownCopyFields = [
  'breakdown',
  'adsetId',
  'day',
  'segment',
  'accountId',
  'campaignId',
  ...segmentFields.map((field) => segmentColumns[field]),
  ...insightSums,
] as const;

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
  const copy = copyRows(
    parsed.map((r) => [
      key,
      r.adsetId,
      r.day,
      r.segment,
      r.accountId,
      r.campaignId,
      ...segmentFields.map((field) => r.fields[field]),
      ...insightSums.map((name) => r.values[name]),
    ]),
  );
  const accountIds = [...new Set(parsed.map((row) => row.accountId))];
  return { key, rows: parsed.length, accountIds, ...dayBounds(parsed), copy };
}
