/**
 * `npm run bench:sync`: backfills the large generated account (25 campaigns × 4 ad sets × 5 ads ×
 * 365 days, about 182,500 ad rows, plus its breakdown rows and objects when the generator makes
 * them) from the Graph API simulator, over real HTTP, into an in-memory PGlite, through the same
 * sync code the server runs: async report runs, paging, streaming into the loader, breakdowns per
 * chunk, reach windows, objects, ANALYZE. Each round uses a fresh database. It reports rows per
 * second (ad rows, breakdown rows, both) against the 20,000 rows/s target, the objects written,
 * and the storage per 100,000 ad-days of the ad rows and of the breakdown rows, as the median, p95
 * and range over the rounds; it never fails on a missed target (exit 0).
 *
 *   npx tsx scripts/bench-sync.ts [--rounds N] [--now YYYY-MM-DD]
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { generateDemoData } from '../src/analyst/demo/generate';
import { openDatabase, queryRows } from '../src/server/db/client';
import { userAdAccounts, users } from '../src/server/db/schema';
import { todayIn } from '../src/server/demo/seed';
import { saveConnection } from '../src/server/meta/connections';
import { createGraphClient } from '../src/server/meta/graph';
import { syncAccount } from '../src/server/meta/sync/sync-account';
import { ensureSyncState } from '../src/server/meta/sync/sync-state';
import { count, median, megabytes, ms, quantile, table } from './bench/stats';

const TARGET_ROWS_PER_SECOND = 20_000;
const APP_ID = 'bench-app';
const APP_SECRET = 'bench-secret';

const { values } = parseArgs({
  options: { rounds: { type: 'string', default: '3' }, now: { type: 'string' } },
});
const rounds = Math.max(1, Number(values.rounds) || 3);
const today = values.now ?? todayIn('UTC');

/**
 * What the simulator will serve, counted here and then dropped: held for the whole run, the
 * generated rows (hundreds of MB) would slow every garbage collection of the syncing process.
 */
function generatedData() {
  const dataset = generateDemoData({ today, size: 'large' });
  const first = dataset.adAccounts[0];
  if (!first) throw new Error('the large dataset has no account');
  const breakdowns = Object.values(dataset.breakdowns?.[first.id] ?? {});
  return {
    account: first,
    sourceRows: dataset.insights[first.id]?.length ?? 0,
    breakdownSource: breakdowns.reduce((sum, rows) => sum + (rows?.length ?? 0), 0),
  };
}
const { account, sourceRows, breakdownSource } = generatedData();
// The whole year the generator wrote, so the backfill reads every row.
const backfillDays = 366;

// The simulator runs in its own process, as Meta's servers are not in ours: serving and loading
// then use separate cores, as they would in production.
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
  `bench:sync — ${account.name}: ${count(sourceRows)} ad/day rows, ${count(breakdownSource)} breakdown rows ` +
    `in the generated data, ${rounds} rounds`,
);

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

interface Round {
  ms: number;
  /** CPU time of this process (main thread and sync worker) and of the simulator during the sync. */
  cpuMs: number;
  simulatorCpuMs: number;
  adRows: number;
  breakdownRows: number;
  objectRows: number;
  /** Ad rows on the days that have breakdown rows (the generator gives breakdowns to recent days only). */
  coveredAdRows: number;
  adBytes: number;
  breakdownBytes: number;
}
const results: Round[] = [];
for (let round = 1; round <= rounds; round++) {
  const database = await openDatabase({ kind: 'pglite' });
  await database.migrate();
  const { db } = database;
  const key = randomBytes(32);
  const [user] = await db
    .insert(users)
    .values({ email: `bench${round}@example.com`, fbPermissionsGranted: true })
    .returning();
  if (!user) throw new Error('no user');
  await saveConnection(db, key, {
    userId: user.id,
    facebookUserId: '1',
    token,
    scopes: ['ads_read'],
    expiresInSeconds: 86_400,
  });
  await db.execute(sql`insert into meta_ad_accounts (id, name, currency, timezone)
    values (${account.account_id}, ${account.name}, ${account.currency}, ${account.timezone_name})`);
  await db
    .insert(userAdAccounts)
    .values({ userId: user.id, accountId: account.account_id, name: account.name });
  await ensureSyncState(db, account.account_id);

  const graphOptions = { baseUrl, appId: APP_ID, appSecret: APP_SECRET };
  const graph = createGraphClient(graphOptions);
  const cpuBefore = process.cpuUsage();
  const simulatorBefore = cpuMs(child.pid);
  const started = performance.now();
  const outcome = await syncAccount(
    { db, graph, graphOptions, key, backfillDays, log, asyncPollMs: 50 },
    account.account_id,
    'backfill',
  );
  const elapsed = performance.now() - started;
  const cpu = process.cpuUsage(cpuBefore);
  const simulatorCpu = cpuMs(child.pid) - simulatorBefore;
  const [stored] = await queryRows<Record<string, string>>(
    db,
    sql`select
      (select count(*) from meta_insights_daily)::text as ad_rows,
      (select count(*) from meta_insights_breakdown_daily)::text as breakdown_rows,
      ((select count(*) from meta_campaigns where settings_at is not null)
        + (select count(*) from meta_adsets where settings_at is not null)
        + (select count(*) from meta_ads where settings_at is not null))::text as object_rows,
      (select count(*) from meta_insights_daily
        where day in (select distinct day from meta_insights_breakdown_daily))::text as covered_ad_rows,
      pg_total_relation_size('meta_insights_daily')::text as ad_bytes,
      pg_total_relation_size('meta_insights_breakdown_daily')::text as breakdown_bytes`,
  );
  const result: Round = {
    ms: elapsed,
    cpuMs: (cpu.user + cpu.system) / 1000,
    simulatorCpuMs: simulatorCpu,
    adRows: Number(stored?.ad_rows),
    breakdownRows: Number(stored?.breakdown_rows),
    objectRows: Number(stored?.object_rows),
    coveredAdRows: Number(stored?.covered_ad_rows),
    adBytes: Number(stored?.ad_bytes),
    breakdownBytes: Number(stored?.breakdown_bytes),
  };
  results.push(result);
  const failure = outcome.status === 'error' ? ` (${outcome.message})` : '';
  const settings = outcome.status === 'ok' && outcome.settingsError ? ` (${outcome.settingsError})` : '';
  console.log(
    `  round ${round}: ${outcome.status}${failure}${settings} in ${ms(elapsed)}: ${count(result.adRows)} ad rows ` +
      `(${count(perSecond(result.adRows, elapsed))}/s), ${count(result.breakdownRows)} breakdown rows ` +
      `(${count(perSecond(result.breakdownRows, elapsed))}/s), ${count(result.objectRows)} objects ` +
      `(heap ${megabytes(process.memoryUsage().heapUsed)})`,
  );
  await database.close();
}
child.kill('SIGTERM');

