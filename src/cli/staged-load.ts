import { refreshAdWindows } from '../warehouse/ad-windows';
import { analyzeBreakdowns } from '../warehouse/analyze';
import type { BreakdownKey, GraphDataset } from '../warehouse/graph-types';
import { breakdownKeys } from '../warehouse/graph-types';
import { analyzeWarehouse, type WarehouseWriter, writePreparedInsights } from '../warehouse/load';
import { writePreparedBreakdowns } from '../warehouse/load-breakdowns';
import { writeObjects } from '../warehouse/load-objects';
import { prepareInsights } from '../warehouse/prepare';
import { prepareBreakdowns } from '../warehouse/prepare-breakdowns';
import { checkpointIfWalGrown } from '../warehouse/wal-checkpoint';

/**
 * `loadDataset` (src/warehouse/load.ts) in two stages, for `arlo ask`'s first run over new data:
 * the breakdown rows are most of a dataset's rows and of its load, and most questions never read
 * them. The first stage writes everything else; the second, when a question does read them or
 * the database is kept, writes the breakdown rows. Each table receives the same statements in
 * the same order as from `loadDataset`, so it ends with the same rows and statistics.
 */
export async function loadAllButBreakdowns(db: WarehouseWriter, dataset: GraphDataset): Promise<void> {
  for (const account of dataset.adAccounts) {
    await writePreparedInsights(db, account, prepareInsights(dataset.insights[account.id] ?? []));
    const objects = dataset.objects?.[account.id];
    if (objects) await writeObjects(db, account.account_id, account.currency, objects);
  }
  await refreshAdWindows(db);
  await analyzeWarehouse(db);
}

/** The second stage: every account's breakdown rows, their statistics, and the closing checkpoint. */
export async function loadBreakdowns(
  db: WarehouseWriter,
  adAccounts: GraphDataset['adAccounts'],
  breakdowns: GraphDataset['breakdowns'],
): Promise<void> {
  let rows = 0;
  for (const account of adAccounts) {
    const byKey = breakdowns?.[account.id] ?? {};
    for (const key of breakdownKeys) {
      const keyRows = byKey[key as BreakdownKey];
      if (keyRows?.length)
        rows += await writePreparedBreakdowns(db, account.account_id, key, prepareBreakdowns(keyRows, key));
    }
  }
  if (rows > 0) await analyzeBreakdowns(db);
  await checkpointIfWalGrown(db, true);
}
