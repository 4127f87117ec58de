/**
 * `npm run bench:sync`: backfills the large generated account (25 campaigns × 4 ad sets × 5 ads ×
 * 365 days, about 182,500 rows) from the Graph API simulator, over real HTTP, into an in-memory
 * PGlite, through the same sync code the server runs: async report runs, paging, streaming into
 * the loader, reach windows, ANALYZE. Each round uses a fresh database. It reports rows per second
 * against the 20,000 rows/s target; it never fails on a missed target (exit 0).
 *
 *   npx tsx scripts/bench-sync.ts [--rounds N] [--now YYYY-MM-DD]
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
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
import { median, megabytes, ms } from './bench/stats';

const TARGET_ROWS_PER_SECOND = 20_000;
const APP_ID = 'bench-app';
const APP_SECRET = 'bench-secret';

const { values } = parseArgs({
  options: { rounds: { type: 'string', default: '3' }, now: { type: 'string' } },
});
const rounds = Math.max(1, Number(values.rounds) || 3);
const today = values.now ?? todayIn('UTC');

const dataset = generateDemoData({ today, size: 'large' });
const account = dataset.adAccounts[0];
if (!account) throw new Error('the large dataset has no account');
const sourceRows = dataset.insights[account.id]?.length ?? 0;
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

console.log(`bench:sync — ${account.name}: ${sourceRows.toLocaleString()} ad/day rows, ${rounds} rounds`);
const results: { ms: number; rows: number }[] = [];
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
  const started = performance.now();
  const outcome = await syncAccount(
    { db, graph, graphOptions, key, backfillDays, log, asyncPollMs: 50 },
    account.account_id,
    'backfill',
  );
  const elapsed = performance.now() - started;
  const [stored] = await queryRows<{ n: string }>(
    db,
    sql`select count(*)::text as n from meta_insights_daily`,
  );
  const rows = Number(stored?.n);
  results.push({ ms: elapsed, rows });
  console.log(
    `  round ${round}: ${outcome.status}, ${rows.toLocaleString()} rows in ${ms(elapsed)} = ${Math.round(
      (rows / elapsed) * 1000,
    ).toLocaleString()} rows/s (heap ${megabytes(process.memoryUsage().heapUsed)})`,
  );
  await database.close();
}
child.kill('SIGTERM');

const medianMs = median(results.map((r) => r.ms));
const rate = Math.round(((results[0]?.rows ?? 0) / medianMs) * 1000);
console.log(
  `median: ${ms(medianMs)} for ${(results[0]?.rows ?? 0).toLocaleString()} rows = ${rate.toLocaleString()} rows/s ` +
    `(target ≥ ${TARGET_ROWS_PER_SECOND.toLocaleString()} rows/s${rate >= TARGET_ROWS_PER_SECOND ? '' : ', BELOW TARGET'})`,
);
