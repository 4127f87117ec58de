import { epochDay, isoDay } from '../../../analyst/demo/calendar';
import type {
  GraphAction,
  GraphAdAccount,
  GraphBreakdownRow,
  GraphInsightRow,
} from '../../../warehouse/graph-types';
import { DecimalSum } from './decimal-sum';
import {
  IDENTITY_FIELDS,
  type Increment,
  type InsightsQuery,
  type Level,
  VIDEO_LIST_FIELDS,
} from './insights-query';

/** An ad/day row, or an ad set/day/segment row of a breakdown (which has no ad fields). */
export type SourceRow = GraphInsightRow | GraphBreakdownRow;

/** One account's rows (ad/day, or one breakdown's) in date order, each row's day precomputed for range scans. */
export interface AccountRows {
  account: GraphAdAccount;
  days: number[];
  rows: SourceRow[];
}

export function indexAccountRows(account: GraphAdAccount, rows: readonly SourceRow[]): AccountRows {
  const dated = rows.map((row, order) => ({ row, day: epochDay(row.date_start), order }));
  dated.sort((a, b) => a.day - b.day || a.order - b.order);
  return { account, days: dated.map((entry) => entry.day), rows: dated.map((entry) => entry.row) };
}

/**
 * One output row before formatting: the ad/day rows it sums. Sums are taken only when a page is
 * formatted, so ad-level daily requests over a large account do not build 182,500 totals at once.
 */
export interface InsightsGroup {
  start: number;
  stop: number;
  entityId: string;
  /** The breakdown values of the group, in the order the request named the breakdowns. */
  segment?: [field: string, value: string][];
  rows: SourceRow[];
}

const ENTITY_ID: Record<Level, keyof GraphInsightRow> = {
  account: 'account_id',
  campaign: 'campaign_id',
  adset: 'adset_id',
  ad: 'ad_id',
};

/**
 * Groups the rows of the range by time bucket, entity and (with breakdowns) segment, sorted by
 * date, then id; segments of one entity keep the order the rows first show them in.
 */
export function groupInsights(index: AccountRows, query: InsightsQuery): InsightsGroup[] {
  const groups = new Map<string, InsightsGroup>();
  const idField = ENTITY_ID[query.level];
  const segmentFields = query.breakdowns?.fields ?? [];
  for (let i = lowerBound(index.days, query.since); i < index.days.length; i++) {
    const day = index.days[i] as number;
    if (day > query.until) break;
    const row = index.rows[i] as SourceRow;
    const [start, stop] = bucketOf(day, query);
    const entityId = String(row[idField as keyof SourceRow]);
    let key = `${start}|${entityId}`;
    for (const field of segmentFields) key += `|${row[field as keyof SourceRow] ?? ''}`;
    const group = groups.get(key);
    if (group) group.rows.push(row);
    else {
      const created: InsightsGroup = { start, stop, entityId, rows: [row] };
      if (segmentFields.length > 0) {
        created.segment = segmentFields.map((field) => [field, String(row[field as keyof SourceRow] ?? '')]);
      }
      groups.set(key, created);
    }
  }
  // Array#sort is stable, so segments stay in their first-seen order within an entity and bucket.
  return [...groups.values()].sort((a, b) => a.start - b.start || compareIds(a.entityId, b.entityId));
}

function lowerBound(days: readonly number[], target: number): number {
  let low = 0;
  let high = days.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    if ((days[mid] as number) < target) low = mid + 1;
    else high = mid;
  }
  return low;
}

/** Numeric ids compare as numbers ("9" before "10"), anything else as text. */
function compareIds(a: string, b: string): number {
  if (/^\d+$/.test(a) && /^\d+$/.test(b) && a.length !== b.length) return a.length - b.length;
  return a < b ? -1 : a > b ? 1 : 0;
}

function bucketOf(
  day: number,
  query: { since: number; until: number; increment: Increment },
): [number, number] {
  const { since, until, increment } = query;
  if (increment.kind === 'all_days') return [since, until];
  if (increment.kind === 'days') {
    const start = since + Math.floor((day - since) / increment.days) * increment.days;
    return [start, Math.min(until, start + increment.days - 1)];
  }
  const iso = isoDay(day);
  const first = epochDay(`${iso.slice(0, 8)}01`);
  const next = new Date(Date.UTC(Number(iso.slice(0, 4)), Number(iso.slice(5, 7)), 1));
  const last = Math.round(next.getTime() / 86_400_000) - 1;
  return [Math.max(since, first), Math.min(until, last)];
}

interface Totals {
  impressions: number;
  clicks: number;
  inlineLinkClicks: number | undefined;
  spend: DecimalSum;
  reach: number | undefined;
  actions: Map<string, DecimalSum>;
  actionValues: Map<string, DecimalSum>;
  /** Per video list field, its sums by action type. */
  video: Map<string, Map<string, DecimalSum>>;
}

/**
 * Unique reach of a group of n ad/day rows, from their daily reach: one row keeps its own reach;
 * wider groups get round(sum / (1 + 0.5 × ln n)), at least the largest daily reach. Summed daily
 * reach counts a person once per day and per ad, so the divisor models overlap growing with the
 * number of rows (7 days of one ad ≈ half the sum; 30 days ≈ 37%). It stays within
 * [max daily, sum daily] and is deterministic. Undefined when any row lacks reach.
 */
