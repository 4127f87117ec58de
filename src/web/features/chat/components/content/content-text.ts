import type { ContentItem } from '../../../../../shared/api/answer';
import { unwrapAll } from '../../lib/chart-rules';
import { columnsOf } from './table-columns';
import { tableTsv } from './table-export';

function isItem(value: unknown): value is ContentItem {
  return typeof value === 'object' && value !== null && typeof (value as ContentItem).type === 'string';
}

/** Rows as tab-separated lines with a header line: pastes straight into a spreadsheet. */
function rowsToText(item: ContentItem): string {
  return unwrapAll(item.data)
    .filter((chart) => chart.rows.length > 0)
    .map((chart) => {
      const columns = columnsOf(chart.rows, item.columns);
      return [chart.title, tableTsv(chart.rows, columns, item.currency)].filter(Boolean).join('\n');
    })
    .join('\n\n');
}

/**
 * The text copied for an assistant message: headers, markdown text as written,
 * and tables and charts as their formatted figures.
 */
export function contentToText(
  item: ContentItem | readonly (ContentItem | null | undefined)[] | null | undefined,
): string {
  if (!item) return '';
  if (Array.isArray(item)) {
    return item
      .map((part) => contentToText(part))
      .filter(Boolean)
      .join('\n\n');
  }
  const single = item as ContentItem;
  let body: string;
  if (single.type === 'text') body = single.content ?? '';
  else if (single.type === 'complex')
    body = contentToText(Array.isArray(single.data) ? single.data.filter(isItem) : []);
  else body = rowsToText(single);
  return [single.header, body.trim()].filter(Boolean).join('\n');
}
