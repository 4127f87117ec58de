import { connect, createServer, type Socket } from 'node:net';

export interface TcpProxy {
  port: number;
  /** Models the server going down: open connections are cut and new ones are dropped at once. */
  cut(): void;
  /**
   * Models the server going down in the middle of a request: the first time a client sends bytes
   * holding `marker` (a statement's SQL), everything is cut before they reach the server, so the
   * statements before it ran and this one never did. Resolves when that happens.
   */
  cutOn(marker: string): Promise<void>;
  /** The server is back: new connections reach it again. */
  restore(): void;
  close(): Promise<void>;
}

/** A loopback TCP proxy in front of a real server, so a test can take the server away and back. */
export async function startTcpProxy(targetHost: string, targetPort: number): Promise<TcpProxy> {
  const open = new Set<Socket>();
  let down = false;
  let armed: { marker: string; fired: () => void } | undefined;
  const cut = () => {
    down = true;
    for (const socket of open) socket.destroy();
    open.clear();
  };
  const server = createServer((client) => {
    if (down) {
      client.destroy();
      return;
    }
    const upstream = connect({ host: targetHost, port: targetPort });
    open.add(client);
    open.add(upstream);
    const drop = () => {
      client.destroy();
      upstream.destroy();
      open.delete(client);
      open.delete(upstream);
    };
    client.on('error', drop).on('close', drop);
    upstream.on('error', drop).on('close', drop);
    client.on('data', (chunk: Buffer) => {
      if (armed && chunk.includes(armed.marker)) {
        const { fired } = armed;
        armed = undefined;
        cut();
        fired();
        return;
      }
      if (!upstream.write(chunk)) client.pause();
    });
    upstream.on('drain', () => client.resume());
    upstream.pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address !== 'object') throw new Error('proxy has no port');
  return {
    port: address.port,
    cut,
    cutOn: (marker) => new Promise<void>((fired) => (armed = { marker, fired })),
    restore() {
      down = false;
    },
    close: () =>
      new Promise((resolve) => {
        for (const socket of open) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
