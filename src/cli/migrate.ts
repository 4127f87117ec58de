import { loadConfig } from '../server/config';
import { databaseOptionsFor, openDatabase } from '../server/db/client';

export async function migrateCommand(): Promise<number> {
  const config = loadConfig(process.env);
  const database = await openDatabase(databaseOptionsFor(config));
  try {
    await database.migrate();
    console.log(`arlo migrate: ${database.kind} is up to date`);
    return 0;
  } finally {
    await database.close();
  }
}
