import {
  addToCartActionTypes,
  canonicalAction,
  checkoutInitiatedActionTypes,
  contentViewActionTypes,
  landingPageViewActionTypes,
  leadActionTypes,
  purchaseActionTypes,
  singleAction,
  videoViewActionTypes,
} from './actions';
import { copyRows } from './copy-text';
import type { GraphAction, GraphInsightRow } from './graph-types';
import { type InsightSum, insightSums } from './schema';
import { arrayLiteral } from './sql-arrays';

// Checking and canonicalising Graph rows is pure CPU work, kept apart from the writes so that a
// sync can run it in a worker thread, off the thread that writes.

/** A Graph row whose numbers do not parse; the message names the row so the source can be fixed. */
export class InvalidInsightRowError extends Error {
  override name = 'InvalidInsightRowError';
}

const DECIMAL = /^-?\d+(\.\d+)?$/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The fields every insights row carries, whatever its level: what the sums are read from. */
export type SummableRow = Omit<GraphInsightRow, 'ad_id' | 'ad_name'>;

/** Meta's numbers arrive as strings; they stay decimal strings so PostgreSQL NUMERIC keeps them exact. */
function decimal(value: string | undefined, field: string, where: string): string {
  if (value === undefined || value === '') return '0';
  const trimmed = value.trim();
  if (!DECIMAL.test(trimmed)) {
    throw new InvalidInsightRowError(`${where}: ${field} is not a number (${JSON.stringify(value)})`);
  }
  return trimmed;
}

function checkedActions(actions: GraphAction[] | undefined, field: string, where: string): GraphAction[] {
  for (const action of actions ?? []) decimal(action.value, `${field}.${action.action_type}`, where);
  return actions ?? [];
}

/** Meta's video list fields hold one `video_view` entry; anything else in them is not a play. */
function videoPlays(list: GraphAction[] | undefined, field: string, where: string): string {
  return singleAction(checkedActions(list, field, where), 'video_view');
}

/**
 * A row's additive figures, each action by its precedence list (never a sum of Meta's aliases).
 * `where` names the row in error messages ("Insights row for ad 12 on 2026-11-01").
 */
export function rowSums(row: SummableRow, where: string): Record<InsightSum, string> {
  const actions = checkedActions(row.actions, 'actions', where);
  const actionValues = checkedActions(row.action_values, 'action_values', where);
  return {
    impressions: decimal(row.impressions, 'impressions', where),
    reach: decimal(row.reach, 'reach', where),
    clicks: decimal(row.clicks, 'clicks', where),
    linkClicks: decimal(row.inline_link_clicks, 'inline_link_clicks', where),
    spend: decimal(row.spend, 'spend', where),
    purchases: canonicalAction(actions, purchaseActionTypes),
    leads: canonicalAction(actions, leadActionTypes),
    revenue: canonicalAction(actionValues, purchaseActionTypes),
    postEngagements: singleAction(actions, 'post_engagement'),
    postReactions: singleAction(actions, 'post_reaction'),
    postComments: singleAction(actions, 'comment'),
    landingPageViews: canonicalAction(actions, landingPageViewActionTypes),
    contentViews: canonicalAction(actions, contentViewActionTypes),
    addsToCart: canonicalAction(actions, addToCartActionTypes),
    checkoutsInitiated: canonicalAction(actions, checkoutInitiatedActionTypes),
    videoViews3s: canonicalAction(actions, videoViewActionTypes),
    thruplays: videoPlays(row.video_thruplay_watched_actions, 'video_thruplay_watched_actions', where),
    videoP25: videoPlays(row.video_p25_watched_actions, 'video_p25_watched_actions', where),
    videoP50: videoPlays(row.video_p50_watched_actions, 'video_p50_watched_actions', where),
    videoP75: videoPlays(row.video_p75_watched_actions, 'video_p75_watched_actions', where),
    videoP95: videoPlays(row.video_p95_watched_actions, 'video_p95_watched_actions', where),
    videoP100: videoPlays(row.video_p100_watched_actions, 'video_p100_watched_actions', where),
  };
}

/** One day per row (time_increment=1), or the error that names the row. */
export function checkedDay(row: SummableRow, what: string): string {
  if (!DAY.test(row.date_start) || row.date_start !== row.date_stop) {
    throw new InvalidInsightRowError(
      `${what}: expected one day (time_increment=1), got ${row.date_start}..${row.date_stop}`,
    );
  }
  return row.date_start;
}

interface ParsedRow {
  adId: string;
  day: string;
  accountId: string;
  campaignId: string;
  adsetId: string;
  values: Record<InsightSum, string>;
}

