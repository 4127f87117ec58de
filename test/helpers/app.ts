import { rm } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/server/app';
import { type Config, loadConfig } from '../../src/server/config';
import { createTestDatabase, type TestDatabase } from './database';
import { makeTempDir } from './temp-dir';

export interface TestApp {
  app: FastifyInstance;
  config: Config;
  testDatabase: TestDatabase;
  /** Every log line the app wrote, as parsed JSON objects. */
  logs: Record<string, unknown>[];
  /** The raw log text, for asserting that something never appears. */
  logText(): string;
  close(): Promise<void>;
}

/** The real app on this file's own database, with logs captured instead of printed. */
export async function buildTestApp(
  options: {
    env?: Record<string, string>;
    webRoot?: string;
    /** Another app's database, to model a restart; it is then left for its owner to drop. */
    testDatabase?: TestDatabase;
    /** The time the email scheduler believes it is. */
    clock?: () => Date;
  } = {},
): Promise<TestApp> {
  const dataDir = await makeTempDir();
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'info', DATA_DIR: dataDir, ...options.env });
  const ownsDatabase = !options.testDatabase;
  const testDatabase = options.testDatabase ?? (await createTestDatabase());
  const lines: string[] = [];
  const app = await buildApp(config, {
    database: testDatabase.database,
    logStream: { write: (line: string) => void lines.push(line) },
    webRoot: options.webRoot ?? path.join(dataDir, 'no-web-build'),
    // The retry and rate-limit logic runs as in production, only with millisecond waits.
    graphTiming: { baseDelayMs: 5, maxDelayMs: 50, asyncPollMs: 10 },
    ...(options.clock ? { clock: options.clock } : {}),
  });
  await app.ready();
  return {
    app,
    config,
    testDatabase,
    get logs() {
      return lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    },
    logText: () => lines.join(''),
    close: async () => {
      await app.close();
      if (ownsDatabase) await testDatabase.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
