/**
 * Meta sends budgets and bids in the currency's smallest unit: cents for USD, whole yen for JPY.
 * These currencies have no sub-unit in Meta's API (an offset of 1); every other one counts in
 * hundredths (an offset of 100).
 */
const WHOLE_UNIT_CURRENCIES = new Set([
  'CLP',
  'COP',
  'CRC',
  'HUF',
  'ISK',
  'IDR',
  'JPY',
  'KRW',
  'PYG',
  'TWD',
  'VND',
]);

/** How many of Meta's budget units make one unit of the currency. */
export function currencyOffset(currency: string): 1 | 100 {
  return WHOLE_UNIT_CURRENCIES.has(currency.toUpperCase()) ? 1 : 100;
}

/**
 * A budget in the currency's major unit, as an exact decimal string ('19000' USD → '190.00'),
 * or null when Meta sent none. Done on the digits, never through a float.
 */
export function budgetInMajorUnit(minor: string | undefined, currency: string): string | null {
  if (minor === undefined || minor === null || minor === '') return null;
  const digits = String(minor).trim();
  if (!/^\d+$/.test(digits))
    throw new Error(`budget ${JSON.stringify(minor)} is not a whole number of minor units`);
  if (currencyOffset(currency) === 1) return digits.replace(/^0+(?=\d)/, '');
  const padded = digits.padStart(3, '0');
  return `${padded.slice(0, -2).replace(/^0+(?=\d)/, '')}.${padded.slice(-2)}`;
}
