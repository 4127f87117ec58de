import { type ComponentPropsWithRef, useId } from 'react';

export const inputClass =
  'w-full rounded-lg border border-slate-300 px-3 py-2 text-slate-900 focus:border-indigo-500 focus:outline-none disabled:bg-slate-100 disabled:text-slate-500 dark:border-slate-700 dark:bg-slate-800 dark:text-slate-100 dark:disabled:bg-slate-900';

/** A labelled input; the label is what tests and screen readers find it by. */
export function TextField({
  label,
  ...input
}: { label: string } & Omit<ComponentPropsWithRef<'input'>, 'id'>) {
  const id = useId();
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-medium text-slate-700 dark:text-slate-300">
        {label}
      </label>
      <input id={id} className={inputClass} {...input} />
    </div>
  );
}
