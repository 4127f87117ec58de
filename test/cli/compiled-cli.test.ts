import { cp, mkdir, readFile, rm, symlink, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, queryRows } from '../../src/server/db/client';
import { migrationSet, readMigratedImage } from '../../src/server/db/migrated-image';
import { type CliResult, runNode } from '../helpers/cli';
import { makeTempDir } from '../helpers/temp-dir';

// The build writes into the project it runs in. A copy of the project keeps this file's builds,
// and its edits to sources, away from the checkout every other test runs from.
const projectFiles = ['package.json', 'tsconfig.json', 'bin', 'scripts/build-cli.mjs', 'src'];

function run(command: string[], cwd: string, env: Record<string, string> = {}): Promise<CliResult> {
  const { DATABASE_URL: _database, ...rest } = process.env;
  return runNode(command, { cwd, env: { ...rest, ...env } });
}

const question = ['ask', '--now', '2026-11-20', '--json', 'spend last 7 days by campaign'];

describe('the compiled CLI', () => {
  let project: string;
  let scratch: string;
  const arlo = (args: string[], env?: Record<string, string>) => run(['bin/arlo.mjs', ...args], project, env);

  beforeAll(async () => {
    project = await makeTempDir('arlo-compiled-');
    scratch = await makeTempDir('arlo-compiled-data-');
    for (const file of projectFiles)
      await cp(path.resolve(file), path.join(project, file), { recursive: true });
    await symlink(path.resolve('node_modules'), path.join(project, 'node_modules'), 'dir');
    const built = await run(['scripts/build-cli.mjs'], project);
    expect(built.stderr).toBe('');
    expect(built.code).toBe(0);
  }, 180_000);
  afterAll(async () => {
    await rm(project, { recursive: true, force: true });
    await rm(scratch, { recursive: true, force: true });
  });

  it('runs while it is current, answers as the sources do, and is not run once a source is newer', async () => {
    // A mark only the compiled file carries shows which of the two ran.
    const entry = path.join(project, 'dist/cli/index.js');
    const compiled = await readFile(entry, 'utf8');
    expect(compiled).toContain('Usage: arlo <command>');
    await writeFile(entry, compiled.replace('Usage: arlo <command>', 'Usage: arlo <command> (compiled)'));

    expect((await arlo(['help'])).stdout).toContain('(compiled)');
    const fromBuild = await arlo(question);
    expect(fromBuild.stderr).toBe('');
    expect(fromBuild.code).toBe(0);

    // An edit to a source the build was made from: the sources run, not the stale build.
    const later = new Date(Date.now() + 60_000);
    await utimes(path.join(project, 'src/cli/ask.ts'), later, later);
    const help = await arlo(['help']);
    expect(help.stdout).toContain('Usage: arlo <command>');
    expect(help.stdout).not.toContain('(compiled)');
    const fromSources = await arlo(question);
    expect(fromSources.code).toBe(0);
    expect(JSON.parse(fromSources.stdout)).toEqual(JSON.parse(fromBuild.stdout));
    expect(JSON.parse(fromBuild.stdout).analytics).toBeTruthy();
  }, 180_000);

  it('starts a new DATA_DIR from the migrated image, with every migration applied', async () => {
    const dataDir = path.join(scratch, 'data');
    const migrated = await arlo(['migrate'], { DATA_DIR: dataDir });
    expect(migrated.stderr).toBe('');
    expect(migrated.code).toBe(0);

    const image = await readMigratedImage(path.join(project, 'dist/pglite'));
    if (!image) throw new Error('the build wrote no image that fits the migrations');
    const fromImage = await openDatabase({ kind: 'pglite', loadDataDir: image });
    const fresh = await openDatabase({ kind: 'pglite' });
    await fresh.migrate();
    const opened = await openDatabase({ kind: 'pglite', dir: path.join(dataDir, 'pglite') });
    try {
      // initdb gives every cluster its own identifier; a copy of the image keeps the image's.
      const identifier = sql`select system_identifier::text as id from pg_control_system()`;
      expect(await queryRows(opened.db, identifier)).toEqual(await queryRows(fromImage.db, identifier));
      expect(await queryRows(opened.db, identifier)).not.toEqual(await queryRows(fresh.db, identifier));

      const applied = sql`select hash from drizzle.__drizzle_migrations order by created_at`;
      expect((await queryRows(opened.db, applied)).map((row) => row.hash)).toEqual(
        migrationSet().map((migration) => migration.sha256),
      );
      const tables = sql`select table_name from information_schema.tables
                         where table_schema = 'public' order by table_name`;
      expect(await queryRows(opened.db, tables)).toEqual(await queryRows(fresh.db, tables));
    } finally {
      await Promise.all([opened.close(), fromImage.close(), fresh.close()]);
    }
  }, 180_000);

  it('still runs after the build is removed', async () => {
    await rm(path.join(project, 'dist'), { recursive: true, force: true });
    await mkdir(path.join(project, 'dist'));
    const help = await arlo(['help']);
    expect(help.stdout).toContain('Usage: arlo <command>');
    expect(help.code).toBe(0);
  }, 60_000);
});
