import { Check, Copy } from 'lucide-react';
import { useEffect, useState } from 'react';

export const COPY_SUCCESS = 'Content copied to clipboard!';
export const COPY_FAILURE = 'Failed to copy content';
const MESSAGE_MS = 2000;

/** Copies an assistant message and says whether it worked. */
export function CopyButton({
  text,
  label = 'Copy message',
}: {
  text: string | (() => string);
  label?: string;
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
        aria-label={label}
        title={label}
        className="rounded-md p-1.5 text-slate-500 hover:bg-slate-100 hover:text-slate-700 dark:hover:bg-slate-800 dark:hover:text-slate-200 focus-visible:outline-2 focus-visible:outline-indigo-500"
      >
        {result?.ok ? <Check aria-hidden="true" size={16} /> : <Copy aria-hidden="true" size={16} />}
      </button>
      <span role="status" className={`text-xs ${result?.ok === false ? 'text-red-600' : 'text-slate-500'}`}>
        {result ? (result.ok ? COPY_SUCCESS : COPY_FAILURE) : ''}
      </span>
    </span>
  );
}
