import { and, eq, inArray, isNotNull, notInArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { EmailReportKind } from '../../shared/api/email-reports';
import { activeScope } from '../accounts/accounts';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { emailReportPrefs, userAdAccounts, users } from '../db/schema';
import { todayIn } from '../demo/seed';
import type { Mailer } from '../mail/mailer';
import { buildAlertData } from './alert-data';
import { composeAlert } from './compose-alert';
import { type ComposedEmail, composeDigest } from './compose-digest';
import { buildDigestData } from './digest-data';
import { withPassLock } from './pass-lock';
import { FALLBACK_TIME_ZONE, readPrefs } from './prefs';
import { claimSend, finishSend, type SendKind } from './sends';
import { unsubscribeUrl } from './unsubscribe';
import { type DigestWeek, dueDigestWeek, lastFullWeek } from './week';

/** How often the scheduler looks for digests due; a minute keeps "from 08:00" within a minute. */
export const TICK_MS = 60_000;

export interface EmailReportsDeps {
  database: Database;
  config: Pick<Config, 'publicUrl' | 'jwtSecret' | 'mail'>;
  mailer: Mailer;
  log: Pick<FastifyBaseLogger, 'info' | 'warn'>;
  /** The time the scheduler believes it is (tests set "Monday 08:05 in Europe/Berlin"). */
  clock: () => Date;
}

export interface DigestPreview extends ComposedEmail {
  to: string;
  week: DigestWeek;
}

export interface EmailReports {
  /**
   * One scheduler pass under the database lock: every digest due now. False if another node had
   * the lock. Asked while this scheduler's own pass runs, it waits for that one and one more.
   */
  runPass(): Promise<boolean>;
  /** Resolves once the passes and alert runs started so far have finished (tests wait on it). */
  idle(): Promise<void>;
  /** After a successful refresh: alerts for the users who have these accounts switched on. */
  afterSync(accountIds: string[]): Promise<void>;
  /** Last week's digest for one user, composed but neither sent nor recorded; undefined without accounts. */
  previewDigest(userId: string, test: boolean): Promise<DigestPreview | undefined>;
  /** "Send me a test digest": sent now, recorded as a test, never counted as the week's digest. */
  sendTestDigest(userId: string): Promise<'sent' | 'no_accounts'>;
  start(): void;
  stop(): Promise<void>;
}

type User = typeof users.$inferSelect;

/** Users the chat turns away (a payment problem, a paused plan) get no scheduled reports either. */
const PAUSED: User['status'][] = ['payment', 'paused'];

export function createEmailReports(deps: EmailReportsDeps): EmailReports {
  const { database, config, mailer, log, clock } = deps;
  const { db } = database;
  let timer: NodeJS.Timeout | undefined;
  let pending: Promise<unknown> = Promise.resolve();
  let stopped = false;
  const chatUrl = new URL('/', config.publicUrl).toString();

  const track = <T>(work: Promise<T>): Promise<T> => {
    pending = Promise.allSettled([pending, work]);
    return work;
  };

  async function userById(userId: string): Promise<User | undefined> {
    const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
    return user;
  }

  async function digestFor(user: User, week: DigestWeek | undefined, test: boolean) {
    const scope = await activeScope(db, user.id);
    const first = scope.accountIds[0];
    if (!first) return undefined;
    const accountZone = scope.timezoneByAccount[first];
    const prefs = await readPrefs(db, user.id, accountZone);
    const due = week ?? lastFullWeek(clock(), prefs.effectiveTimeZone);
    const names = await accountNames(scope.accountIds);
    const data = await buildDigestData(
      {
        db,
        scope: { accountIds: scope.accountIds },
        today: todayIn(accountZone ?? FALLBACK_TIME_ZONE, clock()),
        accountNames: names,
      },
      due,
      { recipientName: user.name, chatUrl, test },
    );
    return { email: composeDigest(data, link(user.id, 'digest')), week: due };
  }

  async function accountNames(ids: string[]): Promise<string[]> {
    const catalog = await db.query.metaAdAccounts.findMany({
      where: (table, { inArray: within }) => within(table.id, ids),
      columns: { id: true, name: true },
    });
    return ids.map((id) => catalog.find((row) => row.id === id)?.name ?? id);
  }

  const link = (userId: string, kind: EmailReportKind) =>
    unsubscribeUrl(config.publicUrl, config.jwtSecret, userId, kind);

  /** Claims, sends and records one email; a failed send is left 'failed' for a later pass. */
  async function sendOnce(
    user: User,
    kind: SendKind,
    key: string,
    compose: () => Promise<ComposedEmail | undefined>,
    listKind: EmailReportKind,
  ): Promise<void> {
    if (!(await claimSend(db, user.id, kind, key))) return;
    await deliver(user, kind, [key], compose, listKind);
  }

  async function deliver(
    user: User,
    kind: SendKind,
    keys: string[],
    compose: () => Promise<ComposedEmail | undefined>,
    listKind: EmailReportKind,
  ): Promise<void> {
    try {
      const email = await compose();
      if (email) await mailer.send(withListHeaders(user, email, link(user.id, listKind)));
      for (const key of keys) await finishSend(db, user.id, kind, key, { ok: true });
      log.info(
        { userId: user.id, kind, keys },
        email ? 'report email sent' : 'report email had nothing to send',
      );
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      for (const key of keys) await finishSend(db, user.id, kind, key, { ok: false, error: message });
      log.warn({ userId: user.id, kind, err: error }, 'report email failed; a later pass retries it');
    }
  }

  async function digestPass(): Promise<void> {
    const subscribed = await db
      .select({ user: users, timeZone: emailReportPrefs.timeZone })
      .from(emailReportPrefs)
      .innerJoin(users, eq(users.id, emailReportPrefs.userId))
      .where(
        and(
          eq(emailReportPrefs.digest, true),
          isNotNull(users.emailVerifiedAt),
          notInArray(users.status, PAUSED),
        ),
      );
    for (const { user, timeZone } of subscribed) {
      if (stopped) return;
      const scope = await activeScope(db, user.id);
      const first = scope.accountIds[0];
      if (!first) continue;
      const zone = timeZone ?? scope.timezoneByAccount[first] ?? FALLBACK_TIME_ZONE;
      const week = dueDigestWeek(clock(), zone);
      if (!week) continue;
      await sendOnce(
        user,
        'digest',
        week.key,
        async () => (await digestFor(user, week, false))?.email,
        'digest',
      );
    }
  }

  async function alertPass(accountIds: string[]): Promise<void> {
    if (accountIds.length === 0) return;
    const subscribed = await db
      .selectDistinct({ user: users })
      .from(emailReportPrefs)
      .innerJoin(users, eq(users.id, emailReportPrefs.userId))
      .innerJoin(userAdAccounts, eq(userAdAccounts.userId, users.id))
      .where(
        and(
          eq(emailReportPrefs.alerts, true),
          isNotNull(users.emailVerifiedAt),
          notInArray(users.status, PAUSED),
          eq(userAdAccounts.active, true),
          inArray(userAdAccounts.accountId, accountIds),
        ),
      );
    for (const { user } of subscribed) {
      if (stopped) return;
      const scope = await activeScope(db, user.id);
      const first = scope.accountIds[0];
      if (!first) continue;
      const claimed: string[] = [];
      const data = await buildAlertData(
        {
          db,
          scope: { accountIds: scope.accountIds },
          today: todayIn(scope.timezoneByAccount[first] ?? FALLBACK_TIME_ZONE, clock()),
        },
        { recipientName: user.name, chatUrl },
        async ({ campaignId, metric, day }) => {
          const key = `${campaignId}:${metric}:${day}`;
          const owned = await claimSend(db, user.id, 'alert', key);
          if (owned) claimed.push(key);
          return owned;
        },
      );
      if (claimed.length === 0) continue;
      await deliver(
        user,
        'alert',
        claimed,
        async () => composeAlert(data, link(user.id, 'alerts')),
        'alerts',
      );
    }
  }

  let current: Promise<boolean> | undefined;
  let again = false;

  function runPass(): Promise<boolean> {
    if (!config.mail.smtpUrl) return Promise.resolve(false);
    if (current) {
      again = true;
      return current;
    }
    current = (async () => {
      let ran = false;
      do {
        again = false;
        ran =
          (await withPassLock(database, digestPass).catch((error) => {
            log.warn({ err: error }, 'email report pass failed');
            return false;
          })) || ran;
      } while (again && !stopped);
      return ran;
    })().finally(() => {
      current = undefined;
    });
    return track(current);
  }

  return {
    runPass,
    async idle() {
      let seen: Promise<unknown>;
      do {
        seen = pending;
        await seen;
      } while (seen !== pending);
    },
    afterSync(accountIds) {
      if (!config.mail.smtpUrl || stopped) return Promise.resolve();
      return track(alertPass(accountIds).catch((error) => log.warn({ err: error }, 'alert pass failed')));
    },
    async previewDigest(userId, test) {
      const user = await userById(userId);
      if (!user) return undefined;
      const digest = await digestFor(user, undefined, test);
      return digest && { ...digest.email, to: user.email, week: digest.week };
    },
    async sendTestDigest(userId) {
      const user = await userById(userId);
      if (!user) return 'no_accounts';
      const digest = await digestFor(user, undefined, true);
      if (!digest) return 'no_accounts';
      // Recorded like every send, under its own kind: the week's digest key stays untouched.
      const key = `${digest.week.key}:${clock().toISOString()}`;
      await claimSend(db, user.id, 'test', key);
      try {
        await mailer.send(withListHeaders(user, digest.email, link(user.id, 'digest')));
        await finishSend(db, user.id, 'test', key, { ok: true });
      } catch (error) {
        await finishSend(db, user.id, 'test', key, { ok: false, error: String(error) });
        throw error;
      }
      return 'sent';
    },
    start() {
      stopped = false;
      timer = setInterval(() => void runPass(), TICK_MS);
      timer.unref();
      void runPass();
    },
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      await pending;
    },
  };
}

/** The one-click unsubscribe headers (RFC 8058): mail clients show their own unsubscribe button. */
function withListHeaders(user: User, email: ComposedEmail, unsubscribe: string) {
  return {
    to: user.email,
    subject: email.subject,
    html: email.html,
    text: email.text,
    headers: {
      'List-Unsubscribe': `<${unsubscribe}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}
