import { useState } from 'react';
import { LoadProblem } from '../../../components/ui/load-problem';
import { ModalDialog } from '../../../components/ui/modal-dialog';
import { useAccounts } from '../../../lib/api/get-accounts';
import { getToken } from '../../../lib/session';
import { ACCOUNT_TEXTS } from '../lib/account-texts';
import { AccountRow } from './account-row';

/**
 * The Manage Meta Accounts dialog (over Settings): each connected ad account
 * with its sync state and a switch; answers only ever read the accounts switched on.
 */
export function ManageAccountsDialog({ onClose }: { onClose: () => void }) {
  const [token] = useState(getToken);
  const accounts = useAccounts(token);

  const body = () => {
    if (accounts.data) {
      if (accounts.data.accounts.length === 0) {
        return <p className="text-sm text-slate-600 dark:text-slate-400">{ACCOUNT_TEXTS.none}</p>;
      }
      return (
        <ul aria-label="Ad accounts" className="divide-y divide-slate-100 dark:divide-slate-800">
          {accounts.data.accounts.map((account) => (
            <AccountRow key={account.account_id} token={token} account={account} />
          ))}
        </ul>
      );
    }
    if (accounts.isError && !accounts.isFetching) {
      return <LoadProblem text={ACCOUNT_TEXTS.loadFailed} onRetry={() => void accounts.refetch()} />;
    }
    return (
      <p role="status" className="text-sm text-slate-500 dark:text-slate-400">
        Loading accounts…
      </p>
    );
  };

  return (
    <ModalDialog title="Manage Meta Accounts" size="lg" onClose={onClose}>
      <p className="text-sm text-slate-600 dark:text-slate-400">
        Answers only use the ad accounts switched on here.
      </p>
      {body()}
    </ModalDialog>
  );
}
