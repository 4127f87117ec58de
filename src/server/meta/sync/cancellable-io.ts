/** Thrown inside a cancelled job, so that its reads unwind; nothing of it reaches the main thread. */
export class JobCancelledError extends Error {
  override name = 'JobCancelledError';
}

export interface CancellableIo {
  /** For the Graph client: requests abort at once when the job is cancelled. */
  fetch: typeof fetch;
  /** For the Graph client's backoff and report-run polls: a cancelled job stops waiting. */
  sleep(ms: number): Promise<void>;
  cancel(): void;
  readonly cancelled: boolean;
}

/**
 * The network and the timers of one job. The worker is shared by every sync of the process, so a
 * job that fails or is dropped cannot end by the thread being terminated: its pending requests,
 * retries and polls are cut short here instead.
 */
export function cancellableIo(): CancellableIo {
  const controller = new AbortController();
  const { signal } = controller;
  return {
    fetch: (input, init) => {
      if (signal.aborted) return Promise.reject(new JobCancelledError());
      const signals = init?.signal ? [init.signal, signal] : [signal];
      return fetch(input, { ...init, signal: AbortSignal.any(signals) });
    },
    sleep: (ms) =>
      new Promise<void>((resolve, reject) => {
        if (signal.aborted) return reject(new JobCancelledError());
        const timer = setTimeout(() => {
          signal.removeEventListener('abort', onAbort);
          resolve();
        }, ms);
        const onAbort = () => {
          clearTimeout(timer);
          reject(new JobCancelledError());
        };
        signal.addEventListener('abort', onAbort, { once: true });
      }),
    cancel: () => controller.abort(),
    get cancelled() {
      return signal.aborted;
    },
  };
}
