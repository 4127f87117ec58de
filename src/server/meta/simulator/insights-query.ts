import { epochDay, isoDay } from '../../../analyst/demo/calendar';
import { type BreakdownRequest, checkBreakdownReach, readBreakdowns } from './breakdown-query';
import { invalidParameter } from './errors';

export type Level = 'account' | 'campaign' | 'adset' | 'ad';
export type Increment = { kind: 'all_days' } | { kind: 'days'; days: number } | { kind: 'monthly' };

/** A validated insights request; days are days since 1970-01-01, both ends inclusive. */
export interface InsightsQuery {
  level: Level;
  fields: string[];
  since: number;
  until: number;
  increment: Increment;
  /** Set when `breakdowns` is: rows then come from the ad set breakdown rows of `breakdowns.key`. */
  breakdowns?: BreakdownRequest;
}

const LEVELS: readonly Level[] = ['ad', 'adset', 'campaign', 'account'];

const ACCOUNT_IDENTITY = ['account_id', 'account_name', 'account_currency'];
const CAMPAIGN_IDENTITY = [...ACCOUNT_IDENTITY, 'campaign_id', 'campaign_name', 'objective'];
const ADSET_IDENTITY = [...CAMPAIGN_IDENTITY, 'adset_id', 'adset_name'];

/** Identity fields a level can answer; finer ones (ad_id at level=campaign) are left out, as Meta does. */
export const IDENTITY_FIELDS: Record<Level, readonly string[]> = {
  account: ACCOUNT_IDENTITY,
  campaign: CAMPAIGN_IDENTITY,
  adset: ADSET_IDENTITY,
  ad: [...ADSET_IDENTITY, 'ad_id', 'ad_name'],
};

export const METRIC_FIELDS = [
  'impressions',
  'reach',
  'frequency',
  'clicks',
  'inline_link_clicks',
  'spend',
  'cpc',
  'cpm',
  'ctr',
  'actions',
  'action_values',
  'purchase_roas',
  'cost_per_action_type',
  'cost_per_inline_link_click',
  'inline_link_click_ctr',
] as const;

/** Video plays to 15 s or the end and to each share of the length, each a `[{ action_type: 'video_view', value }]` list. */
export const VIDEO_LIST_FIELDS = [
  'video_thruplay_watched_actions',
  'video_p25_watched_actions',
  'video_p50_watched_actions',
  'video_p75_watched_actions',
  'video_p95_watched_actions',
  'video_p100_watched_actions',
] as const;

const KNOWN_FIELDS = new Set<string>([
  ...IDENTITY_FIELDS.ad,
  ...METRIC_FIELDS,
  ...VIDEO_LIST_FIELDS,
  'date_start',
  'date_stop',
]);
// Meta's default when `fields` is absent.
const DEFAULT_FIELDS = ['impressions', 'spend'];

/** Parses and checks the parameters of `/act_<id>/insights`, with Meta's error messages. */
export function parseInsightsQuery(params: Record<string, string>, today: number): InsightsQuery {
  for (const unsupported of ['filtering', 'time_ranges']) {
    if (params[unsupported]) {
      throw invalidParameter(`${unsupported} is not supported by ARLO's Graph API simulator`);
    }
  }
  const level = (params.level || 'account') as Level;
  if (!LEVELS.includes(level)) {
    throw invalidParameter('level must be one of the following values: ad, adset, campaign, account');
  }
  const { since, until } = readRange(params, today);
  const fields = readFields(params.fields);
  const breakdowns = readBreakdowns(params.breakdowns);
  if (breakdowns) {
    // Breakdown rows are kept per ad set and day, as ARLO syncs them.
    if (level === 'ad') {
      throw invalidParameter(
        "breakdowns with level=ad are not supported by ARLO's Graph API simulator; ask at level adset, campaign or account",
      );
    }
    checkBreakdownReach(fields, since, today);
  }
  return { level, fields, since, until, increment: readIncrement(params.time_increment), breakdowns };
}

/** `a,b{c},b` → ['a', 'b']: nested selections are ignored, as no insights field has sub-fields here. */
export function splitFields(text: string | undefined): string[] {
  if (!text) return [];
  const flat = text.replace(/\{[^{}]*\}/g, '');
  return [...new Set(flat.split(',').map((field) => field.trim()))].filter(Boolean);
}

function readFields(text: string | undefined): string[] {
  const fields = splitFields(text);
  for (const field of fields) {
    if (!KNOWN_FIELDS.has(field)) {
      throw invalidParameter(
        `${field} is not valid for fields param. please check https://developers.facebook.com/docs/marketing-api/reference/ads-insights/ for all valid values`,
      );
    }
  }
  return fields.length > 0 ? fields : DEFAULT_FIELDS;
}

function readIncrement(text: string | undefined): Increment {
  if (!text || text === 'all_days') return { kind: 'all_days' };
  if (text === 'monthly') return { kind: 'monthly' };
  const days = Number(text);
  if (/^\d+$/.test(text) && days >= 1 && days <= 90) return { kind: 'days', days };
  throw invalidParameter("time_increment must be 'all_days', 'monthly' or an integer from 1 to 90");
}

function readRange(params: Record<string, string>, today: number): { since: number; until: number } {
  let since: string | undefined;
  let until: string | undefined;
  if (params.time_range) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(params.time_range);
    } catch {
      throw invalidParameter(
        'time_range must be a JSON object like {"since":"YYYY-MM-DD","until":"YYYY-MM-DD"}',
      );
    }
    const range = (parsed ?? {}) as { since?: unknown; until?: unknown };
    since = typeof range.since === 'string' ? range.since : undefined;
    until = typeof range.until === 'string' ? range.until : undefined;
  } else if (params['time_range[since]'] || params['time_range[until]']) {
    since = params['time_range[since]'];
    until = params['time_range[until]'];
  } else {
    return presetRange(params.date_preset || 'last_30d', today);
  }
  if (!since || !until) throw invalidParameter('time_range needs both since and until');
  const range = { since: readDay(since), until: readDay(until) };
  if (range.since > range.until)
    throw invalidParameter('The since field must be on or before the until field');
  return range;
}

function readDay(day: string): number {
  try {
    return epochDay(day);
  } catch {
    throw invalidParameter(
      `Must be a date representation in the format YYYY-MM-DD, got ${JSON.stringify(day)}`,
    );
  }
}

/** The presets a client is likely to send; like Meta's, `last_Nd` ends yesterday. */
function presetRange(preset: string, today: number): { since: number; until: number } {
  const lastDays = /^last_(\d+)d$/.exec(preset);
  if (lastDays?.[1]) return { since: today - Number(lastDays[1]), until: today - 1 };
  const month = isoDay(today).slice(0, 8);
  switch (preset) {
    case 'today':
      return { since: today, until: today };
    case 'yesterday':
      return { since: today - 1, until: today - 1 };
    case 'this_month':
      return { since: epochDay(`${month}01`), until: today };
    case 'last_month': {
      const until = epochDay(`${month}01`) - 1;
      return { since: epochDay(`${isoDay(until).slice(0, 8)}01`), until };
    }
    case 'maximum':
      // Meta keeps 37 months of insights.
      return { since: today - 1126, until: today - 1 };
    default:
      throw invalidParameter(`date_preset ${JSON.stringify(preset)} is not supported by ARLO's simulator`);
  }
}
