/** A tab's heading and its one-line explanation. */
export function SectionHeading({ title, hint }: { title: string; hint?: string }) {
  return (
    <div className="mb-4">
      <h3 className="text-base font-semibold text-slate-900 dark:text-slate-100">{title}</h3>
      {hint ? <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{hint}</p> : null}
    </div>
  );
}
