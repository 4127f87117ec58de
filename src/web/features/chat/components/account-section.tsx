import { useId } from 'react';

/**
 * SPEC.md section 2, Settings → Account: the user identifier and the billing state, with Manage
 * for an active user. `onManage` is absent when the app wired no subscription dialog.
 */
export function AccountSection({
  uid,
  status,
  onManage,
}: {
  uid: string | undefined;
  status: string | undefined;
  onManage: (() => void) | undefined;
}) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="space-y-2">
      <h3 id={headingId} className="text-sm font-semibold text-slate-700">
        Account
      </h3>
      <dl className="grid grid-cols-[auto_1fr] items-center gap-x-4 gap-y-2 text-sm">
        <dt className="text-slate-500">User ID</dt>
        <dd className="break-all font-medium text-slate-900">{uid || 'Unknown'}</dd>
        <dt className="text-slate-500">Billing</dt>
        <dd className="flex items-center justify-between gap-2">
          <span className="font-medium capitalize text-slate-900">{status ?? 'Unknown'}</span>
          {status === 'active' && onManage ? (
            <button
              type="button"
              onClick={onManage}
              className="rounded-lg bg-indigo-50 px-3 py-1 text-sm font-medium text-indigo-700 hover:bg-indigo-100 focus-visible:outline-2 focus-visible:outline-indigo-500"
            >
              Manage
            </button>
          ) : null}
        </dd>
      </dl>
    </section>
  );
}
