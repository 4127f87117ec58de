import { ThumbsDown, ThumbsUp } from 'lucide-react';
import { useState } from 'react';

type Feedback = 'good' | 'bad' | null;

/** Good and bad are mutually exclusive and kept on this page only. */
export function FeedbackButtons() {
  const [feedback, setFeedback] = useState<Feedback>(null);
  const button = (value: Exclude<Feedback, null>, label: string, Icon: typeof ThumbsUp) => (
    <button
      type="button"
      aria-label={label}
      title={label}
      aria-pressed={feedback === value}
      onClick={() => setFeedback((current) => (current === value ? null : value))}
      className={`rounded-md p-1.5 hover:bg-slate-100 dark:hover:bg-slate-800 focus-visible:outline-2 focus-visible:outline-indigo-500 ${
        feedback === value ? 'text-indigo-600 dark:text-indigo-300' : 'text-slate-600 dark:text-slate-400'
      }`}
    >
      <Icon aria-hidden="true" size={16} />
    </button>
  );
  return (
    <span className="inline-flex items-center gap-1">
      {button('good', 'Good response', ThumbsUp)}
      {button('bad', 'Bad response', ThumbsDown)}
    </span>
  );
}
