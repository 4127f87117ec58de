import { existsSync } from 'node:fs';
import { connect } from 'node:net';

/**
 * Debian's headless shell binary itself (package chromium-headless-shell): the browser without its
 * desktop parts, which starts faster and spends less CPU per page than the full build. Its
 * /usr/bin/chromium-headless-shell is a shell script in front of it, as /usr/bin/chromium is.
 */
const HEADLESS_SHELL_PATH = '/usr/lib/chromium/chromium-headless-shell';
/** The full Chromium (package chromium), where the headless shell is not installed. */
const FULL_CHROMIUM_PATH = '/usr/bin/chromium';

/** What the suite can use on this machine; whatever is missing is skipped and announced. */
export const chromiumPath =
  process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL_PATH) ? HEADLESS_SHELL_PATH : FULL_CHROMIUM_PATH);
export const hasChromium = existsSync(chromiumPath);
export const postgresUrl = process.env.DATABASE_URL || undefined;
/** The PostgreSQL server the database-outage tests stop and start (through a proxy), in either mode. */
export const outagePostgresUrl = postgresUrl ?? 'postgres://postgres@127.0.0.1:5432/test';
export const redisUrl = process.env.REDIS_URL || 'redis://127.0.0.1:6379';

/** Whether something accepts TCP connections at the URL's host and port (within a second). */
export function isReachable(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = connect({ host: hostname, port: Number(port) });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(1000, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}
