import { LoaderCircle } from 'lucide-react';

/** A part of the answer still on its way, with what is happening. */
export function PhaseLabel({ label }: { label: string }) {
  return (
    <p role="status" className="flex items-center gap-2 text-sm text-slate-600 dark:text-slate-400">
      <LoaderCircle aria-hidden="true" size={16} className="animate-spin" />
      {label}
    </p>
  );
}
