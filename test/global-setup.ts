import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { ensureWebBuild } from '../src/cli/web-build';
import { openDatabase } from '../src/server/db/client';
import {
  chromiumPath,
  hasChromium,
  isReachable,
  outagePostgresUrl,
  postgresUrl,
  redisUrl,
} from './helpers/environment';
import { adminClient, databaseUrlWithName, dropStaleTestDatabases } from './helpers/postgres';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated PostgreSQL database that each test file clones, or null to use PGlite. */
    postgresTemplate: { adminUrl: string; name: string } | null;
    /** A dump of a migrated PGlite that each test file loads into its own instance. */
    pgliteTemplatePath: string | null;
  }
}

function announce(line: string): void {
  console.log(`[arlo tests] ${line}`);
}

/** Migrates once into a template database; returns how to drop it. */
async function preparePostgresTemplate(project: TestProject, url: string): Promise<() => Promise<void>> {
  const name = `arlo_template_${process.pid}`;
  const admin = await adminClient(url);
  try {
    await dropStaleTestDatabases(admin);
    await admin.query(`create database "${name}"`);
  } finally {
    await admin.end();
  }
  const database = await openDatabase({ kind: 'postgres', url: databaseUrlWithName(url, name), poolSize: 1 });
  await database.migrate();
  await database.close();
  project.provide('postgresTemplate', { adminUrl: url, name });
  project.provide('pgliteTemplatePath', null);
  announce(`database: PostgreSQL (one database per test file, cloned from ${name})`);
  return async () => {
    const cleanup = await adminClient(url);
    await cleanup.query(`drop database if exists "${name}" with (force)`).finally(() => cleanup.end());
  };
}

/** Migrates once into an in-memory PGlite and dumps it; returns how to delete the dump. */
async function preparePgliteTemplate(project: TestProject): Promise<() => Promise<void>> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'arlo-pglite-template-'));
  const database = await openDatabase({ kind: 'pglite' });
  await database.migrate();
  const dump = await database.dump?.();
  await database.close();
  if (!dump) throw new Error('PGlite did not produce a dump');
  const templatePath = path.join(dir, 'template.tar');
  await writeFile(templatePath, Buffer.from(await dump.arrayBuffer()));
  project.provide('postgresTemplate', null);
  project.provide('pgliteTemplatePath', templatePath);
  announce('database: PGlite (one in-memory instance per test file; set DATABASE_URL to use PostgreSQL)');
  return () => rm(dir, { recursive: true, force: true });
}

export default async function setup(project: TestProject) {
  const skipped: string[] = [];
  if (hasChromium) {
    // Browser tests load the real bundle, so it must be current.
    await ensureWebBuild();
    announce(`browser tests: Chromium at ${chromiumPath}`);
  } else {
    skipped.push(
      `browser tests (no Chromium at ${chromiumPath}; install it with: apt-get install -y chromium)`,
    );
  }

  if (!(await isReachable(outagePostgresUrl))) {
    skipped.push(
      `database outage tests (no PostgreSQL at ${new URL(outagePostgresUrl).host}; start it or set DATABASE_URL)`,
    );
  }

  if (!(await isReachable(redisUrl))) {
    skipped.push(`shared rate-limit tests (no Redis at ${redisUrl}; start redis-server or set REDIS_URL)`);
  }

  const teardownDatabase = postgresUrl
    ? await preparePostgresTemplate(project, postgresUrl)
    : await preparePgliteTemplate(project);

  for (const line of skipped) announce(`SKIPPED: ${line}`);
  return async () => {
    await teardownDatabase();
    // Repeated at the end, where a reader of the run's output looks.
    for (const line of skipped) announce(`SKIPPED: ${line}`);
  };
}
