import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { formatSpan } from '../../src/analyst/compose/context';
import { addDays } from '../../src/analyst/dates';
import { acquireDataDirLock } from '../../src/server/data-dir-lock';
import { openDatabase } from '../../src/server/db/client';
import { DEMO_TIME_ZONE, todayIn } from '../../src/server/demo/seed';
import { runArlo } from '../helpers/cli';
import type { TestDatabase } from '../helpers/database';
import { type SmtpSink, startSmtpSink } from '../helpers/smtp-sink';
import {
  createSyncedTestDatabase,
  poolEmail,
  SYNCED_APP_ENV,
  SYNCED_SETUP_MS,
  syncedPgliteDump,
} from '../helpers/synced-template';
import { makeTempDir } from '../helpers/temp-dir';

// A user of the synced template: signed up, with the demo accounts connected and synced.
const EMAIL = poolEmail(0);
// The template's secrets, which its sealed tokens and signatures were made with.
const secrets = SYNCED_APP_ENV;

describe('arlo digest', () => {
  let dataDir: string;
  let sink: SmtpSink;
  let testDatabase: TestDatabase | undefined;
  const databaseEnv = (): Record<string, string> =>
    testDatabase?.url ? { DATABASE_URL: testDatabase.url } : {};

  beforeAll(async () => {
    dataDir = await makeTempDir();
    sink = await startSmtpSink();
    // The database the CLI will open, a copy of the synced template: this file's PostgreSQL clone,
    // or PGlite in DATA_DIR loaded from the template's dump.
    if (inject('postgresTemplate')) testDatabase = await createSyncedTestDatabase();
    else {
      const loadDataDir = new Blob([await readFile(await syncedPgliteDump())]);
      const database = await openDatabase({ kind: 'pglite', dir: path.join(dataDir, 'pglite'), loadDataDir });
      await database.close();
    }
  }, SYNCED_SETUP_MS);
  afterAll(async () => {
    await testDatabase?.drop();
    await sink?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  const env = () => ({ DATA_DIR: dataDir, ...secrets, ...databaseEnv() });

  it('prints the digest with --dry-run, sending and recording nothing', async () => {
    const mails = sink.mails.length;
    // Midday on this week's Monday: the demo data runs through yesterday, so last week is all there.
    const today = todayIn(DEMO_TIME_ZONE);
    const monday = addDays(today, -((new Date(`${today}T00:00:00Z`).getUTCDay() + 6) % 7));
    const result = await runArlo(['digest', '--email', EMAIL, '--dry-run', '--now', `${monday}T12:00:00Z`], {
      ...env(),
      SMTP_URL: sink.url,
    });
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain(`To: ${EMAIL}`);
    expect(result.stdout).toContain(
      `Subject: Your ARLO weekly digest: ${formatSpan(addDays(monday, -7), addDays(monday, -1))}`,
    );
    expect(result.stdout).toMatch(/- Spend: \$[\d,]+\.\d\d \(week before \$[\d,]+\.\d\d, [+−]\d+\.\d%\)/);
    expect(result.stdout).toContain('HOW THESE WERE COMPUTED');
    const html = await runArlo(['digest', '--email', EMAIL, '--dry-run', '--html'], env());
    expect(html.code, html.stderr).toBe(0);
    expect(html.stdout).toContain('<!doctype html>');
    expect(sink.mails.length).toBe(mails);
  }, 60_000);

  it('sends a test digest without --dry-run, and names an unknown user', async () => {
    const sent = await runArlo(['digest', '--email', EMAIL], { ...env(), SMTP_URL: sink.url });
    expect(sent.code, sent.stderr).toBe(0);
    expect(sent.stdout).toContain(`test digest sent to ${EMAIL}`);
    expect(sink.mails.at(-1)?.to).toEqual([EMAIL]);
    const unknown = await runArlo(['digest', '--email', 'nobody@example.com', '--dry-run'], env());
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('no user with the email nobody@example.com');
  }, 60_000);

  it.skipIf(Boolean(process.env.DATABASE_URL))('says what to do while a server holds DATA_DIR', async () => {
    const lock = await acquireDataDirLock(dataDir);
    try {
      const result = await runArlo(['digest', '--email', EMAIL, '--dry-run'], env());
      expect(result.code).toBe(1);
      expect(result.stderr).toContain('is in use by another ARLO server');
      expect(result.stderr).toContain('stop it and run this again');
      expect(result.stderr).toContain('Send me a test digest');
    } finally {
      lock.release();
    }
  });
});
