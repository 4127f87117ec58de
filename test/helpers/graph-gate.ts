import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { GraphSimulator } from '../../src/server/meta/simulator';

export interface GraphGate {
  /** Where ARLO should send its Graph API calls (META_GRAPH_URL). */
  url: string;
  /** Resolves when the first report run start is being held: the chunks before it are fetched. */
  holding: Promise<void>;
  /** How many requests are waiting at the gate right now. */
  held(): number;
  /** Lets the held requests, and all later ones, through to the simulator. */
  release(): void;
  close(): Promise<void>;
}

const REPORT_RUN_START = /\/act_\d+\/insights$/;

/**
 * The network edge between ARLO and the Graph API simulator: the first `passReportRuns` report run
 * starts (a backfill starts one per chunk for its ad rows and one per breakdown key) go through, later ones wait until `release`. A test then
 * sees a backfill stopped between chunks for as long as it likes, with nothing of ARLO replaced.
 */
export async function startGraphGate(simulator: GraphSimulator, passReportRuns = 1): Promise<GraphGate> {
  let starts = 0;
  let open = false;
  const waiting: (() => void)[] = [];
  let holdingStarted!: () => void;
  const holding = new Promise<void>((resolve) => (holdingStarted = resolve));
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const path = new URL(req.url ?? '/', 'http://gate.invalid').pathname;
    const pass = () => simulator.handle(req, res);
    if (req.method !== 'POST' || !REPORT_RUN_START.test(path) || open) return pass();
    starts++;
    if (starts <= passReportRuns) return pass();
    waiting.push(pass);
    holdingStarted();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address !== 'object') throw new Error('gate has no port');
  const release = () => {
    open = true;
    for (const pass of waiting.splice(0)) pass();
  };
  return {
    url: `http://127.0.0.1:${address.port}`,
    holding,
    held: () => waiting.length,
    release,
    close: async () => {
      release();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
