import { readFile, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runArlo, startArlo } from '../helpers/cli';
import { createTestDatabase, type TestDatabase } from '../helpers/database';
import { makeTempDir } from '../helpers/temp-dir';

describe('arlo serve', () => {
  let dataDir: string;
  let testDatabase: TestDatabase;
  // On PostgreSQL runs the child uses this file's cloned database; otherwise PGlite in DATA_DIR.
  const databaseEnv = (): Record<string, string> =>
    testDatabase.url ? { DATABASE_URL: testDatabase.url } : {};

  beforeAll(async () => {
    dataDir = await makeTempDir();
    testDatabase = await createTestDatabase();
  });
  afterAll(async () => {
    await testDatabase.drop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('starts, answers health, keeps its generated secrets across two starts, and exits 0 on SIGTERM', async () => {
    const first = await startArlo({ DATA_DIR: dataDir, ...databaseEnv() });
    const health = await fetch(`${first.url}/api/health`);
    expect(health.status).toBe(200);
    expect(await health.json()).toMatchObject({ status: 'ok', db: testDatabase.url ? 'postgres' : 'pglite' });
    expect(first.output()).toMatch(/demo ad accounts loaded: \d+ rows/);
    expect(await first.stop()).toBe(0);

    const secretsFile = path.join(dataDir, 'secrets.json');
    const secretsAfterFirst = await readFile(secretsFile, 'utf8');
    expect((await stat(secretsFile)).mode & 0o777).toBe(0o600);
    expect(first.output()).not.toContain(JSON.parse(secretsAfterFirst).jwtSecret);

    const second = await startArlo({ DATA_DIR: dataDir, ...databaseEnv() });
    expect((await fetch(`${second.url}/api/health`)).status).toBe(200);
    expect(await second.stop()).toBe(0);
    expect(await readFile(secretsFile, 'utf8')).toBe(secretsAfterFirst);
  }, 120_000); // two server starts: slow when the machine is busy, as in a full run

  it('refuses a bad variable with one line that names it', async () => {
    const result = await runArlo(['serve', '--skip-build'], { DATA_DIR: dataDir, PORT: 'abc' });
    expect(result.code).toBe(1);
    expect(result.stderr.trim()).toBe(
      'arlo: Invalid configuration: PORT must be a whole number from 0 to 65535 (got "abc")',
    );
  });
});

describe('arlo migrate and usage', () => {
  it('migrate brings the database up to date and exits 0', async () => {
    const dataDir = await makeTempDir();
    try {
      const result = await runArlo(['migrate'], { DATA_DIR: dataDir });
      expect(result.stderr).toBe('');
      expect(result.stdout).toContain('pglite is up to date');
      expect(result.code).toBe(0);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 90_000); // a fresh PGlite and every migration in a child process: slow when the machine is busy

  it('an unknown command prints usage and exits 2', async () => {
    const result = await runArlo(['frobnicate']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('unknown command "frobnicate"');
    expect(result.stderr).toContain('serve');
  });
});