export function uniqueReach(dailyReach: readonly number[]): number | undefined {
  let sum = 0;
  let max = 0;
  // A loop, not Math.max(...list): a year of a large account is 182,500 values, too many arguments.
  for (const reach of dailyReach) {
    if (!Number.isFinite(reach)) return undefined;
    sum += reach;
    max = Math.max(max, reach);
  }
  if (dailyReach.length <= 1) return dailyReach.length === 1 ? sum : undefined;
  return Math.max(max, Math.round(sum / (1 + 0.5 * Math.log(dailyReach.length))));
}

function sumActions(into: Map<string, DecimalSum>, list: readonly GraphAction[] | undefined): void {
  for (const action of list ?? []) {
    let sum = into.get(action.action_type);
    if (!sum) {
      sum = new DecimalSum();
      into.set(action.action_type, sum);
    }
    sum.add(action.value);
  }
}

function totalsOf(rows: readonly SourceRow[]): Totals {
  const totals: Totals = {
    impressions: 0,
    clicks: 0,
    inlineLinkClicks: undefined,
    spend: new DecimalSum(),
    reach: undefined,
    actions: new Map(),
    actionValues: new Map(),
    video: new Map(VIDEO_LIST_FIELDS.map((field) => [field, new Map<string, DecimalSum>()])),
  };
  const dailyReach: number[] = [];
  for (const row of rows) {
    totals.impressions += Number(row.impressions);
    totals.clicks += Number(row.clicks);
    if (row.inline_link_clicks !== undefined) {
      totals.inlineLinkClicks = (totals.inlineLinkClicks ?? 0) + Number(row.inline_link_clicks);
    }
    totals.spend.add(row.spend);
    dailyReach.push(row.reach === undefined ? Number.NaN : Number(row.reach));
    sumActions(totals.actions, row.actions);
    sumActions(totals.actionValues, row.action_values);
    for (const field of VIDEO_LIST_FIELDS) {
      const list = row[field];
      if (list) sumActions(totals.video.get(field) as Map<string, DecimalSum>, list);
    }
  }
  totals.reach = uniqueReach(dailyReach);
  return totals;
}

/** Meta prints rates with six decimals and leaves them out when the denominator is zero. */
function ratio(numerator: number, denominator: number | undefined, scale = 1): string | undefined {
  return denominator ? ((numerator / denominator) * scale).toFixed(6) : undefined;
}

function actionList(map: Map<string, DecimalSum>): GraphAction[] | undefined {
  if (map.size === 0) return undefined;
  return [...map].map(([action_type, sum]) => ({ action_type, value: sum.toString() }));
}

function metric(totals: Totals, field: string): string | GraphAction[] | undefined {
  const spend = totals.spend.value;
  switch (field) {
    case 'impressions':
      return String(totals.impressions);
    case 'clicks':
      return String(totals.clicks);
    case 'inline_link_clicks':
      return totals.inlineLinkClicks === undefined ? undefined : String(totals.inlineLinkClicks);
    case 'spend':
      return spend.toFixed(2);
    case 'reach':
      return totals.reach === undefined ? undefined : String(totals.reach);
    case 'frequency':
      return ratio(totals.impressions, totals.reach);
    case 'ctr':
      return ratio(totals.clicks, totals.impressions, 100);
    case 'cpc':
      return ratio(spend, totals.clicks);
    case 'cpm':
      return ratio(spend, totals.impressions, 1000);
    case 'inline_link_click_ctr':
      return totals.inlineLinkClicks === undefined
        ? undefined
        : ratio(totals.inlineLinkClicks, totals.impressions, 100);
    case 'cost_per_inline_link_click':
      return ratio(spend, totals.inlineLinkClicks);
    case 'actions':
      return actionList(totals.actions);
    case 'action_values':
      return actionList(totals.actionValues);
    case 'cost_per_action_type': {
      const list = [...totals.actions]
        .filter(([, count]) => count.value > 0)
        .map(([action_type, count]) => ({ action_type, value: (spend / count.value).toFixed(6) }));
      return list.length > 0 ? list : undefined;
    }
    case 'purchase_roas': {
      const revenue = totals.actionValues.get('omni_purchase')?.value;
      const value = revenue === undefined ? undefined : ratio(revenue, spend);
      return value === undefined ? undefined : [{ action_type: 'omni_purchase', value }];
    }
    default: {
      const video = totals.video.get(field);
      return video ? actionList(video) : undefined;
    }
  }
}

function identity(row: SourceRow, account: GraphAdAccount, field: string): string | undefined {
  if (field === 'account_currency') return row.account_currency ?? account.currency;
  if (field === 'account_name') return row.account_name ?? account.name;
  const value = row[field as keyof SourceRow];
  return typeof value === 'string' ? value : undefined;
}

/**
 * The row Meta would send: requested fields only (in the order asked), then date_start and
 * date_stop, then the breakdown values.
 */
export function formatGroup(
  group: InsightsGroup,
  query: InsightsQuery,
  account: GraphAdAccount,
): Record<string, unknown> {
  const allowed = IDENTITY_FIELDS[query.level];
  const identityFields = IDENTITY_FIELDS.ad;
  const first = group.rows[0] as SourceRow;
  let totals: Totals | undefined;
  const out: Record<string, unknown> = {};
  for (const field of query.fields) {
    if (field === 'date_start' || field === 'date_stop') continue;
    let value: unknown;
    if (identityFields.includes(field)) {
      value = allowed.includes(field) ? identity(first, account, field) : undefined;
    } else {
      totals ??= totalsOf(group.rows);
      value = metric(totals, field);
    }
    if (value !== undefined) out[field] = value;
  }
  out.date_start = isoDay(group.start);
  out.date_stop = isoDay(group.stop);
  for (const [field, value] of group.segment ?? []) out[field] = value;
  return out;
}
