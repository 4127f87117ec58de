import { type SQL, sql } from 'drizzle-orm';
import { addDays } from '../../analyst/dates';
import { demoAccounts } from '../../analyst/demo/demo-accounts';
import { generateDemoData } from '../../analyst/demo/generate';
import { breakdownKeys } from '../../warehouse/graph-types';
import { loadDataset } from '../../warehouse/load';
import { type Db, queryRows } from '../db/client';

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
 * duplicating anything. A restart on the same day finds it current and writes nothing (`rows` 0):
 * generating and writing it again would cost a second or more of every start.
 */
export async function seedDemoWarehouse(
  db: Db,
  today = todayIn(DEMO_TIME_ZONE),
): Promise<{ rows: number; today: string }> {
  if (await demoDataIsCurrent(db, today)) return { rows: 0, today };
  const { rows } = await loadDataset(db, generateDemoData({ today }));
  return { rows, today };
}

/**
 * Whether every demo account already holds the data a seed for `today` would write, whole: its ad
 * rows end yesterday, every breakdown key has rows for yesterday, and its objects were written
 * after its ad rows (the last thing a load writes, so a seed cut short by a crash is written
 * again). Index lookups only, so an existing DATA_DIR's start does not read the tables through.
 */
async function demoDataIsCurrent(db: Db, today: string): Promise<boolean> {
  const ids = demoAccounts.map((account) => account.accountId);
  const yesterday = addDays(today, -1);
  const rows = await queryRows<{ current: boolean }>(
    db,
    sql`select
          (select max(day) from meta_insights_daily where account_id = a.id) = ${yesterday}::date
          and (select bool_and(exists(
                select 1 from meta_insights_breakdown_daily
                where account_id = a.id and breakdown = k.key and day = ${yesterday}::date))
               from unnest(${textArray(breakdownKeys)}) as k(key))
          and (select min(coalesce(settings_at, '-infinity')) from meta_campaigns where account_id = a.id)
            >= (select max(loaded_at) from meta_insights_daily
                where account_id = a.id and day = ${yesterday}::date)
          as current
        from unnest(${textArray(ids)}) as a(id)`,
  );
  return rows.length === ids.length && rows.every((row) => row.current === true);
}

function textArray(values: readonly string[]): SQL {
  return sql`array[${sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  )}]::text[]`;
}
