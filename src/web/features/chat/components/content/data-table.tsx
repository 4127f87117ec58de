import type { Column, DataRow } from '../../../../../shared/api/answer';
import { keyed } from './keyed';
import { TableActions } from './table-actions';
import { cellText, cellTooltip, columnsOf, imageAlt, imageUrl, shownColumns } from './table-columns';
import { Thumbnail } from './thumbnail';
import { useReveal } from './use-reveal';

/** Figures right-aligned in even-width digits; days on one line; words wrap. */
function cellAlign(column: { numeric: boolean; day?: unknown }): string {
  if (column.numeric) return 'text-right tabular-nums whitespace-nowrap';
  if (column.day) return 'text-left tabular-nums whitespace-nowrap';
  return 'text-left';
}

/** A long name shows three lines at most; the cell's title holds all of it. */
const LONG_TEXT = 80;

/**
 * A result table: cells formatted by the columns the answer describes (as its text shows them),
 * hidden `_tooltip` and id columns, labels in words ('Instagram Reels', 'Women'), days as
 * 'Fri, Nov 13', a 48px creative thumbnail (https only), columns as wide as their content, long
 * names wrapped and clamped (never wider than the answer), at most 400px tall with scrolling in a
 * region the keyboard can reach, Download CSV and Copy as table above it, and the text typing in
 * unless `reveal` is false or the user prefers reduced motion. `currency` is for rows that do not
 * name their own; `title` names the region and the CSV file when there is no caption.
 */
export function DataTable({
  rows,
  columns: described,
  currency,
  caption,
  title,
  reveal = true,
}: {
  rows: readonly DataRow[];
  columns?: readonly Column[] | undefined;
  currency?: string | undefined;
  caption?: string | undefined;
  title?: string | undefined;
  reveal?: boolean;
}) {
  const all = columnsOf(rows, described);
  const columns = shownColumns(all, rows);
  const images = rows.map((row) =>
    columns.map((column) => (column.image ? imageUrl(row[column.key]) : undefined)),
  );
  const cells = rows.map((row) =>
    // An image column holds no text: a thumbnail, or nothing when its address is not https.
    columns.map((column) => (column.image ? '' : cellText(row, column, currency))),
  );
  const total = cells.reduce((sum, line) => sum + line.reduce((n, text) => n + text.length, 0), 0);
  const shown = useReveal(total, reveal);
  if (rows.length === 0 || columns.length === 0) {
    return <p className="text-sm text-slate-500">No rows to show.</p>;
  }
  let budget = shown;
  const name = caption ?? title;
  return (
    <div className="min-w-0 space-y-2">
      {shown < total ? null : <TableActions rows={rows} columns={all} currency={currency} title={name} />}
      {/* A scrolling table must be reachable by keyboard to be scrolled: the region takes focus. */}
      <section
        aria-label={name ? `Table: ${name}` : 'Table'}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a region that scrolls must take focus to be scrolled by keyboard
        tabIndex={0}
        className="max-h-100 max-w-full overflow-auto rounded-lg ring-1 ring-slate-200 focus-visible:outline-2 focus-visible:outline-indigo-500 dark:ring-slate-700"
        data-testid="content-table"
      >
        <table className="w-max min-w-full table-auto border-collapse text-sm" aria-busy={shown < total}>
          {caption ? (
            <caption className="px-3 py-2 text-left font-medium text-slate-700 dark:text-slate-300">
              {caption}
            </caption>
          ) : null}
          <thead className="sticky top-0 bg-slate-50 text-xs uppercase tracking-wide text-slate-600 dark:bg-slate-800 dark:text-slate-300">
            <tr>
              {columns.map((column) => (
                <th
                  key={column.key}
                  scope="col"
                  className={`px-3 py-2 font-medium whitespace-nowrap ${column.numeric ? 'text-right' : 'text-left'}`}
                >
                  {column.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100 bg-white dark:divide-slate-800 dark:bg-slate-900">
            {keyed(rows, 'row').map(({ key, item: row, index: rowIndex }) => (
              <tr key={key}>
                {columns.map((column, columnIndex) => {
                  const full = cells[rowIndex]?.[columnIndex] ?? '';
                  const text = full.slice(0, Math.max(0, budget));
                  budget -= full.length;
                  const src = images[rowIndex]?.[columnIndex];
                  return (
                    <td
                      key={column.key}
                      title={cellTooltip(row, column.key) ?? (full.length > LONG_TEXT ? full : undefined)}
                      className={`px-3 py-2 text-slate-800 dark:text-slate-200 ${cellAlign(column)}`}
                    >
                      {src ? (
                        <Thumbnail key={src} src={src} alt={imageAlt(row)} />
                      ) : column.numeric || column.day ? (
                        text
                      ) : (
                        <span className="line-clamp-3 max-w-40 whitespace-pre-line wrap-anywhere sm:max-w-xs">
                          {text}
                        </span>
                      )}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </div>
  );
}
