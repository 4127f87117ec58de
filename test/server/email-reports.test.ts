import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatChange, formatValue } from '../../src/analyst/compose/evidence';
import { addDays } from '../../src/analyst/dates';
import { executeQuery } from '../../src/analyst/executor';
import { activeScope } from '../../src/server/accounts/accounts';
import { openDatabase } from '../../src/server/db/client';
import { emailSends } from '../../src/server/db/schema';
import { DEMO_TIME_ZONE, todayIn } from '../../src/server/demo/seed';
import { EMAIL_PASS_LOCK_KEY } from '../../src/server/email-reports/pass-lock';
import { localTime } from '../../src/server/email-reports/week';
import { expectSyncedAccounts } from '../helpers/ad-accounts';
import { buildTestApp, type TestApp } from '../helpers/app';
import type { TestDatabase } from '../helpers/database';
import { readMail } from '../helpers/mail-parts';
import { type SmtpSink, startSmtpSink } from '../helpers/smtp-sink';
import {
  createSyncedTestDatabase,
  SYNCED_APP_ENV,
  SYNCED_SETUP_MS,
  syncedUser,
} from '../helpers/synced-template';
import { bearer, userIdOf } from '../helpers/users';

// Several digests over the demo warehouse on a loaded 2-core machine.
const SLOW_MS = 120_000;
const BERLIN = 'Europe/Berlin';
const env = (sink: SmtpSink) => ({
  SMTP_URL: sink.url,
  PUBLIC_URL: 'https://arlo.example',
  // The synced template's secrets: its users' tokens open with them, and an app built again on the
  // same database (a restart) signs and unseals as before.
  ...SYNCED_APP_ENV,
});

/** The instant it is `minutes` after midnight on `date` in Berlin. */
function berlin(date: string, minutes: number): Date {
  let guess = Date.parse(`${date}T00:00:00Z`) + minutes * 60_000;
  for (let i = 0; i < 3; i++) {
    const local = localTime(new Date(guess), BERLIN);
    const dayShift = Math.round(
      (Date.parse(`${local.date}T00:00:00Z`) - Date.parse(`${date}T00:00:00Z`)) / 60_000,
    );
    guess -= (dayShift + local.minutes - minutes) * 60_000;
  }
  return new Date(guess);
}

// The Monday of this week (demo data runs through yesterday, so last week is all there).
const today = todayIn(DEMO_TIME_ZONE);
const monday = addDays(today, -((new Date(`${today}T00:00:00Z`).getUTCDay() + 6) % 7));
let now = berlin(monday, 7 * 60 + 55);
const clock = () => now;

let sink: SmtpSink;
/** A clone of the synced template: its users come with the demo accounts connected and synced. */
let testDatabase: TestDatabase;
let t: TestApp;
let tokenA: string;
let tokenB: string;
let emailA: string;
let emailB: string;

const mailsTo = (email: string) =>
  sink.mails.filter((mail) => mail.to.includes(email)).map((m) => readMail(m.raw));
const digestsTo = (email: string) => mailsTo(email).filter((mail) => mail.subject.includes('weekly digest'));

/** The synced template's user number `index`, with their accounts synced `ok`. */
async function connectedUser(index: number): Promise<{ email: string; token: string }> {
  const { email, token } = await syncedUser(t, index);
  await expectSyncedAccounts(t.app, token);
  return { email, token };
}

const put = (token: string, payload: object) =>
  t.app.inject({ method: 'PUT', url: '/api/email-reports', headers: bearer(token), payload });

beforeAll(async () => {
  sink = await startSmtpSink();
  testDatabase = await createSyncedTestDatabase();
  t = await buildTestApp({ env: env(sink), clock, testDatabase });
  ({ email: emailA, token: tokenA } = await connectedUser(0));
  ({ email: emailB, token: tokenB } = await connectedUser(1));
}, SYNCED_SETUP_MS);
afterAll(async () => {
  await t?.close();
  await testDatabase?.drop();
  await sink?.close();
});

