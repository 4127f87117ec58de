/**
 * How a row's label reads, in tables, chart axes, legends and tooltips alike. Answer rows name a
 * group by Meta's own codes ('female', 'instagram_reels', 'mobile_app', 'VIDEO') or by a period's
 * first day; this module is the one place that turns them into words, so every view agrees.
 */
import type { DataRow } from '../../../../shared/api/answer';
import {
  deviceLabels as DEVICES,
  formatLabels as FORMATS,
  genderLabels as GENDERS,
  placementLabels as PLACEMENTS,
  platformLabels as PLATFORMS,
} from '../../../../shared/segment-labels';
import { SHORT_MONTH_NAMES } from '../../../../shared/short-month-names';

/**
 * The keys a row's label sits under, in the order a row's label is picked: things in the account,
 * then segments of the results (a placement before its platform), then periods.
 */
export const LABEL_KEYS = [
  'name',
  'campaign',
  'account',
  'adset',
  'ad',
  'objective',
  'platform_position',
  'publisher_platform',
  'age',
  'gender',
  'country',
  'device_platform',
  'format',
  'quarter_label',
  'week',
  'month',
  'weekday',
  'day',
] as const;

/** Period keys; a row holding a week (or month…) and its first `day` reads as the week. */
const PERIOD_KEYS = ['quarter_label', 'week', 'month', 'weekday', 'day'] as const;

export function isLabelKey(key: string): boolean {
  return (LABEL_KEYS as readonly string[]).includes(key);
}

/** Titles for label columns an answer did not describe, where the key's words read badly. */
const TITLES: Record<string, string> = {
  platform_position: 'Placement',
  publisher_platform: 'Platform',
  device_platform: 'Device',
  format: 'Creative format',
  quarter_label: 'Quarter',
};

export function labelTitle(key: string): string | undefined {
  return TITLES[key];
}

/** 'audience_network' → 'Audience network', 'STORE_ITEM' → 'Store item': a code nobody named. */
function humanize(code: string): string {
  const words = code.replace(/_/g, ' ').trim();
  const text = words === words.toUpperCase() ? words.toLowerCase() : words;
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function platformText(platform: string): string {
  return PLATFORMS[platform] ?? humanize(platform);
}

/** 'instagram' + 'instagram_reels' → 'Instagram Reels'; a position alone is named when only one platform has it. */
function placementText(platform: string | undefined, position: string): string {
  if (platform === undefined) {
    const matches = Object.entries(PLACEMENTS).filter(([pair]) => pair.endsWith(`|${position}`));
    return matches.length === 1 ? (matches[0]?.[1] as string) : humanize(position);
  }
  const known = PLACEMENTS[`${platform}|${position}`];
  if (known) return known;
  const name = platformText(platform);
  // A code that repeats its platform ("instagram_shop"), or words already ("Instagram Reels").
  if (position.startsWith(`${platform}_`)) return `${name} ${humanize(position.slice(platform.length + 1))}`;
  if (position.toLowerCase().startsWith(name.toLowerCase())) return position;
  return `${name} ${humanize(position)}`;
}

let regions: Intl.DisplayNames | undefined | null;

/** 'US' → 'United States' where the browser names regions; the code itself otherwise. */
function countryText(code: string): string {
  if (!/^[A-Za-z]{2}$/.test(code)) return code;
  if (regions === undefined) {
    try {
      regions = new Intl.DisplayNames(['en'], { type: 'region' });
    } catch {
      regions = null;
    }
  }
  try {
    return regions?.of(code.toUpperCase()) ?? code;
  } catch {
    return code;
  }
}

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})/;

/** '2026-11-02' → 'Nov 2' (with the year: 'Nov 2026' for a month). */
function dayParts(value: string): { year: string; month: string; date: number } | undefined {
  const match = ISO_DAY.exec(value);
  const month = match ? SHORT_MONTH_NAMES[Number(match[2]) - 1] : undefined;
  if (!match || !month) return undefined;
  return { year: match[1] as string, month, date: Number(match[3]) };
}

function weekText(value: string): string {
  const day = dayParts(value);
  return day ? `Week of ${day.month} ${day.date}` : value;
}

function monthText(value: string): string {
  const day = dayParts(value);
  return day ? `${day.month} ${day.year}` : value;
}

/**
 * How the value under a label key reads: 'female' → 'Women', 'US' → 'United States', a week's
 * first day → 'Week of Nov 2', a placement's position with its platform → 'Instagram Reels'.
 * Undefined for a key that is not a label, or a missing value; other labels read as they are.
 */
export function labelText(row: DataRow, key: string): string | undefined {
  const value = row[key];
  if (!isLabelKey(key) || value === null || value === undefined) return undefined;
  const text = String(value);
  switch (key) {
    case 'platform_position': {
      const platform = row.publisher_platform;
      return placementText(typeof platform === 'string' && platform ? platform : undefined, text);
    }
    case 'publisher_platform':
      return platformText(text);
    case 'gender':
      return GENDERS[text] ?? humanize(text);
    case 'device_platform':
      return DEVICES[text] ?? humanize(text);
    case 'format':
      return FORMATS[text] ?? humanize(text);
    case 'country':
      return countryText(text);
    case 'week':
      return weekText(text);
    case 'month':
      return monthText(text);
    default:
      return text;
  }
}

const present = (row: DataRow, key: string) => row[key] !== null && row[key] !== undefined;

/**
 * The label keys a row is named by, each once: a placement's platform is part of the placement,
 * and a period's first `day` is part of the period.
 */
function rowLabelKeys(row: DataRow): string[] {
  const keys = LABEL_KEYS.filter((key) => present(row, key));
  return keys.filter((key) => {
    if (key === 'publisher_platform') return !keys.includes('platform_position');
    if (key === 'day') return !PERIOD_KEYS.some((period) => period !== 'day' && keys.includes(period));
    return true;
  });
}

/** The row's period (week, month, weekday, day…) as it reads, if it names one. */
export function periodText(row: DataRow): string | undefined {
  const key = PERIOD_KEYS.find((period) => present(row, period));
  return key ? labelText(row, key) : undefined;
}

/**
 * What a row is, in words: 'Instagram Reels', '25-34 · Women', 'Spring Sale'. A row with no known
 * label key reads as its first text value (older messages, unknown keys).
 */
export function rowLabel(row: DataRow): string {
  const keys = rowLabelKeys(row);
  if (keys.length > 0) return keys.map((key) => labelText(row, key) ?? '').join(' · ');
  const first = Object.entries(row).find(
    ([key, value]) =>
      typeof value === 'string' &&
      key !== 'currency' &&
      key !== 'id' &&
      !key.endsWith('_id') &&
      !key.endsWith('_tooltip') &&
      !/^https?:/i.test(value),
  );
  return first ? String(first[1]) : '';
}
