import { fileURLToPath } from 'node:url';

/** Absolute paths resolved from this file, so the CLI works from any working directory. */
export const projectRoot = fileURLToPath(new URL('../../', import.meta.url));
export const migrationsDir = fileURLToPath(new URL('./db/migrations', import.meta.url));
export const webSourceDir = fileURLToPath(new URL('../web', import.meta.url));
export const webDistDir = fileURLToPath(new URL('../../dist/web', import.meta.url));
