import { existsSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrationsDir } from '../paths';
import { makePrivateDir } from '../private-dir';
import { readMigratedImage } from './migrated-image';
import * as schema from './schema';

/** The one query interface every feature uses; the same code runs on PGlite and PostgreSQL. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  kind: 'pglite' | 'postgres';
  db: Db;
  /** Applies pending migrations; safe to call on every start and from several nodes at once. */
  migrate(): Promise<void>;
  ping(): Promise<void>;
  close(): Promise<void>;
  /** PGlite only: a tarball of the whole database, to start other instances from. */
  dump?(): Promise<Blob>;
}

export type DatabaseOptions =
  | { kind: 'postgres'; url: string; poolSize?: number }
  /**
   * `dir` undefined keeps the database in memory (tests and `arlo ask`). `loadDataDir` starts from
   * a dump of another instance, which skips initdb and is several times faster. `fromImage` starts
   * a new database (in memory, or a `dir` with none yet) from the build's migrated image when one
   * fits the current migrations, and runs initdb otherwise.
   */
  | { kind: 'pglite'; dir?: string; loadDataDir?: Blob; fromImage?: boolean };

// Any fixed number works; it only has to be the same on every node so they migrate one at a time.
const MIGRATION_LOCK_KEY = 424_242_001;

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  return options.kind === 'postgres'
    ? openPostgres(options.url, options.poolSize)
    : openPglite(
        options.dir,
        options.loadDataDir ?? (options.fromImage ? await imageFor(options.dir) : undefined),
      );
}

/** The migrated image for a database that does not exist yet; undefined for an existing one. */
async function imageFor(dataDir: string | undefined): Promise<Blob | undefined> {
  if (dataDir && (dataDir.includes('://') || existsSync(path.join(dataDir, 'PG_VERSION')))) return undefined;
  return readMigratedImage();
}

// PGlite runs PostgreSQL as one single-user backend, which never checkpoints by itself; the
// warehouse loader checkpoints after bulk writes (src/warehouse/wal-checkpoint.ts). These bound
// the WAL a checkpoint keeps for reuse (at most 64 MB), log no more than crash recovery needs
// (nothing replicates from PGlite), and skip zero-filling each new 16 MB segment. The buffer pool
// lives in the process's WebAssembly memory and is taken whole at open: 32 MB instead of 128 MB
// keeps an answering process about 100 MB smaller, for about 5% of load and answer speed (the
// operating system's page cache still holds the files). Passed at start, beside PGlite's own, so
// the folder's postgresql.conf stays as initdb wrote it.
const PGLITE_START_PARAMS = [
  ...PGlite.defaultStartParams,
  ...[
    'max_wal_size=64MB',
    'min_wal_size=32MB',
    'wal_level=minimal',
    'max_wal_senders=0',
    'wal_init_zero=off',
    'shared_buffers=32MB',
  ].flatMap((setting) => ['-c', setting]),
];

async function openPglite(dataDir: string | undefined, loadDataDir: Blob | undefined): Promise<Database> {
  // PGlite creates its folders 755 and its files 666 whatever the umask; a private folder keeps
  // password hashes and sealed tokens from other users of the machine.
  if (dataDir && !dataDir.includes('://')) makePrivateDir(dataDir);
  const client = await PGlite.create({ dataDir, loadDataDir, startParams: PGLITE_START_PARAMS });
  const db = drizzlePglite({ client, schema });
  return {
    kind: 'pglite',
    db: db as unknown as Db,
    // PGlite is one process with one connection: nothing else can migrate concurrently.
    migrate: () => migratePglite(db, { migrationsFolder: migrationsDir }),
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: once(() => client.close()),
    dump: () => client.dumpDataDir('none'),
  };
}

async function openPostgres(url: string, poolSize = 10): Promise<Database> {
  // Loaded here, not at the top: a process on PGlite never needs the PostgreSQL driver, and
  // loading it costs every such process about 5 MB of memory.
  const [{ default: pg }, { drizzle: drizzleNodePg }, { migrate: migrateNodePg }] = await Promise.all([
    import('pg'),
    import('drizzle-orm/node-postgres'),
    import('drizzle-orm/node-postgres/migrator'),
  ]);
  const pool = new pg.Pool({ connectionString: url, max: poolSize, connectionTimeoutMillis: 5000 });
  // An idle client losing its connection (server restart) must not crash the process.
  pool.on('error', () => {});
  // Nor may a checked-out one: the pool stops listening while a transaction holds a client, and a
  // connection lost mid-transaction is then emitted as an 'error' nobody handles. The transaction's
  // query fails with it anyway, which is how the request learns (503).
  pool.on('connect', (client) => client.on('error', () => {}));
  const db = drizzleNodePg({ client: pool, schema });
  return {
    kind: 'postgres',
    db: db as unknown as Db,
    migrate: async () => {
      const lockClient = await pool.connect();
      try {
        await lockClient.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
        // Migrating on the session that holds the lock also works with a pool of one.
        await migrateNodePg(drizzleNodePg({ client: lockClient }), { migrationsFolder: migrationsDir });
      } finally {
        await lockClient.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => {});
        lockClient.release();
      }
    },
    ping: async () => {
      await pool.query('select 1');
    },
    close: once(() => pool.end()),
  };
}

// Both the app's onClose hook and a test's cleanup may close the same database.
function once(fn: () => Promise<void>): () => Promise<void> {
  let closing: Promise<void> | undefined;
  return () => {
    closing ??= fn();
    return closing;
  };
}

export function databaseOptionsFor(config: {
  databaseUrl: string | undefined;
  dataDir: string;
}): DatabaseOptions {
  return config.databaseUrl
    ? { kind: 'postgres', url: config.databaseUrl }
    : { kind: 'pglite', dir: `${config.dataDir}/pglite`, fromImage: true };
}

// The engine defines how rows are read (it may not import the server); every feature reads the same way.
export { queryCompiled, queryRows } from '../../analyst/warehouse-db';
