import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateDemoData } from '../../src/analyst/demo/generate';
import { queryRows } from '../../src/analyst/warehouse-db';
import { backfillBreakdownRollups } from '../../src/warehouse/breakdown-rollup';
import type { BreakdownKey, GraphDataset } from '../../src/warehouse/graph-types';
import { loadDataset } from '../../src/warehouse/load';
import { insightSums } from '../../src/warehouse/schema';
import { createTestDatabase, type TestDatabase } from '../helpers/database';

const SEGMENT_COLUMNS =
  'breakdown, account_id, day, segment, age, gender, country, publisher_platform, platform_position, device_platform';
const SUMS = insightSums.map((key) => key.replace(/[A-Z0-9]+/g, (part) => `_${part.toLowerCase()}`));

/** The roll-up's rows, and the same sums grouped straight from the ad set rows, as comparable text. */
async function bothSides(t: TestDatabase) {
  const sums = SUMS.map((column) => `sum(${column})::text as ${column}`).join(', ');
  const plain = SUMS.map((column) => `${column}::text as ${column}`).join(', ');
  const order = `order by ${SEGMENT_COLUMNS}`;
  const grouped = await queryRows(
    t.database.db,
    sql.raw(`select ${SEGMENT_COLUMNS.replace('day', 'day::text as day')}, ${sums}
      from meta_insights_breakdown_daily group by ${SEGMENT_COLUMNS} ${order}`),
  );
  const rolled = await queryRows(
    t.database.db,
    sql.raw(`select ${SEGMENT_COLUMNS.replace('day', 'day::text as day')}, ${plain}
      from meta_insights_breakdown_account_daily ${order}`),
  );
  // Sums come back as NUMERIC text: compare them as numbers of the same scale.
  const normal = (rows: Record<string, unknown>[]) =>
    rows.map((row) =>
      Object.fromEntries(
        Object.entries(row).map(([key, value]) => [key, SUMS.includes(key) ? Number(value) : value]),
      ),
    );
  return { grouped: normal(grouped), rolled: normal(rolled) };
}

function withChangedRows(dataset: GraphDataset, key: BreakdownKey, from: string, to: string): GraphDataset {
  const breakdowns = structuredClone(dataset.breakdowns ?? {});
  for (const byKey of Object.values(breakdowns)) {
    const rows = byKey[key] ?? [];
    // One ad set disappears from the re-sync and every other row of the window doubles its spend.
    const dropped = rows.find((row) => row.date_start >= from)?.adset_id;
    byKey[key] = rows
      .filter((row) => row.date_start >= from && row.date_start <= to && row.adset_id !== dropped)
      .map((row) => ({ ...row, spend: String(Number(row.spend) * 2) }));
  }
  return { ...dataset, breakdowns };
}

describe('the per-account breakdown roll-up', () => {
  let t: TestDatabase;
  let dataset: GraphDataset;

  beforeAll(async () => {
    t = await createTestDatabase();
    dataset = generateDemoData({ today: '2026-11-20', days: 40, breakdownDays: 35 });
    await loadDataset(t.database.db, dataset);
  }, 120_000);
  afterAll(async () => t?.drop());

  it('holds exactly the ad set rows summed per account, key, day and segment', async () => {
    const { grouped, rolled } = await bothSides(t);
    expect(rolled.length).toBeGreaterThan(100);
    expect(rolled).toEqual(grouped);
  });

  it('follows a re-sync that changes a window and drops an ad set from it', async () => {
    const changed = withChangedRows(dataset, 'country', '2026-11-01', '2026-11-10');
    await loadDataset(t.database.db, { ...changed, insights: {}, objects: {} });
    const { grouped, rolled } = await bothSides(t);
    expect(rolled).toEqual(grouped);
  });
});

describe('a warehouse loaded before the breakdown roll-up existed', () => {
  let t: TestDatabase;
  afterAll(async () => t?.drop());

  it('gets it back whole from the start-up backfill, which then has nothing left to do', async () => {
    t = await createTestDatabase();
    const older = generateDemoData({ today: '2026-11-20', days: 20, breakdownDays: 12 });
    await loadDataset(t.database.db, older);
    // As migration 0014 leaves an older warehouse: breakdown rows, and an empty roll-up.
    await t.database.db.execute(sql`delete from meta_insights_breakdown_account_daily`);
    const filled = await backfillBreakdownRollups(t.database.db);
    expect(filled.sort()).toEqual(older.adAccounts.map((account) => account.account_id).sort());
    const { grouped, rolled } = await bothSides(t);
    expect(rolled.length).toBeGreaterThan(100);
    expect(rolled).toEqual(grouped);
    expect(await backfillBreakdownRollups(t.database.db)).toEqual([]);
  }, 120_000);
});
