import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/server/db/schema';
import { buildTestApp, type TestApp } from '../helpers/app';
import { type SmtpSink, startSmtpSink } from '../helpers/smtp-sink';
import { TEST_PASSWORD } from '../helpers/users';

let t: TestApp;
let port: number;
let sink: SmtpSink | undefined;

beforeAll(async () => {
  // A mail server that was there and is gone: its port now refuses connections.
  const gone = await startSmtpSink();
  port = Number(new URL(gone.url).port);
  await gone.close();
  t = await buildTestApp({ env: { SMTP_URL: `smtp://127.0.0.1:${port}` } });
});
afterAll(async () => {
  await t?.close();
  await sink?.close();
});

const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url, payload });

describe('signing up while the mail server is down', () => {
  it('says the code could not be sent, keeps the signup, and lets the user resend once mail is back', async () => {
    const email = 'smtp.down@example.com';
    const created = await post('/auth/create-user', { email, password: TEST_PASSWORD, method: 'web' });
    expect(created.statusCode).toBe(503);
    expect(created.json()).toMatchObject({
      code: 'SERVICE_UNAVAILABLE',
      message: 'We could not send your verification code. Please try again in a moment.',
    });
    const [pending] = await t.testDatabase.database.db.select().from(users).where(eq(users.email, email));
    expect(pending).toMatchObject({ status: 'signup', emailVerifiedAt: null });
    expect(pending?.passwordHash).toBeTruthy();

    // Still down: the same clear answer, and no 60-second wait imposed by a code nobody received.
    expect((await post('/auth/resend-verification', { email })).statusCode).toBe(503);

    sink = await startSmtpSink(port);
    const resent = await post('/auth/resend-verification', { email });
    expect(resent.statusCode, resent.body).toBe(200);
    const code = await sink.nextCode(email);
    const verified = await post('/auth/verify-email', { email, code });
    expect(verified.statusCode).toBe(200);
    // The password chosen while mail was down is the one that signs in.
    const login = await post('/auth/login', { email, password: TEST_PASSWORD });
    expect(login.statusCode).toBe(200);
  });
});
