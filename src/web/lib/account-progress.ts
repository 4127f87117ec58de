import type { ConnectedAccount } from '../../shared/api/meta';
import { importProgressDetail, rowsText } from '../../shared/import-progress';
import { syncLabels } from './account-sync';

export type SyncTone = 'waiting' | 'ok' | 'error';

/** An account's data state as every account list shows it: a label, a detail, and its tone. */
export interface SyncSummary {
  label: string;
  /** 'data through Oct 2 (45%)' while importing, '12,345 rows' once synced. */
  detail: string | null;
  tone: SyncTone;
}

const localToday = () => {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
};

/**
 * 'Importing · data through Oct 2 (45%)' during the first import, then 'Synced · 12,345 rows' (all
 * the rows held for the account, whatever the last sync wrote). A refresh of an imported account
 * reads as syncing, with its rows.
 */
export function syncSummary(account: ConnectedAccount, today = localToday()): SyncSummary {
  const { status, rows, progress } = account.sync;
  const figures = { percent: progress?.percent ?? null, dataThrough: progress?.data_through ?? null };
  if (progress?.state === 'importing') {
    const queued = status === 'pending' && figures.dataThrough === null;
    return {
      label: queued ? 'Waiting to import' : 'Importing',
      detail: importProgressDetail(figures, today),
      tone: 'waiting',
    };
  }
  const imported = account.sync.last_success_at !== null;
  if (status === 'error') {
    // A first import that failed part way still shows how far it got.
    const detail = imported
      ? rowsText(rows)
      : figures.percent === null
        ? null
        : importProgressDetail(figures, today);
    return { label: syncLabels.error, detail, tone: 'error' };
  }
  return {
    label: syncLabels[status],
    detail: imported || status === 'ok' ? rowsText(rows) : null,
    tone: status === 'ok' ? 'ok' : 'waiting',
  };
}

/** The summary as one line: 'Importing · data through Oct 2 (45%)'. */
export function syncSummaryText(account: ConnectedAccount): string {
  const { label, detail } = syncSummary(account);
  return detail ? `${label} · ${detail}` : label;
}
