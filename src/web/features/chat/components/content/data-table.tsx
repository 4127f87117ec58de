import type { Column, DataRow } from '../../../../../shared/api/answer';
import { keyed } from './keyed';
import { cellText, cellTooltip, columnsOf, imageAlt, imageUrl } from './table-columns';
import { Thumbnail } from './thumbnail';
import { useReveal } from './use-reveal';

/**
 * A result table: cells formatted by the columns the answer describes (as its text shows them),
 * hidden `_tooltip` and id columns, labels in words ('Instagram Reels', 'Women'), a 48px creative
 * thumbnail (https only), at most 400px tall with scrolling,
 * and the text typing in unless `reveal` is false or the user prefers reduced motion. `currency`
 * is for rows that do not name their own.
 */
export function DataTable({
  rows,
  columns: described,
  currency,
  caption,
  reveal = true,
}: {
  rows: readonly DataRow[];
  columns?: readonly Column[] | undefined;
  currency?: string | undefined;
  caption?: string | undefined;
  reveal?: boolean;
}) {
  const columns = columnsOf(rows, described);
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
  return (
    <div
      className="max-h-[400px] overflow-auto rounded-lg ring-1 ring-slate-200 dark:ring-slate-700"
      data-testid="content-table"
    >
      <table className="min-w-full border-collapse text-sm" aria-busy={shown < total}>
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
                    title={cellTooltip(row, column.key)}
                    className={`px-3 py-2 ${column.numeric ? 'text-right tabular-nums whitespace-nowrap' : 'text-left'}`}
                  >
                    {src ? <Thumbnail key={src} src={src} alt={imageAlt(row)} /> : text}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
