import { eq, sql } from 'drizzle-orm';
import { addDays } from '../../../analyst/dates';
import { refreshAdWindows } from '../../../warehouse/ad-windows';
import { analyzeBreakdowns, analyzeWarehouse } from '../../../warehouse/analyze';
import { breakdownKeys, type GraphAdAccount } from '../../../warehouse/graph-types';
import { checkpointIfWalGrown } from '../../../warehouse/wal-checkpoint';
import type { Db } from '../../db/client';
import { metaAdAccounts } from '../../db/schema';
import { todayIn } from '../../demo/seed';
import { markPermissionRevoked, tokenForAccount } from '../connections';
import { type GraphClient, GraphTokenError } from '../graph';
import { type FetchJob, fetchAndWrite } from './fetch-protocol';
import type { FetchWorker } from './fetch-worker-host';
import { BREAKDOWN_FIELDS, BREAKDOWN_FIELDS_WITHOUT_REACH, INSIGHT_FIELDS } from './fields';
import { syncObjects } from './sync-objects';
import { advanceCursor, claimSync, failSync, finishSync, type SyncKind } from './sync-state';
import { breakdownReachSince, dayChunks, reachWindows } from './windows';

/** Attribution keeps changing recent days, so every refresh re-reads this many. */
export const REFRESH_DAYS = 28;
/** Progress is saved after each chunk: a restart repeats at most one chunk. */
const CHUNK_DAYS = 30;
const PAGE_LIMIT = 5000;
/** Between report-run status polls; Meta's runs take seconds, the simulator's a moment. */
const ASYNC_POLL_MS = 1000;

export interface SyncDeps {
  db: Db;
  graph: GraphClient;
  /** The same client's settings, for the worker thread that runs the bulk fetches. */
  graphOptions: FetchJob['graph'];
  key: Buffer;
  backfillDays: number;
  log: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void };
  /** True once the process is shutting down: the run stops between chunks and resumes later. */
  stopping?: () => boolean;
  asyncPollMs?: number;
  /** The thread the fetches run on; by default the process's shared one. */
  fetchWorker?: FetchWorker;
}

export type SyncOutcome =
  | {
      status: 'ok';
      /** Ad rows written. */
      rows: number;
      breakdownRows: number;
      /** Campaigns, ad sets and ads whose settings were written. */
      objects: number;
      resumed: boolean;
      /** Set when the insights are in but the settings could not be read (the sync shows as failed). */
      settingsError?: string;
    }
  | { status: 'busy' }
  | { status: 'interrupted' }
  | { status: 'error'; message: string };

export const REVOKED_MESSAGE = 'Facebook access expired or was revoked. Reconnect Facebook in Settings.';

