import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { type Database, openDatabase } from '../../src/server/db/client';
import { migrationsDir, projectRoot } from '../../src/server/paths';
import type { GraphDataset } from '../../src/warehouse/graph-types';
import { loadDataset } from '../../src/warehouse/load';
import { type AgencySize, agencyAccount, agencyDataVersion } from './agency-data';

/** Gitignored: loading 5 M rows takes many minutes, so loaded databases are kept between runs. */
export const cacheDir = path.join(projectRoot, '.bench-cache');

/** The migrations a database was built with: any new or edited migration rebuilds the cache. */
export function migrationSet(dir = migrationsDir): string {
  const hash = createHash('sha256');
  const files = readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.sql') || file.endsWith('.json'))
    .sort();
  for (const file of files)
    hash
      .update(file)
      .update('\0')
      .update(readFileSync(path.join(dir, file)));
  return `migrations=${files.filter((f) => f.endsWith('.sql')).length}:${hash.digest('hex').slice(0, 12)}`;
}

/**
 * The code that decides what a loaded database holds: the loader (roll-ups included) and the
 * generator. A roll-up fix without a new migration must rebuild the cache too, or the bench would
 * measure, and check numbers against, tables the current loader no longer writes.
 */
export function loaderCode(dirs = ['src/warehouse', 'src/analyst/demo']): string {
  const hash = createHash('sha256');
  for (const dir of dirs) {
    const root = path.join(projectRoot, dir);
    const files = readdirSync(root, { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.ts'))
      .sort();
    for (const file of files)
      hash
        .update(`${dir}/${file}`)
        .update('\0')
        .update(readFileSync(path.join(root, file)));
  }
  return `code=${hash.digest('hex').slice(0, 12)}`;
}

/** What a cached warehouse must have been built from to be reused. */
const warehouseVersion = (size: AgencySize, today: string) =>
  `${agencyDataVersion(size, today)} ${migrationSet()} ${loaderCode()}`;

/**
 * 'match': reuse a cache built from the same data, migrations and loader code; 'fresh': rebuild
 * whatever the marker says; 'reuse': ignore loader code changes (to iterate on the queries while
 * the loader is being edited; the numbers check against DuckDB still catches a stale cache).
 */
export type CachePolicy = 'match' | 'fresh' | 'reuse';

const withoutCode = (version: string) => version.replace(/ code=\S+/g, '');

/** Whether a cache whose marker reads `found` may serve a run that wants `wanted`. */
export function cacheUsable(found: string | undefined, wanted: string, policy: CachePolicy): boolean {
  if (found === undefined || policy === 'fresh') return false;
  return policy === 'reuse' ? withoutCode(found) === withoutCode(wanted) : found === wanted;
}

const MARKER_TABLE = 'arlo_bench_marker';

interface Client {
  query(text: string, params?: unknown[]): Promise<{ rows: { version?: string }[] }>;
}

/** The driver under drizzle: the marker is plain SQL, outside the app's schema. */
const clientOf = (database: Database) => (database.db as unknown as { $client: Client }).$client;

async function readMarker(database: Database): Promise<string | undefined> {
  const client = clientOf(database);
  const exists = await client.query(`select to_regclass('${MARKER_TABLE}')::text as version`);
  if (!exists.rows[0]?.version) return undefined;
  return (await client.query(`select version from ${MARKER_TABLE}`)).rows[0]?.version;
}

async function writeMarker(database: Database, version: string): Promise<void> {
  const client = clientOf(database);
  await client.query(`create table if not exists ${MARKER_TABLE} (version text not null)`);
  await client.query(`delete from ${MARKER_TABLE}`);
  await client.query(`insert into ${MARKER_TABLE} (version) values ($1)`, [version]);
}

/** Something the generated accounts are loaded into, one account at a time. */
export interface LoadTarget {
  name: string;
  load(dataset: GraphDataset): Promise<void>;
  /** After the last account: statistics, the marker. */
  finish(): Promise<void>;
}

/**
 * Generates the agency's accounts one at a time and loads each into every target at once (the
 * targets run side by side: PostgreSQL works in its own process while PGlite works in this one),
 * so at most one account's rows are in memory. Returns each target's load time.
 */
export async function loadAgency(
  size: AgencySize,
  today: string,
  targets: LoadTarget[],
  log: (line: string) => void,
): Promise<Map<string, number>> {
  const spent = new Map<string, number>(targets.map((t) => [t.name, 0]));
  let generateMs = 0;
  const started = performance.now();
  for (let index = 0; index < size.accounts; index++) {
    const generateStart = performance.now();
    const dataset = agencyAccount(today, index);
    generateMs += performance.now() - generateStart;
    await Promise.all(
      targets.map(async (target) => {
        const start = performance.now();
        await target.load(dataset);
        spent.set(target.name, (spent.get(target.name) ?? 0) + performance.now() - start);
      }),
    );
    log(
      `  account ${index + 1}/${size.accounts} loaded into ${targets.map((t) => t.name).join(', ')} (${Math.round((performance.now() - started) / 1000)} s so far)`,
    );
  }
  for (const target of targets) {
    const start = performance.now();
    await target.finish();
    spent.set(target.name, (spent.get(target.name) ?? 0) + performance.now() - start);
  }
  spent.set('generate', generateMs);
  return spent;
}

export interface CachedWarehouse {
  database: Database;
  /** Where it lives: the data dir or the database URL. */
  location: string;
  /** A target to load into when the cache was stale; undefined when it was reused. */
  target?: LoadTarget;
}

export const pgliteCacheDir = (size: AgencySize) => path.join(cacheDir, `pglite-${size.label}`);

export const benchDatabaseUrl = (baseUrl: string, size: AgencySize) =>
  `${baseUrl.replace(/\/+$/, '')}/${benchDatabaseName(size)}`;

/**
 * The PGlite data dir for a size, opened as is when its marker matches (what `npm start` does with
 * DATA_DIR), otherwise emptied, migrated with the app's own migrations, and returned with a target
 * to load into.
 */
export async function openCachedPglite(
  size: AgencySize,
  today: string,
  policy: CachePolicy,
): Promise<CachedWarehouse> {
  const dir = pgliteCacheDir(size);
  const version = warehouseVersion(size, today);
  if (policy !== 'fresh' && existsSync(dir)) {
    const database = await openDatabase({ kind: 'pglite', dir });
    if (cacheUsable(await readMarker(database).catch(() => undefined), version, policy))
      return { database, location: dir };
    await database.close();
  }
  rmSync(dir, { recursive: true, force: true });
  const database = await openDatabase({ kind: 'pglite', dir });
  await database.migrate();
  return { database, location: dir, target: warehouseTarget('PGlite', database, version) };
}

const adminUrl = (baseUrl: string) => `${baseUrl.replace(/\/+$/, '')}/postgres`;

/** arlo_bench_1m, arlo_bench_0_18m: the bench's own databases (never `test`). */
export function benchDatabaseName(size: AgencySize): string {
  return `arlo_bench_${size.label.replace(/[^a-z0-9]/g, '_')}`;
}

/** The PostgreSQL database for a size, kept while its marker matches, otherwise recreated and migrated. */
export async function openCachedPostgres(
  baseUrl: string,
  size: AgencySize,
  today: string,
  policy: CachePolicy,
): Promise<CachedWarehouse> {
  const name = benchDatabaseName(size);
  const url = benchDatabaseUrl(baseUrl, size);
  const version = warehouseVersion(size, today);
  const admin = new pg.Client({ connectionString: adminUrl(baseUrl) });
  await admin.connect();
  try {
    const exists = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (exists.rowCount && policy !== 'fresh') {
      const database = await openDatabase({ kind: 'postgres', url });
      if (cacheUsable(await readMarker(database).catch(() => undefined), version, policy))
        return { database, location: url };
      await database.close();
    }
    await admin.query(`drop database if exists "${name}" with (force)`);
    await admin.query(`create database "${name}"`);
  } finally {
    await admin.end();
  }
  const database = await openDatabase({ kind: 'postgres', url });
  await database.migrate();
  return { database, location: url, target: warehouseTarget('PostgreSQL', database, version) };
}

function warehouseTarget(name: string, database: Database, version: string): LoadTarget {
  return {
    name,
    load: async (dataset) => {
      await loadDataset(database.db, dataset);
    },
    // No extra ANALYZE: the app's loader decides what statistics the planner gets.
    finish: () => writeMarker(database, version),
  };
}
