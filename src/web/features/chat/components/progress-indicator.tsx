import { LoaderCircle } from 'lucide-react';
import { progressLabel } from '../lib/progress';

/** While an answer is on its way: idle, then the progress labels as time passes. */
export function ProgressIndicator({ elapsedMs, report }: { elapsedMs: number; report: boolean }) {
  const label = progressLabel(elapsedMs, report);
  return (
    <div
      role="status"
      aria-label="Answer progress"
      className="flex items-center gap-2 text-sm text-slate-600 dark:text-slate-400"
    >
      <LoaderCircle aria-hidden="true" size={16} className="animate-spin" />
      {label ?? <span className="sr-only">Working…</span>}
    </div>
  );
}
