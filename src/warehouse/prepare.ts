import { canonicalAction, leadActionTypes, purchaseActionTypes, singleAction } from './actions';
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
// ~20 arrays per statement; 5,000 rows keeps each statement well under parameter and memory limits.
const BATCH_ROWS = 5000;

/** Meta's numbers arrive as strings; they stay decimal strings so PostgreSQL NUMERIC keeps them exact. */
function decimal(value: string | undefined, field: string, row: GraphInsightRow): string {
  if (value === undefined || value === '') return '0';
  const trimmed = value.trim();
  if (!DECIMAL.test(trimmed)) {
    throw new InvalidInsightRowError(
      `Insights row for ad ${row.ad_id} on ${row.date_start}: ${field} is not a number (${JSON.stringify(value)})`,
    );
  }
  return trimmed;
}

function checkedActions(
  actions: GraphAction[] | undefined,
  field: string,
  row: GraphInsightRow,
): GraphAction[] {
  for (const action of actions ?? []) decimal(action.value, `${field}.${action.action_type}`, row);
  return actions ?? [];
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
  if (!DAY.test(row.date_start) || row.date_start !== row.date_stop) {
    throw new InvalidInsightRowError(
      `Insights row for ad ${row.ad_id}: expected one day (time_increment=1), got ${row.date_start}..${row.date_stop}`,
    );
  }
  const actions = checkedActions(row.actions, 'actions', row);
  const actionValues = checkedActions(row.action_values, 'action_values', row);
  return {
    adId: row.ad_id,
    day: row.date_start,
    accountId: row.account_id,
    campaignId: row.campaign_id,
    adsetId: row.adset_id,
    values: {
      impressions: decimal(row.impressions, 'impressions', row),
      reach: decimal(row.reach, 'reach', row),
      clicks: decimal(row.clicks, 'clicks', row),
      linkClicks: decimal(row.inline_link_clicks, 'inline_link_clicks', row),
      spend: decimal(row.spend, 'spend', row),
      purchases: canonicalAction(actions, purchaseActionTypes),
      leads: canonicalAction(actions, leadActionTypes),
      revenue: canonicalAction(actionValues, purchaseActionTypes),
      postEngagements: singleAction(actions, 'post_engagement'),
      postReactions: singleAction(actions, 'post_reaction'),
      postComments: singleAction(actions, 'comment'),
    },
  };
}

/**
 * Insights rows checked, canonicalised and turned into statement parameters: plain strings only,
 * so this CPU-heavy step can run in a worker thread and be handed over by structured clone.
 */
export interface PreparedInsights {
  rows: number;
  firstDay: string | undefined;
  lastDay: string | undefined;
  campaigns: { ids: string; accountIds: string; names: string; objectives: string };
  adsets: { ids: string; accountIds: string; campaignIds: string; names: string };
  ads: { ids: string; accountIds: string; campaignIds: string; adsetIds: string; names: string };
  batches: PreparedBatch[];
}

export interface PreparedBatch {
  adIds: string;
  days: string;
  accountIds: string;
  campaignIds: string;
  adsetIds: string;
  values: Record<InsightSum, string>;
}

/**
 * `known` remembers the names already written by earlier pages of the same sync (key: kind and id),
 * so a page only repeats a campaign, ad set or ad whose name changed.
 */
export function prepareInsights(rows: GraphInsightRow[], known?: Map<string, string>): PreparedInsights {
  const parsed = rows.map(parseInsightRow);
  let firstDay: string | undefined;
  let lastDay: string | undefined;
  for (const row of parsed) {
    if (firstDay === undefined || row.day < firstDay) firstDay = row.day;
    if (lastDay === undefined || row.day > lastDay) lastDay = row.day;
  }
  const batches: PreparedBatch[] = [];
  for (let start = 0; start < parsed.length; start += BATCH_ROWS) {
    const batch = parsed.slice(start, start + BATCH_ROWS);
    batches.push({
      adIds: arrayLiteral(batch.map((r) => r.adId)),
      days: arrayLiteral(batch.map((r) => r.day)),
      accountIds: arrayLiteral(batch.map((r) => r.accountId)),
      campaignIds: arrayLiteral(batch.map((r) => r.campaignId)),
      adsetIds: arrayLiteral(batch.map((r) => r.adsetId)),
      values: Object.fromEntries(
        insightSums.map((name) => [name, arrayLiteral(batch.map((r) => r.values[name]))]),
      ) as PreparedBatch['values'],
    });
  }
  return { rows: parsed.length, firstDay, lastDay, ...prepareEntities(rows, known), batches };
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
