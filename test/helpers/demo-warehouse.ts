import { generateDemoData } from '../../src/analyst/demo/generate';
import type { Scope } from '../../src/analyst/executor';
import type { Db } from '../../src/server/db/client';
import type { GraphDataset } from '../../src/warehouse/graph-types';
import { loadDataset } from '../../src/warehouse/load';
import { createTestDatabase } from './database';

export interface DemoWarehouse {
  db: Db;
  scope: Scope;
  dataset: GraphDataset;
  today: string;
  drop(): Promise<void>;
}

/** This file's own database, filled with the project's generated demo accounts (data ends yesterday). */
export async function demoWarehouse(today = '2026-11-20'): Promise<DemoWarehouse> {
  const testDatabase = await createTestDatabase();
  const dataset = generateDemoData({ today });
  await loadDataset(testDatabase.database.db, dataset);
  return {
    db: testDatabase.database.db,
    scope: { accountIds: dataset.adAccounts.map((account) => account.account_id) },
    dataset,
    today,
    drop: () => testDatabase.drop(),
  };
}
