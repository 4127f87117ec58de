import type { ContentItem } from '../../shared/api/answer';

const HOUR_MS = 3_600_000;

function age(ms: number): string {
  if (ms < HOUR_MS) return `${Math.max(1, Math.round(ms / 60_000))} minutes`;
  if (ms < 48 * HOUR_MS) return `${Math.round(ms / HOUR_MS)} hours`;
  return `${Math.round(ms / (24 * HOUR_MS))} days`;
}

/**
 * What an answer says when Meta could not be reached to refresh the data: the figures are still
 * the last synced ones, and the reader should know how old they are.
 */
export function staleDataNotice(lastSuccessAt: (Date | null)[], now = new Date()): ContentItem {
  const synced = lastSuccessAt.filter((at): at is Date => at !== null);
  if (synced.length < lastSuccessAt.length || synced.length === 0) {
    return {
      type: 'text',
      header: 'Data not fully synced',
      content:
        'Meta Ads could not be reached to finish syncing your accounts, so this answer uses only the data that has arrived so far.',
    };
  }
  const oldest = new Date(Math.min(...synced.map((at) => at.getTime())));
  return {
    type: 'text',
    header: 'Data not refreshed',
    content: `Meta Ads could not be reached just now, so this answer uses the data from the last sync, ${age(now.getTime() - oldest.getTime())} ago (${oldest.toISOString().slice(0, 16).replace('T', ' ')} UTC).`,
  };
}
