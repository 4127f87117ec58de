/**
 * bench:sync part 3: what keeping one fetch worker saves a sync. Each round refreshes a demo
 * account twice, once on a worker booted for that sync and terminated after it (the terminate is
 * timed, as the sync used to wait for it) and once on one worker kept for every round (booted by
 * its first sync, which is timed too), the order alternating so neither side always runs warm.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { generateDemoData } from '../../src/analyst/demo/generate';
import { openDatabase } from '../../src/server/db/client';
import { DEMO_TIME_ZONE, todayIn } from '../../src/server/demo/seed';
import { createGraphClient } from '../../src/server/meta/graph';
import { createGraphSimulator } from '../../src/server/meta/simulator';
import { createFetchWorker, type FetchWorker } from '../../src/server/meta/sync/fetch-worker-host';
import { type SyncDeps, syncAccount } from '../../src/server/meta/sync/sync-account';
import { spread } from './spread';
import { median, ms, table } from './stats';
import { connectBenchAccounts } from './sync-fixture';

const APP_ID = 'bench-worker-app';
const APP_SECRET = 'bench-worker-secret';

type Mode = 'fresh' | 'reused';

export async function benchWorkerRounds(rounds: number): Promise<void> {
  const dataset = generateDemoData({ today: todayIn(DEMO_TIME_ZONE) });
  const simulator = createGraphSimulator({ dataset, appId: APP_ID, appSecret: APP_SECRET });
  const listening = await simulator.listen(0, '127.0.0.1');
  const folder = mkdtempSync(path.join(tmpdir(), 'arlo-bench-worker-'));
  const database = await openDatabase({ kind: 'pglite', dir: path.join(folder, 'pglite') });
  const reused = createFetchWorker();
  try {
    await database.migrate();
    const key = randomBytes(32);
    const token = simulator.issueUserToken({ scopes: ['ads_read'] });
    await connectBenchAccounts(database.db, key, token, 'bench-worker@example.com', dataset.adAccounts);
    const graphOptions = { baseUrl: listening.url, appId: APP_ID, appSecret: APP_SECRET };
    const deps: SyncDeps = {
      db: database.db,
      graph: createGraphClient(graphOptions),
      graphOptions,
      key,
      backfillDays: 28,
      log: { info: () => {}, warn: (obj: object, msg: string) => console.warn(msg, obj) },
    };
    console.log(
      `\nfetch worker — ${rounds} round(s), each a refresh (28 days, plain reads) of one of the ` +
        `${dataset.adAccounts.length} demo accounts on a worker booted for it, and on the one kept worker`,
    );

    async function timedSync(mode: Mode, accountId: string): Promise<number> {
      const worker: FetchWorker = mode === 'fresh' ? createFetchWorker() : reused;
      const started = performance.now();
      const outcome = await syncAccount({ ...deps, fetchWorker: worker }, accountId, 'refresh');
      if (mode === 'fresh') await worker.close();
      const elapsed = performance.now() - started;
      if (outcome.status !== 'ok') throw new Error(`${mode} sync of ${accountId}: ${outcome.status}`);
      return elapsed;
    }

    const times: Record<Mode, number[]> = { fresh: [], reused: [] };
    for (let round = 0; round < rounds; round++) {
      const account = dataset.adAccounts[round % dataset.adAccounts.length];
      if (!account) throw new Error('the demo data has no accounts');
      const order: Mode[] = round % 2 === 0 ? ['fresh', 'reused'] : ['reused', 'fresh'];
      for (const mode of order) times[mode].push(await timedSync(mode, account.account_id));
      console.log(
        `  round ${round + 1}: fresh worker ${ms(times.fresh.at(-1) ?? Number.NaN)}, ` +
          `kept worker ${ms(times.reused.at(-1) ?? Number.NaN)}`,
      );
    }

    console.log('');
    console.log(
      table(
        [
          ['one sync, over the rounds', 'median', 'p95', 'min – max'],
          ['a fresh worker per sync (before)', ...spread(times.fresh, ms)],
          [`one kept worker, ${reused.stats().boots} boot (after)`, ...spread(times.reused, ms)],
        ],
        [1, 2, 3],
      ),
    );
    const before = median(times.fresh);
    const after = median(times.reused);
    console.log(
      `median per sync: ${ms(before)} before, ${ms(after)} after: ${(before / after).toFixed(2)}× ` +
        `(${ms(before - after)} saved a sync)`,
    );
  } finally {
    await reused.close();
    await database.close();
    await listening.close();
    rmSync(folder, { recursive: true, force: true });
  }
}
