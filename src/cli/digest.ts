import { parseArgs } from 'node:util';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { loadConfig } from '../server/config';
import { acquireDataDirLock, DataDirInUseError } from '../server/data-dir-lock';
import { databaseOptionsFor, openDatabase } from '../server/db/client';
import { users } from '../server/db/schema';
import { createEmailReports } from '../server/email-reports/service';
import { createMailer } from '../server/mail/mailer';

const USAGE = 'Usage: arlo digest --email USER [--dry-run] [--html] [--now ISO-TIME]';

/**
 * Last week's digest for one user from the configured database: printed with --dry-run (neither
 * sent nor recorded), otherwise sent now as a test digest (never counted as the week's).
 */
export async function digestCommand(args: string[]): Promise<number> {
  const { values } = parseArgs({
    args,
    options: {
      email: { type: 'string' },
      'dry-run': { type: 'boolean', default: false },
      html: { type: 'boolean', default: false },
      now: { type: 'string' },
    },
  });
  const email = values.email?.trim().toLowerCase();
  if (!email) {
    console.error(`arlo digest: --email is required\n${USAGE}`);
    return 2;
  }
  const now = values.now ? new Date(values.now) : new Date();
  if (Number.isNaN(now.getTime())) {
    console.error(`arlo digest: --now must be a date and time such as 2026-11-23T08:05:00+01:00`);
    return 2;
  }
  const config = loadConfig(process.env);
  if (!values['dry-run'] && !config.mail.smtpUrl) {
    console.error(
      'arlo digest: SMTP_URL is not set, so nothing can be sent; add --dry-run to print the digest',
    );
    return 1;
  }
  let lock: Awaited<ReturnType<typeof acquireDataDirLock>> | undefined;
  try {
    // The embedded database is one process's files: only one process may open it.
    lock = config.databaseUrl ? undefined : await acquireDataDirLock(config.dataDir);
  } catch (error) {
    if (!(error instanceof DataDirInUseError)) throw error;
    console.error(
      `arlo digest: ${error.message}.\nA running server owns its embedded database: stop it and run this again, or use Settings → Data and Dev Tools → "Send me a test digest" in that server.`,
    );
    return 1;
  }
  try {
    const database = await openDatabase(databaseOptionsFor(config));
    try {
      await database.migrate();
      const [user] = await database.db.select().from(users).where(eq(users.email, email)).limit(1);
      if (!user) {
        console.error(`arlo digest: no user with the email ${email}`);
        return 1;
      }
      const log = pino({ level: config.logLevel }, pino.destination(2));
      const mailer = createMailer(config, log);
      const reports = createEmailReports({ database, config, mailer, log, clock: () => now });
      try {
        if (values['dry-run']) {
          const preview = await reports.previewDigest(user.id, false);
          if (!preview) {
            console.error(`arlo digest: ${email} has no active ad account to report on`);
            return 1;
          }
          console.log(`To: ${preview.to}\nSubject: ${preview.subject}\n`);
          console.log(values.html ? preview.html : preview.text);
          return 0;
        }
        const outcome = await reports.sendTestDigest(user.id);
        if (outcome === 'no_accounts') {
          console.error(`arlo digest: ${email} has no active ad account to report on`);
          return 1;
        }
        console.log(`arlo digest: test digest sent to ${email}`);
        return 0;
      } finally {
        mailer.close();
      }
    } finally {
      await database.close();
    }
  } finally {
    lock?.release();
  }
}
