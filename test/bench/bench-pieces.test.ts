import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agencySize, clientName, relabelDataset, relabelId } from '../../scripts/bench/agency-data';
import { cacheUsable } from '../../scripts/bench/bench-cache';
import { compareRows, sameNumber } from '../../scripts/bench/compare-rows';
import { recordingDb } from '../../scripts/bench/profile';
import { max, median, min, quantile } from '../../scripts/bench/stats';
import { generateDemoData } from '../../src/analyst/demo/generate';
import { type Database, openDatabase } from '../../src/server/db/client';
import type { GraphDataset } from '../../src/warehouse/graph-types';

describe('bench stats', () => {
  it('interpolates quantiles between closest ranks', () => {
    const values = [5, 1, 4, 2, 3];
    expect(median(values)).toBe(3);
    expect(quantile(values, 0.95)).toBeCloseTo(4.8);
    expect(quantile([10, 20], 0.5)).toBe(15);
    expect(min(values)).toBe(1);
    expect(max(values)).toBe(5);
    expect(median([])).toBeNaN();
  });
});

describe('agency sizes', () => {
  it('turns row counts into whole copies of the large account, at least the rows asked for', () => {
    expect(agencySize('0.18m')).toEqual({ label: '0.18m', accounts: 1, rows: 182_500 });
    expect(agencySize('1m')).toMatchObject({ accounts: 6, rows: 1_095_000 });
    expect(agencySize('5M')).toMatchObject({ label: '5m', accounts: 28, rows: 5_110_000 });
    expect(agencySize('500k').accounts).toBe(3);
    expect(() => agencySize('lots')).toThrow(RangeError);
  });
});

function ids(dataset: GraphDataset): Set<string> {
  const all = new Set<string>();
  for (const account of dataset.adAccounts) all.add(account.account_id);
  for (const rows of Object.values(dataset.insights))
    for (const row of rows) for (const id of [row.campaign_id, row.adset_id, row.ad_id]) all.add(id);
  for (const objects of Object.values(dataset.objects ?? {}))
    for (const list of [objects.campaigns, objects.adsets, objects.ads]) for (const o of list) all.add(o.id);
  return all;
}

function names(dataset: GraphDataset): string[] {
  return Object.values(dataset.insights).flatMap((rows) =>
    rows.flatMap((row) => [row.campaign_name, row.adset_name, row.ad_name]),
  );
}

describe('cache markers', () => {
  const wanted = 'agency-v1 seed=1+i accounts=6 today=2026-11-20 migrations=15:aaa code=bbb';

  it('reuses a cache only when data, migrations and loader code all match', () => {
    expect(cacheUsable(wanted, wanted, 'match')).toBe(true);
    expect(cacheUsable(wanted.replace('code=bbb', 'code=ccc'), wanted, 'match')).toBe(false);
    expect(cacheUsable(wanted.replace('migrations=15:aaa', 'migrations=16:ddd'), wanted, 'match')).toBe(
      false,
    );
    expect(cacheUsable(undefined, wanted, 'match')).toBe(false);
    expect(cacheUsable(wanted, wanted, 'fresh')).toBe(false);
  });

  it('with --reuse, ignores the loader code but never the data or the migrations', () => {
    expect(cacheUsable(wanted.replace('code=bbb', 'code=ccc'), wanted, 'reuse')).toBe(true);
    expect(cacheUsable(wanted.replace('accounts=6', 'accounts=28'), wanted, 'reuse')).toBe(false);
    expect(cacheUsable(wanted.replace('migrations=15:aaa', 'migrations=16:ddd'), wanted, 'reuse')).toBe(
      false,
    );
  });
});

