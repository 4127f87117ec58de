import path from 'node:path';
import { parseArgs } from 'node:util';
import type { FastifyInstance } from 'fastify';
import { loadConfig, parseEnv } from '../server/config';
import { acquireDataDirLock, type DataDirLock } from '../server/data-dir-lock';
import type { Database } from '../server/db/client';
import { listenErrorMessage, type PortReservation, reservePort } from './serve-port';
import { ensureWebBuild } from './web-build';

/** How long in-flight answers get to finish after SIGTERM (within the 10 s a stop may take). */
const SHUTDOWN_GRACE_MS = 8_000;

/** What a start has opened so far, closed in reverse order when the start fails or the server stops. */
interface Opened {
  lock?: DataDirLock;
  port?: PortReservation;
  database?: Database;
  app?: FastifyInstance;
}

/** Resolves false if something failed to close; everything after it is closed all the same. */
async function closeAll(opened: Opened): Promise<boolean> {
  let ok = true;
  const failed = () => {
    ok = false;
  };
  await opened.app?.close().catch(failed);
  await opened.database?.close().catch(failed);
  await opened.port?.release();
  opened.lock?.release();
  return ok;
}

export async function serveCommand(args: string[]): Promise<number> {
  const { values } = parseArgs({ args, options: { 'skip-build': { type: 'boolean', default: false } } });
  const env = parseEnv(process.env);
  const opened: Opened = {};
  try {
    // The cheap checks first, so a second server or a busy port is refused in a moment, before the
    // web build, the database and the demo data. Only the embedded database needs the folder to
    // itself: with PostgreSQL, several nodes may share DATA_DIR for its secrets file.
    if (!env.DATABASE_URL) opened.lock = await acquireDataDirLock(path.resolve(env.DATA_DIR));
    opened.port = await reservePort(env.PORT, env.HOST);
    // PORT=0 lets the system pick; the default PUBLIC_URL must name the port actually served.
    const config = loadConfig({ ...process.env, PORT: String(opened.port.port) });
    if (!values['skip-build']) await ensureWebBuild();

    // Loaded only now: they take seconds, which a refused start should not wait for.
    const { openDatabase, databaseOptionsFor } = await import('../server/db/client');
    const { buildApp } = await import('../server/app');
    opened.database = await openDatabase(databaseOptionsFor(config));
    await opened.database.ping().catch((error: unknown) => {
      if (!config.databaseUrl) throw error;
      // Named by the variable: the URL itself may hold a password.
      const reason = error instanceof Error ? error.message : String(error);
      throw new Error(`cannot reach the database at DATABASE_URL: ${reason}`);
    });
    opened.app = await buildApp(config, { database: opened.database, seedDemoData: true });
    const app = opened.app;
    await opened.port.release();
    await app.listen({ port: config.port, host: config.host }).catch((error: unknown) => {
      const message = listenErrorMessage(error, config.host, config.port);
      throw message ? new Error(message) : error;
    });
    app.log.info(`ARLO is running at http://${config.host}:${config.port} (database: ${app.database.kind})`);
    return await untilStopped(app, opened);
  } catch (error) {
    // Whatever was opened (a database, the billing simulator's port, sync timers) would keep the
    // process alive after the error line; close it all so the start fails with a non-zero exit.
    await closeAll(opened);
    throw error;
  }
}

/**
 * Resolves once the server has closed, so the process exits 0 after in-flight work ends: new
 * connections are refused at once, answers being streamed finish (and are saved) first.
 */
function untilStopped(app: FastifyInstance, opened: Opened): Promise<number> {
  return new Promise((resolve) => {
    const stop = (signal: string) => {
      app.log.info(`${signal} received, shutting down`);
      // A stream that outlives the grace period is cut; its answer is saved when it completes.
      const force = setTimeout(() => {
        app.log.warn(`connections still open after ${SHUTDOWN_GRACE_MS / 1000} s; closing them`);
        app.server.closeAllConnections();
      }, SHUTDOWN_GRACE_MS);
      force.unref();
      void closeAll(opened).then((ok) => resolve(ok ? 0 : 1));
    };
    process.once('SIGTERM', () => stop('SIGTERM'));
    process.once('SIGINT', () => stop('SIGINT'));
  });
}
