import { parentPort } from 'node:worker_threads';
import { type RunningFetchJob, startFetchJob } from './fetch-job';
import type { HostMessage, WorkerMessage } from './fetch-messages';

/**
 * Runs in the process's one fetch worker thread, which stays up from the first sync on: every
 * sync of every account is a job sent here as a message. The JSON parsing and row preparation
 * then use the second core instead of competing with the database, and no sync pays for starting
 * a thread and loading these modules again.
 */
const port = parentPort;
if (!port) throw new Error('fetch-worker must run in a worker thread');

const jobs = new Map<number, RunningFetchJob>();

port.on('message', (message: HostMessage) => {
  if (message.type === 'job') {
    const { jobId } = message;
    const running = startFetchJob(message.job, (sent) =>
      port.postMessage({ ...sent, jobId } satisfies WorkerMessage),
    );
    jobs.set(jobId, running);
    void running.ended.finally(() => jobs.delete(jobId));
    return;
  }
  // A job that has ended may still get a late ack or stop; there is nothing left to tell.
  const running = jobs.get(message.jobId);
  if (message.type === 'ack') running?.ack();
  else if (message.type === 'stop') running?.stop();
  else running?.cancel();
});
