import type { ReactNode } from 'react';

/** One integration: its name, a line about its state, and its actions. */
export function IntegrationRow({
  name,
  detail,
  children,
}: {
  name: string;
  detail: ReactNode;
  children: ReactNode;
}) {
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 py-3">
      <div>
        <p className="text-sm font-medium text-slate-900 dark:text-slate-100">{name}</p>
        <p className="text-xs text-slate-500 dark:text-slate-400">{detail}</p>
      </div>
      <div className="flex items-center gap-2">{children}</div>
    </li>
  );
}