export function parseInsightRow(row: GraphInsightRow): ParsedRow {
  const day = checkedDay(row, `Insights row for ad ${row.ad_id}`);
  return {
    adId: row.ad_id,
    day,
    accountId: row.account_id,
    campaignId: row.campaign_id,
    adsetId: row.adset_id,
    values: rowSums(row, `Insights row for ad ${row.ad_id} on ${day}`),
  };
}

/** The first and last day rows name: the days whose roll-ups the writer rebuilds. */
export function dayBounds(rows: readonly { day: string }[]): {
  firstDay: string | undefined;
  lastDay: string | undefined;
} {
  let firstDay: string | undefined;
  let lastDay: string | undefined;
  for (const { day } of rows) {
    if (firstDay === undefined || day < firstDay) firstDay = day;
    if (lastDay === undefined || day > lastDay) lastDay = day;
  }
  return { firstDay, lastDay };
}

/** The first and last day of several prepared pages together. */
export function pagesDayBounds(
  pages: readonly { firstDay: string | undefined; lastDay: string | undefined }[],
): {
  firstDay: string | undefined;
  lastDay: string | undefined;
} {
  return dayBounds(
    pages.flatMap((page) => [page.firstDay, page.lastDay].flatMap((day) => (day ? [{ day }] : []))),
  );
}

/** The ad-day columns, in the order each row's fields are written for COPY. */
export const insightCopyFields = [
  'adId',
  'day',
  'accountId',
  'campaignId',
  'adsetId',
  ...insightSums,
] as const;

/**
 * Insights rows checked, canonicalised and turned into what the writer sends: plain strings only,
 * so this CPU-heavy step can run in a worker thread and be handed over by structured clone.
 */
export interface PreparedInsights {
  rows: number;
  firstDay: string | undefined;
  lastDay: string | undefined;
  campaigns: { ids: string; accountIds: string; names: string; objectives: string };
  adsets: { ids: string; accountIds: string; campaignIds: string; names: string };
  ads: { ids: string; accountIds: string; campaignIds: string; adsetIds: string; names: string };
  /** The ad-day rows in COPY text format, fields in `insightCopyFields` order. */
  copy: string;
}

/**
 * `known` remembers the names already written by earlier pages of the same sync (key: kind and id),
 * so a page only repeats a campaign, ad set or ad whose name changed.
 */
export function prepareInsights(rows: GraphInsightRow[], known?: Map<string, string>): PreparedInsights {
  const parsed = rows.map(parseInsightRow);
  const copy = copyRows(
    parsed.map((r) => [
      r.adId,
      r.day,
      r.accountId,
      r.campaignId,
      r.adsetId,
      ...insightSums.map((name) => r.values[name]),
    ]),
  );
  return { rows: parsed.length, ...dayBounds(parsed), ...prepareEntities(rows, known), copy };
}

/** The latest name wins: rows are in date order, so later rows overwrite earlier ones. */
function prepareEntities(rows: GraphInsightRow[], known?: Map<string, string>) {
  const campaigns = new Map<string, GraphInsightRow>();
  const adsets = new Map<string, GraphInsightRow>();
  const ads = new Map<string, GraphInsightRow>();
  for (const row of rows) {
    campaigns.set(row.campaign_id, row);
    adsets.set(row.adset_id, row);
    ads.set(row.ad_id, row);
  }
  const changed = (kind: string, id: string, name: string) => {
    if (!known) return true;
    const key = `${kind}:${id}`;
    if (known.get(key) === name) return false;
    known.set(key, name);
    return true;
  };
  const c = [...campaigns.values()].filter((r) => changed('c', r.campaign_id, r.campaign_name));
  const s = [...adsets.values()].filter((r) => changed('s', r.adset_id, r.adset_name));
  const a = [...ads.values()].filter((r) => changed('a', r.ad_id, r.ad_name));
  return {
    campaigns: {
      ids: arrayLiteral(c.map((r) => r.campaign_id)),
      accountIds: arrayLiteral(c.map((r) => r.account_id)),
      names: arrayLiteral(c.map((r) => r.campaign_name)),
      objectives: arrayLiteral(c.map((r) => r.objective ?? null)),
    },
    adsets: {
      ids: arrayLiteral(s.map((r) => r.adset_id)),
      accountIds: arrayLiteral(s.map((r) => r.account_id)),
      campaignIds: arrayLiteral(s.map((r) => r.campaign_id)),
      names: arrayLiteral(s.map((r) => r.adset_name)),
    },
    ads: {
      ids: arrayLiteral(a.map((r) => r.ad_id)),
      accountIds: arrayLiteral(a.map((r) => r.account_id)),
      campaignIds: arrayLiteral(a.map((r) => r.campaign_id)),
      adsetIds: arrayLiteral(a.map((r) => r.adset_id)),
      names: arrayLiteral(a.map((r) => r.ad_name)),
    },
  };
}
