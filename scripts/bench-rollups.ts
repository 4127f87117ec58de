/**
 * What the roll-up refresh costs inside a load: the 'large' generated account (500 ads, a year)
 * is loaded except its last 30 days; then, each round, that 30-day chunk is written again
 * (prepare + writePreparedInsights, which refreshes the roll-ups) and the refresh is timed on its
 * own, table by table, with each table's alternative sources for comparison; then the chunk is
 * written again in pages of 5,000 rows in day order, as the sync writes Graph pages.
 *
 *   npx tsx scripts/bench-rollups.ts [--rounds 5] [--engine pglite|postgres]
 *   npx tsx scripts/bench-rollups.ts --sum-types   # sum() over NUMERIC vs BIGINT, 1 M rows, PGlite
 *
 * PostgreSQL uses DATABASE_URL (default the local `test` database's server) and a database of its
 * own, dropped at the end. Prints medians and min–max; never fails on a number.
 */
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { addDays } from '../src/analyst/dates';
import { generateDemoData } from '../src/analyst/demo/generate';
import { type Database, openDatabase } from '../src/server/db/client';
import { loadDataset, writePreparedInsights } from '../src/warehouse/load';
import { prepareInsights } from '../src/warehouse/prepare';
import {
  type Rollup,
  type RollupTable,
  rebuildRollup,
  refreshRollups,
  rollups,
} from '../src/warehouse/rollups';
import { count, ms, quantile, table } from './bench/stats';

const { values } = parseArgs({
  options: {
    rounds: { type: 'string', default: '5' },
    engine: { type: 'string', default: 'pglite' },
    'sum-types': { type: 'boolean', default: false },
  },
});
const rounds = Math.max(1, Number(values.rounds) || 5);
const engine = values.engine === 'postgres' ? 'postgres' : 'pglite';
const TODAY = '2026-11-25';
const CHUNK_DAYS = 30;
/** The sync's Graph page size. */
const SYNC_PAGE_ROWS = 5000;

const adminUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const benchName = `arlo_bench_rollups_${process.pid}`;

async function open(): Promise<Database> {
  if (engine === 'pglite') return openDatabase({ kind: 'pglite' });
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database "${benchName}"`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${benchName}`;
  return openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 2 });
}

async function dropBenchDatabase(): Promise<void> {
  if (engine === 'pglite') return;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`drop database if exists "${benchName}" with (force)`);
  await admin.end();
}

if (values['sum-types']) {
  await benchSumTypes();
  process.exit(0);
}

const dataset = generateDemoData({ today: TODAY, size: 'large', breakdownDays: 0 });
const [account] = dataset.adAccounts;
if (!account) throw new Error('no account generated');
const rows = dataset.insights[account.id] ?? [];
const first = addDays(TODAY, -CHUNK_DAYS);
const last = addDays(TODAY, -1);
const history = rows.filter((row) => row.date_start < first);
const chunk = rows.filter((row) => row.date_start >= first);
const byDay = [...chunk].sort((a, b) => a.date_start.localeCompare(b.date_start));

const database = await open();
try {
  await database.migrate();
  const { db } = database;
  let started = performance.now();
  await loadDataset(db, { adAccounts: [account], insights: { [account.id]: history } });
  console.log(
    `${engine}: history ${count(history.length)} ad-day rows loaded in ${ms(performance.now() - started)}`,
  );
  // What a backfill of a warehouse loaded before the roll-ups costs for this account.
  started = performance.now();
  await db.transaction((tx) =>
    refreshRollups(tx, account.account_id, addDays(TODAY, -365), addDays(first, -1)),
  );
  console.log(`refresh of the whole history (a backfill): ${ms(performance.now() - started)}`);
  console.log(`chunk ${first}..${last}: ${count(chunk.length)} ad-day rows, ${rounds} rounds\n`);

  // Each table from its declared sources, and from every other table that could build it.
  const variants: { label: string; rollup: Rollup }[] = [];
  for (const rollup of rollups) {
    if (!rollup.source) continue;
    variants.push({ label: describe(rollup), rollup });
    for (const other of alternatives(rollup))
      variants.push({ label: `${describe(other)} (alternative)`, rollup: other });
  }

  const timings = new Map<string, number[]>();
  const record = (label: string, value: number) => timings.set(label, [...(timings.get(label) ?? []), value]);
  for (let round = 0; round < rounds; round++) {
    started = performance.now();
    const prepared = prepareInsights(chunk);
    const prepareMs = performance.now() - started;
    started = performance.now();
    await writePreparedInsights(db, account, prepared);
    const writeMs = performance.now() - started;
    record('prepare', prepareMs);
    record('write (incl. refresh)', writeMs);
    record('end to end', prepareMs + writeMs);
    started = performance.now();
    await db.transaction((tx) => refreshRollups(tx, account.account_id, first, last));
    record('refresh, all tables', performance.now() - started);
    // The sync writes each Graph page as it arrives, and each write refreshes the roll-ups.
    started = performance.now();
    for (let at = 0; at < byDay.length; at += SYNC_PAGE_ROWS) {
      await writePreparedInsights(db, account, prepareInsights(byDay.slice(at, at + SYNC_PAGE_ROWS)));
    }
    record(`end to end, pages of ${count(SYNC_PAGE_ROWS)} rows`, performance.now() - started);
    for (const { label, rollup } of variants) {
      started = performance.now();
      await db.transaction((tx) => rebuildRollup(tx, rollup, account.account_id, first, last));
      record(label, performance.now() - started);
    }
    // The variants may have left a table built from another source: put the declared ones back.
    await db.transaction((tx) => refreshRollups(tx, account.account_id, first, last));
  }

  const lines = [...timings].map(([label, values]) => [
    label,
    ms(quantile(values, 0.5)),
    `${ms(Math.min(...values))} – ${ms(Math.max(...values))}`,
  ]);
  console.log(table([['step', 'median', 'min – max'], ...lines], [1, 2]));
  const median = (label: string) => quantile(timings.get(label) ?? [], 0.5);
  const endToEnd = median('end to end');
  console.log(
    `\nend to end ${count((chunk.length / endToEnd) * 1000)} rows/s; refresh ${((median('refresh, all tables') / endToEnd) * 100).toFixed(0)}% of it`,
  );
} finally {
  await database.close();
  await dropBenchDatabase();
}

