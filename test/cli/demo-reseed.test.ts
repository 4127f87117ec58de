import { rm } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/server/db/client';
import { openDatabase, queryRows } from '../../src/server/db/client';
import { seedDemoWarehouse } from '../../src/server/demo/seed';
import { startArlo } from '../helpers/cli';
import { createTestDatabase, type TestDatabase } from '../helpers/database';
import { makeTempDir } from '../helpers/temp-dir';

/** When the demo rows were last written, and the day they end. */
const written = (db: Db) =>
  queryRows<{ loaded: string; last: string; rows: string }>(
    db,
    sql`select max(loaded_at)::text as loaded, max(day)::text as last, count(*)::text as rows
        from meta_insights_daily`,
  );

describe('the demo data on a restart', () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase();
  });
  afterAll(() => t.drop());

  it('is not written again the same day, is written again on a later day or when a seed was cut short', async () => {
    const db = t.database.db;
    expect((await seedDemoWarehouse(db, '2026-11-20')).rows).toBeGreaterThan(0);
    const first = await written(db);
    expect(first[0]?.last).toBe('2026-11-19');

    expect((await seedDemoWarehouse(db, '2026-11-20')).rows).toBe(0);
    expect(await written(db)).toEqual(first);

    // A seed that stopped after the ad rows, before one account's breakdowns: written again.
    await db.execute(
      sql`delete from meta_insights_breakdown_daily
          where account_id = (select min(account_id) from meta_insights_daily) and day = '2026-11-19'`,
    );
    expect((await seedDemoWarehouse(db, '2026-11-20')).rows).toBeGreaterThan(0);
    const reseeded = await written(db);
    expect(reseeded[0]?.loaded).not.toBe(first[0]?.loaded);
    expect((await seedDemoWarehouse(db, '2026-11-20')).rows).toBe(0);

    // ... or before the objects' settings.
    await db.execute(
      sql`update meta_campaigns set settings_at = null where name = (select min(name) from meta_campaigns)`,
    );
    expect((await seedDemoWarehouse(db, '2026-11-20')).rows).toBeGreaterThan(0);

    const later = await seedDemoWarehouse(db, '2026-11-21');
    expect(later.rows).toBeGreaterThan(0);
    expect((await written(db))[0]?.last).toBe('2026-11-20');
  }, 120_000);
});

describe('arlo serve in demo mode, started twice the same day', () => {
  let dataDir: string;
  let testDatabase: TestDatabase;
  const databaseEnv = (): Record<string, string> =>
    testDatabase.url ? { DATABASE_URL: testDatabase.url } : {};

  beforeAll(async () => {
    dataDir = await makeTempDir();
    testDatabase = await createTestDatabase();
  });
  afterAll(async () => {
    await testDatabase.drop();
    await rm(dataDir, { recursive: true, force: true });
  });

  // The server's own database, read once the server has stopped (PGlite allows one process).
  async function demoRowsWritten() {
    if (testDatabase.url) return written(testDatabase.database.db);
    const database = await openDatabase({ kind: 'pglite', dir: path.join(dataDir, 'pglite') });
    try {
      return await written(database.db);
    } finally {
      await database.close();
    }
  }

  it('writes the demo rows on the first start only', async () => {
    const first = await startArlo({ DATA_DIR: dataDir, ...databaseEnv() });
    expect(await first.stop()).toBe(0);
    expect(first.output()).toMatch(/demo ad accounts loaded: [1-9]\d* rows/);
    const afterFirst = await demoRowsWritten();
    expect(Number(afterFirst[0]?.rows)).toBeGreaterThan(0);

    const second = await startArlo({ DATA_DIR: dataDir, ...databaseEnv() });
    expect((await fetch(`${second.url}/api/health`)).status).toBe(200);
    expect(await second.stop()).toBe(0);
    expect(second.output()).toMatch(
      /demo ad accounts already current through the day before \d{4}-\d{2}-\d{2}/,
    );
    expect(await demoRowsWritten()).toEqual(afterFirst);
  }, 180_000); // two server starts: slow when the machine is busy
});
