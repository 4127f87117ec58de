import type { AssistantMessage, Cell, Column, ContentItem, DataRow } from '../../shared/api/answer';
import { formatNumber, formatPercentChange } from '../../shared/number-format';

/**
 * An answer as markdown for a model to read: its texts as they are, its tables and charts as
 * markdown tables with the same formatting the web app gives them (from each column's unit), then
 * how it was computed. The raw numbers stay in the structured content beside this text.
 */
export function messageMarkdown(message: AssistantMessage, title?: string): string {
  const parts = [
    title ? `## ${title}` : '',
    message.error ? itemMarkdown(message.error) : '',
    itemMarkdown(message.analytics),
    itemMarkdown(message.settings),
    itemMarkdown(message.reasoning),
    itemMarkdown(message.actionable_insights),
    message.suggestions.length > 0
      ? `**You could also ask:**\n${message.suggestions.map((s) => `- ${s}`).join('\n')}`
      : '',
  ];
  return parts.filter(Boolean).join('\n\n');
}

function itemMarkdown(item: ContentItem | undefined): string {
  if (!item) return '';
  const header = item.header ? `### ${item.header}\n\n` : '';
  if (item.type === 'complex') {
    const items = (item.data ?? []) as ContentItem[];
    const body = items.map(itemMarkdown).filter(Boolean).join('\n\n');
    return body ? `${header}${body}` : '';
  }
  if (item.type === 'text') return item.content ? `${header}${item.content}` : '';
  const rows = (item.data ?? []) as DataRow[];
  if (rows.length === 0) return '';
  return `${header}${tableMarkdown(rows, item.columns ?? [], item.currency)}`;
}

/** The described columns in their order, then any other key the rows hold. */
function columnsOf(rows: readonly DataRow[], described: readonly Column[]): Column[] {
  const columns = [...described];
  for (const row of rows)
    for (const key of Object.keys(row))
      if (!columns.some((column) => column.key === key) && !key.endsWith('_tooltip'))
        columns.push({ key, label: key, unit: typeof row[key] === 'number' ? 'decimal' : 'text' });
  return columns;
}

export function tableMarkdown(
  rows: readonly DataRow[],
  described: readonly Column[],
  currency?: string,
): string {
  const columns = columnsOf(rows, described);
  const line = (cells: string[]) => `| ${cells.map(escapeCell).join(' | ')} |`;
  return [
    line(columns.map((column) => column.label)),
    line(columns.map(() => '---')),
    ...rows.map((row) =>
      line(columns.map((column) => cellText(row[column.key], column, row.currency ?? currency))),
    ),
  ].join('\n');
}

function cellText(value: Cell | undefined, column: Column, currency: Cell | undefined): string {
  if (value === null || value === undefined) return '–';
  if (typeof value !== 'number') return String(value);
  if (!Number.isFinite(value)) return '–';
  switch (column.unit) {
    case 'money':
    case 'count':
    case 'percent':
    case 'multiplier':
    case 'decimal':
      return formatNumber(value, column.unit, typeof currency === 'string' ? currency : undefined);
    case 'change':
      return formatPercentChange(value);
    default:
      return String(value);
  }
}

const escapeCell = (text: string) => text.replaceAll('|', '\\|').replaceAll('\n', ' ');
