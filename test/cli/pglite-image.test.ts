import { cp, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, queryRows } from '../../src/server/db/client';
import {
  type ImageManifest,
  migrationSet,
  readMigratedImage,
  writeMigratedImage,
} from '../../src/server/db/migrated-image';
import { migrationsDir } from '../../src/server/paths';
import { makeTempDir } from '../helpers/temp-dir';

const tables = sql`select table_name from information_schema.tables where table_schema = 'public' order by 1`;
const applied = sql`select hash from drizzle.__drizzle_migrations order by created_at`;

describe('the migrated PGlite image', () => {
  let scratch: string;
  // An image made before the newest migration existed: the migrations folder without its last entry.
  let olderImage: string;

  beforeAll(async () => {
    scratch = await makeTempDir('arlo-image-');
    const olderMigrations = path.join(scratch, 'migrations');
    await cp(migrationsDir, olderMigrations, { recursive: true });
    const journalFile = path.join(olderMigrations, 'meta/_journal.json');
    const journal = JSON.parse(await readFile(journalFile, 'utf8')) as { entries: unknown[] };
    journal.entries.pop();
    await writeFile(journalFile, JSON.stringify(journal));
    olderImage = path.join(scratch, 'older');
    await writeMigratedImage(olderImage, olderMigrations);
  }, 120_000);
  afterAll(() => rm(scratch, { recursive: true, force: true }));

  it('made before a migration is still used, and migrate() then applies that migration', async () => {
    const image = await readMigratedImage(olderImage);
    if (!image) throw new Error('an image of an unchanged prefix of the migrations was refused');
    const fromImage = await openDatabase({ kind: 'pglite', loadDataDir: image });
    const fresh = await openDatabase({ kind: 'pglite' });
    try {
      const current = migrationSet();
      expect(await queryRows(fromImage.db, applied)).toHaveLength(current.length - 1);
      await Promise.all([fromImage.migrate(), fresh.migrate()]);
      expect((await queryRows(fromImage.db, applied)).map((row) => row.hash)).toEqual(
        current.map((migration) => migration.sha256),
      );
      expect(await queryRows(fromImage.db, tables)).toEqual(await queryRows(fresh.db, tables));
    } finally {
      await Promise.all([fromImage.close(), fresh.close()]);
    }
  }, 120_000);

  it('is refused when a migration it applied has changed since, or is unknown to this code', async () => {
    const manifestFile = path.join(olderImage, 'migrated.json');
    const manifest = JSON.parse(await readFile(manifestFile, 'utf8')) as ImageManifest;
    const edited = structuredClone(manifest);
    edited.migrations[0] = { tag: manifest.migrations[0]?.tag ?? '', sha256: '0'.repeat(64) };
    await writeFile(manifestFile, JSON.stringify(edited));
    expect(await readMigratedImage(olderImage)).toBeUndefined();

    const ahead = structuredClone(manifest);
    ahead.migrations = [...migrationSet(), { tag: '9999_from_another_branch', sha256: '1'.repeat(64) }];
    await writeFile(manifestFile, JSON.stringify(ahead));
    expect(await readMigratedImage(olderImage)).toBeUndefined();

    const otherPglite = { ...manifest, pglite: '0.0.1' };
    await writeFile(manifestFile, JSON.stringify(otherPglite));
    expect(await readMigratedImage(olderImage)).toBeUndefined();

    await writeFile(manifestFile, JSON.stringify(manifest));
    expect(await readMigratedImage(olderImage)).toBeInstanceOf(Blob);
  });

  it('that is missing reads as none, so the database is made by initdb', async () => {
    expect(await readMigratedImage(path.join(scratch, 'none'))).toBeUndefined();
  });
});
