import type { FastifyInstance } from 'fastify';
import { failUnfinishedAnswers } from '../chat/unfinished-answers';
import type { Db } from '../db/client';
import { releaseDeadLeases } from '../meta/sync/sync-state';
import { deadBootTest, exitedBoots, forgetDeadBoots, HEARTBEAT_MS, heartbeat } from './server-boots';

/**
 * Registers this process as a live boot, takes over what dead ones left behind, and keeps doing
 * both every heartbeat. Runs before the server serves: the sync runner, started once the app is
 * ready, then resumes the released syncs from their cursors.
 */
export async function startCrashRecovery(app: FastifyInstance, db: Db): Promise<void> {
  await heartbeat(db);
  await recoverDeadBoots(db, app.log);
  let beat: Promise<void> | undefined;
  const timer = setInterval(() => {
    // A beat still running (a slow database) is not doubled up.
    beat ??= heartbeat(db)
      .then(() => recoverDeadBoots(db, app.log))
      .catch((error) => app.log.warn({ err: error }, 'server heartbeat failed'))
      .finally(() => {
        beat = undefined;
      });
  }, HEARTBEAT_MS);
  timer.unref();
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await beat;
  });
}

/**
 * Another node that died (no heartbeat for a while) or an earlier process on this host that exited
 * (a crash, kill -9) leaves sync leases and answers in progress: its leases are released and its
 * questions get a failed reply and their free question back. Live processes' work is untouched.
 */
async function recoverDeadBoots(db: Db, log: FastifyInstance['log']): Promise<void> {
  const isDead = deadBootTest(await exitedBoots(db));
  const syncs = await releaseDeadLeases(db, isDead);
  const answers = await failUnfinishedAnswers(db, isDead);
  await forgetDeadBoots(db, isDead);
  if (syncs > 0 || answers > 0) {
    log.info({ syncs, answers }, 'took over the work of stopped server processes');
  }
}
