import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/server/db/client';
import { chatMessages, users } from '../../src/server/db/schema';
import { buildTestApp, type TestApp } from '../helpers/app';
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

    proxy.restore();
    let back = 0;
    for (let i = 0; i < 50 && back !== 200; i++) {
      back = (await t.app.inject({ method: 'GET', url: '/auth/user/status', headers: bearer(token) }))
        .statusCode;
      if (back !== 200) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(back).toBe(200);

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
});
