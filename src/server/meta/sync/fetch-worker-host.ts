import { Worker } from 'node:worker_threads';
import type { FetchJob, HostMessage, JobMessage, WorkerMessage } from './fetch-messages';

const bootUrl = new URL('./worker-boot.mjs', import.meta.url);
const entry = new URL('./fetch-worker.ts', import.meta.url).href;

export interface JobListener {
  /** Each of the job's messages, in the order the worker sent them. */
  onMessage(message: JobMessage): void;
  /** The thread crashed or was terminated before the job ended. */
  onLost(error: Error): void;
}

/** The main thread's side of one running job. */
export interface JobChannel {
  /** The worker thread the job runs on. */
  threadId: number;
  ack(): void;
  stop(): void;
  /** Ends the job at once and forgets it: nothing more of it is delivered. */
  cancel(): void;
}

export interface FetchWorkerStats {
  /** Threads started so far: 1 for a process whose syncs all ran on one worker. */
  boots: number;
  /** The running thread's id, while there is one. */
  threadId: number | undefined;
  /** Jobs running on it now. */
  jobs: number;
}

export interface FetchWorker {
  /** Starts a job, first booting a thread when there is none (the first job, or after a crash). */
  start(job: FetchJob, listener: JobListener): JobChannel;
  /** Terminates the thread; jobs still on it are lost. A later `start` boots a new one. */
  close(): Promise<void>;
  stats(): FetchWorkerStats;
}

interface Thread {
  worker: Worker;
  jobs: Map<number, JobListener>;
  closing: boolean;
}

/**
 * One fetch worker thread, started on first use and kept for every job after it. Booting one
 * (the tsx loader, the Graph client, the preparers) costs over half a second, which a sync per
 * account per interval would otherwise pay each time. The thread holds the process open only
 * while it has jobs, so an idle worker never keeps a test or `arlo serve` from exiting.
 */
export function createFetchWorker(): FetchWorker {
  let thread: Thread | undefined;
  let boots = 0;
  let nextJobId = 1;

  function boot(): Thread {
    const booted: Thread = {
      worker: new Worker(bootUrl, { workerData: { entry } }),
      jobs: new Map(),
      closing: false,
    };
    boots++;
    const { worker, jobs } = booted;
    worker.unref();
    worker.on('message', (message: WorkerMessage) => {
      const listener = jobs.get(message.jobId);
      if (message.type === 'done' || message.type === 'error') forget(booted, message.jobId);
      listener?.onMessage(message);
    });
    const lose = (error: Error) => {
      if (thread === booted) thread = undefined;
      const lost = [...jobs.values()];
      jobs.clear();
      for (const listener of lost) listener.onLost(error);
    };
    worker.on('error', (error) => lose(new Error(`sync worker crashed: ${error.message}`, { cause: error })));
    worker.on('exit', (code) =>
      lose(
        new Error(
          booted.closing
            ? 'sync worker was shut down during the sync'
            : `sync worker exited (code ${code}) during the sync`,
        ),
      ),
    );
    return booted;
  }

  function forget(booted: Thread, jobId: number): void {
    if (booted.jobs.delete(jobId) && booted.jobs.size === 0) booted.worker.unref();
  }

  return {
    start(job, listener) {
      const current = thread ?? boot();
      thread = current;
      const jobId = nextJobId++;
      if (current.jobs.size === 0) current.worker.ref();
      current.jobs.set(jobId, listener);
      const post = (message: HostMessage) => current.worker.postMessage(message);
      post({ type: 'job', jobId, job });
      return {
        threadId: current.worker.threadId,
        ack: () => post({ type: 'ack', jobId }),
        stop: () => post({ type: 'stop', jobId }),
        cancel: () => {
          if (!current.jobs.has(jobId)) return;
          forget(current, jobId);
          post({ type: 'cancel', jobId });
        },
      };
    },
    async close() {
      const current = thread;
      thread = undefined;
      if (!current) return;
      current.closing = true;
      await current.worker.terminate();
    },
    stats: () => ({ boots, threadId: thread?.worker.threadId, jobs: thread?.jobs.size ?? 0 }),
  };
}
