/** The fixed texts of the ad-account list. */
export const ACCOUNT_TEXTS = {
  loadFailed: 'Failed to load accounts',
  none: 'No accounts found',
  notSynced: 'Not synced yet',
} as const;

/** 'Failed to deactivate account: …' with the server's message, else the error's own. */
export function switchFailedMessage(active: boolean, error: unknown): string {
  const reason = error instanceof Error ? error.message : String(error);
  return `Failed to ${active ? 'activate' : 'deactivate'} account: ${reason}`;
}

/** 'Jul 1, 2031, 12:00 PM' in the reader's time zone, or 'Not synced yet'. */
export function lastSyncedText(iso: string | null): string {
  if (!iso) return ACCOUNT_TEXTS.notSynced;
  return new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });
}
