import type { ColumnUnit, DataRow, Column as DescribedColumn } from '../../../../../shared/api/answer';
import { isHiddenKey } from '../../lib/chart-rules';
import { formatCell, formatValue, metricLabel } from '../../lib/format';

export interface Column {
  key: string;
  label: string;
  /** How the values read, when the answer described the column; else guessed from the key. */
  unit?: ColumnUnit;
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

/**
 * The visible columns, without `_tooltip` and id keys: the described ones in their order, then any
 * other key the rows hold in first-seen order (older messages describe none).
 */
export function columnsOf(rows: readonly DataRow[], described: readonly DescribedColumn[] = []): Column[] {
  const keys = described.map((column) => column.key);
  for (const row of rows) for (const key of Object.keys(row)) if (!keys.includes(key)) keys.push(key);
  return keys
    .filter((key) => !isHiddenKey(key))
    .map((key) => {
      const known = described.find((column) => column.key === key);
      return {
        key,
        label: known?.label ?? metricLabel(key),
        ...(known ? { unit: known.unit } : {}),
        image: isImageKey(key),
        numeric: rows.some((row) => typeof row[key] === 'number'),
      };
    });
}

/** The row's currency, so money reads in the account's own currency (dollars when absent). */
export function rowCurrency(row: DataRow): string | undefined {
  return typeof row.currency === 'string' ? row.currency : undefined;
}

export function cellText(row: DataRow, column: Column, currency?: string): string {
  const code = rowCurrency(row) ?? currency;
  return column.unit
    ? formatCell(row[column.key], column.unit, code)
    : formatValue(column.key, row[column.key], code);
}

/** The tooltip for a cell: the row's hidden `<key>_tooltip` value, if any. */
export function cellTooltip(row: DataRow, key: string): string | undefined {
  const tip = row[`${key}_tooltip`];
  return tip === null || tip === undefined ? undefined : String(tip);
}