describe('relabelled account copies', () => {
  const base = generateDemoData({ today: '2026-11-20', days: 3, breakdownDays: 1 });

  it('gives each copy ids no other copy has, with a one-to-one mapping', () => {
    const copies = [0, 1, 9, 10].map((index) => relabelDataset(base, index));
    const seen = new Set<string>();
    for (const copy of copies)
      for (const id of ids(copy)) {
        expect(seen.has(id)).toBe(false);
        seen.add(id);
      }
    expect(seen.size).toBe(4 * ids(base).size);
    // Fixed width: "1" of copy 10 cannot be "01" of copy 1.
    expect(relabelId('1', 10)).not.toBe(relabelId('01', 1));
    expect(() => relabelId('1', -1)).toThrow(RangeError);
  });

  it('names every copy after its own client, so a name never contains another copy’s name', () => {
    const first = new Set(names(relabelDataset(base, 0)));
    const second = names(relabelDataset(base, 1));
    for (const name of second) for (const other of first) expect(name.includes(other)).toBe(false);
    expect(new Set(Array.from({ length: 60 }, (_, i) => clientName(i))).size).toBe(60);
  });

  it('keeps the numbers and relabels rows, breakdowns and objects alike', () => {
    const copy = relabelDataset(base, 3);
    const [key] = Object.keys(base.insights);
    const [copyKey] = Object.keys(copy.insights);
    const original = base.insights[key as string] ?? [];
    const relabelled = copy.insights[copyKey as string] ?? [];
    expect(relabelled.map((r) => [r.spend, r.impressions, r.date_start])).toEqual(
      original.map((r) => [r.spend, r.impressions, r.date_start]),
    );
    expect(copyKey).toBe(`act_${relabelId(key?.replace('act_', '') ?? '', 3)}`);
    // Rows and objects of the copy name the same ads: each relabelled the same way.
    const objectAds = copy.objects?.[copyKey as string]?.ads ?? [];
    const baseAds = base.objects?.[key as string]?.ads ?? [];
    expect(objectAds.map((ad) => [ad.id, ad.adset_id])).toEqual(
      baseAds.map((ad) => [relabelId(ad.id, 3), relabelId(ad.adset_id, 3)]),
    );
    expect(relabelled.map((r) => r.ad_id)).toEqual(original.map((r) => relabelId(r.ad_id, 3)));
    const adsetIds = new Set(objectAds.map((ad) => ad.adset_id));
    const breakdownRows = Object.values(copy.breakdowns?.[copyKey as string] ?? {}).flatMap(
      (rows) => rows ?? [],
    );
    expect(breakdownRows.length).toBeGreaterThan(0);
    for (const row of breakdownRows) expect(adsetIds.has(row.adset_id)).toBe(true);
  });
});

describe('comparing ARLO with the reference', () => {
  const spec = { key: ['day'], metrics: ['spend'], ordered: true };

  it('accepts the same numbers as text or number, to a billionth', () => {
    expect(sameNumber('174045.030000', 174045.03)).toBe(true);
    expect(sameNumber(2.5706, 2.5706 * (1 + 1e-12))).toBe(true);
    expect(sameNumber(163323.78, '174045.03')).toBe(false);
    expect(sameNumber(null, null)).toBe(true);
    expect(sameNumber(null, 0)).toBe(false);
    const rows = [
      { day: '2026-11-01', spend: 10 },
      { day: '2026-11-02', spend: 12.5 },
    ];
    expect(
      compareRows(
        rows,
        [
          { day: '2026-11-01', spend: '10.00' },
          { day: '2026-11-02', spend: '12.50' },
        ],
        spec,
      ),
    ).toEqual([]);
  });

  it('names a differing figure, a missing or extra row, and a row out of order', () => {
    const reference = [
      { day: '2026-11-01', spend: '10' },
      { day: '2026-11-02', spend: '12' },
    ];
    expect(
      compareRows(
        [
          { day: '2026-11-01', spend: 10 },
          { day: '2026-11-02', spend: 11 },
        ],
        reference,
        spec,
      ),
    ).toEqual(['2026-11-02 spend: ARLO 11, reference 12']);
    expect(
      compareRows(
        [
          { day: '2026-11-01', spend: 10 },
          { day: '2026-11-03', spend: 12 },
        ],
        reference,
        spec,
      ),
    ).toEqual(['missing row 2026-11-02', 'extra row 2026-11-03']);
    const swapped = compareRows(
      [
        { day: '2026-11-02', spend: 12 },
        { day: '2026-11-01', spend: 10 },
      ],
      reference,
      spec,
    );
    expect(swapped).toContain('row 1: ARLO has 2026-11-02, the reference 2026-11-01');
    expect(
      compareRows(
        [
          { day: '2026-11-02', spend: 12 },
          { day: '2026-11-01', spend: 10 },
        ],
        reference,
        { ...spec, ordered: false },
      ),
    ).toEqual([]);
    expect(
      compareRows([{ spend: 5 }], [{ spend: '5' }, { spend: '6' }], {
        key: [],
        metrics: ['spend'],
        ordered: false,
      }),
    ).toContain('ARLO has 1 rows, the reference 2');
  });
});

describe('the statement recorder', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openDatabase({ kind: 'pglite' });
  });
  afterAll(async () => {
    await database.close();
  });

  it('records statements sent through drizzle and straight to the driver', async () => {
    const recorder = recordingDb(database.db);
    await recorder.db.execute(sql`select ${1}::int as one`);
    const client = (
      recorder.db as unknown as {
        $client: { query(text: string, params: unknown[]): Promise<{ rows: unknown[] }> };
      }
    ).$client;
    const result = await client.query('select $1::int + 1 as two', [1]);
    expect(result.rows).toEqual([{ two: 2 }]);
    expect(recorder.statements.map((s) => s.sql)).toEqual([
      'select $1::int as one',
      'select $1::int + 1 as two',
    ]);
    expect(recorder.statements[1]?.params).toEqual([1]);
    for (const statement of recorder.statements)
      expect(statement.end).toBeGreaterThanOrEqual(statement.start);
  });
});