function describe({ table, source, weeks }: Rollup): string {
  return `${table} ← ${weeks ? `${weeks} + ${source}` : source}`;
}

/**
 * The same roll-up built another way: from the ad-day rows or a finer day table of its level
 * (every table carries the levels above its own), and a month with or without its level's weeks.
 */
function alternatives(rollup: Rollup): Rollup[] {
  const { level, grain, source, weeks } = rollup;
  const finer: Record<Rollup['level'], RollupTable[]> = {
    account: ['meta_insights_daily', 'meta_insights_campaign_daily', 'meta_insights_account_daily'],
    campaign: ['meta_insights_daily', 'meta_insights_campaign_daily'],
    ad: ['meta_insights_daily'],
  };
  const sources = finer[level].filter((table) => table !== source && table !== rollup.table);
  const found: Rollup[] = sources.map((other) => ({ ...rollup, source: other, weeks: undefined }));
  if (grain === 'month') {
    const weekTable = rollups.find((r) => r.level === level && r.grain === 'week')?.table;
    found.push({ ...rollup, weeks: weeks ? undefined : weekTable });
  }
  return found;
}

/**
 * Whether exact integer columns would make the sums cheaper: the same million rows (500 keys,
 * three counts and a money amount) as NUMERIC and as BIGINT (money in cents), summed whole and
 * per key.
 */
async function benchSumTypes(): Promise<void> {
  const db = await PGlite.create();
  await db.exec(`create table as_numeric as select (i % 500)::int as k,
      (random() * 100000)::bigint::numeric as c1, (random() * 1000)::bigint::numeric as c2,
      (random() * 50)::bigint::numeric as c3, round((random() * 500)::numeric, 2) as m1
    from generate_series(1, 1000000) i`);
  await db.exec(`create table as_bigint as
    select k, c1::bigint as c1, c2::bigint as c2, c3::bigint as c3, (m1 * 100)::bigint as m1 from as_numeric`);
  await db.exec('analyze as_numeric; analyze as_bigint');
  const queries: [string, string][] = [
    ['count(*) only (the scan)', 'select count(*) from as_numeric'],
    ['NUMERIC, 4 sums', 'select sum(c1), sum(c2), sum(c3), sum(m1) from as_numeric'],
    ['BIGINT, 4 sums', 'select sum(c1), sum(c2), sum(c3), sum(m1) from as_bigint'],
    [
      'NUMERIC, 4 sums by 500 keys',
      'select k, sum(c1), sum(c2), sum(c3), sum(m1) from as_numeric group by k',
    ],
    ['BIGINT, 4 sums by 500 keys', 'select k, sum(c1), sum(c2), sum(c3), sum(m1) from as_bigint group by k'],
  ];
  const lines: string[][] = [];
  for (const [label, query] of queries) {
    const times: number[] = [];
    for (let round = 0; round < rounds; round++) {
      const started = performance.now();
      await db.query(query);
      times.push(performance.now() - started);
    }
    lines.push([label, ms(quantile(times, 0.5)), `${ms(Math.min(...times))} – ${ms(Math.max(...times))}`]);
  }
  console.log(`1,000,000 rows, PGlite, ${rounds} rounds\n`);
  console.log(table([['query', 'median', 'min – max'], ...lines], [1, 2]));
  await db.close();
}
