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
  | { kind: 'date' };

export interface EvidenceEntry {
  shown: string;
  derivation: Derivation;
}

const moneySymbols: Record<string, string> = {
  USD: '$',
  EUR: '€',
  GBP: '£',
  JPY: '¥',
  CAD: 'CA$',
  AUD: 'A$',
};
// ISO 4217 currencies without minor units: showing cents would invent precision.
const zeroDecimalCurrencies = new Set([
  'JPY',
  'KRW',
  'CLP',
  'VND',
  'ISK',
  'HUF',
  'TWD',
  'UGX',
  'PYG',
  'XOF',
  'XAF',
]);

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
  const pct = percentChange(from, to);
  return `${pct >= 0 ? '+' : '−'}${Math.abs(pct).toFixed(1)}%`;
}

// Number.toLocaleString with options builds a new formatter on every call; an answer formats
// hundreds of numbers, so the two formatters it needs are built once.
const amountFormats = {
  0: new Intl.NumberFormat('en-US', { minimumFractionDigits: 0, maximumFractionDigits: 0 }),
  2: new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 }),
};
const countFormat = new Intl.NumberFormat('en-US');

export function formatValue(value: number, format: MetricFormat, currency?: string): string {
  switch (format) {
    case 'money': {
      const code = currency ?? 'USD';
      const digits = zeroDecimalCurrencies.has(code) ? 0 : 2;
      const amount = amountFormats[digits].format(Math.abs(value));
      const symbol = moneySymbols[code];
      const sign = value < 0 ? '−' : '';
      return symbol ? `${sign}${symbol}${amount}` : `${sign}${amount} ${code}`;
    }
    case 'count':
      return countFormat.format(Math.round(value));
    case 'percent':
      return `${value.toFixed(2)}%`;
    case 'multiplier':
      return `${value.toFixed(2)}x`;
    case 'decimal':
      return value.toFixed(2);
  }
}
