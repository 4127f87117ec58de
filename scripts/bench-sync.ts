/**
 * `npm run bench:sync`: how fast the warehouse writer stores a sync, and what it costs on disk.
 *
 * Part 1, the writer at agency scale, on PGlite (a DATA_DIR on disk) and on PostgreSQL (its own
 * database, `arlo_bench_sync`, created and dropped here): `--accounts` generated 'large' accounts
 * (500 ads × 365 days = 182,500 ad-day rows each, every copy with its own seed and ids) written one
 * after the other as the sync reads them: 30-day chunks of 5,000-row pages, written one
 * `writePreparedPages` per chunk (`--write chunk`, the default) or one `writePreparedInsights` per
 * page (`--write page`), rows and roll-ups in one transaction; then the ANALYZE the sync runs after
 * each account. Pages are prepared before the clock starts (the sync prepares them in a
 * worker thread while the main thread writes). It prints each account's ad-day rows per second,
 * by the wall clock and per CPU second (this process, which holds PGlite, plus the PostgreSQL
 * backend: on a shared machine the wall clock mostly measures the neighbours), first to last, so a
 * slowdown as the tables grow shows; their median, p95 and range; and, after each account, the
 * bytes on disk per 100,000 ad-day rows (the database, the warehouse tables, the PGlite folder).
 *
 * Part 2, the whole sync once end to end (`--sync-rounds`, default 1): the large account's backfill
 * from the Graph API simulator over real HTTP, in its own process, into a PGlite on disk through
 * the code the server runs (report runs, paging, the worker thread, breakdowns, reach, objects).
 *
 * Part 3, the fetch worker (`--worker-rounds`, default 15, 5 with --quick): refreshes of the demo
 * accounts from an in-process simulator into a PGlite on disk, each round once on a worker booted
 * for that sync alone and terminated after it (how every sync ran before the worker was kept) and
 * once on one worker kept for all the rounds (how the server runs them now), in alternating order;
 * the median, p95 and range per sync of each, and their ratio.
 *
 * It reports; it never fails on a missed target (exit 0).
 *
 *   npm run bench:sync -- [--accounts 10] [--engines pglite,postgres] [--write chunk|page] [--sync-rounds 1] [--worker-rounds 15]
 *   npm run bench:sync -- --quick      # 3 accounts of 90 days, no end-to-end sync: for development
 *   npm run bench:sync -- --engines none --sync-rounds 3 --worker-rounds 0   # the end-to-end sync only
 *   npm run bench:sync -- --engines none --sync-rounds 0 --worker-rounds 20  # the worker rounds only
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { DEFAULT_DEMO_SEED, generateDemoData } from '../src/analyst/demo/generate';
import { type Database, openDatabase, queryRows } from '../src/server/db/client';
import { todayIn } from '../src/server/demo/seed';
import { createGraphClient } from '../src/server/meta/graph';
import { syncAccount } from '../src/server/meta/sync/sync-account';
import type { GraphInsightRow } from '../src/warehouse/graph-types';
import { analyzeWarehouse, writePreparedInsights, writePreparedPages } from '../src/warehouse/load';
import { type PreparedInsights, prepareInsights } from '../src/warehouse/prepare';
import { relabelDataset } from './bench/agency-data';
import { spread } from './bench/spread';
import { count, median, megabytes, ms, table } from './bench/stats';
import { connectBenchAccounts } from './bench/sync-fixture';
import { benchWorkerRounds } from './bench/worker-rounds';

const TARGET_ROWS_PER_SECOND = 40_000;
/** The most a PGlite folder may take, as a multiple of the database inside it. */
const TARGET_FOLDER_RATIO = 1.5;
const CHUNK_DAYS = 30;
const PAGE_ROWS = 5000;
const BENCH_DATABASE = 'arlo_bench_sync';

const { values } = parseArgs({
  options: {
    accounts: { type: 'string' },
    engines: { type: 'string', default: 'pglite,postgres' },
    'sync-rounds': { type: 'string' },
    'worker-rounds': { type: 'string' },
    quick: { type: 'boolean', default: false },
    write: { type: 'string', default: 'chunk' },
  },
});
/** 'chunk': one writer call per 30-day chunk (writePreparedPages); 'page': one per 5,000-row page. */
const writePer = values.write === 'page' ? 'page' : 'chunk';
const quick = values.quick ?? false;
const accounts = Math.max(1, Number(values.accounts ?? (quick ? 3 : 10)) || 1);
const days = quick ? 90 : 365;
const syncRounds = Math.max(0, Number(values['sync-rounds'] ?? (quick ? 0 : 1)) || 0);
const workerRounds = Math.max(0, Number(values['worker-rounds'] ?? (quick ? 5 : 15)) || 0);
const engines = (values.engines ?? '')
  .split(',')
  .filter((e): e is 'pglite' | 'postgres' => ['pglite', 'postgres'].includes(e));
