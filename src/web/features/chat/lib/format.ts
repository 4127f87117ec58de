/**
 * Answer rows carry raw numbers under the metric's own key; formatting them is the web app's job
 * and happens only here. A table or chart that describes its columns reads through the same
 * formatter as the answer's text; older messages without that description fall back to guessing
 * the format from the key.
 */
import type { ColumnUnit } from '../../../../shared/api/answer';
import { formatNumber, formatPercentChange } from '../../../../shared/number-format';
import { SHORT_MONTH_NAMES } from '../../../../shared/short-month-names';
import { isLabelKey } from './row-labels';

/** Shown for a missing value (null, undefined, or a number that is not finite). */
export const EMPTY_VALUE = '–';

const COUNT_METRICS = new Set([
  'impressions',
  'clicks',
  'link_clicks',
  'reach',
  'conversions',
  'purchases',
  'leads',
]);

/** Ratios shown as plain numbers with 2 decimals. */
const DECIMAL_METRICS = new Set(['ctr', 'frequency']);

/** Ratios shown as a percent with 2 decimals. */
const PERCENT_METRICS = new Set(['roi', 'cvr']);

const ACRONYMS: Record<string, string> = {
  cpa: 'CPA',
  cpc: 'CPC',
  cpm: 'CPM',
  ctr: 'CTR',
  roas: 'ROAS',
  roi: 'ROI',
  cvr: 'CVR',
  aov: 'AOV',
  id: 'ID',
  url: 'URL',
  pct: '%',
};

const WORDS: Record<string, string> = { adset: 'ad set' };

/**
 * A change column: `change`, `cpa_change`, `change_pct`, `pct_change`, `ctr_change_pct` (the analyst
 * emits `<metric>_change` as a percent change, for example `frequency_change` and `ctr_change`).
 */
export function isChangeKey(key: string): boolean {
  return /(^|_)change($|_)/.test(key.toLowerCase());
}

export function isCountKey(key: string): boolean {
  const k = key.toLowerCase();
  return COUNT_METRICS.has(k) || k.startsWith('post_');
}

function fixed(value: number, decimals: number): string {
  // 'negative': a value that rounds to zero never shows as '-0.0'.
  return value.toLocaleString('en-US', {
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
    signDisplay: 'negative',
  });
}

function money(value: number, currency?: string): string {
  const code = currency?.trim().toUpperCase();
  if (code && /^[A-Z]{3}$/.test(code) && code !== 'USD') {
    try {
      return value.toLocaleString('en-US', {
        style: 'currency',
        currency: code,
        minimumFractionDigits: 2,
        maximumFractionDigits: 2,
        signDisplay: 'negative',
      });
    } catch {
      // An unknown code falls back to dollars below.
    }
  }
  const digits = fixed(value, 2);
  return digits.startsWith('-') ? `-$${digits.slice(1)}` : `$${digits}`;
}

/**
 * Formats one cell: change values 1 decimal with %; ctr and frequency 2 decimals; counts with
 * separators; roi with % and 2 decimals; roas with x and 2 decimals; other numbers as money with 2
 * decimals (dollars, or the row's `currency` when one is given). Text passes through; null is '–'.
 */
export function formatValue(metric: string, value: unknown, currency?: string): string {
  if (value === null || value === undefined) return EMPTY_VALUE;
  if (typeof value !== 'number') return String(value);
  if (!Number.isFinite(value)) return EMPTY_VALUE;
  const key = metric.toLowerCase();
  if (isLabelKey(key) || key === 'id' || key.endsWith('_id')) return String(value);
  if (isChangeKey(key)) return `${fixed(value, 1)}%`;
  if (DECIMAL_METRICS.has(key)) return fixed(value, 2);
  if (isCountKey(key)) return fixed(value, 0);
  if (PERCENT_METRICS.has(key)) return `${fixed(value, 2)}%`;
  if (key === 'roas') return `${fixed(value, 2)}x`;
  return money(value, currency);
}

