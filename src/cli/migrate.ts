import { loadConfig } from '../server/config';
import { acquireDataDirLock } from '../server/data-dir-lock';
import { databaseOptionsFor, openDatabase } from '../server/db/client';

export async function migrateCommand(): Promise<number> {
  const config = loadConfig(process.env);
  // The embedded database is one process's files: migrating under a running server would corrupt
  // them, so migrate takes the same DATA_DIR lock as serve.
  const lock = config.databaseUrl ? undefined : await acquireDataDirLock(config.dataDir);
  try {
    const database = await openDatabase(databaseOptionsFor(config));
    try {
      await database.migrate();
      console.log(`arlo migrate: ${database.kind} is up to date`);
      return 0;
    } finally {
      await database.close();
    }
  } finally {
    lock?.release();
  }
}
