import { addMonths } from '../../../analyst/dates/calendar';
import { epochDay, isoDay } from '../../../analyst/demo/calendar';
import { type BreakdownKey, breakdownKeys } from '../../../warehouse/graph-types';
import { type GraphError, invalidParameter } from './errors';

/** Every value Meta's `breakdowns` accepts (v23.0), for its "must be one of" message. */
const META_BREAKDOWNS = [
  'ad_format_asset',
  'age',
  'app_id',
  'body_asset',
  'call_to_action_asset',
  'coarse_conversion_value',
  'country',
  'description_asset',
  'device_platform',
  'dma',
  'fidelity_type',
  'frequency_value',
  'gender',
  'hourly_stats_aggregated_by_advertiser_time_zone',
  'hourly_stats_aggregated_by_audience_time_zone',
  'image_asset',
  'impression_device',
  'is_conversion_id_modeled',
  'link_url_asset',
  'mmm',
  'place_page_id',
  'platform_position',
  'postback_sequence_index',
  'product_id',
  'publisher_platform',
  'redownload',
  'region',
  'skan_campaign_id',
  'skan_conversion_id',
  'title_asset',
  'user_segment_key',
  'video_asset',
];

/** What a `breakdowns=` request is served from: the stored key whose rows cover the asked fields. */
export interface BreakdownRequest {
  /** The asked fields, in the order asked: each output row carries them in this order. */
  fields: string[];
  key: BreakdownKey;
}

function list(text: string): string[] {
  const trimmed = text.trim();
  // Meta takes a JSON array (what its SDKs send) or a comma-separated list.
  if (trimmed.startsWith('[')) {
    try {
      const parsed: unknown = JSON.parse(trimmed);
      if (Array.isArray(parsed)) return parsed.map((value) => String(value).trim());
    } catch {
      // Falls through to the comma reading, which then names the odd value.
    }
  }
  return trimmed.split(',').map((value) => value.trim());
}

function invalidCombination(fields: string[]): GraphError {
  // Meta lists the implied action_type breakdown first, as its own message does.
  return invalidParameter(
    `Current combination of data breakdown columns (action_type, ${fields.join(', ')}) is invalid`,
  );
}

/**
 * Reads `breakdowns` as Meta checks it: every value must be one Meta knows; platform_position only
 * with publisher_platform; and the set must be one Meta can cross (not age with country). Sets Meta
 * accepts but ARLO keeps no rows for (region, impression_device...) are refused as unsupported.
 */
export function readBreakdowns(text: string | undefined): BreakdownRequest | undefined {
  if (!text) return undefined;
  const fields = [...new Set(list(text).filter(Boolean))];
  if (fields.length === 0) return undefined;
  for (const [index, field] of fields.entries()) {
    if (!META_BREAKDOWNS.includes(field)) {
      throw invalidParameter(
        `breakdowns[${index}] must be one of the following values: ${META_BREAKDOWNS.join(', ')}`,
      );
    }
  }
  if (fields.includes('platform_position') && !fields.includes('publisher_platform')) {
    throw invalidCombination(fields);
  }
  const key = breakdownKeys.find((candidate) =>
    fields.every((field) => candidate.split(',').includes(field)),
  );
  if (key) return { fields, key };
  const known = new Set(breakdownKeys.flatMap((candidate) => candidate.split(',')));
  if (fields.every((field) => known.has(field))) {
    // Meta crosses placements with devices; ARLO keeps those breakdowns apart.
    const placementsByDevice = fields.every(
      (field) => field !== 'age' && field !== 'gender' && field !== 'country',
    );
    if (!placementsByDevice) throw invalidCombination(fields);
  }
  throw invalidParameter(
    `breakdowns=${fields.join(',')} is not supported by ARLO's Graph API simulator; it serves ${breakdownKeys.join(' | ')} and their parts`,
  );
}

/**
 * Meta gives no unique-people figures (reach, frequency) with breakdowns for a range that starts
 * more than 13 months before today. Where 13 months back has no such day (31 March → February),
 * the later day is the first one allowed.
 */
export function checkBreakdownReach(fields: readonly string[], since: number, today: number): void {
  if (!fields.includes('reach') && !fields.includes('frequency')) return;
  const todayIso = isoDay(today);
  const back = addMonths(todayIso, -13);
  const first = back.slice(8) === todayIso.slice(8) ? epochDay(back) : epochDay(back) + 1;
  if (since < first) {
    throw invalidParameter(
      `Reach and frequency breakdown data is unavailable for dates older than 13 months: since must be on or after ${isoDay(first)} when reach or frequency is requested with breakdowns`,
    );
  }
}
