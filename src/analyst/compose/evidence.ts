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

  count(items: readonly unknown[]): string {
    return this.record(items.length.toLocaleString('en-US'), { kind: 'count', value: items.length, items });
  }

  constant(value: number, shown: string, why: string): string {
    return this.record(shown, { kind: 'constant', value, why });
  }

  date(shown: string): string {
    return this.record(shown, { kind: 'date' });
  }
}

export function percentChange(from: number, to: number): number {
  return ((to - from) / Math.abs(from)) * 100;
}

export function formatChange(from: number, to: number): string {
  return formatPercentChange(percentChange(from, to));
}

/** The text's format for a metric value; tables and charts read through the same function. */
export function formatValue(value: number, format: MetricFormat, currency?: string): string {
  return formatNumber(value, format, currency);
}
