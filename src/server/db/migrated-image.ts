import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { promisify } from 'node:util';
import { gunzip as gunzipCallback } from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { migrationsDir, pgliteImageDir } from '../paths';

/**
 * A new PGlite database costs an initdb (about 2 s) plus every migration; starting from a tarball
 * of a freshly migrated one costs a fraction of that. The build writes the tarball, and a manifest
 * naming what it holds so that an image from other migrations or another PGlite is never used.
 */
export interface ImageManifest {
  pglite: string;
  /** In journal order: the tag and the SQL's hash of every migration the image has applied. */
  migrations: { tag: string; sha256: string }[];
}

const TARBALL = 'migrated.tar.gz';
const MANIFEST = 'migrated.json';
const gunzip = promisify(gunzipCallback);

/** The migrations a folder defines, in the order drizzle applies them. */
export function migrationSet(folder = migrationsDir): ImageManifest['migrations'] {
  const journal = JSON.parse(readFileSync(path.join(folder, 'meta/_journal.json'), 'utf8')) as {
    entries: { tag: string }[];
  };
  return journal.entries.map(({ tag }) => ({
    tag,
    sha256: createHash('sha256')
      .update(readFileSync(path.join(folder, `${tag}.sql`)))
      .digest('hex'),
  }));
}

function pgliteVersion(): string {
  const require = createRequire(path.join(pgliteImageDir, 'resolve-from.js'));
  const entry = require.resolve('@electric-sql/pglite');
  // The package's main file is in its dist folder; its package.json is one level up.
  let dir = path.dirname(entry);
  while (!existsSync(path.join(dir, 'package.json'))) dir = path.dirname(dir);
  return (JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as { version: string }).version;
}

/**
 * Whether an image can stand in for initdb plus migrations: same PGlite, and its migrations are
 * the current ones or an unchanged prefix of them (migrate() then applies the rest).
 */
export function imageFits(manifest: ImageManifest, current = migrationSet()): boolean {
  if (manifest.pglite !== pgliteVersion()) return false;
  if (manifest.migrations.length > current.length) return false;
  return manifest.migrations.every(
    (migration, i) => migration.tag === current[i]?.tag && migration.sha256 === current[i]?.sha256,
  );
}

/** The image as PGlite's `loadDataDir` takes it, or undefined when there is none that fits. */
export async function readMigratedImage(dir = pgliteImageDir): Promise<Blob | undefined> {
  let manifest: ImageManifest;
  try {
    manifest = JSON.parse(await readFile(path.join(dir, MANIFEST), 'utf8')) as ImageManifest;
  } catch {
    return undefined;
  }
  if (!imageFits(manifest)) return undefined;
  try {
    // zlib unpacks it off this thread, and several times faster than PGlite's own web-stream gunzip.
    return new Blob([await gunzip(await readFile(path.join(dir, TARBALL)))]);
  } catch {
    return undefined;
  }
}

/** Runs initdb and the migrations of `folder` in memory and writes the image and its manifest to `dir`. */
export async function writeMigratedImage(
  dir = pgliteImageDir,
  folder = migrationsDir,
): Promise<ImageManifest> {
  const migrations = migrationSet(folder);
  const client = await PGlite.create();
  let tarball: Blob;
  try {
    await migrate(drizzle({ client }), { migrationsFolder: folder });
    tarball = await client.dumpDataDir('gzip');
  } finally {
    await client.close();
  }
  const manifest: ImageManifest = { pglite: pgliteVersion(), migrations };
  await mkdir(dir, { recursive: true });
  // Each file appears whole, and no manifest names a tarball other than its own: a reader in between
  // finds no manifest and runs initdb.
  const partial = `.${process.pid}.partial`;
  await rm(path.join(dir, MANIFEST), { force: true });
  await writeFile(path.join(dir, TARBALL + partial), Buffer.from(await tarball.arrayBuffer()));
  await rename(path.join(dir, TARBALL + partial), path.join(dir, TARBALL));
  await writeFile(path.join(dir, MANIFEST + partial), `${JSON.stringify(manifest, null, 2)}\n`);
  await rename(path.join(dir, MANIFEST + partial), path.join(dir, MANIFEST));
  return manifest;
}
