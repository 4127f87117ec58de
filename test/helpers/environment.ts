import { existsSync } from 'node:fs';

/** What the suite can use on this machine; whatever is missing is skipped and announced. */
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const hasChromium = existsSync(chromiumPath);
export const postgresUrl = process.env.DATABASE_URL || undefined;
