/** What the sync asks Meta for: the ad rows' fields and the breakdown rows' fields. */

const IDENTITY = [
  'account_id',
  'account_name',
  'account_currency',
  'campaign_id',
  'campaign_name',
  'objective',
  'adset_id',
  'adset_name',
];

/** Unique-people figures: Meta gives them with breakdowns only for ranges of the last 13 months. */
export const UNIQUE_FIELDS = ['reach', 'frequency'];

/** The metrics, the same for ad rows and breakdown rows; the funnel and `video_view` come in `actions`. */
const METRICS = [
  'impressions',
  ...UNIQUE_FIELDS,
  'clicks',
  'inline_link_clicks',
  'spend',
  'actions',
  'action_values',
  'video_thruplay_watched_actions',
  'video_p25_watched_actions',
  'video_p50_watched_actions',
  'video_p75_watched_actions',
  'video_p95_watched_actions',
  'video_p100_watched_actions',
];

/** The fields the metrics need, at ad level, one row per ad and day. */
export const INSIGHT_FIELDS = [...IDENTITY, 'ad_id', 'ad_name', ...METRICS];

/** The same at ad set level, for breakdown rows (Meta adds the breakdown's own fields to each row). */
export const BREAKDOWN_FIELDS = [...IDENTITY, ...METRICS];

/** Breakdown fields for a range Meta gives no reach for: everything else, reach then stored as 0. */
export const BREAKDOWN_FIELDS_WITHOUT_REACH = BREAKDOWN_FIELDS.filter((f) => !UNIQUE_FIELDS.includes(f));
