import type { ServerResponse } from 'node:http';
import type { StreamEvent } from '../../shared/api/chat';

const HEARTBEAT_MS = 10_000;

export interface EventStream {
  send(event: StreamEvent): void;
  /**
   * Lets what was sent reach the client before more work runs. Node sends a response's writes on
   * the next tick, and an answer on PGlite is one long chain of promise callbacks that would hold
   * them back until the whole answer is done; waiting for the event loop's next turn releases
   * them (and lets other requests in).
   */
  flush(): Promise<void>;
  /** Writes `data: [DONE]` and ends the response. */
  done(): void;
  /** True once the client has gone: sending is skipped, the work (and saving) goes on. */
  readonly closed: boolean;
}

/**
 * Server-sent events on a raw response: `data: <json>` lines, a heartbeat comment while work is
 * running, and headers that keep proxies (nginx, CDNs) from buffering or compressing the stream.
 */
export function openEventStream(res: ServerResponse, headers: Record<string, string> = {}): EventStream {
  res.writeHead(200, {
    ...headers,
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
  });
  res.flushHeaders();
  let closed = false;
  const heartbeat = setInterval(() => {
    if (!closed) res.write(': heartbeat\n\n');
  }, HEARTBEAT_MS);
  heartbeat.unref();
  res.on('close', () => {
    closed = true;
    clearInterval(heartbeat);
  });
  // Comment lines are ignored by EventSource parsers; this one tells the client work has begun.
  res.write(': working\n\n');
  return {
    send(event) {
      if (!closed) res.write(`data: ${JSON.stringify(event)}\n\n`);
    },
    flush: () => new Promise((resolve) => setImmediate(resolve)),
    done() {
      clearInterval(heartbeat);
      if (!closed) res.end('data: [DONE]\n\n');
      closed = true;
    },
    get closed() {
      return closed;
    },
  };
}
