import type { ContentItem, DataRow } from '../../shared/api/answer';
import { SHORT_MONTH_NAMES } from '../../shared/short-month-names';
import { dimensions } from '../dimensions';
import { executeQuery, type QueryResult, type ResultRow, type Scope } from '../executor';
import { type MetricKey, metrics } from '../metrics';
import type { Catalog } from '../parse/entities';
import type { Period } from '../parse/plan';
import { type AnalyticsQueryInput, type EntityDimension, entityDimensions } from '../query';
import type { WarehouseDb } from '../warehouse-db';
import { columnFor, columnsOf, sharedCurrency } from './columns';
import { Evidence } from './evidence';

export type AnalyticsListener = (analytics: ContentItem, suggestions: string[]) => void | Promise<void>;

/** What composing one answer needs, and what it leaves behind: every query it ran and every number it wrote. */
export class ComposeContext {
  readonly evidence = new Evidence();
  // One slot per query, in the order they were asked: concurrent queries finish in any order,
  // and an answer must not depend on which finished first.
  private readonly slots: (QueryResult | undefined)[] = [];

  /** Every query this answer has run so far, in the order it asked for them. */
  get queries(): QueryResult[] {
    return this.slots.filter((result): result is QueryResult => result !== undefined);
  }

  constructor(
    readonly db: WarehouseDb,
    readonly scope: Scope,
    readonly catalog: Catalog,
    readonly today: string,
  ) {}

  private readonly cache = new Map<string, Promise<QueryResult>>();
  /** Who receives the analytics part as soon as it is final (the chat stream's first event). */
  onAnalytics: AnalyticsListener | undefined;

  /** Runs a query once per answer: report sections often ask the same thing twice. */
  run(query: AnalyticsQueryInput): Promise<QueryResult> {
    const key = JSON.stringify(query);
    let pending = this.cache.get(key);
    if (!pending) {
      pending = executeQuery(this.db, this.scope, query, {
        currencyByAccount: this.catalog.currencyByAccount,
      });
      const slot = this.slots.push(undefined) - 1;
      pending.then((result) => (this.slots[slot] = result)).catch(() => {});
      this.cache.set(key, pending);
    }
    return pending;
  }

  /** "the last 7 days (Nov 13 – Nov 19, 2026)". */
  period(period: Period): string {
    const span = formatSpan(period.start, period.end);
    // "yesterday (November 19, 2026)" already says its dates: one spelling of them is enough.
    const words = period.label.replace(/\s*\([^()]*\d{4}[^()]*\)\s*$/, '');
    const label = this.evidence.date(words);
    return label.includes(span) ? label : `${label} (${this.evidence.date(span)})`;
  }

  value(row: ResultRow | undefined, metric: MetricKey): string {
    return this.evidence.metric(
      row?.[metric] as number | null | undefined,
      metrics[metric].format,
      row?.currency,
    );
  }
}

function parts(day: string): { year: string; month: string; date: number } {
  const [year = '', month = '01', date = '01'] = day.split('-');
  return { year, month: SHORT_MONTH_NAMES[Number(month) - 1] ?? month, date: Number(date) };
}

export function formatSpan(start: string, end: string): string {
  const a = parts(start);
  const b = parts(end);
  if (start === end) return `${a.month} ${a.date}, ${a.year}`;
  if (a.year === b.year) return `${a.month} ${a.date} – ${b.month} ${b.date}, ${b.year}`;
  return `${a.month} ${a.date}, ${a.year} – ${b.month} ${b.date}, ${b.year}`;
}

/** Each level's words in answers ("ad set", "ad sets"), from the dimensions registry. */
export const levelLabel: Record<EntityDimension, { one: string; many: string }> = Object.fromEntries(
  entityDimensions.map((key) => [key, dimensions[key].label]),
) as Record<EntityDimension, { one: string; many: string }>;

export const text = (content: string, header?: string): ContentItem => ({
  type: 'text',
  content,
  ...(header ? { header } : {}),
});

/** A table whose columns carry their labels and units, so the web app shows each figure as the text does. */
export const table = (data: DataRow[], header?: string): ContentItem => ({
  type: 'table',
  data,
  columns: columnsOf(data),
  ...(header ? { header } : {}),
});

export const complex = (items: ContentItem[]): ContentItem => ({ type: 'complex', data: items });

export type ChartType = 'bar_chart' | 'line_chart' | 'pie_chart';

/**
 * A chart of one metric by one label, with its columns' labels and units. Its rows drop each row's
 * currency, so the chart carries the one currency they share (none when they differ).
 */
export function chart(
  type: ChartType,
  rows: ResultRow[],
  labelKey: string,
  metric: MetricKey,
  header?: string,
): ContentItem {
  const data = chartRows(rows, labelKey, metric);
  const currency = sharedCurrency(rows);
  return {
    type,
    ...(header ? { header } : {}),
    data,
    columns: [labelKey, metric].map(columnFor),
    ...(currency ? { currency } : {}),
  };
}

/** A chart's rows: the label and the metric only, so the chart shows what the header says. */
export function chartRows(rows: ResultRow[], labelKey: string, metric: MetricKey): DataRow[] {
  return rows.map((row) => ({ [labelKey]: row[labelKey] ?? null, [metric]: row[metric] ?? null }));
}

/** Table rows: the label, then each metric, then the currency so money is never read without one. */
export function tableRows(rows: ResultRow[], labelKeys: string[], metricKeys: MetricKey[]): DataRow[] {
  return rows.map((row) => {
    const out: DataRow = {};
    for (const key of labelKeys) out[key] = row[key] ?? null;
    for (const key of metricKeys) out[key] = row[key] ?? null;
    if (row.currency !== undefined) out.currency = row.currency;
    return out;
  });
}
