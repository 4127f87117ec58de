/**
 * A small HTTP client for `npm run bench:load`: one virtual user = one keep-alive connection from
 * its own loopback address, as one browser tab of one person would be.
 *
 * Why its own address: the auth routes allow 300 requests a minute per address, and connecting
 * Facebook 20; fifty people come from fifty addresses, and sending them all from 127.0.0.1 would
 * measure those limits instead of the server. Linux routes all of 127.0.0.0/8 to the loopback
 * interface, so 127.0.0.2, 127.0.0.3, ... work without any set-up.
 */
import http from 'node:http';
import { performance } from 'node:perf_hooks';

/** The loopback address virtual user `index` (from 0) sends from: 127.0.0.2 upwards (127.0.0.1 is the server). */
export function userAddress(index: number): string {
  return `127.0.${Math.floor(index / 250)}.${(index % 250) + 2}`;
}

/** A request with no answer by then is counted as a network error rather than waited for. */
const TIMEOUT_MS = 30_000;

export interface Reply {
  status: number;
  body: string;
  /** From sending the request to the last byte of the body (for SSE: the end of the stream). */
  ms: number;
}

export class UserClient {
  // One socket, kept open: a person's requests follow one another, and reconnecting each time
  // would measure TCP set-up rather than the server.
  private readonly agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

  constructor(
    private readonly base: URL,
    private readonly localAddress: string,
  ) {}

  request(method: 'GET' | 'POST', path: string, options: { token?: string; json?: unknown } = {}) {
    const body = options.json === undefined ? undefined : JSON.stringify(options.json);
    const headers: Record<string, string> = {};
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const started = performance.now();
    return new Promise<Reply>((resolve, reject) => {
      const request = http.request(
        new URL(path, this.base),
        { method, headers, agent: this.agent, localAddress: this.localAddress },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('error', reject);
          response.on('end', () =>
            resolve({
              status: response.statusCode ?? 0,
              body: Buffer.concat(chunks).toString(),
              ms: performance.now() - started,
            }),
          );
        },
      );
      request.setTimeout(TIMEOUT_MS, () => request.destroy(new Error(`no answer in ${TIMEOUT_MS} ms`)));
      request.on('error', reject);
      request.end(body);
    });
  }

  close(): void {
    this.agent.destroy();
  }
}
