import { type ContentItem, contentTypes } from '../../../../../shared/api/answer';
import { unwrapAll } from '../../lib/chart-rules';
import { Markdown } from '../../lib/markdown';
import { ChartBlock } from './chart-block';
import { DataTable } from './data-table';
import { keyed } from './keyed';

function isItem(value: unknown): value is ContentItem {
  return (
    typeof value === 'object' &&
    value !== null &&
    (contentTypes as readonly string[]).includes((value as ContentItem).type)
  );
}

function Header({ text, depth }: { text: string; depth: number }) {
  return depth === 0 ? (
    <h3 className="text-base font-semibold text-slate-900 dark:text-slate-100">{text}</h3>
  ) : (
    <h4 className="text-sm font-semibold text-slate-900 dark:text-slate-100">{text}</h4>
  );
}

function Body({ item, reveal, depth }: { item: ContentItem; reveal: boolean; depth: number }) {
  switch (item.type) {
    case 'text':
      return <Markdown text={item.content ?? ''} />;
    case 'table':
      return (
        <div className="space-y-3">
          {keyed(unwrapAll(item.data), 'table').map(({ key, item: table }) => (
            <DataTable
              key={key}
              rows={table.rows}
              columns={item.columns}
              caption={table.title}
              title={item.header}
              currency={item.currency}
              reveal={reveal}
            />
          ))}
        </div>
      );
    case 'bar_chart':
    case 'line_chart':
    case 'pie_chart':
    case 'chart':
      return <ChartBlock item={item} reveal={reveal} />;
    case 'complex': {
      const children = Array.isArray(item.data) ? item.data.filter(isItem) : [];
      return (
        <div className="space-y-4">
          {keyed(children, 'item').map(({ key, item: child }) => (
            // A level deeper only under a heading that was drawn, so headings never skip a level.
            <ContentRenderer key={key} item={child} reveal={reveal} depth={item.header ? depth + 1 : depth} />
          ))}
        </div>
      );
    }
    default:
      return null;
  }
}

/**
 * One section of an assistant message: text, table, line/bar/pie chart, 'chart'
 * (line when the first row holds a date, else bar) or 'complex' (a list of items with headers).
 * Pass `reveal={false}` for past messages so tables show at once.
 */
export function ContentRenderer({
  item,
  reveal = true,
  depth = 0,
}: {
  item: ContentItem;
  reveal?: boolean;
  depth?: number;
}) {
  return (
    <section className="space-y-2" data-content-type={item.type}>
      {item.header ? <Header text={item.header} depth={depth} /> : null}
      <Body item={item} reveal={reveal} depth={depth} />
    </section>
  );
}
