import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../src/analyst/dates';
import { queryRows } from '../../src/server/db/client';
import { seedDemoWarehouse, todayIn } from '../../src/server/demo/seed';
import { createTestDatabase, type TestDatabase } from '../helpers/database';

describe('the demo ad accounts', () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase();
  });
  afterAll(() => t.drop());

  const summary = () =>
    queryRows<{ rows: string; last: string; accounts: string }>(
      t.database.db,
      sql`select count(*)::text as rows, max(day)::text as last, count(distinct account_id)::text as accounts from meta_insights_daily`,
    );

  it('end yesterday and load again on a later day without duplicating a row', async () => {
    const first = await seedDemoWarehouse(t.database.db, '2026-11-20');
    expect(await summary()).toEqual([{ rows: String(first.rows), last: '2026-11-19', accounts: '2' }]);
    await seedDemoWarehouse(t.database.db, '2026-11-20');
    expect((await summary())[0]?.rows).toBe(String(first.rows));
    await seedDemoWarehouse(t.database.db, '2026-11-21');
    const [after] = await summary();
    expect(after?.last).toBe('2026-11-20');
    expect(Number(after?.rows)).toBeGreaterThan(first.rows);
  });

  it('use the account time zone for today', () => {
    const instant = new Date('2026-11-21T03:00:00Z');
    expect(todayIn('America/New_York', instant)).toBe('2026-11-20');
    expect(todayIn('Asia/Tokyo', instant)).toBe('2026-11-21');
    expect(addDays(todayIn('UTC', instant), -1)).toBe('2026-11-20');
  });
});
