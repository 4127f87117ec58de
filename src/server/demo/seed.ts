import { generateDemoData } from '../../analyst/demo/generate';
import { loadDataset } from '../../analyst/load';
import type { Db } from '../db/client';

/** Today's date (YYYY-MM-DD) in a time zone: the demo account's "today", which its data ends before. */
export function todayIn(timeZone: string, now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
}

export const DEMO_TIME_ZONE = 'America/New_York';

/**
 * Loads the demo ad accounts so the product works with no Meta app configured. The data always
 * ends yesterday, and loading is an upsert, so a restart on a later day refreshes it without
 * duplicating anything.
 */
export async function seedDemoWarehouse(
  db: Db,
  today = todayIn(DEMO_TIME_ZONE),
): Promise<{ rows: number; today: string }> {
  const { rows } = await loadDataset(db, generateDemoData({ today }));
  return { rows, today };
}
