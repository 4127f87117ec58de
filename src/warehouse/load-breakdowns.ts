import { type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { dayRange, refreshBreakdownRollup } from './breakdown-rollup';
import type { BreakdownKey } from './graph-types';
import type { WarehouseWriter } from './load';
import type { PreparedBreakdownBatch, PreparedBreakdowns, SegmentField } from './prepare-breakdowns';
import { insightSums, metaInsightsBreakdownDaily } from './schema';
import { bare, onConflictUpdate } from './upsert-sql';

const t = metaInsightsBreakdownDaily;
const segmentColumns: Record<SegmentField, PgColumn> = {
  age: t.age,
  gender: t.gender,
  country: t.country,
  publisher_platform: t.publisherPlatform,
  platform_position: t.platformPosition,
  device_platform: t.devicePlatform,
};

/**
 * Upserts one breakdown key's prepared rows in one transaction. A row is keyed by the key, its ad
 * set, day and segment, so loading the same rows twice leaves them as they were.
 */
export async function writePreparedBreakdowns(
  db: WarehouseWriter,
  accountId: string,
  key: BreakdownKey,
  prepared: PreparedBreakdowns,
): Promise<number> {
  if (prepared.key !== key) throw new Error(`prepared ${prepared.key} rows handed in as ${key}`);
  // Rows of another account would land outside the scope the caller asked to refresh.
  const stray = prepared.accountIds.find((id) => id !== accountId);
  if (stray) throw new Error(`breakdown rows for account ${stray} handed in for account ${accountId}`);
  await db.transaction(async (tx) => {
    for (const batch of prepared.batches) await upsertBatch(tx, key, batch);
    const days = dayRange(prepared.batches.map((batch) => batch.days));
    if (days) await refreshBreakdownRollup(tx, accountId, key, days.first, days.last);
  });
  return prepared.rows;
}

async function upsertBatch(
  db: WarehouseWriter,
  key: BreakdownKey,
  batch: PreparedBreakdownBatch,
): Promise<void> {
  const text = (literal: string) => sql`${literal}::text[]`;
  const segments = Object.entries(segmentColumns).map(([field, column]): [PgColumn, SQL] => [
    column,
    text(batch.fields[field as SegmentField]),
  ]);
  const sums = insightSums.map((name): [PgColumn, SQL] => [t[name], sql`${batch.values[name]}::numeric[]`]);
  const columns = [
    t.adsetId,
    t.day,
    t.segment,
    t.accountId,
    t.campaignId,
    ...segments.map(([column]) => column),
    ...sums.map(([column]) => column),
  ];
  const arrays = [
    text(batch.adsetIds),
    sql`${batch.days}::date[]`,
    text(batch.segments),
    text(batch.accountIds),
    text(batch.campaignIds),
    ...segments.map(([, array]) => array),
    ...sums.map(([, array]) => array),
  ];
  await db.execute(sql`insert into ${t} (${bare(t.breakdown)}, ${sql.join(columns.map(bare), sql`, `)})
    select ${key}::text, u.* from unnest(${sql.join(arrays, sql`, `)}) as u
    ${onConflictUpdate(
      [t.breakdown, t.adsetId, t.day, t.segment],
      [t.accountId, t.campaignId, ...sums.map(([column]) => column)],
      [sql`${bare(t.loadedAt)} = now()`],
    )}`);
}
