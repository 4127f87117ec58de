import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, queryRows } from '../../src/server/db/client';
import {
  chatMessages,
  metaConnections,
  stripeEvents,
  subscriptions,
  userAdAccounts,
  users,
} from '../../src/server/db/schema';
import { connectDemoAccounts, demoConnectPayload, settledAccounts } from '../helpers/ad-accounts';
import { buildTestApp, type TestApp } from '../helpers/app';
import { startCheckout } from '../helpers/checkout';
import { isReachable, outagePostgresUrl } from '../helpers/environment';
import { adminClient, databaseUrlWithName } from '../helpers/postgres';
import { type SmtpSink, startSmtpSink } from '../helpers/smtp-sink';
import { startTcpProxy, type TcpProxy } from '../helpers/tcp-proxy';
import { bearer, signUpUser, TEST_PASSWORD } from '../helpers/users';

const postgresUp = await isReachable(outagePostgresUrl);

/**
 * PostgreSQL goes away and comes back, through a proxy in front of the real server: the API says
 * so with 503 and a message, writes nothing by halves, and works again once the database returns.
 */
describe.skipIf(!postgresUp)('when PostgreSQL stops', () => {
  let t: TestApp;
  let sink: SmtpSink;
  let proxy: TcpProxy;
  const name = `arlo_outage_${process.pid}_${randomBytes(3).toString('hex')}`;

  beforeAll(async () => {
    sink = await startSmtpSink();
    const admin = await adminClient(outagePostgresUrl);
    await admin.query(`create database "${name}"`).finally(() => admin.end());
    const target = new URL(outagePostgresUrl);
    proxy = await startTcpProxy(target.hostname, Number(target.port || 5432));
    const proxied = new URL(databaseUrlWithName(outagePostgresUrl, name));
    proxied.hostname = '127.0.0.1';
    proxied.port = String(proxy.port);
    const database = await openDatabase({ kind: 'postgres', url: proxied.toString(), poolSize: 3 });
    const drop = async () => {
      await database.close();
      const cleanup = await adminClient(outagePostgresUrl);
      await cleanup.query(`drop database if exists "${name}" with (force)`).finally(() => cleanup.end());
    };
    // The app migrates this empty database on start, as a production node would.
    t = await buildTestApp({ env: { SMTP_URL: sink.url }, testDatabase: { database, url: undefined, drop } });
  });
  afterAll(async () => {
    proxy?.restore();
    await t?.close();
    await t?.testDatabase.drop();
    await proxy?.close();
    await sink?.close();
  });

  /** The database returns; the health check (a real query) passes again once the pool reconnects. */
  async function backOnline(): Promise<void> {
    proxy.restore();
    await expect
      .poll(async () => (await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode, {
        timeout: 5_000,
        interval: 100,
      })
      .toBe(200);
  }

  it('answers 503 with a message, loses nothing, and recovers when the database is back', async () => {
    const token = await signUpUser(t.app, sink, 'outage@example.com');
    const session = await t.app.inject({
      method: 'GET',
      url: '/api/sessions/current',
      headers: bearer(token),
    });
    const sessionId = session.json().sessionId as string;

    proxy.cut();
    const status = await t.app.inject({ method: 'GET', url: '/auth/user/status', headers: bearer(token) });
    expect(status.statusCode).toBe(503);
    expect(status.json().message).toMatch(/\w/);
    expect(status.body).not.toMatch(/ECONN|Connection terminated|select|at .*\.ts/);
    const signup = await t.app.inject({
      method: 'POST',
      url: '/auth/create-user',
      payload: { email: 'during.outage@example.com', password: TEST_PASSWORD, method: 'web' },
    });
    expect(signup.statusCode).toBe(503);
    const login = await t.app.inject({
      method: 'POST',
      url: '/auth/login',
      payload: { email: 'outage@example.com', password: TEST_PASSWORD },
    });
    expect(login.statusCode).toBe(503);
    const asked = await t.app.inject({
      method: 'POST',
      url: '/api/ask',
      headers: bearer(token),
      payload: { message: 'Spend last 7 days', sessionId, timezone: 'UTC', model: 'arlo_auto' },
    });
    expect(asked.statusCode).toBe(503);

    await backOnline();
    const statusAgain = await t.app.inject({
      method: 'GET',
      url: '/auth/user/status',
      headers: bearer(token),
    });
    expect(statusAgain.statusCode).toBe(200);

    // Nothing was half-written while it was down: no user from the failed signup, no orphan message.
    const { db } = t.testDatabase.database;
    expect(await db.select().from(users).where(eq(users.email, 'during.outage@example.com'))).toHaveLength(0);
    expect(await db.select().from(chatMessages).where(eq(chatMessages.sessionId, sessionId))).toHaveLength(0);
    // And the same signup goes through now.
    const again = await t.app.inject({
      method: 'POST',
      url: '/auth/create-user',
      payload: { email: 'during.outage@example.com', password: TEST_PASSWORD, method: 'web' },
    });
    expect(again.statusCode).toBe(200);
  });

  describe('in the middle of a request', () => {
    afterEach(() => proxy.restore());

    // Each test cuts the connection just before one statement reaches PostgreSQL, after the
    // statements before it in the same request ran, and then checks that what a user or Stripe does
    // next (try again, deliver again) ends where it would have without the outage.

    it('a signup cut before its code is stored can be tried again and verified', async () => {
      const email = 'cut.signup@example.com';
      const cut = proxy.cutOn('insert into "one_time_codes"');
      const signup = await t.app.inject({
        method: 'POST',
        url: '/auth/create-user',
        payload: { email, password: TEST_PASSWORD, method: 'web' },
      });
      await cut;
      expect(signup.statusCode).toBe(503);
      expect(signup.json().message).toMatch(/\w/);
      await backOnline();

      // The unverified signup left behind is not an account: login does not know it, and the same
      // signup, tried again, goes through to a working account.
      const login = () =>
        t.app.inject({ method: 'POST', url: '/auth/login', payload: { email, password: TEST_PASSWORD } });
      expect((await login()).statusCode).toBe(404);
      await signUpUser(t.app, sink, email);
      expect((await login()).statusCode).toBe(200);
    });

    it('a verification cut before the email is marked verified keeps its code working', async () => {
      const email = 'cut.verify@example.com';
      const created = await t.app.inject({
        method: 'POST',
        url: '/auth/create-user',
        payload: { email, password: TEST_PASSWORD, method: 'web' },
      });
      expect(created.statusCode).toBe(200);
      const code = await sink.nextCode(email);
      const cut = proxy.cutOn('"email_verified_at" = now()');
      const verify = () =>
        t.app.inject({ method: 'POST', url: '/auth/verify-email', payload: { email, code } });
      const first = await verify();
      await cut;
      expect(first.statusCode).toBe(503);
      await backOnline();

      // The code was spent and the email verified together, or neither: the same code still works.
      const again = await verify();
      expect(again.statusCode, again.body).toBe(200);
      const [row] = await t.testDatabase.database.db.select().from(users).where(eq(users.email, email));
      expect(row?.emailVerifiedAt).toBeInstanceOf(Date);
    });

    it('a password reset cut before the new password is saved keeps its code working', async () => {
      const email = 'cut.reset@example.com';
      const token = await signUpUser(t.app, sink, email);
      const asked = await t.app.inject({ method: 'POST', url: '/auth/forgot-password', payload: { email } });
      expect(asked.statusCode).toBe(200);
      const code = await sink.nextCode(email);
      const newPassword = 'Another-Sunny-Day-43';
      const reset = () =>
        t.app.inject({
          method: 'POST',
          url: '/auth/reset-password-with-code',
          payload: { email, code, newPassword },
        });
      const cut = proxy.cutOn('"password_hash" = $');
      const first = await reset();
      await cut;
      expect(first.statusCode).toBe(503);
      await backOnline();

      // Nothing of the reset happened: the old password and the old token still work, and so does the code.
      const oldLogin = await t.app.inject({
        method: 'POST',
        url: '/auth/login',
        payload: { email, password: TEST_PASSWORD },
      });
      expect(oldLogin.statusCode).toBe(200);
      const oldToken = await t.app.inject({
        method: 'GET',
        url: '/auth/user/status',
        headers: bearer(token),
      });
      expect(oldToken.statusCode).toBe(200);
      const again = await reset();
      expect(again.statusCode, again.body).toBe(200);
      const newLogin = await t.app.inject({
        method: 'POST',
        url: '/auth/login',
        payload: { email, password: newPassword },
      });
      expect(newLogin.statusCode).toBe(200);
    });

    it('a Facebook connection cut before its accounts are saved leaves no half a connection', async () => {
      const token = await signUpUser(t.app, sink, 'cut.connect@example.com');
      const cut = proxy.cutOn('insert into "user_ad_accounts"');
      const connect = await t.app.inject({
        method: 'POST',
        url: '/auth/save-facebook-permissions',
        headers: bearer(token),
        payload: demoConnectPayload(t.app),
      });
      await cut;
      expect(connect.statusCode).toBe(503);
      await backOnline();

      const { db } = t.testDatabase.database;
      const [user] = await db.select().from(users).where(eq(users.email, 'cut.connect@example.com'));
      if (!user) throw new Error('no user');
      expect(await db.select().from(metaConnections).where(eq(metaConnections.userId, user.id))).toHaveLength(
        0,
      );
      expect(await db.select().from(userAdAccounts).where(eq(userAdAccounts.userId, user.id))).toHaveLength(
        0,
      );
      expect(user.fbPermissionsGranted).toBe(false);

      // Connecting again works, as if the first attempt had never been made.
      const connected = await connectDemoAccounts(t.app, token);
      expect((await settledAccounts(t.app, connected)).length).toBeGreaterThan(0);
    });

    it('a Stripe webhook cut mid-transaction records nothing, and the redelivery applies once', async () => {
      const token = await signUpUser(t.app, sink, 'cut.payer@example.com');
      const config = (await t.app.inject({ method: 'GET', url: '/api/client-config' })).json();
      const { sessionId } = await startCheckout(t.app, token, config.billing.prices.payment.monthly);
      const simulator = t.app.billing.simulator;
      if (!simulator) throw new Error('the outage test runs the demo checkout');

      // The event id is inserted, Stripe re-read, then the cut comes as the subscription is saved.
      const cut = proxy.cutOn('insert into "subscriptions"');
      await expect(simulator.completeCheckout(sessionId)).rejects.toThrow(/webhook answered 503/);
      await cut;
      await backOnline();

      const { db } = t.testDatabase.database;
      const [user] = await db.select().from(users).where(eq(users.email, 'cut.payer@example.com'));
      if (!user) throw new Error('no user');
      expect(user.userType).toBe('basic');
      expect(await db.select().from(subscriptions).where(eq(subscriptions.userId, user.id))).toHaveLength(0);
      const sent = simulator.events();
      const sentIds = sent.map((event) => event.id);
      const recorded = (await db.select().from(stripeEvents)).filter((row) => sentIds.includes(row.id));
      expect(recorded).toHaveLength(0);

      // Stripe delivers again (twice, even): the change happens once, as if there was no outage.
      for (const event of [...sent, ...sent]) {
        const { payload, header } = simulator.signedEvent(event);
        const delivered = await t.app.inject({
          method: 'POST',
          url: '/payment/webhook',
          headers: { 'content-type': 'application/json', 'stripe-signature': header },
          payload,
        });
        expect(delivered.statusCode, delivered.body).toBe(200);
      }
      expect(await db.select().from(subscriptions).where(eq(subscriptions.userId, user.id))).toHaveLength(1);
      const [after] = await db.select().from(users).where(eq(users.id, user.id));
      expect(after?.userType).toBe('pro');
      expect((await db.select().from(stripeEvents)).filter((row) => sentIds.includes(row.id))).toHaveLength(
        new Set(sentIds).size,
      );
    });

    it('an answer cut before it is saved says so, saves no part of it, and the next one works', async () => {
      const signedUp = await signUpUser(t.app, sink, 'cut.asker@example.com');
      const token = await connectDemoAccounts(t.app, signedUp);
      await settledAccounts(t.app, token);
      const sessionId = (
        await t.app.inject({ method: 'GET', url: '/api/sessions/current', headers: bearer(token) })
      ).json().sessionId as string;
      const ask = () =>
        t.app.inject({
          method: 'POST',
          url: '/api/ask',
          headers: bearer(token),
          payload: { message: 'Spend last 7 days', sessionId, timezone: 'UTC', model: 'arlo_auto' },
        });

      const cut = proxy.cutOn('with saved as (insert into "chat_messages"');
      const answered = await ask();
      await cut;
      // The stream had begun (200), so the failure is an event in it, and the stream ends properly.
      expect(answered.statusCode).toBe(200);
      expect(answered.payload).toContain('"type":"error"');
      expect(answered.payload).toContain('Something went wrong while answering. Please try again.');
      expect(answered.payload.trimEnd().endsWith('data: [DONE]')).toBe(true);
      await backOnline();

      // The free question the failed answer took is given back once the database returns.
      const usedToday = async () => {
        const [row] = await queryRows<{ n: number }>(
          t.testDatabase.database.db,
          sql`select coalesce(sum(q.count), 0)::int as n from question_usage q
            join users u on u.id = q.user_id where u.email = 'cut.asker@example.com'`,
        );
        return row?.n;
      };
      await expect.poll(usedToday, { timeout: 10_000, interval: 200 }).toBe(0);

      // The question is kept whole; no reply, not part of one, was written.
      const { db } = t.testDatabase.database;
      const saved = await db
        .select()
        .from(chatMessages)
        .where(eq(chatMessages.sessionId, sessionId))
        .orderBy(chatMessages.seq);
      expect(saved.map((m) => m.sender)).toEqual(['user']);

      const next = await ask();
      expect(next.statusCode).toBe(200);
      expect(next.payload).not.toContain('"type":"error"');
      const after = await db
        .select()
        .from(chatMessages)
        .where(eq(chatMessages.sessionId, sessionId))
        .orderBy(chatMessages.seq);
      expect(after.map((m) => m.sender)).toEqual(['user', 'user', 'lynceus']);
      expect(await usedToday()).toBe(1);
    });
  });
});