describe('email report preferences', () => {
  it('are off by default, follow the account zone, and take a browser zone on opt-in', async () => {
    const first = await t.app.inject({ method: 'GET', url: '/api/email-reports', headers: bearer(tokenA) });
    expect(first.json()).toEqual({
      digest: false,
      alerts: false,
      timeZone: null,
      effectiveTimeZone: DEMO_TIME_ZONE,
    });
    const bad = await put(tokenA, { digest: true, timeZone: 'Mars/Olympus' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('IANA time zone');
    const saved = await put(tokenA, { digest: true, timeZone: BERLIN });
    expect(saved.json()).toEqual({
      digest: true,
      alerts: false,
      timeZone: BERLIN,
      effectiveTimeZone: BERLIN,
    });
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/email-reports' });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('the weekly digest', () => {
  it('is not sent before Monday 08:00 in the user’s zone', async () => {
    now = berlin(monday, 7 * 60 + 55);
    await t.app.emailReports.runPass();
    expect(digestsTo(emailA)).toHaveLength(0);
  });

  it(
    'lands from Monday 08:00 with the engine’s own figures for last week, in HTML and text, with List-Unsubscribe',
    async () => {
      now = berlin(monday, 8 * 60 + 5);
      await t.app.emailReports.runPass();
      const [mail, ...more] = digestsTo(emailA);
      if (process.env.SHOW_DIGEST) console.log(mail?.text);
      expect(more).toHaveLength(0);
      if (!mail) throw new Error('no digest');

      const week = { start: addDays(monday, -7), end: addDays(monday, -1) };
      const before = { start: addDays(monday, -14), end: addDays(monday, -8) };
      const { db } = t.app.database;
      const scope = await activeScope(db, userIdOf(tokenA));
      const run = (range: typeof week) =>
        executeQuery(
          db,
          { accountIds: scope.accountIds },
          { metrics: ['spend', 'roas', 'cpa'], time: { range } },
        );
      const [nowRows, beforeRows] = [(await run(week)).rows, (await run(before)).rows];
      expect(nowRows.length).toBeGreaterThan(0);
      for (const row of nowRows) {
        const currency = String(row.currency);
        const earlier = beforeRows.find((r) => r.currency === row.currency);
        const spend = formatValue(row.spend as number, 'money', currency);
        const change = formatChange(earlier?.spend as number, row.spend as number);
        const line = mail.text.split('\n').find((l) => l.startsWith('- Spend:') && l.includes(spend));
        expect(line, `${spend} in\n${mail.text}`).toBeDefined();
        expect(line).toContain(change);
        expect(mail.html).toContain(spend);
        expect(mail.text).toContain(formatValue(row.cpa as number, 'money', currency));
      }
      expect(mail.subject).toMatch(/^Your ARLO weekly digest: /);
      expect(mail.html).toMatch(/<table[^>]*style=/);
      for (const heading of ['BIGGEST MOVERS', 'ANOMALIES', 'RECOMMENDATIONS', 'HOW THESE WERE COMPUTED']) {
        expect(mail.text).toContain(heading);
      }
      expect(mail.text).toMatch(/Spend = .*Query 1|= \(/s);
      expect(mail.text).toContain('https://arlo.example/');
      expect(mail.headers['list-unsubscribe']).toMatch(
        /^<https:\/\/arlo\.example\/api\/email-reports\/unsubscribe\?u=[\w-]+&k=digest&s=[\w-]{43}>$/,
      );
      expect(mail.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    },
    SLOW_MS,
  );

  it(
    'is sent once only, across a restart on the same database',
    async () => {
      await t.app.emailReports.runPass();
      await t.app.close();
      const again = await buildTestApp({ env: env(sink), clock, testDatabase });
      try {
        await again.app.emailReports.runPass();
        expect(digestsTo(emailA)).toHaveLength(1);
      } finally {
        await again.app.close();
      }
      // The rest of the file goes on with a fresh app on the same database, which the file drops.
      await t.close();
      t = await buildTestApp({ env: env(sink), clock, testDatabase });
    },
    SLOW_MS,
  );

  it(
    'catches up a missed Monday later that week',
    async () => {
      expect(digestsTo(emailB)).toHaveLength(0);
      await put(tokenB, { digest: true, timeZone: BERLIN });
      now = berlin(addDays(monday, 2), 10 * 60);
      await t.app.emailReports.runPass();
      const mails = digestsTo(emailB);
      expect(mails).toHaveLength(1);
      expect(digestsTo(emailA)).toHaveLength(1);
    },
    SLOW_MS,
  );

  it(
    'sends one email when two schedulers race for the same week',
    async () => {
      const url = t.testDatabase.url;
      // On PostgreSQL the second node gets its own connections, so the lock is what stops it.
      const other: TestDatabase = url
        ? await (async () => {
            const database = await openDatabase({ kind: 'postgres', url, poolSize: 3 });
            return { database, url, drop: () => database.close() };
          })()
        : t.testDatabase;
      // Started before next Monday comes, so its start-up pass finds nothing due.
      const second = await buildTestApp({ env: env(sink), clock, testDatabase: other });
      // Its start-up pass runs in the background: it must be over before the clock moves on.
      await second.app.emailReports.idle();
      now = berlin(addDays(monday, 7), 8 * 60 + 1);
      try {
        if (url) {
          // Another node holding the lock: this node's pass stands aside and sends nothing.
          const skipped = await other.database.db.transaction(async (tx) => {
            await tx.execute(sql`select pg_advisory_xact_lock(${EMAIL_PASS_LOCK_KEY})`);
            return t.app.emailReports.runPass();
          });
          expect(skipped).toBe(false);
          expect(digestsTo(emailB)).toHaveLength(1);
        }
        await Promise.all([t.app.emailReports.runPass(), second.app.emailReports.runPass()]);
        await Promise.all([t.app.emailReports.idle(), second.app.emailReports.idle()]);
        expect(digestsTo(emailB)).toHaveLength(2);
        expect(digestsTo(emailA)).toHaveLength(2);
      } finally {
        await second.app.close();
        if (url) await other.drop();
      }
    },
    SLOW_MS,
  );
});

describe('unsubscribing', () => {
  it(
    'works from the signed link with no login, refuses a tampered one, and stops the digest',
    async () => {
      const [mail] = digestsTo(emailA);
      const link = /^<(.+)>$/.exec(mail?.headers['list-unsubscribe'] ?? '')?.[1] ?? '';
      const path = link.replace('https://arlo.example', '');
      const otherUser = path.replace(/u=[\w-]+/, `u=${userIdOf(tokenB)}`);
      const alerts = path.replace('k=digest', 'k=alerts');
      const flipped = `${path.slice(0, -1)}${path.endsWith('A') ? 'B' : 'A'}`;
      for (const tampered of [otherUser, alerts, flipped]) {
        const refused = await t.app.inject({
          method: 'POST',
          url: tampered,
          payload: 'List-Unsubscribe=One-Click',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
        });
        expect(refused.statusCode, tampered).toBe(403);
      }
      const page = await t.app.inject({ method: 'GET', url: path, headers: { accept: 'text/html' } });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('<form method="post"');
      const asked = await t.app.inject({ method: 'GET', url: path });
      expect(asked.json()).toEqual({
        unsubscribed: false,
        message: 'Click the button to stop receiving the weekly digest.',
      });
      // Opening the link is not unsubscribing: link scanners open links too.
      const still = await t.app.inject({ method: 'GET', url: '/api/email-reports', headers: bearer(tokenA) });
      expect(still.json().digest).toBe(true);

      const done = await t.app.inject({
        method: 'POST',
        url: path,
        payload: 'List-Unsubscribe=One-Click',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      expect(done.statusCode, done.body).toBe(200);
      expect(done.json()).toMatchObject({ unsubscribed: true });
      const prefs = await t.app.inject({ method: 'GET', url: '/api/email-reports', headers: bearer(tokenA) });
      expect(prefs.json().digest).toBe(false);

      now = berlin(addDays(monday, 14), 9 * 60);
      await t.app.emailReports.runPass();
      expect(digestsTo(emailA)).toHaveLength(2);
      expect(digestsTo(emailB)).toHaveLength(3);
    },
    SLOW_MS,
  );
});

describe('the test digest', () => {
  it(
    'is sent at once, marked as a test, and not counted as the week’s digest',
    async () => {
      now = new Date();
      const sent = await t.app.inject({
        method: 'POST',
        url: '/api/email-reports/test-digest',
        headers: bearer(tokenA),
      });
      expect(sent.statusCode, sent.body).toBe(200);
      expect(sent.json().message).toContain(emailA);
      const test = mailsTo(emailA).at(-1);
      expect(test?.subject).toMatch(/^\[Test\] Your ARLO weekly digest/);
      const rows = await t.app.database.db
        .select()
        .from(emailSends)
        .where(and(eq(emailSends.userId, userIdOf(tokenA)), eq(emailSends.kind, 'test')));
      expect(rows.map((row) => row.status)).toEqual(['sent']);

      // A few an hour per user: each one runs the engine and the mail server.
      const statuses: number[] = [];
      for (let i = 0; i < 5; i++) {
        const again = await t.app.inject({
          method: 'POST',
          url: '/api/email-reports/test-digest',
          headers: bearer(tokenA),
        });
        statuses.push(again.statusCode);
        if (again.statusCode === 429) expect(again.json().message).toContain('5 test digests an hour');
      }
      expect(statuses).toEqual([200, 200, 200, 200, 429]);
    },
    SLOW_MS,
  );
});

describe('a send that fails', () => {
  it(
    'is recorded as failed and sent by a later pass once the mail server is back',
    async () => {
      const port = Number(new URL(sink.url).port);
      await sink.close();
      now = berlin(addDays(monday, 21), 8 * 60 + 30);
      await t.app.emailReports.runPass();
      const rowFor = async () => {
        const rows = await t.app.database.db
          .select()
          .from(emailSends)
          .where(and(eq(emailSends.userId, userIdOf(tokenB)), eq(emailSends.kind, 'digest')));
        return rows.sort((a, b) => a.key.localeCompare(b.key)).at(-1);
      };
      expect(await rowFor()).toMatchObject({ status: 'failed', attempts: 1 });

      sink = await startSmtpSink(port);
      await t.app.emailReports.runPass();
      expect(digestsTo(emailB)).toHaveLength(1);
      expect(await rowFor()).toMatchObject({ status: 'sent', attempts: 2, error: null });
      await t.app.emailReports.runPass();
      expect(digestsTo(emailB)).toHaveLength(1);
    },
    SLOW_MS,
  );
});
