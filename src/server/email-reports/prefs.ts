import { eq, sql } from 'drizzle-orm';
import type { EmailReportKind, EmailReportPrefs, EmailReportPrefsBody } from '../../shared/api/email-reports';
import type { Db } from '../db/client';
import { emailReportPrefs } from '../db/schema';

/** Where neither the user nor an ad account names a zone. */
export const FALLBACK_TIME_ZONE = 'UTC';

export async function readPrefs(
  db: Db,
  userId: string,
  accountZone: string | undefined,
): Promise<EmailReportPrefs> {
  const [row] = await db.select().from(emailReportPrefs).where(eq(emailReportPrefs.userId, userId)).limit(1);
  const timeZone = row?.timeZone ?? null;
  return {
    digest: row?.digest ?? false,
    alerts: row?.alerts ?? false,
    timeZone,
    effectiveTimeZone: timeZone ?? accountZone ?? FALLBACK_TIME_ZONE,
  };
}

/** Writes only the fields given; the first write makes the row (both reports off by default). */
export async function writePrefs(db: Db, userId: string, body: EmailReportPrefsBody): Promise<void> {
  const set = {
    ...(body.digest === undefined ? {} : { digest: body.digest }),
    ...(body.alerts === undefined ? {} : { alerts: body.alerts }),
    ...(body.timeZone === undefined ? {} : { timeZone: body.timeZone }),
    updatedAt: sql`now()`,
  };
  await db
    .insert(emailReportPrefs)
    .values({ userId, ...set })
    .onConflictDoUpdate({ target: emailReportPrefs.userId, set });
}

/** Switches one kind off. No row means it was never on, so there is nothing to insert. */
export async function unsubscribe(db: Db, userId: string, kind: EmailReportKind): Promise<void> {
  await db
    .update(emailReportPrefs)
    .set({ ...(kind === 'digest' ? { digest: false } : { alerts: false }), updatedAt: sql`now()` })
    .where(eq(emailReportPrefs.userId, userId));
}
