import { ChevronRight } from 'lucide-react';
import type { ContentItem } from '../../../../../shared/api/answer';
import { reasoningSummary } from '../../lib/reasoning-summary';
import { ContentRenderer } from './content-renderer';

/**
 * How an answer was computed, folded: what it covers (dates, accounts, level) stays readable in
 * one line, and the whole method opens on demand with the summary's own button.
 */
export function ReasoningDisclosure({ item, reveal }: { item: ContentItem; reveal: boolean }) {
  const scope = item.type === 'text' ? reasoningSummary(item.content ?? '').scope : [];
  const title = item.header ?? 'How this was computed';
  return (
    <section className="space-y-2" data-content-type="reasoning">
      {scope.length ? (
        <p className="text-xs text-slate-600 wrap-anywhere dark:text-slate-400" data-testid="reasoning-scope">
          {scope.map(({ key, value }, index) => (
            <span key={key}>
              {index ? <span aria-hidden="true"> · </span> : null}
              <span className="font-medium text-slate-700 dark:text-slate-300">{key}:</span> {value}
            </span>
          ))}
        </p>
      ) : null}
      <details className="group rounded-lg ring-1 ring-slate-200 dark:ring-slate-800">
        {/* A summary may hold a heading: the title stays in the page's outline while folded. */}
        <summary className="flex cursor-pointer list-none items-center gap-1.5 rounded-lg px-3 py-2 text-slate-800 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-indigo-500 dark:text-slate-200 dark:hover:bg-slate-800 [&::-webkit-details-marker]:hidden">
          <ChevronRight
            aria-hidden="true"
            size={16}
            className="shrink-0 transition-transform group-open:rotate-90"
          />
          <h3 className="text-sm font-semibold">{title}</h3>
        </summary>
        <div className="px-3 pb-3">
          <ContentRenderer item={{ ...item, header: undefined } as ContentItem} reveal={reveal} />
        </div>
      </details>
    </section>
  );
}
