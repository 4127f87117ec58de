import type { ColumnUnit, DataRow, Column as DescribedColumn } from '../../../../../shared/api/answer';
import { isHiddenKey } from '../../lib/chart-rules';
import { dayText, spansYears } from '../../lib/day-text';
import { formatCell, formatValue, metricLabel } from '../../lib/format';
import { labelText, labelTitle, rowLabel } from '../../lib/row-labels';

export interface Column {
  key: string;
  label: string;
  /** How the values read, when the answer described the column; else guessed from the key. */
  unit?: ColumnUnit;
  /** A creative thumbnail column, drawn as a 48px image (unit `image`, or a key that says so). */
  image: boolean;
  numeric: boolean;
  /** The day column: each ISO day reads 'Fri, Nov 13', with its year when the days span several. */
  day?: { withYear: boolean };
}

/** thumbnail, thumbnail_url, image_url, creative_image, picture: a column of creative images. */
export function isImageKey(key: string): boolean {
  return /(^|_)(thumbnail|image|picture)(_url)?($|_)/i.test(key);
}

/**
 * Only https addresses are drawn as images (the page allows none other from Meta's CDN);
 * anything else, javascript: and http: included, is not shown at all.
 */
export function imageUrl(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  try {
    const url = new URL(value.trim());
    return url.protocol === 'https:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}

/** A thumbnail's alternative text: which ad (else which row) it pictures. */
export function imageAlt(row: DataRow): string {
  const label = typeof row.ad === 'string' && row.ad ? row.ad : rowLabel(row);
  return label ? `Thumbnail of ${label}` : 'Ad thumbnail';
}

/** A described column is an image by its unit; an undescribed one (older messages) by its key. */
function isImageColumn(key: string, unit: ColumnUnit | undefined): boolean {
  if (unit === undefined) return isImageKey(key);
  return unit === 'image' || (unit === 'text' && isImageKey(key));
}

/**
 * The visible columns, without `_tooltip` and id keys: the described ones in their order, then any
 * other key the rows hold in first-seen order (older messages describe none). A placement's
 * platform shows inside its Placement column ("Instagram Reels"), not beside it.
 */
export function columnsOf(rows: readonly DataRow[], described: readonly DescribedColumn[] = []): Column[] {
  const keys = described.map((column) => column.key);
  for (const row of rows) for (const key of Object.keys(row)) if (!keys.includes(key)) keys.push(key);
  const placement = rows.some((row) => row.platform_position !== undefined && row.platform_position !== null);
  return keys
    .filter((key) => !isHiddenKey(key) && !(placement && key === 'publisher_platform'))
    .map((key) => {
      const known = described.find((column) => column.key === key);
      return {
        key,
        label: known?.label ?? labelTitle(key) ?? metricLabel(key),
        ...(known ? { unit: known.unit } : {}),
        image: isImageColumn(key, known?.unit),
        numeric: rows.some((row) => typeof row[key] === 'number'),
        ...(key === 'day' ? { day: { withYear: spansYears(rows.map((row) => row[key])) } } : {}),
      };
    });
}

/**
 * The columns drawn on screen: a currency column is left out when every row has the same
 * currency, since each money cell already shows its symbol and the answer states the currency.
 * The CSV and the copied table keep every column.
 */
export function shownColumns(columns: readonly Column[], rows: readonly DataRow[]): Column[] {
  const currencies = new Set(rows.map((row) => row.currency));
  return columns.filter((column) => !(column.key === 'currency' && currencies.size === 1));
}

/** The row's currency, so money reads in the account's own currency (dollars when absent). */
export function rowCurrency(row: DataRow): string | undefined {
  return typeof row.currency === 'string' ? row.currency : undefined;
}

/** A cell as it reads (and copies): labels in words, figures in their unit, an image as its address. */
export function cellText(row: DataRow, column: Column, currency?: string): string {
  if (column.image) return imageUrl(row[column.key]) ?? '';
  const value = row[column.key];
  if (column.day && typeof value === 'string') return dayText(value, column.day.withYear);
  const label = labelText(row, column.key);
  if (label !== undefined) return label;
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
