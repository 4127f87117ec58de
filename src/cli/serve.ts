import { parseArgs } from 'node:util';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { ensureWebBuild } from './web-build';

/** How long in-flight answers get to finish after SIGTERM (issue 9: within 10 s). */
const SHUTDOWN_GRACE_MS = 8_000;

export async function serveCommand(args: string[]): Promise<number> {
  const { values } = parseArgs({ args, options: { 'skip-build': { type: 'boolean', default: false } } });
  const config = loadConfig(process.env);
  if (!values['skip-build']) await ensureWebBuild();

  const app = await buildApp(config, { seedDemoData: true });
  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  app.log.info(`ARLO is running at http://${config.host}:${port} (database: ${app.database.kind})`);

  // Resolve only once the server has closed, so the process exits 0 after in-flight work ends:
  // new connections are refused at once, answers being streamed finish (and are saved) first.
  return new Promise((resolve) => {
    const stop = (signal: string) => {
      app.log.info(`${signal} received, shutting down`);
      // A stream that outlives the grace period is cut; its answer is saved when it completes.
      const force = setTimeout(() => {
        app.log.warn(`connections still open after ${SHUTDOWN_GRACE_MS / 1000} s; closing them`);
        app.server.closeAllConnections();
      }, SHUTDOWN_GRACE_MS);
      force.unref();
      app.close().then(
        () => resolve(0),
        () => resolve(1),
      );
    };
    process.once('SIGTERM', () => stop('SIGTERM'));
    process.once('SIGINT', () => stop('SIGINT'));
  });
}
