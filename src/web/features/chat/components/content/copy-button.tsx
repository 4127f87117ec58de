import { Check, Copy } from 'lucide-react';
import { useEffect, useState } from 'react';

export const COPY_SUCCESS = 'Content copied to clipboard!';
export const COPY_FAILURE = 'Failed to copy content';
const MESSAGE_MS = 2000;

/** A small toolbar button with its words beside its icon (Copy as table, Download CSV). */
export const TEXT_BUTTON =
  'inline-flex items-center gap-1.5 rounded-md px-2 py-1 text-xs font-medium text-slate-700 ring-1 ring-slate-200 hover:bg-slate-100 dark:text-slate-200 dark:ring-slate-700 dark:hover:bg-slate-800 focus-visible:outline-2 focus-visible:outline-indigo-500';

/** Copies an assistant message (or a table) and says whether it worked. `showLabel` writes the label beside the icon. */
export function CopyButton({
  text,
  label = 'Copy message',
  showLabel = false,
}: {
  text: string | (() => string);
  label?: string;
  showLabel?: boolean;
}) {
  const [result, setResult] = useState<{ ok: boolean; at: number } | null>(null);
  useEffect(() => {
    if (!result) return;
    const timer = setTimeout(() => setResult(null), MESSAGE_MS);
    return () => clearTimeout(timer);
  }, [result]);

  const copy = async () => {
    try {
      const clipboard = typeof navigator === 'undefined' ? undefined : navigator.clipboard;
      if (!clipboard?.writeText) throw new Error('The clipboard is not available');
      await clipboard.writeText(typeof text === 'function' ? text() : text);
      setResult({ ok: true, at: Date.now() });
    } catch {
      setResult({ ok: false, at: Date.now() });
    }
  };

  return (
    <span className="inline-flex items-center gap-2">
      <button
        type="button"
        onClick={copy}
        aria-label={showLabel ? undefined : label}
        title={showLabel ? undefined : label}
        className={
          showLabel
            ? TEXT_BUTTON
            : 'rounded-md p-1.5 text-slate-600 hover:bg-slate-100 hover:text-slate-800 dark:text-slate-400 dark:hover:bg-slate-800 dark:hover:text-slate-200 focus-visible:outline-2 focus-visible:outline-indigo-500'
        }
      >
        {result?.ok ? <Check aria-hidden="true" size={16} /> : <Copy aria-hidden="true" size={16} />}
        {showLabel ? label : null}
      </button>
      <span
        role="status"
        className={`text-xs ${result?.ok === false ? 'text-red-700 dark:text-red-300' : 'text-slate-600 dark:text-slate-400'}`}
      >
        {result ? (result.ok ? COPY_SUCCESS : COPY_FAILURE) : ''}
      </span>
    </span>
  );
}
