import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ListeningHandler {
  url: string;
  port: number;
  close(): Promise<void>;
}

/**
 * Serves a plain request handler on its own port (the simulators that stand in for Meta and
 * Stripe): resolves with the address a client can call, and a close that does not wait for
 * keep-alive connections to time out.
 */
export async function listenHandler(
  handle: (req: IncomingMessage, res: ServerResponse) => void,
  port = 0,
  host = '127.0.0.1',
): Promise<ListeningHandler> {
  const server = createServer(handle);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  const address = server.address() as AddressInfo;
  // A wildcard address is not something a client can call; name the loopback instead.
  const shown = host === '0.0.0.0' || host === '::' ? 'localhost' : address.address;
  const hostPart = shown.includes(':') ? `[${shown}]` : shown;
  return {
    url: `http://${hostPart}:${address.port}`,
    port: address.port,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        // Clients keep connections alive (fetch, the stripe SDK); they would hold close() open.
        server.closeAllConnections();
      }),
  };
}