/**
 * Formats one cell of a described column exactly as the answer's text shows the same figure:
 * CTR 2.15 → '2.15%', ROAS 3.2 → '3.20x', spend 1234.5 → '$1,234.50' (in the row's currency).
 * Labels pass through; a missing value is '–'.
 */
export function formatCell(value: unknown, unit: ColumnUnit, currency?: string): string {
  if (value === null || value === undefined) return EMPTY_VALUE;
  if (typeof value !== 'number') return String(value);
  if (!Number.isFinite(value)) return EMPTY_VALUE;
  if (unit === 'text' || unit === 'date' || unit === 'image') return String(value);
  if (unit === 'change') return formatPercentChange(value);
  return formatNumber(value, unit, currency);
}

/** A column or series title: 'cpa' → 'CPA', 'post_reactions' → 'Post reactions', 'ctr_change' → 'CTR change'. */
export function metricLabel(key: string): string {
  const words = key
    .split(/[_\s]+/)
    .filter(Boolean)
    .map((word) => ACRONYMS[word.toLowerCase()] ?? WORDS[word.toLowerCase()] ?? word.toLowerCase());
  const label = words.join(' ');
  return label.charAt(0).toUpperCase() + label.slice(1);
}

/**
 * The unit a column's figures read in when the answer did not describe it (older messages),
 * guessed from its key by the same rules as `formatValue`.
 */
export function unitForKey(key: string): ColumnUnit {
  const k = key.toLowerCase();
  if (isLabelKey(k)) return 'text';
  if (isChangeKey(k)) return 'change';
  if (DECIMAL_METRICS.has(k)) return 'decimal';
  if (isCountKey(k)) return 'count';
  if (PERCENT_METRICS.has(k)) return 'percent';
  if (k === 'roas') return 'multiplier';
  return 'money';
}

// Axis ticks are round numbers; three significant digits keep '$1.25M' and '$0.25' without
// inventing cents on '$4K'.
const compactNumber = new Intl.NumberFormat('en-US', { notation: 'compact', maximumSignificantDigits: 3 });
const compactMoney = new Map<string, Intl.NumberFormat>();

function compactMoneyFormat(currency: string | undefined): Intl.NumberFormat {
  const code = currency?.trim().toUpperCase() || 'USD';
  let format = compactMoney.get(code);
  if (!format) {
    try {
      format = new Intl.NumberFormat('en-US', {
        style: 'currency',
        currency: code,
        notation: 'compact',
        maximumSignificantDigits: 3,
      });
    } catch {
      // An unknown code reads in dollars, as table cells do.
      format = compactMoneyFormat('USD');
    }
    compactMoney.set(code, format);
  }
  return format;
}

/**
 * A value-axis tick, short enough to sit beside its neighbours: money $4.1K, $12K, $1.2M (never
 * cents on a round tick), counts 12K, percents 2.5%, ROAS 2x, changes +10%. Tooltips keep the full
 * figure through `formatCell`.
 */
export function formatAxisValue(value: number, unit: ColumnUnit, currency?: string): string {
  if (!Number.isFinite(value)) return '';
  const short = (n: number) => compactNumber.format(n).replace('-', '−');
  switch (unit) {
    case 'money':
      return compactMoneyFormat(currency).format(value).replace('-', '−');
    case 'percent':
      return `${short(value)}%`;
    case 'multiplier':
      return `${short(value)}x`;
    case 'change':
      return `${value > 0 ? '+' : ''}${short(value)}%`;
    default:
      return short(value);
  }
}

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})(?:$|[T ])/;

/**
 * A day on a chart: '2026-11-03' → 'Nov 3' on the axis, 'Nov 3, 2026' in full (the tooltip).
 * Anything that is not an ISO day is returned as it is.
 */
export function formatDay(value: string, full = false): string {
  const match = ISO_DAY.exec(value.trim());
  const month = match ? SHORT_MONTH_NAMES[Number(match[2]) - 1] : undefined;
  if (!match || !month) return value;
  const day = `${month} ${Number(match[3])}`;
  return full ? `${day}, ${match[1]}` : day;
}
