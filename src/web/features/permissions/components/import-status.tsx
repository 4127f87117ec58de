import { syncSummaryText } from '../../../lib/account-progress';
import { useAccounts } from '../../../lib/api/get-accounts';
import { getToken } from '../../../lib/session';

/**
 * After connecting: each ad account's import as it goes ('Importing · data through Oct 2 (45%)'),
 * refreshed every few seconds until it is in. Next need not wait: answers use what has arrived.
 */
export function ImportStatus() {
  const token = getToken();
  const accounts = useAccounts(token);
  const list = accounts.data?.accounts ?? [];
  if (list.length === 0) return null;
  return (
    <section
      aria-label="Import progress"
      className="rounded-lg bg-slate-50 p-3 text-sm ring-1 ring-slate-200 dark:bg-slate-800 dark:ring-slate-700"
    >
      <p className="font-semibold text-slate-700 dark:text-slate-200">Your ad data</p>
      <ul className="mt-1 space-y-1">
        {list.map((account) => (
          <li key={account.account_id} className="flex justify-between gap-4">
            <span className="truncate">{account.name}</span>
            <span className="shrink-0 text-slate-600 dark:text-slate-300">{syncSummaryText(account)}</span>
          </li>
        ))}
      </ul>
      <p className="mt-2 text-xs text-slate-600 dark:text-slate-400">
        You can go on now: until the import finishes, answers use the data imported so far and say so.
      </p>
    </section>
  );
}