/** Backfills or refreshes one ad account from the Graph API into the warehouse. */
export async function syncAccount(deps: SyncDeps, accountId: string, kind: SyncKind): Promise<SyncOutcome> {
  const { db } = deps;
  const [account] = await db.select().from(metaAdAccounts).where(eq(metaAdAccounts.id, accountId)).limit(1);
  if (!account) return { status: 'error', message: 'Unknown ad account' };
  const today = todayIn(account.timezone);
  const days = kind === 'backfill' ? deps.backfillDays : REFRESH_DAYS;
  const claim = await claimSync(db, accountId, { kind, since: addDays(today, -days), until: today });
  if (!claim) return { status: 'busy' };

  const credential = await tokenForAccount(db, deps.key, accountId);
  if (!credential) {
    await failSync(db, accountId, 'No connected user has Facebook permission for this account.');
    return { status: 'error', message: 'no token' };
  }
  const graphAccount: GraphAdAccount = {
    id: `act_${account.id}`,
    account_id: account.id,
    name: account.name,
    account_status: 1,
    currency: account.currency,
    timezone_name: account.timezone,
  };

  try {
    const chunks = dayChunks(claim.cursor, claim.until, CHUNK_DAYS);
    // The reach windows and the objects are a handful of small reads: they run while the bulk
    // rows stream in. The objects are written once the rows are, so the two never contend.
    const reach = syncReach(deps, account.id, today, credential.token);
    reach.catch(() => {});
    const objects = deps.graph.objects(account.id, credential.token);
    objects.catch(() => {});
    const { rows, breakdownRows, completed, workerThreadId } = await fetchAndWrite(
      db,
      graphAccount,
      {
        graph: deps.graphOptions,
        accountId: graphAccount.account_id,
        token: credential.token,
        query: { level: 'ad', fields: INSIGHT_FIELDS, timeIncrement: 1, limit: PAGE_LIMIT },
        chunks,
        breakdowns: {
          keys: [...breakdownKeys],
          fields: BREAKDOWN_FIELDS,
          fieldsWithoutReach: BREAKDOWN_FIELDS_WITHOUT_REACH,
          reachSince: breakdownReachSince(today),
        },
        // A backfill reads months of ad-level days: Meta wants that as async report runs.
        longPull: claim.kind === 'backfill',
        asyncPollMs: deps.asyncPollMs ?? ASYNC_POLL_MS,
      },
      async (index) => {
        const chunk = chunks[index];
        // Written off as dead and taken over by another process: that one carries on.
        if (chunk && !(await advanceCursor(db, accountId, addDays(chunk.until, 1)))) return true;
        return deps.stopping?.() ?? false;
      },
      deps.fetchWorker,
    );
    if (!completed) {
      await Promise.all([reach.catch(() => {}), objects.catch(() => {})]);
      return { status: 'interrupted' };
    }
    await reach;
    const settings = await syncObjects(db, deps.log, account, objects);
    await refreshAdWindows(db, [accountId]);
    await analyzeWarehouse(db);
    if (breakdownRows > 0) await analyzeBreakdowns(db);
    // PGlite never checkpoints on its own: a sync's WAL would otherwise stay in the folder.
    await checkpointIfWalGrown(db, true);
    await finishSync(db, accountId, rows, settings.error);
    const summary = { rows, breakdownRows, objects: settings.written, resumed: claim.resumed };
    deps.log.info({ accountId, kind, ...summary, workerThreadId }, 'meta sync finished');
    return { status: 'ok', ...summary, ...(settings.error ? { settingsError: settings.error } : {}) };
  } catch (error) {
    if (error instanceof GraphTokenError) {
      await markPermissionRevoked(db, credential.userId);
      await failSync(db, accountId, REVOKED_MESSAGE);
      return { status: 'error', message: REVOKED_MESSAGE };
    }
    // Graph errors carry Meta's message only (never a token); anything else stays in the log.
    const message = error instanceof Error && error.name.startsWith('Graph') ? error.message : 'Sync failed';
    deps.log.warn({ accountId, err: error }, 'meta sync failed');
    await failSync(db, accountId, message);
    return { status: 'error', message };
  }
}

/** Exact unique reach for the standard windows, at account and campaign level. */
async function syncReach(deps: SyncDeps, accountId: string, today: string, token: string): Promise<void> {
  for (const window of reachWindows(today)) {
    for (const level of ['account', 'campaign'] as const) {
      const found: Record<string, unknown>[] = [];
      await deps.graph.insights(
        accountId,
        {
          level,
          fields: ['account_id', 'campaign_id', 'reach', 'impressions', 'frequency'],
          since: window.since,
          until: window.until,
          timeIncrement: 'all_days',
          limit: PAGE_LIMIT,
        },
        token,
        async (page) => {
          found.push(...page);
        },
      );
      for (const row of found) {
        const objectId = String(level === 'account' ? accountId : (row.campaign_id ?? ''));
        if (!objectId || row.reach === undefined) continue;
        await deps.db.execute(sql`
          insert into meta_reach (account_id, level, object_id, since, until, reach, impressions, frequency)
          values (${accountId}, ${level}, ${objectId}, ${window.since}, ${window.until}, ${String(row.reach)},
            ${String(row.impressions ?? '0')}, ${row.frequency === undefined ? null : String(row.frequency)})
          on conflict (level, object_id, since, until) do update set reach = excluded.reach,
            impressions = excluded.impressions, frequency = excluded.frequency, fetched_at = now()`);
      }
    }
  }
}
