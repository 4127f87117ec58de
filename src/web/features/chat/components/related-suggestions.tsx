import { ChevronDown, ChevronUp } from 'lucide-react';
import { useId } from 'react';

/** Follow-up questions; the box can be minimized (the flag is kept locally). */
export function RelatedSuggestions({
  suggestions,
  minimized,
  onToggle,
  onPick,
  disabled = false,
}: {
  suggestions: readonly string[];
  minimized: boolean;
  onToggle: () => void;
  onPick: (question: string) => void;
  disabled?: boolean;
}) {
  const headingId = useId();
  const listId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className="w-full max-w-3xl rounded-xl bg-white p-3 ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-700"
    >
      <div className="flex items-center justify-between">
        <h2 id={headingId} className="text-sm font-semibold text-slate-700 dark:text-slate-300">
          Related
        </h2>
        <button
          type="button"
          aria-expanded={!minimized}
          aria-controls={listId}
          aria-label={minimized ? 'Show related suggestions' : 'Minimize related suggestions'}
          onClick={onToggle}
          className="rounded-md p-1 text-slate-600 hover:bg-slate-200 dark:text-slate-400 focus-visible:outline-2 focus-visible:outline-indigo-500 dark:hover:bg-slate-800"
        >
          {minimized ? (
            <ChevronDown aria-hidden="true" size={16} />
          ) : (
            <ChevronUp aria-hidden="true" size={16} />
          )}
        </button>
      </div>
      {minimized ? null : (
        <ul id={listId} className="mt-2 space-y-1">
          {suggestions.map((suggestion) => (
            <li key={suggestion}>
              <button
                type="button"
                disabled={disabled}
                onClick={() => onPick(suggestion)}
                className="w-full rounded-lg px-2 py-1.5 text-left text-sm text-indigo-700 hover:bg-indigo-50 focus-visible:outline-2 focus-visible:outline-indigo-500 disabled:cursor-not-allowed disabled:opacity-50 dark:text-indigo-300 dark:hover:bg-slate-800"
              >
                {suggestion}
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
