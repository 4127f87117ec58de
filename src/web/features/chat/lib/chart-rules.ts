import type { ContentItem, DataRow } from '../../../../shared/api/answer';
import { metricLabel } from './format';
import { isLabelKey, LABEL_KEYS } from './row-labels';

/** Chart and table-reveal constants, as pure functions the components share. */

export const BAR_SIZE = 20;
/** Bar charts with more rows than this lie on their side. */
export const HORIZONTAL_AFTER = 10;
export const MIN_CHART_HEIGHT = 400;
export const ROW_HEIGHT = 25;
/** A share-of-total ring: small enough that it and its legend both fit a phone's screen. */
export const DONUT_HEIGHT = 260;
export const COLORS = ['#4f46e5', '#10b981', '#f59e0b', '#ef4444', '#0ea5e9'] as const;

export type ChartKind = 'line' | 'bar' | 'pie';

/** One chart's worth of rows; the wrapped form adds an account and the metric it shows. */
export interface ChartData {
  rows: DataRow[];
  title?: string;
  metric?: string;
}

const count = (rows: number | readonly unknown[]): number => (typeof rows === 'number' ? rows : rows.length);

export function colorAt(index: number): string {
  return COLORS[((index % COLORS.length) + COLORS.length) % COLORS.length] as string;
}

export function isHorizontal(rows: number | readonly unknown[]): boolean {
  return count(rows) > HORIZONTAL_AFTER;
}

/** max(400, 25 per row + 50). */
export function chartHeight(rows: number | readonly unknown[]): number {
  return Math.max(MIN_CHART_HEIGHT, ROW_HEIGHT * count(rows) + 50);
}

/** The y axis top: the max value times 1.1, rounded up (0 when nothing is above 0). */
export function yAxisTop(max: number): number {
  if (!Number.isFinite(max) || max <= 0) return 0;
  // toPrecision drops float noise, so 100 × 1.1 is 110 and not 111.
  return Math.ceil(Number((max * 1.1).toPrecision(12)));
}

/** Clamp(5000 ÷ total characters, 1, 10) milliseconds per character. */
export function revealInterval(totalChars: number): number {
  if (!(totalChars > 0)) return 10;
  return Math.min(10, Math.max(1, 5000 / totalChars));
}

const ISO_DATE = /^\d{4}-\d{1,2}-\d{1,2}(?:$|[T ])/;
const SHORT_DATE = /^\d{1,2}[/.-]\d{1,2}(?:[/.-]\d{2,4})?$/;

/** '2026-11-20', '20/11', '11/20', '20/11/2026': a value that reads as a day. */
export function looksLikeDate(value: unknown): boolean {
  if (typeof value !== 'string') return false;
  const text = value.trim();
  if (ISO_DATE.test(text)) return true;
  const match = SHORT_DATE.exec(text);
  if (!match) return false;
  const [a, b] = text.split(/[/.-]/).map(Number);
  if (a === undefined || b === undefined) return false;
  // Either day/month or month/day must be a real calendar pair.
  const valid = (day: number, month: number) => day >= 1 && day <= 31 && month >= 1 && month <= 12;
  return valid(a, b) || valid(b, a);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isWrapped(value: unknown): value is { account_name?: unknown; metric?: unknown; data: unknown[] } {
  return isRecord(value) && Array.isArray(value.data) && ('metric' in value || 'account_name' in value);
}

function fromWrapped(wrapped: { account_name?: unknown; metric?: unknown; data: unknown[] }): ChartData {
  const account = typeof wrapped.account_name === 'string' ? wrapped.account_name : undefined;
  const metric = typeof wrapped.metric === 'string' ? wrapped.metric : undefined;
  const title = [account, metric ? metricLabel(metric) : undefined].filter(Boolean).join(' – ');
  return {
    rows: wrapped.data.filter(isRecord) as DataRow[],
    ...(title ? { title } : {}),
    ...(metric ? { metric } : {}),
  };
}

/**
 * Every chart in an item's data: plain rows are one chart; the wrapped form
 * (`{ account_name, metric, data }`, alone or as a list, one per account) is one chart per wrapper.
 */
export function unwrapAll(data: unknown): ChartData[] {
  if (isWrapped(data)) return [fromWrapped(data)];
  if (!Array.isArray(data)) return [];
  if (data.length > 0 && data.every(isWrapped)) return data.map(fromWrapped);
  return [{ rows: data.filter(isRecord) as DataRow[] }];
}

/** The first (usually the only) chart in an item's data. */
export function unwrap(data: unknown): ChartData {
  return unwrapAll(data)[0] ?? { rows: [] };
}

/** 'chart' is a line chart when its first row has a date-like value, otherwise a bar chart. */
export function chartKind(item: Pick<ContentItem, 'type' | 'data'>): ChartKind {
  if (item.type === 'line_chart') return 'line';
  if (item.type === 'pie_chart') return 'pie';
  if (item.type === 'bar_chart') return 'bar';
  const first = unwrap(item.data).rows[0];
  return first && Object.values(first).some(looksLikeDate) ? 'line' : 'bar';
}

export function isHiddenKey(key: string): boolean {
  return key.endsWith('_tooltip') || key === 'id' || key.endsWith('_id');
}

/** The row's label column: name, campaign, account, adset, ad or day, else its first text column. */
export function labelKey(row: DataRow | undefined): string | undefined {
  if (!row) return undefined;
  const known = LABEL_KEYS.find((key) => row[key] !== undefined && row[key] !== null);
  if (known) return known;
  return Object.keys(row).find(
    (key) => !isHiddenKey(key) && key !== 'currency' && typeof row[key] === 'string',
  );
}

/** The column holding a day ('day' first, else the first date-like value): a line chart's x axis. */
export function dateKey(row: DataRow | undefined): string | undefined {
  if (!row) return undefined;
  if (looksLikeDate(row.day)) return 'day';
  return Object.keys(row).find((key) => looksLikeDate(row[key]));
}

/** Numeric columns in first-seen order, without labels, ids and tooltips. */
export function metricKeys(rows: readonly DataRow[]): string[] {
  const label = labelKey(rows[0]);
  const keys: string[] = [];
  for (const row of rows) {
    for (const [key, value] of Object.entries(row)) {
      if (keys.includes(key) || key === label || isLabelKey(key) || isHiddenKey(key)) continue;
      if (typeof value === 'number') keys.push(key);
    }
  }
  return keys;
}
