import pg from 'pg';

export function databaseUrlWithName(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

/** A connection to the server's maintenance database, for CREATE and DROP DATABASE. */
export async function adminClient(url: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  try {
    await client.connect();
  } catch (error) {
    const host = new URL(url).host;
    throw new Error(
      `DATABASE_URL is set but PostgreSQL at ${host} cannot be reached: ${(error as Error).message}`,
    );
  }
  return client;
}

/** Drops databases left by test runs that crashed; their names carry the pid of the run. */
export async function dropStaleTestDatabases(admin: pg.Client): Promise<void> {
  const { rows } = await admin.query<{ datname: string }>(
    `select datname from pg_database where datname ~ '^arlo_(template|t)_[0-9]+'`,
  );
  for (const { datname } of rows) {
    const pid = Number(datname.split('_')[2]);
    if (isRunning(pid)) continue;
    await admin.query(`drop database if exists "${datname}" with (force)`);
  }
}

/** Whether a process with this id is alive (a signal-0 probe). */
export function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
