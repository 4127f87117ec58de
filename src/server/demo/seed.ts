import { generateDemoData } from '../../analyst/demo/generate';
import { loadDataset } from '../../warehouse/load';
import type { Db } from '../db/client';

/** Today's date (YYYY-MM-DD) in a time zone: the demo account's "today", which its data ends before. */
export function todayIn(timeZone: string, now = new Date()): string {
  return dayFormat(timeZone).format(now);
}

// Building a formatter costs far more than using one, and every question asks for "today".
const dayFormats = new Map<string, Intl.DateTimeFormat>();

function dayFormat(timeZone: string): Intl.DateTimeFormat {
  let format = dayFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    // Only valid zones get here (an invalid one throws above), and there are a few hundred of them.
    dayFormats.set(timeZone, format);
  }
  return format;
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
