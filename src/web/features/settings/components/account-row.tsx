import * as Switch from '@radix-ui/react-switch';
import { RefreshCw } from 'lucide-react';
import { useId } from 'react';
import type { ConnectedAccount } from '../../../../shared/api/meta';
import { type SyncTone, syncSummary } from '../../../lib/account-progress';
import { isSyncing } from '../../../lib/account-sync';
import { errorMessage } from '../../../lib/api-client';
import { browser } from '../../../lib/browser';
import { useSetAccountStatus } from '../api/set-account-status';
import { useSyncAccount } from '../api/sync-account';
import { lastSyncedText, switchFailedMessage } from '../lib/account-texts';

const toneClass: Record<SyncTone, string> = {
  waiting: 'text-amber-700 dark:text-amber-300',
  ok: 'text-emerald-700 dark:text-emerald-300',
  error: 'text-red-700 dark:text-red-300',
};

/**
 * One ad account: name, sync state (the first import's progress, then the rows held), Sync now,
 * and the switch that puts it in or out of answers.
 */
export function AccountRow({ token, account }: { token: string | null; account: ConnectedAccount }) {
  const nameId = useId();
  const setStatus = useSetAccountStatus(token);
  const sync = useSyncAccount(token);
  const syncing = isSyncing(account) || sync.isPending;
  const summary = syncSummary(account);

  const toggle = (active: boolean) =>
    setStatus.mutate(
      { accountId: account.account_id, active },
      { onError: (error) => browser.alert(switchFailedMessage(active, error)) },
    );

  return (
    <li>
      <fieldset aria-labelledby={nameId} className="flex items-start justify-between gap-4 py-3">
        <div className="min-w-0 space-y-0.5 text-sm">
          <p id={nameId} className="font-medium text-slate-900 dark:text-slate-100">
            {account.name}
          </p>
          <p className="text-xs text-slate-500 dark:text-slate-400">
            {account.account_id} · {account.currency} · {account.timezone}
          </p>
          <p className="text-xs text-slate-600 dark:text-slate-400">
            <span className={toneClass[summary.tone]}>{summary.label}</span>
            {summary.detail ? ` · ${summary.detail}` : ''}
            {' · '}Last synced: {lastSyncedText(account.sync.last_success_at)}
          </p>
          {account.sync.status === 'error' && account.sync.last_error ? (
            <p className="text-xs text-red-700 dark:text-red-300">{account.sync.last_error}</p>
          ) : null}
          {sync.isError ? (
            <p role="alert" className="text-xs text-red-700 dark:text-red-300">
              {errorMessage(sync.error, 'Could not start the sync. Please try again.')}
            </p>
          ) : null}
        </div>
        <div className="flex shrink-0 items-center gap-3">
          <button
            type="button"
            disabled={syncing}
            onClick={() => sync.mutate(account.account_id)}
            className="inline-flex items-center gap-1 rounded-lg px-2 py-1 text-xs font-medium text-indigo-700 hover:bg-indigo-50 focus-visible:outline-2 focus-visible:outline-indigo-500 disabled:cursor-not-allowed disabled:text-slate-400 disabled:hover:bg-transparent dark:text-indigo-300 dark:hover:bg-indigo-950"
          >
            <RefreshCw aria-hidden="true" size={14} className={syncing ? 'animate-spin' : undefined} />
            Sync now
          </button>
          <Switch.Root
            checked={account.active}
            onCheckedChange={toggle}
            disabled={setStatus.isPending}
            aria-labelledby={nameId}
            className="relative h-6 w-11 shrink-0 rounded-full bg-slate-300 transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-500 disabled:opacity-70 data-[state=checked]:bg-indigo-600 dark:bg-slate-600 dark:data-[state=checked]:bg-indigo-500"
          >
            <Switch.Thumb className="block size-5 translate-x-0.5 rounded-full bg-white shadow transition-transform data-[state=checked]:translate-x-[22px]" />
          </Switch.Root>
        </div>
      </fieldset>
    </li>
  );
}
