import { LoaderCircle } from 'lucide-react';

/** What shows while the first page's code loads, so the screen is never blank. */
export function AppLoading() {
  return (
    <main className="flex min-h-dvh items-center justify-center bg-slate-50 text-slate-600 dark:bg-slate-950 dark:text-slate-400">
      <p role="status" className="flex items-center gap-2 text-sm">
        <LoaderCircle aria-hidden="true" size={16} className="motion-safe:animate-spin" />
        Loading ARLO…
      </p>
    </main>
  );
}
