import type { DataRow } from '../../../../../shared/api/answer';
import { labelText } from '../../lib/row-labels';
import { type Column, cellText, imageUrl } from './table-columns';

/** A field quoted when it holds a comma, a quote or a line break, its quotes doubled (RFC 4180). */
function csvField(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/**
 * Text that a spreadsheet would run as a formula (a campaign named `=HYPERLINK(…)` or `+cmd|…`)
 * gets a leading apostrophe, which spreadsheets read as "this is text", as OWASP advises for
 * CSV injection. Only text: a figure, negative ones included, is written as the number it is.
 */
function inertText(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/**
 * A cell for a spreadsheet: figures as the raw numbers the engine computed (no currency sign,
 * thousands separator or rounding), labels in words, dates as ISO days, a missing value empty.
 */
function rawCell(row: DataRow, column: Column): string {
  const value = row[column.key];
  if (value === null || value === undefined) return '';
  if (column.image) return imageUrl(value) ?? '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (column.unit === 'date' || column.key === 'day') return String(value);
  return inertText(labelText(row, column.key) ?? String(value));
}

/** The table as CSV: a header line of the column labels, then one line per row, CRLF-separated. */
export function tableCsv(rows: readonly DataRow[], columns: readonly Column[]): string {
  const lines = [
    columns.map((column) => csvField(column.label)),
    ...rows.map((row) => columns.map((column) => csvField(rawCell(row, column)))),
  ];
  return `${lines.map((line) => line.join(',')).join('\r\n')}\r\n`;
}

/** A cell in a tab-separated line: tabs and line breaks inside it would split it, so they read as spaces. */
function tsvField(value: string): string {
  return value.replace(/[\t\r\n]+/g, ' ');
}

/** A cell as the table shows it; text that a spreadsheet would run as a formula made inert. */
function clipboardCell(row: DataRow, column: Column, currency?: string): string {
  const shown = cellText(row, column, currency);
  return typeof row[column.key] === 'number' ? shown : inertText(shown);
}

/**
 * The table as it reads, tab-separated with a header line: pastes into a spreadsheet or a doc
 * as a table, each figure formatted as on screen.
 */
export function tableTsv(rows: readonly DataRow[], columns: readonly Column[], currency?: string): string {
  return [
    columns.map((column) => tsvField(column.label)).join('\t'),
    ...rows.map((row) => columns.map((column) => tsvField(clipboardCell(row, column, currency))).join('\t')),
  ].join('\n');
}

/** A file name from the table's title: "Campaigns by spend" → "campaigns-by-spend.csv". */
export function csvFileName(title: string | undefined): string {
  const slug = (title ?? '')
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/, '');
  return `${slug || 'table'}.csv`;
}
