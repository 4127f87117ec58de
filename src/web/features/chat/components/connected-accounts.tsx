import { syncSummaryText } from '../../../lib/account-progress';
import { useAccounts } from '../../../lib/api/get-accounts';
import { getToken } from '../../../lib/session';

/**
 * Which ad accounts ARLO reads for this user, and how far their data has got: the first import's
 * progress, then every row held ('Synced · 12,345 rows'). The list polls while a sync is under way.
 */
export function ConnectedAccounts() {
  const token = getToken();
  const accounts = useAccounts(token);
  if (!token || !accounts.data || accounts.data.accounts.length === 0) return null;
  return (
    <section
      aria-label="Connected ad accounts"
      className="w-full max-w-xl rounded-xl bg-white p-4 ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-800"
    >
      <h2 className="mb-2 text-sm font-semibold text-slate-700 dark:text-slate-300">Connected ad accounts</h2>
      <ul className="space-y-1 text-sm">
        {accounts.data.accounts.map((account) => (
          <li key={account.account_id} className="flex justify-between gap-4">
            <span>
              {account.name} <span className="text-slate-600 dark:text-slate-400">({account.currency})</span>
            </span>
            <span className="text-slate-600 dark:text-slate-400">
              {syncSummaryText(account)}
              {account.active ? '' : ' · off'}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
