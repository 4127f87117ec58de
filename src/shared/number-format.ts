/**
 * How a figure reads, wherever it is shown: the answer's text, its tables and its charts all format
 * through here, so the same value never reads two ways. Pure: the server and the web app share it.
 */

/** How a metric's value reads: money in the account's currency, a count, a percent, a ratio. */
export type NumberUnit = 'money' | 'count' | 'percent' | 'multiplier' | 'decimal';

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

// Number.toLocaleString with options builds a new formatter on every call; an answer formats
// hundreds of numbers, so the formatters it needs are built once.
const amountFormats = {
  0: new Intl.NumberFormat('en-US', { minimumFractionDigits: 0, maximumFractionDigits: 0 }),
  2: new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 }),
};
const countFormat = new Intl.NumberFormat('en-US');

/**
 * CTR 2.1534 → "2.15%", ROAS 3.2 → "3.20x", spend 1234.5 USD → "$1,234.50", 1234.5 SEK →
 * "1,234.50 SEK", 1200 JPY → "¥1,200". Money without a currency reads in dollars.
 */
export function formatNumber(value: number, unit: NumberUnit, currency?: string): string {
  switch (unit) {
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

/** A percent change, signed with 1 decimal: 17.24 → "+17.2%", −3 → "−3.0%". */
export function formatPercentChange(pct: number): string {
  return `${pct >= 0 ? '+' : '−'}${Math.abs(pct).toFixed(1)}%`;
}
