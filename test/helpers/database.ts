import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { inject } from 'vitest';
import { type Database, openDatabase } from '../../src/server/db/client';
import { assertDatabaseProject } from '../projects/guard';
import { adminClient, databaseUrlWithName } from './postgres';

export interface TestDatabase {
  database: Database;
  /** The clone's connection string (PostgreSQL only), for child processes. */
  url: string | undefined;
  drop(): Promise<void>;
}

const TEMPLATE_BUSY = '55006';

/**
 * A database of this test file's own: a fresh in-memory PGlite, or a PostgreSQL database cloned
 * from the migrated template (much faster than migrating each time).
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  assertDatabaseProject(inject('testProject'));
  const template = inject('postgresTemplate');
  if (!template) {
    const testDatabase = await openPgliteDump(inject('pgliteTemplatePath') as string);
    // A no-op on the migrated dump, but proves the migrations and the dump agree.
    await testDatabase.database.migrate();
    return testDatabase;
  }

  return clonePostgresDatabase(template.adminUrl, template.name);
}

/** A new PostgreSQL database cloned from `templateName`, dropped again by `drop()`. */
export async function clonePostgresDatabase(adminUrl: string, templateName: string): Promise<TestDatabase> {
  // The pid lets a later run recognise and drop clones left behind by a crash.
  const name = `arlo_t_${process.pid}_${randomBytes(4).toString('hex')}`;
  // Connected to the maintenance database: a session inside the template would block cloning it.
  const admin = await adminClient(adminUrl);
  try {
    for (let attempt = 0; ; attempt++) {
      try {
        await admin.query(`create database "${name}" template "${templateName}"`);
        break;
      } catch (error) {
        // Another file cloning at the same instant briefly holds the template.
        if ((error as { code?: string }).code !== TEMPLATE_BUSY || attempt >= 20) throw error;
        await new Promise((resolve) => setTimeout(resolve, 100 + Math.random() * 200));
      }
    }
  } finally {
    await admin.end();
  }

  const url = databaseUrlWithName(adminUrl, name);
  const database = await openDatabase({ kind: 'postgres', url, poolSize: 5 });
  return {
    database,
    url,
    drop: async () => {
      await database.close();
      const cleanup = await adminClient(adminUrl);
      await cleanup.query(`drop database if exists "${name}" with (force)`).finally(() => cleanup.end());
    },
  };
}

/** A new in-memory PGlite loaded from a dump file. */
export async function openPgliteDump(file: string): Promise<TestDatabase> {
  const database = await openDatabase({ kind: 'pglite', loadDataDir: new Blob([await readFile(file)]) });
  return { database, url: undefined, drop: () => database.close() };
}
