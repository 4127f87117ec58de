import { existsSync } from 'node:fs';
import { mkdir, rm, writeFile } from 'node:fs/promises';
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
    /** The Vitest project the file runs in (see test/projects/split.ts). */
    testProject: string;
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
  announce(`[${project.name}] database: PostgreSQL (one database per test file, cloned from ${name})`);
  return async () => {
    const cleanup = await adminClient(url);
    await cleanup.query(`drop database if exists "${name}" with (force)`).finally(() => cleanup.end());
  };
}

/** Migrates once into an in-memory PGlite and dumps it; returns how to delete the dump. */
async function preparePgliteTemplate(project: TestProject): Promise<() => Promise<void>> {
  // One folder for the run's projects (this process), so that the synced template a database file
  // makes there beside the migrated one (test/helpers/synced-template.ts) serves the browser
  // files too. The projects' setups run one after another, so the second finds the first's dump.
  const dir = path.join(os.tmpdir(), `arlo-pglite-template-${process.pid}`);
  const templatePath = path.join(dir, 'template.tar');
  if (!existsSync(templatePath)) {
    await mkdir(dir, { recursive: true });
    const database = await openDatabase({ kind: 'pglite' });
    await database.migrate();
    const dump = await database.dump?.();
    await database.close();
    if (!dump) throw new Error('PGlite did not produce a dump');
    await writeFile(templatePath, Buffer.from(await dump.arrayBuffer()));
  }
  project.provide('postgresTemplate', null);
  project.provide('pgliteTemplatePath', templatePath);
  announce(
    `[${project.name}] database: PGlite (one in-memory instance per test file${project.name === 'database' ? '; set DATABASE_URL to use PostgreSQL' : ''})`,
  );
  return () => rm(dir, { recursive: true, force: true });
}

/**
 * Each project prepares only what its files use: the database project a template of the run's
 * engine (PostgreSQL when DATABASE_URL is set), the browser project the web build and a PGlite
 * template (its files run once, on PGlite, whatever the engine), the unit project nothing.
 */
export default async function setup(project: TestProject) {
  project.provide('testProject', project.name);
  project.provide('postgresTemplate', null);
  project.provide('pgliteTemplatePath', null);
  if (project.name === 'unit') return;

  const skipped: string[] = [];
  const label = `[${project.name}] `;
  if (project.name === 'browser') {
    if (hasChromium) {
      // Browser tests load the real bundle, so it must be current.
      await ensureWebBuild();
      announce(`${label}browser tests: Chromium at ${chromiumPath}`);
    } else {
      skipped.push(
        `${label}browser tests (no Chromium at ${chromiumPath}; install it with: apt-get install -y chromium-headless-shell chromium)`,
      );
    }
  } else {
    if (!(await isReachable(outagePostgresUrl))) {
      skipped.push(
        `${label}database outage tests (no PostgreSQL at ${new URL(outagePostgresUrl).host}; start it or set DATABASE_URL)`,
      );
    }
    if (!(await isReachable(redisUrl))) {
      skipped.push(
        `${label}shared rate-limit tests (no Redis at ${redisUrl}; start redis-server or set REDIS_URL)`,
      );
    }
  }

  const teardownDatabase =
    postgresUrl && project.name === 'database'
      ? await preparePostgresTemplate(project, postgresUrl)
      : await preparePgliteTemplate(project);

  for (const line of skipped) announce(`SKIPPED: ${line}`);
  return async () => {
    await teardownDatabase();
    // Repeated at the end, where a reader of the run's output looks.
    for (const line of skipped) announce(`SKIPPED: ${line}`);
  };
}