// The generated 'large' account keeps its books in America/Chicago. The sync reads up to the
// account's own today, so the data must end on the day before that, or the days past it are
// never read: with the UTC date, a run between midnight UTC and the account's midnight read
// one day fewer than was generated.
const LARGE_ACCOUNT_TIME_ZONE = 'America/Chicago';
const today = todayIn(LARGE_ACCOUNT_TIME_ZONE);

const perSecond = (rows: number, elapsedMs: number) => Math.round((rows / elapsedMs) * 1000);
const rate = (value: number) => `${count(value)}/s`;
const ratio = (value: number) => `${value.toFixed(2)}×`;
const per100k = (bytes: number, rows: number) => (rows > 0 ? (bytes / rows) * 100_000 : Number.NaN);

// ---------------------------------------------------------------------------------------------
// Part 1: the writer, account after account.

/** The pages the sync would hand the writer: rows in date order, cut into chunks, then pages. */
function syncChunks(rows: GraphInsightRow[]): GraphInsightRow[][][] {
  const sorted = [...rows].sort((a, b) =>
    a.date_start < b.date_start ? -1 : a.date_start > b.date_start ? 1 : 0,
  );
  const chunks = new Map<number, GraphInsightRow[]>();
  const first = Date.parse(sorted[0]?.date_start ?? today);
  for (const row of sorted) {
    const chunk = Math.floor((Date.parse(row.date_start) - first) / 86_400_000 / CHUNK_DAYS);
    const list = chunks.get(chunk) ?? [];
    list.push(row);
    chunks.set(chunk, list);
  }
  return [...chunks.values()].map((chunk) => {
    const pages: GraphInsightRow[][] = [];
    for (let start = 0; start < chunk.length; start += PAGE_ROWS)
      pages.push(chunk.slice(start, start + PAGE_ROWS));
    return pages;
  });
}

interface AccountRun {
  rows: number;
  /**
   * CPU time of the writes: this process (all of PGlite), plus the PostgreSQL backend. On a
   * shared machine the wall time depends on the neighbours, the CPU time much less.
   */
  cpuMs: number;
  /** Writing the pages (rows and roll-ups), then the sync's ANALYZE. */
  writeMs: number;
  analyzeMs: number;
  prepareMs: number;
}

/** Bytes on disk after an account, with the ad-day rows stored by then. */
interface Sizes {
  rows: number;
  database: number;
  warehouse: number;
  adDay: number;
  /** PGlite only: the whole folder. */
  folder?: number;
}

interface EngineRun {
  engine: 'pglite' | 'postgres';
  accounts: AccountRun[];
  /** Measured after each account, outside the timed writes. */
  sizes: Sizes[];
}

function folderSize(dir: string): number {
  let total = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    total += entry.isDirectory() ? folderSize(full) : statSync(full).size;
  }
  return total;
}

