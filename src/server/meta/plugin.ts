import { createHmac } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { generateDemoData } from '../../analyst/demo/generate';
import { DEMO_TIME_ZONE, todayIn } from '../demo/seed';
import { createGraphClient, type GraphClient } from './graph';
import { createGraphSimulator, type GraphSimulator } from './simulator';
import { createSyncService, type SyncService } from './sync/sync-service';

/** The Facebook app ARLO talks to: the real one, or in demo mode the built-in simulator's. */
export interface MetaApp {
  appId: string;
  graphUrl: string;
  demo: boolean;
}

export interface MetaServices {
  app: MetaApp;
  graph: GraphClient;
  /**
   * For Facebook sign-in, which a person is waiting on: one retry and a short timeout instead of
   * the sync's patience. Undefined in demo mode, where Facebook sign-in is unavailable.
   */
  signInGraph: GraphClient | undefined;
  sync: SyncService;
  /** Demo mode only: the in-process Graph API simulator. */
  simulator: GraphSimulator | undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    meta: MetaServices;
  }
}

export interface GraphTiming {
  baseDelayMs?: number;
  maxDelayMs?: number;
  asyncPollMs?: number;
}

export const DEMO_APP_ID = 'arlo-demo';
const SIGN_IN_TIMEOUT_MS = 5_000;
/** Where the demo simulator (and its stand-in Facebook SDK) is reachable from the browser. */
export const SIMULATOR_PREFIX = '/meta-sim';

/**
 * The Graph API client, the sync service and, without META_APP_ID, the simulator that stands in
 * for Facebook. The simulator listens on its own loopback port for the server-side client, and
 * is also mounted under /meta-sim so the browser's stand-in SDK reaches it on our origin.
 */
export const metaPlugin = fp(
  async (app: FastifyInstance, options: { startScheduler?: boolean; timing?: GraphTiming }) => {
    const { config } = app;
    let simulator: GraphSimulator | undefined;
    let meta: MetaApp & { appSecret: string };
    if (config.meta.demo || !config.meta.appId || !config.meta.appSecret || !config.meta.graphUrl) {
      // Stable across restarts, so tokens the demo handed out keep working.
      const appSecret = createHmac('sha256', config.jwtSecret).update('arlo-demo-app').digest('hex');
      const today = todayIn(DEMO_TIME_ZONE);
      simulator = createGraphSimulator({
        dataset: () => generateDemoData({ today }),
        // Given, so that the data is generated only once a client asks for it.
        today,
        appId: DEMO_APP_ID,
        appSecret,
        // The demo's tokens are sealed in our database; they must still work after a restart.
        tokenSigningKey: appSecret,
        asyncPolls: 0,
      });
      const listening = await simulator.listen(0, '127.0.0.1');
      app.addHook('onClose', () => listening.close());
      meta = { appId: DEMO_APP_ID, appSecret, graphUrl: listening.url, demo: true };
      const sim = simulator;
      app.get(`${SIMULATOR_PREFIX}/*`, { schema: { hide: true } }, (request, reply) => {
        reply.hijack();
        sim.handle(request.raw, reply.raw, SIMULATOR_PREFIX);
      });
    } else {
      meta = {
        appId: config.meta.appId,
        appSecret: config.meta.appSecret,
        graphUrl: config.meta.graphUrl,
        demo: false,
      };
    }

    const graphOptions = {
      baseUrl: meta.graphUrl,
      appId: meta.appId,
      appSecret: meta.appSecret,
      ...(options.timing?.baseDelayMs === undefined ? {} : { baseDelayMs: options.timing.baseDelayMs }),
      ...(options.timing?.maxDelayMs === undefined ? {} : { maxDelayMs: options.timing.maxDelayMs }),
    };
    const graph = createGraphClient({ ...graphOptions, log: app.log });
    const signInGraph = meta.demo
      ? undefined
      : createGraphClient({ ...graphOptions, log: app.log, maxRetries: 1, timeoutMs: SIGN_IN_TIMEOUT_MS });
    const sync = createSyncService({
      db: app.database.db,
      graph,
      graphOptions,
      key: config.encryptionKey,
      backfillDays: config.meta.backfillDays,
      intervalHours: config.meta.syncIntervalHours,
      log: app.log,
      asyncPollMs: options.timing?.asyncPollMs,
    });
    if (options.startScheduler !== false) app.addHook('onReady', async () => sync.start());
    app.addHook('onClose', () => sync.stop());
    app.decorate('meta', {
      app: { appId: meta.appId, graphUrl: meta.graphUrl, demo: meta.demo },
      graph,
      signInGraph,
      sync,
      simulator,
    });
  },
  { name: 'meta' },
);
