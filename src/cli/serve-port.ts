import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface PortReservation {
  /** The port held: PORT itself, or the one the system picked for PORT=0. */
  port: number;
  /** Frees the port for the real server; safe to call more than once. */
  release(): Promise<void>;
}

/** One line for a failed listen, naming the variable to change; undefined for other errors. */
export function listenErrorMessage(error: unknown, host: string, port: number): string | undefined {
  switch ((error as NodeJS.ErrnoException | undefined)?.code) {
    case 'EADDRINUSE':
      return `Port ${port} on ${host} is already in use. Stop the other process or set PORT.`;
    case 'EACCES':
      return `Port ${port} on ${host} needs privileges this user does not have. Set PORT to 1024 or above.`;
    case 'EADDRNOTAVAIL':
      return `HOST ${host} is not an address of this machine. Set HOST to one of its addresses, or 0.0.0.0 for all.`;
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return `HOST ${host} could not be resolved. Set HOST to an address of this machine.`;
    default:
      return undefined;
  }
}

/**
 * Binds HOST:PORT before the slow part of the start (the web build, the database, the demo data)
 * and holds it until the server takes over, so a busy port fails in a moment rather than after
 * it all, and nothing else can take the port meanwhile. Requests that arrive meanwhile get a 503.
 */
export async function reservePort(port: number, host: string): Promise<PortReservation> {
  const placeholder = createServer((_request, response) => {
    response.writeHead(503, {
      'content-type': 'text/plain; charset=utf-8',
      'retry-after': '2',
      connection: 'close',
    });
    response.end('ARLO is starting; try again in a few seconds.\n');
  });
  await new Promise<void>((resolve, reject) => {
    placeholder.once('error', (error) => {
      const message = listenErrorMessage(error, host, port);
      reject(message ? new Error(message) : error);
    });
    placeholder.listen({ port, host, exclusive: true }, () => resolve());
  });
  let released: Promise<void> | undefined;
  return {
    port: (placeholder.address() as AddressInfo).port,
    release: () => {
      released ??= new Promise<void>((resolve) => {
        placeholder.close(() => resolve());
        placeholder.closeAllConnections();
      });
      return released;
    },
  };
}
