import { STARTER_QUESTIONS } from '../lib/messages';

/** The greeting and six suggestion cards; a card asks its question. */
export function ChatEmptyState({
  onPick,
  disabled = false,
}: {
  onPick?: (question: string) => void;
  disabled?: boolean;
}) {
  return (
    <div className="flex w-full max-w-3xl flex-col items-center gap-8 text-center">
      <div>
        <h1 className="text-2xl font-semibold sm:text-3xl">How can I help you today?</h1>
        <p className="mt-2 text-slate-600 dark:text-slate-400">
          What if your marketing data could talk to you?
        </p>
      </div>
      <ul aria-label="Suggested questions" className="grid w-full gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {STARTER_QUESTIONS.map((question) => (
          <li key={question}>
            <button
              type="button"
              disabled={disabled || !onPick}
              onClick={() => onPick?.(question)}
              className="h-full w-full rounded-xl bg-white p-4 text-left text-sm text-slate-700 ring-1 ring-slate-200 transition hover:bg-indigo-50 hover:ring-indigo-300 focus-visible:outline-2 focus-visible:outline-indigo-500 disabled:cursor-not-allowed disabled:opacity-50 dark:bg-slate-900 dark:text-slate-200 dark:ring-slate-700 dark:hover:bg-slate-800"
            >
              {question}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
