import type { DataRow } from '../../../../../shared/api/answer';
import { isHiddenKey } from '../../lib/chart-rules';
import { formatValue, metricLabel } from '../../lib/format';

export interface Column {
  key: string;
  label: string;
  /** A creative thumbnail column, drawn as a 48px image. */
  image: boolean;
  numeric: boolean;
}

/** thumbnail, thumbnail_url, image_url, creative_image, picture: a column of creative images. */
export function isImageKey(key: string): boolean {
  return /(^|_)(thumbnail|image|picture)(_url)?($|_)/i.test(key);
}

/** Only http(s) addresses are drawn as images; anything else shows as text. */
export function imageUrl(value: unknown): string | undefined {
  return typeof value === 'string' && /^https?:\/\//i.test(value.trim()) ? value.trim() : undefined;
}

/** The visible columns, in first-seen order over all rows, without `_tooltip` and id keys. */
export function columnsOf(rows: readonly DataRow[]): Column[] {
  const keys: string[] = [];
  for (const row of rows) for (const key of Object.keys(row)) if (!keys.includes(key)) keys.push(key);
  return keys
    .filter((key) => !isHiddenKey(key))
    .map((key) => ({
      key,
      label: metricLabel(key),
      image: isImageKey(key),
      numeric: rows.some((row) => typeof row[key] === 'number'),
    }));
}

/** The row's currency, so money reads in the account's own currency (dollars when absent). */
export function rowCurrency(row: DataRow): string | undefined {
  return typeof row.currency === 'string' ? row.currency : undefined;
}

export function cellText(row: DataRow, column: Column): string {
  return formatValue(column.key, row[column.key], rowCurrency(row));
}

/** The tooltip for a cell: the row's hidden `<key>_tooltip` value, if any. */
export function cellTooltip(row: DataRow, key: string): string | undefined {
  const tip = row[`${key}_tooltip`];
  return tip === null || tip === undefined ? undefined : String(tip);
}
