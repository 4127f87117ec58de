import { Download } from 'lucide-react';
import type { DataRow } from '../../../../../shared/api/answer';
import { CopyButton, TEXT_BUTTON } from './copy-button';
import type { Column } from './table-columns';
import { csvFileName, tableCsv, tableTsv } from './table-export';

/** Saves text as a file through a temporary link: the browser's own download, no server round trip. */
function saveFile(name: string, content: string, type: string): void {
  const url = URL.createObjectURL(new Blob([content], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // The click has handed the blob to the download; the address can go once it has started.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** A table's own actions: its raw figures as a CSV file, and its cells as a table on the clipboard. */
export function TableActions({
  rows,
  columns,
  currency,
  title,
}: {
  rows: readonly DataRow[];
  columns: readonly Column[];
  currency?: string | undefined;
  title?: string | undefined;
}) {
  return (
    <div className="flex flex-wrap items-center gap-2">
      <button
        type="button"
        className={TEXT_BUTTON}
        onClick={() => saveFile(csvFileName(title), tableCsv(rows, columns), 'text/csv;charset=utf-8')}
      >
        <Download aria-hidden="true" size={16} />
        Download CSV
      </button>
      <CopyButton label="Copy as table" showLabel text={() => tableTsv(rows, columns, currency)} />
    </div>
  );
}