function perSecond(rows: number, elapsedMs: number): number {
  return Math.round((rows / elapsedMs) * 1000);
}

/** Bytes a table takes per 100,000 ad rows (ad-days), so accounts of any size compare. */
function per100kAdDays(bytes: number, adRows: number): number {
  return adRows > 0 ? (bytes / adRows) * 100_000 : Number.NaN;
}

/** median, p95 and min–max of one figure over the rounds. */
function spread(values: number[], format: (value: number) => string): string[] {
  return [
    format(median(values)),
    format(quantile(values, 0.95)),
    `${format(Math.min(...values))} – ${format(Math.max(...values))}`,
  ];
}

const wholeRate = (value: number) => `${count(value)}/s`;
// No breakdown rows (a generator without them): nothing to scale.
const size = (bytes: number) => (Number.isFinite(bytes) ? megabytes(bytes) : '–');
const totalRates = results.map((r) => perSecond(r.adRows + r.breakdownRows, r.ms));
console.log('');
console.log(
  table(
    [
      ['over the rounds', 'median', 'p95', 'min – max'],
      [
        'sync CPU time (this process)',
        ...spread(
          results.map((r) => r.cpuMs),
          ms,
        ),
      ],
      [
        'simulator CPU time',
        ...spread(
          results.map((r) => r.simulatorCpuMs),
          ms,
        ),
      ],
      [
        'sync wall time',
        ...spread(
          results.map((r) => r.ms),
          ms,
        ),
      ],
      [
        'ad rows per second',
        ...spread(
          results.map((r) => perSecond(r.adRows, r.ms)),
          wholeRate,
        ),
      ],
      [
        'breakdown rows per second',
        ...spread(
          results.map((r) => perSecond(r.breakdownRows, r.ms)),
          wholeRate,
        ),
      ],
      ['all rows per second', ...spread(totalRates, wholeRate)],
      [
        'ad rows',
        ...spread(
          results.map((r) => r.adRows),
          count,
        ),
      ],
      [
        'breakdown rows',
        ...spread(
          results.map((r) => r.breakdownRows),
          count,
        ),
      ],
      [
        'object rows (settings)',
        ...spread(
          results.map((r) => r.objectRows),
          count,
        ),
      ],
      [
        'ad rows storage / 100k ad-days',
        ...spread(
          results.map((r) => per100kAdDays(r.adBytes, r.adRows)),
          size,
        ),
      ],
      [
        'breakdown storage / 100k ad-days (the days they cover)',
        ...spread(
          results.map((r) => per100kAdDays(r.breakdownBytes, r.coveredAdRows)),
          size,
        ),
      ],
    ],
    [1, 2, 3],
  ),
);
// Each row kind's rate is its rows over the whole sync's wall time: they are fetched and written
// together, chunk by chunk, so the time cannot be split between them.
const rate = median(totalRates);
console.log(
  `\nmedian: ${count(rate)} rows/s written, ad and breakdown rows together ` +
    `(target ≥ ${count(TARGET_ROWS_PER_SECOND)} rows/s${rate >= TARGET_ROWS_PER_SECOND ? '' : ', BELOW TARGET'})`,
);
