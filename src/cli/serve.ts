import { parseArgs } from 'node:util';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { ensureWebBuild } from './web-build';

export async function serveCommand(args: string[]): Promise<number> {
  const { values } = parseArgs({ args, options: { 'skip-build': { type: 'boolean', default: false } } });
  const config = loadConfig(process.env);
  if (!values['skip-build']) await ensureWebBuild();

  const app = await buildApp(config, { seedDemoData: true });
  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  app.log.info(`ARLO is running at http://${config.host}:${port} (database: ${app.database.kind})`);

  // Resolve only once the server has closed, so the process exits 0 after in-flight work ends.
  return new Promise((resolve) => {
    const stop = (signal: string) => {
      app.log.info(`${signal} received, shutting down`);
      app.close().then(
        () => resolve(0),
        () => resolve(1),
      );
    };
    process.once('SIGTERM', () => stop('SIGTERM'));
    process.once('SIGINT', () => stop('SIGINT'));
  });
}
