import { formatNumber, formatPercentChange } from '../../shared/number-format';
import type { MetricFormat } from '../metrics';

/**
 * Every number the composer writes into a text goes through here and is recorded with where it
 * came from: a value the executor returned, a change between two such values, a count of rows,
 * or a date. A test checks each record against the executor's rows, so no text can carry a
 * number the engine did not compute.
 */
export type Derivation =
  | { kind: 'value'; value: number }
  | { kind: 'change'; from: number; to: number }
  /** How many of something: rows the executor returned (kept, so each can be checked), or queries run. */
  | { kind: 'count'; value: number; items: readonly unknown[] }
  | { kind: 'constant'; value: number; why: string }
  /** How much a value moved between two result values, in the metric's own unit ("+$181.16"). */
  | { kind: 'difference'; from: number; to: number }
  /** One row's move as a percent of the whole move, both between result values ("62%"). */
  | { kind: 'share'; part: { from: number; to: number }; whole: { from: number; to: number } }
  /** Result values added up: segments that together make a total ("$17,421.00"). */
  | { kind: 'sum'; values: number[]; value: number }
  /** One result value as a percent of another ("29%" of a funnel step's visitors reach the next). */
  | { kind: 'rate'; part: number; whole: number }
  /**
   * A figure read from campaign, ad set and ad settings (a budget), or worked out from one and
   * result values (a budget for a period, the share of it spent, a count of settings rows).
   */
  | { kind: 'setting'; value: number; why: string }
  /** Words quoted from an ad (its headline, its text): any number in them is the advertiser's. */
  | { kind: 'quote' }
  | { kind: 'date' };

export interface EvidenceEntry {
  shown: string;
  derivation: Derivation;
}

export class Evidence {
  readonly entries: EvidenceEntry[] = [];

  private record(shown: string, derivation: Derivation): string {
    this.entries.push({ shown, derivation });
    return shown;
  }

  /** A metric value from a result row, in the metric's format. */
  metric(
    value: number | string | null | undefined,
    format: MetricFormat,
    currency?: string | number | null,
  ): string {
    if (typeof value !== 'number' || !Number.isFinite(value)) return 'n/a';
    return this.record(formatValue(value, format, typeof currency === 'string' ? currency : undefined), {
      kind: 'value',
      value,
    });
  }

  /** Percent change from one result value to another, e.g. "+17.2%". */
  change(from: number, to: number): string {
    if (from === 0) return 'n/a';
    return this.record(formatChange(from, to), { kind: 'change', from, to });
  }

  /** The signed move from one result value to another, in the metric's format. */
  difference(from: number, to: number, format: MetricFormat, currency?: string | number | null): string {
    const moved = formatValue(
      Math.abs(to - from),
      format,
      typeof currency === 'string' ? currency : undefined,
    );
    return this.record(`${to >= from ? '+' : '−'}${moved}`, { kind: 'difference', from, to });
  }

  /** A part's move as a percent of the whole move (a sum's rows add up to its total). */
  share(part: { from: number; to: number }, whole: { from: number; to: number }): string {
    const total = whole.to - whole.from;
    if (total === 0) return 'n/a';
    return this.record(`${Math.round(((part.to - part.from) / total) * 100)}%`, {
      kind: 'share',
      part,
      whole,
    });
  }

  /** Result values added up, in the metric's format: the figure a sum (or rate) may rest on. */
  sum(values: readonly number[], format: MetricFormat, currency?: string | number | null): string {
    const value = values.reduce((total, v) => total + v, 0);
    return this.record(formatValue(value, format, typeof currency === 'string' ? currency : undefined), {
      kind: 'sum',
      values: [...values],
      value,
    });
  }

  /** `part` as a percent of `whole`, both result values: how many of one step reach the next. */
  rate(part: number, whole: number): string {
    if (whole === 0) return 'n/a';
    return this.record(formatRate(part, whole), { kind: 'rate', part, whole });
  }

  count(items: readonly unknown[]): string {
    return this.record(items.length.toLocaleString('en-US'), { kind: 'count', value: items.length, items });
  }

  constant(value: number, shown: string, why: string): string {
    return this.record(shown, { kind: 'constant', value, why });
  }

  setting(value: number, shown: string, why: string): string {
    return this.record(shown, { kind: 'setting', value, why });
  }

  quote(shown: string): string {
    return this.record(shown, { kind: 'quote' });
  }

  date(shown: string): string {
    return this.record(shown, { kind: 'date' });
  }
}

export function percentChange(from: number, to: number): number {
  return ((to - from) / Math.abs(from)) * 100;
}

/** A percent of a whole: whole percents from 10% up, one decimal below ("1.4%", "29%"). */
export function formatRate(part: number, whole: number): string {
  const percent = (part / whole) * 100;
  return `${percent >= 10 ? Math.round(percent) : percent.toFixed(1)}%`;
}

export function formatChange(from: number, to: number): string {
  return formatPercentChange(percentChange(from, to));
}

/** The text's format for a metric value; tables and charts read through the same function. */
export function formatValue(value: number, format: MetricFormat, currency?: string): string {
  return formatNumber(value, format, currency);
}
