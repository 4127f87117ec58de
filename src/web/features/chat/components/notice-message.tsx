import { Link } from 'react-router';
import type { NoticeEntry } from '../lib/conversation';

const tones: Record<NoticeEntry['tone'], string> = {
  assistant:
    'bg-white text-slate-800 ring-slate-200 dark:bg-slate-900 dark:text-slate-200 dark:ring-slate-800',
  error: 'bg-red-50 text-red-700 ring-red-200 dark:bg-red-950 dark:text-red-200 dark:ring-red-900',
  system:
    'bg-amber-50 text-amber-800 ring-amber-200 dark:bg-amber-950 dark:text-amber-200 dark:ring-amber-900',
};

/**
 * The notice's words without the bare address it ends with ("…unlimited questions: /plans"): the
 * address reads as a link below, not as text.
 */
export function noticeText(text: string, upgradeUrl: string | undefined): string {
  if (!upgradeUrl) return text;
  const stripped = text.replace(/[\s:]*\/plans\b\/?\.?\s*$/, '').trimEnd();
  return stripped && !/[.!?]$/.test(stripped) ? `${stripped}.` : stripped;
}

/** An answer that is only words: the empty answer, an error, the quota notice or a system message. */
export function NoticeMessage({ entry }: { entry: NoticeEntry }) {
  return (
    <div
      role={entry.tone === 'error' ? 'alert' : entry.tone === 'system' ? 'status' : undefined}
      className={`w-full min-w-0 rounded-2xl p-4 text-sm ring-1 wrap-anywhere ${tones[entry.tone]}`}
    >
      <p className="whitespace-pre-wrap">{noticeText(entry.text, entry.upgradeUrl)}</p>
      {entry.upgradeUrl ? (
        <Link
          to={entry.upgradeUrl.startsWith('/') ? entry.upgradeUrl : '/plans'}
          className="mt-2 inline-block font-medium text-indigo-700 underline underline-offset-2 hover:text-indigo-900 dark:text-indigo-300 dark:hover:text-indigo-200"
        >
          See plans
        </Link>
      ) : null}
    </div>
  );
}
