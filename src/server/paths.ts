import { fileURLToPath } from 'node:url';

/**
 * Absolute paths resolved from this file, so the CLI works from any working directory. The build
 * rewrites these URLs in the compiled CLI (dist/cli) to name the same places.
 */
export const projectRoot = fileURLToPath(new URL('../../', import.meta.url));
export const migrationsDir = fileURLToPath(new URL('./db/migrations', import.meta.url));
export const webSourceDir = fileURLToPath(new URL('../web', import.meta.url));
export const webDistDir = fileURLToPath(new URL('../../dist/web', import.meta.url));
/** A freshly migrated PGlite database as a tarball, written by the build (scripts/build-cli.mjs). */
export const pgliteImageDir = fileURLToPath(new URL('../../dist/pglite', import.meta.url));