function benchDatabaseUrl(): { admin: string; bench: string } {
  const url = new URL(process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test');
  const bench = new URL(url);
  bench.pathname = `/${BENCH_DATABASE}`;
  return { admin: url.toString(), bench: bench.toString() };
}

async function adminQuery(url: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

async function openEngine(
  engine: 'pglite' | 'postgres',
): Promise<{ database: Database; cleanup(): Promise<void>; dir?: string }> {
  if (engine === 'pglite') {
    const dir = mkdtempSync(path.join(tmpdir(), 'arlo-bench-sync-'));
    const database = await openDatabase({ kind: 'pglite', dir: path.join(dir, 'pglite') });
    return {
      database,
      dir: path.join(dir, 'pglite'),
      cleanup: async () => {
        await database.close();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const { admin, bench } = benchDatabaseUrl();
  await adminQuery(admin, `drop database if exists ${BENCH_DATABASE} with (force)`);
  await adminQuery(admin, `create database ${BENCH_DATABASE}`);
  // One connection, so one backend process does all the writing and its CPU time can be read.
  const database = await openDatabase({ kind: 'postgres', url: bench, poolSize: 1 });
  return {
    database,
    cleanup: async () => {
      await database.close();
      await adminQuery(admin, `drop database if exists ${BENCH_DATABASE} with (force)`);
    },
  };
}

async function measureSizes(db: Database['db'], rows: number, dir: string | undefined): Promise<Sizes> {
  const [sizes] = await queryRows<Record<string, string>>(
    db,
    sql`select pg_database_size(current_database())::text as database,
      (select sum(pg_total_relation_size(c.oid)) from pg_class c
        join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind = 'r' and c.relname like 'meta_insights%')::text as warehouse,
      pg_total_relation_size('meta_insights_daily')::text as ad_day`,
  );
  return {
    rows,
    database: Number(sizes?.database),
    warehouse: Number(sizes?.warehouse),
    adDay: Number(sizes?.ad_day),
    folder: dir ? folderSize(dir) : undefined,
  };
}

async function benchWriter(engine: 'pglite' | 'postgres'): Promise<EngineRun> {
  const { database, dir, cleanup } = await openEngine(engine);
  try {
    await database.migrate();
    const { db } = database;
    const runs: AccountRun[] = [];
    const sizes: Sizes[] = [];
    const [backend] = await queryRows<{ pid: number }>(db, sql`select pg_backend_pid() as pid`);
    // PGlite runs in this process; PostgreSQL's backend is a process of its own on this machine.
    const serverCpu = () => (engine === 'postgres' ? cpuMs(backend?.pid) : 0);
    for (let index = 0; index < accounts; index++) {
      const generated = generateDemoData({
        today,
        size: 'large',
        days,
        breakdownDays: 0,
        seed: DEFAULT_DEMO_SEED + index,
      });
      const dataset = relabelDataset(
        { adAccounts: generated.adAccounts, insights: generated.insights },
        index,
      );
      const account = dataset.adAccounts[0];
      if (!account) throw new Error('the large dataset has no account');
      const rows = dataset.insights[account.id] ?? [];
      const prepareStarted = performance.now();
      const known = new Map<string, string>();
      const chunks: PreparedInsights[][] = syncChunks(rows).map((pages) =>
        pages.map((page) => prepareInsights(page, known)),
      );
      const prepareMs = performance.now() - prepareStarted;
      const cpuBefore = process.cpuUsage();
      const serverBefore = serverCpu();
      const started = performance.now();
      let written = 0;
      for (const pages of chunks) {
        if (writePer === 'chunk') written += await writePreparedPages(db, account, pages);
        else for (const page of pages) written += await writePreparedInsights(db, account, page);
      }
      const analyzeStarted = performance.now();
      await analyzeWarehouse(db);
      const ended = performance.now();
      const cpu = process.cpuUsage(cpuBefore);
      const run = {
        rows: written,
        cpuMs: (cpu.user + cpu.system) / 1000 + (serverCpu() - serverBefore),
        writeMs: ended - started,
        analyzeMs: ended - analyzeStarted,
        prepareMs,
      };
      runs.push(run);
      sizes.push(
        await measureSizes(
          db,
          runs.reduce((sum, r) => sum + r.rows, 0),
          dir,
        ),
      );
      console.log(
        `  ${engine} account ${index + 1}/${accounts}: ${count(run.rows)} ad-day rows in ${ms(run.writeMs)} ` +
          `(${rate(perSecond(run.rows, run.writeMs))}, ${rate(perSecond(run.rows, run.cpuMs))} of CPU; ANALYZE ${ms(run.analyzeMs)}; prepared in ${ms(prepareMs)}, not timed)`,
      );
    }
    return { engine, accounts: runs, sizes };
  } finally {
    await cleanup();
  }
}

function reportWriter(run: EngineRun): void {
  const rates = run.accounts.map((a) => perSecond(a.rows, a.writeMs));
  const lines: string[][] = [
    [`${run.engine}: over ${run.accounts.length} accounts`, 'median', 'p95', 'min – max'],
    ['ad-day rows per second (pages + ANALYZE)', ...spread(rates, rate)],
    [
      'ad-day rows per CPU second',
      ...spread(
        run.accounts.map((a) => perSecond(a.rows, a.cpuMs)),
        rate,
      ),
    ],
    [
      'write time per account',
      ...spread(
        run.accounts.map((a) => a.writeMs),
        ms,
      ),
    ],
    [
      '  of which ANALYZE',
      ...spread(
        run.accounts.map((a) => a.analyzeMs),
        ms,
      ),
    ],
    [
      'prepare time per account (worker, not timed)',
      ...spread(
        run.accounts.map((a) => a.prepareMs),
        ms,
      ),
    ],
  ];
  console.log('');
  console.log(table(lines, [1, 2, 3]));
  const first = rates[0] ?? Number.NaN;
  const last = rates.at(-1) ?? Number.NaN;
  console.log(
    `per account, first to last: ${rates.map((r) => count(r)).join(', ')} rows/s ` +
      `(last/first ${ratio(last / first)})`,
  );
  const per100kOf = (pick: (size: Sizes) => number | undefined) =>
    run.sizes.map((size) => per100k(pick(size) ?? Number.NaN, size.rows));
  const sizeLines: string[][] = [
    [`${run.engine}: on disk per 100k ad-day rows, after each account`, 'median', 'p95', 'min – max'],
    [
      'database (pg_database_size)',
      ...spread(
        per100kOf((size) => size.database),
        megabytes,
      ),
    ],
    [
      'warehouse tables (pg_total_relation_size)',
      ...spread(
        per100kOf((size) => size.warehouse),
        megabytes,
      ),
    ],
    [
      '  of which the ad-day table',
      ...spread(
        per100kOf((size) => size.adDay),
        megabytes,
      ),
    ],
  ];
  const folders = run.sizes.flatMap((size) => (size.folder === undefined ? [] : [size]));
  if (folders.length > 0) {
    sizeLines.push([
      'PGlite folder',
      ...spread(
        per100kOf((size) => size.folder),
        megabytes,
      ),
    ]);
    sizeLines.push([
      'PGlite folder / database',
      ...spread(
        folders.map((size) => (size.folder ?? Number.NaN) / size.database),
        ratio,
      ),
    ]);
  }
  console.log('');
  console.log(table(sizeLines, [1, 2, 3]));
  const end = run.sizes.at(-1);
  if (end) {
    const folderRatio = end.folder === undefined ? undefined : end.folder / end.database;
    console.log(
      `after ${count(end.rows)} ad-day rows: database ${megabytes(end.database)}` +
        (end.folder === undefined || folderRatio === undefined
          ? ''
          : `, PGlite folder ${megabytes(end.folder)}, ${ratio(folderRatio)} the database (target ≤ ${ratio(TARGET_FOLDER_RATIO)}` +
            `${folderRatio <= TARGET_FOLDER_RATIO ? '' : ', ABOVE TARGET'})`),
    );
  }
  const middle = median(rates);
  console.log(
    `median ${rate(middle)} (target ≥ ${rate(TARGET_ROWS_PER_SECOND)}` +
      `${middle >= TARGET_ROWS_PER_SECOND ? '' : ', BELOW TARGET'})`,
  );
}

console.log(
  `bench:sync — ${
    engines.length > 0
      ? `the writer, one call per ${writePer}: ${accounts} generated accounts × ${days} days × 500 ads on ${engines.join(' and ')}`
      : 'no writer runs'
  }${quick ? ' (quick)' : ''}; ${syncRounds} end-to-end sync round(s); ${workerRounds} worker round(s)`,
);
for (const engine of engines) reportWriter(await benchWriter(engine));

// ---------------------------------------------------------------------------------------------
// Part 2: one whole sync over HTTP.

if (syncRounds > 0) await benchWholeSync(syncRounds);

// ---------------------------------------------------------------------------------------------
// Part 3: a fresh fetch worker per sync against the process's one reused worker.

if (workerRounds > 0) await benchWorkerRounds(workerRounds);

/**
 * CPU milliseconds a process has used (user + system), from /proc on Linux; NaN elsewhere. On a
 * shared machine the wall time depends on the neighbours, the CPU time much less.
 */
function cpuMs(pid: number | undefined): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return Number.NaN;
  }
}

async function benchWholeSync(rounds: number): Promise<void> {
  const APP_ID = 'bench-app';
  const APP_SECRET = 'bench-secret';
  // Counted here and then dropped: held for the whole run, the generated rows (hundreds of MB)
  // would slow every garbage collection of the syncing process.
  const { account, sourceRows, breakdownSource } = (() => {
    const dataset = generateDemoData({ today, size: 'large' });
    const first = dataset.adAccounts[0];
    if (!first) throw new Error('the large dataset has no account');
    const breakdowns = Object.values(dataset.breakdowns?.[first.id] ?? {});
    return {
      account: first,
      sourceRows: dataset.insights[first.id]?.length ?? 0,
      breakdownSource: breakdowns.reduce((sum, rows) => sum + (rows?.length ?? 0), 0),
    };
  })();
  // The simulator runs in its own process, as Meta's servers are not in ours.
  const child = spawn(
    process.execPath,
    [
      'bin/arlo.mjs',
      'simulate-meta',
      '--size',
      'large',
      '--now',
      today,
      '--port',
      '0',
      '--app-id',
      APP_ID,
      '--app-secret',
      APP_SECRET,
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  try {
    const banner = await new Promise<string>((resolve, reject) => {
      let text = '';
      child.stdout.on('data', (chunk: Buffer) => {
        text += chunk.toString();
        if (text.includes('\n')) resolve(text);
      });
      child.once('exit', (code) => reject(new Error(`simulate-meta exited with ${code}`)));
    });
    const baseUrl = /at (http:\/\/\S+?)\/v23\.0/.exec(banner)?.[1];
    const token = /access_token=(\S+)/.exec(banner)?.[1];
    if (!baseUrl || !token) throw new Error(`unexpected simulate-meta banner: ${banner}`);
    const log = { info: () => {}, warn: (obj: object, msg: string) => console.warn(msg, obj) };
    console.log(
      `\nend-to-end sync — ${account.name}: ${count(sourceRows)} ad-day rows, ${count(breakdownSource)} breakdown rows ` +
        `generated, ${rounds} round(s), PGlite on disk`,
    );
    const results: {
      ms: number;
      cpuMs: number;
      simulatorCpuMs: number;
      adRows: number;
      breakdownRows: number;
    }[] = [];
    for (let round = 1; round <= rounds; round++) {
      // On disk, as the server keeps it: an in-memory PGlite writes markedly slower.
      const folder = mkdtempSync(path.join(tmpdir(), 'arlo-bench-sync-'));
      const database = await openDatabase({ kind: 'pglite', dir: path.join(folder, 'pglite') });
      await database.migrate();
      const { db } = database;
      const key = randomBytes(32);
      await connectBenchAccounts(db, key, token, `bench${round}@example.com`, [account]);
      const graphOptions = { baseUrl, appId: APP_ID, appSecret: APP_SECRET };
      const cpuBefore = process.cpuUsage();
      const simulatorBefore = cpuMs(child.pid);
      const started = performance.now();
      const outcome = await syncAccount(
        // The whole year the generator wrote, so the backfill reads every row.
        {
          db,
          graph: createGraphClient(graphOptions),
          graphOptions,
          key,
          backfillDays: 366,
          log,
          asyncPollMs: 50,
        },
        account.account_id,
        'backfill',
      );
      const elapsed = performance.now() - started;
      const cpu = process.cpuUsage(cpuBefore);
      const [stored] = await queryRows<Record<string, string>>(
        db,
        sql`select (select count(*) from meta_insights_daily)::text as ad_rows,
          (select count(*) from meta_insights_breakdown_daily)::text as breakdown_rows`,
      );
      const result = {
        ms: elapsed,
        cpuMs: (cpu.user + cpu.system) / 1000,
        simulatorCpuMs: cpuMs(child.pid) - simulatorBefore,
        adRows: Number(stored?.ad_rows),
        breakdownRows: Number(stored?.breakdown_rows),
      };
      results.push(result);
      const failure = outcome.status === 'error' ? ` (${outcome.message})` : '';
      console.log(
        `  round ${round}: ${outcome.status}${failure} in ${ms(elapsed)}: ${count(result.adRows)} of ${count(sourceRows)} ad rows ` +
          `(${rate(perSecond(result.adRows, elapsed))}), ${count(result.breakdownRows)} of ${count(breakdownSource)} breakdown rows; ` +
          `CPU here ${ms(result.cpuMs)}, simulator ${ms(result.simulatorCpuMs)}`,
      );
      await database.close();
      rmSync(folder, { recursive: true, force: true });
    }
    console.log('');
    console.log(
      table(
        [
          ['end-to-end sync, over the rounds', 'median', 'p95', 'min – max'],
          [
            'wall time',
            ...spread(
              results.map((r) => r.ms),
              ms,
            ),
          ],
          [
            'ad rows per second',
            ...spread(
              results.map((r) => perSecond(r.adRows, r.ms)),
              rate,
            ),
          ],
          [
            'all rows per second',
            ...spread(
              results.map((r) => perSecond(r.adRows + r.breakdownRows, r.ms)),
              rate,
            ),
          ],
        ],
        [1, 2, 3],
      ),
    );
  } finally {
    child.kill('SIGTERM');
  }
}
