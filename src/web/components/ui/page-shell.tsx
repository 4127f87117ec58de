import type { ReactNode } from 'react';

/** The centred card that the sign-in, signup, permissions and plan pages share. */
export function PageShell({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle?: string;
  children?: ReactNode;
}) {
  return (
    <main className="flex min-h-screen items-center justify-center p-6">
      <section className="w-full max-w-md rounded-2xl bg-white p-8 shadow-sm ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-800">
        <p className="mb-6 text-sm font-semibold tracking-widest text-indigo-600 dark:text-indigo-300">
          ARLO
        </p>
        <h1 className="text-2xl font-semibold">{title}</h1>
        {subtitle ? <p className="mt-2 text-slate-600 dark:text-slate-400">{subtitle}</p> : null}
        <div className="mt-6 space-y-4">{children}</div>
      </section>
    </main>
  );
}
