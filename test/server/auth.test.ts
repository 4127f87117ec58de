import { sql } from 'drizzle-orm';
import { SignJWT, UnsecuredJWT } from 'jose';
import { beforeAll, describe } from 'vitest';
import { queryRows } from '../../src/server/db/client';
import type { TestApp } from '../helpers/app';
import { ageCodes } from '../helpers/code-clock';
import { expect, test as it } from '../helpers/fixtures';
import type { SmtpSink } from '../helpers/smtp-sink';

const STRONG = 'Sunny-Day-42';
let t: TestApp;
let smtp: SmtpSink;

it.beforeAll(({ app, sink }) => {
  t = app;
  smtp = sink;
});

const post = (url: string, payload: unknown) =>
  t.app.inject({ method: 'POST', url, payload: payload as object });
const status = (token: string) =>
  t.app.inject({ method: 'GET', url: '/auth/user/status', headers: { authorization: `Bearer ${token}` } });

async function signUp(email: string, password = STRONG): Promise<string> {
  expect((await post('/auth/create-user', { email, password, method: 'web' })).statusCode).toBe(200);
  const code = await smtp.nextCode(email.toLowerCase());
  const verified = await post('/auth/verify-email', { email, code });
  expect(verified.statusCode, verified.body).toBe(200);
  return verified.json().token;
}

const age = (email: string, seconds: number) => ageCodes(t.testDatabase.database.db, email, seconds);

describe('signup with an email code', () => {
  it('runs email, password, code, and lands on the permissions step', async () => {
    const email = 'new.marketer@example.com';
    expect((await post('/auth/check-signup-status', { email })).json()).toEqual({});
    const created = await post('/auth/create-user', {
      email: 'New.Marketer@Example.com',
      password: STRONG,
      method: 'web',
    });
    expect(created.json()).toEqual({ requiresVerification: true });
    const code = await smtp.nextCode(email);
    const mail = smtp.mails.at(-1)?.raw ?? '';
    expect(mail).toContain('expires in 5 minutes');
    expect(mail).toMatch(/text\/html/);

    const wrong = await post('/auth/verify-email', { email, code: code === '000000' ? '111111' : '000000' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('Invalid verification code. Please try again.');

    const verified = await post('/auth/verify-email', { email, code });
    expect(verified.json()).toMatchObject({
      success: true,
      redirect: '/platforms-permissions',
      user: { uid: email, status: 'signup', signup_method: 'web' },
    });
    const again = await post('/auth/check-signup-status', { email: 'NEW.marketer@example.com' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      message: 'User already exists with active account',
      code: 'CONFLICT',
      redirect: '/login',
    });
    const me = await status(verified.json().token);
    expect(me.json()).toEqual({
      user: {
        status: 'signup',
        user_type: 'basic',
        uid: email,
        name: '',
        fb_permissions_granted: false,
        g_permissions_granted: false,
        accounts: [],
      },
    });
  });

  it.each([
    ['Short1!', 'Password must be at least 9 characters long'],
    ['lowercase-only-1', 'Password must contain at least 1 uppercase letter'],
    ['UPPERCASE-ONLY-1', 'Password must contain at least 1 lowercase letter'],
    ['No-Digits-Here', 'Password must contain at least 1 digit'],
    ['NoSpecial123', 'Password must contain at least 1 special character'],
  ])('rejects %s with "%s"', async (password, message) => {
    const response = await post('/auth/create-user', { email: 'rules@example.com', password, method: 'web' });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
  });

  it('rejects a 1 MB password before hashing it, and a malformed email', async () => {
    const huge = await post('/auth/create-user', {
      email: 'huge@example.com',
      password: `Aa1!${'x'.repeat(1_000_000)}`,
      method: 'web',
    });
    expect([400, 413]).toContain(huge.statusCode);
    const bad = await post('/auth/create-user', { email: 'not-an-email', password: STRONG, method: 'web' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('Please enter a valid email address');
  });

  it('replaces a pending signup: new password, new code, and the old code is dead', async () => {
    const email = 'twice@example.com';
    await post('/auth/create-user', { email, password: STRONG, method: 'web' });
    const first = await smtp.nextCode(email);
    await post('/auth/create-user', { email, password: 'Other-Pass-77', method: 'web' });
    const second = await smtp.nextCode(email);
    if (first !== second)
      expect((await post('/auth/verify-email', { email, code: first })).statusCode).toBe(400);
    expect((await post('/auth/verify-email', { email, code: second })).statusCode).toBe(200);
    expect((await post('/auth/login', { email, password: 'Other-Pass-77' })).statusCode).toBe(200);
  });

  it('allows a resend only when 240 s or less remain, answering 429 with the seconds left', async () => {
    const email = 'resend@example.com';
    await post('/auth/create-user', { email, password: STRONG, method: 'web' });
    await smtp.nextCode(email);
    const early = await post('/auth/resend-verification', { email });
    expect(early.statusCode).toBe(429);
    expect(early.json().secondsLeft).toBeGreaterThan(55);
    expect(early.json().message).toMatch(/^Please wait \d+ seconds before requesting a new code\.$/);
    await age(email, 61);
    const ok = await post('/auth/resend-verification', { email });
    expect(ok.json()).toEqual({ success: true, message: 'New verification code sent to your email.' });
    const code = await smtp.nextCode(email);
    expect((await post('/auth/verify-email', { email, code })).statusCode).toBe(200);
  });

  it('sends one requester at most 10 codes per email a day (429 with a clear message), not anyone else', async () => {
    const email = 'ten.sends@example.com';
    await post('/auth/create-user', { email, password: STRONG, method: 'web' });
    await smtp.nextCode(email);
    for (let send = 2; send <= 10; send += 1) {
      await age(email, 61);
      const resent = await post('/auth/resend-verification', { email });
      expect(resent.statusCode, `send ${send}: ${resent.body}`).toBe(200);
      await smtp.nextCode(email);
    }
    await age(email, 61);
    const eleventh = await post('/auth/resend-verification', { email });
    expect(eleventh.statusCode).toBe(429);
    expect(eleventh.json().message).toBe(
      'Too many codes were sent to this email today. Please try again tomorrow.',
    );
    // The cap is the requester's: a request from elsewhere (the owner's phone) still gets a code.
    const elsewhere = await t.app.inject({
      method: 'POST',
      url: '/auth/resend-verification',
      payload: { email },
      remoteAddress: '198.51.100.20',
    });
    expect(elsewhere.statusCode, elsewhere.body).toBe(200);
    const code = await smtp.nextCode(email);
    expect((await post('/auth/verify-email', { email, code })).statusCode).toBe(200);
  });

  it('refuses an expired code', async () => {
    const email = 'late@example.com';
    await post('/auth/create-user', { email, password: STRONG, method: 'web' });
    const code = await smtp.nextCode(email);
    await age(email, 301);
    expect((await post('/auth/verify-email', { email, code })).statusCode).toBe(400);
  });
});

describe('code guessing', () => {
  it('kills a code after 5 wrong tries: the 6th fails even when correct', async () => {
    const email = 'guess@example.com';
    await post('/auth/create-user', { email, password: STRONG, method: 'web' });
    const code = await smtp.nextCode(email);
    const wrong = code === '123456' ? '654321' : '123456';
    for (let i = 0; i < 5; i++)
      expect((await post('/auth/verify-email', { email, code: wrong })).statusCode).toBe(400);
    expect((await post('/auth/verify-email', { email, code })).statusCode).toBe(400);
  });

  it('counts 20 parallel guesses, so the right code afterwards is dead', async () => {
    const email = 'parallel@example.com';
    await post('/auth/create-user', { email, password: STRONG, method: 'web' });
    const code = await smtp.nextCode(email);
    const guesses = Array.from({ length: 20 }, (_, i) =>
      String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0'),
    );
    const results = await Promise.all(
      guesses.map((guess) => post('/auth/verify-email', { email, code: guess })),
    );
    expect(results.every((r) => r.statusCode === 400)).toBe(true);
    expect((await post('/auth/verify-email', { email, code })).statusCode).toBe(400);
  });
});

describe('login', () => {
  const email = 'login@example.com';
  beforeAll(() => signUp(email));

  it('answers the token, the user, the status and the signup method', async () => {
    const response = await post('/auth/login', { email: 'LOGIN@example.com', password: STRONG });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      user: { uid: email, name: '', status: 'signup', signup_method: 'web' },
      status: 'signup',
      signup_method: 'web',
    });
    expect((await status(response.json().token)).statusCode).toBe(200);
  });

  it('says "Email not found" and "Invalid password"', async () => {
    const unknown = await post('/auth/login', { email: 'nobody@example.com', password: STRONG });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Email not found');
    const wrong = await post('/auth/login', { email, password: 'Wrong-Pass-99' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().message).toBe('Invalid password');
    expect((await post('/auth/validate-email', { email })).json()).toEqual({ valid: true });
    expect((await post('/auth/validate-email', { email: 'nobody@example.com' })).json()).toEqual({
      valid: false,
    });
  });
});

describe('password reset', () => {
  const email = 'reset@example.com';
  let oldToken: string;
  beforeAll(async () => {
    oldToken = await signUp(email);
  });

  it('answers the same for a known and an unknown email', async () => {
    const known = await post('/auth/forgot-password', { email });
    const unknown = await post('/auth/forgot-password', { email: 'ghost@example.com' });
    expect(known.statusCode).toBe(unknown.statusCode);
    expect(known.body).toBe(unknown.body);
  });

  it('resets with the emailed code, revokes older tokens, and the code works once', async () => {
    const code = await smtp.nextCode(email);
    const weak = await post('/auth/reset-password-with-code', { email, code, newPassword: 'weakpassword' });
    expect(weak.json().message).toBe('Password must contain at least 1 uppercase letter');
    const reset = await post('/auth/reset-password-with-code', {
      email,
      code,
      newPassword: 'Brand-New-Pass-1',
    });
    expect(reset.json()).toEqual({ success: true });
    expect((await status(oldToken)).statusCode).toBe(401);
    expect((await post('/auth/login', { email, password: STRONG })).statusCode).toBe(401);
    expect((await post('/auth/login', { email, password: 'Brand-New-Pass-1' })).statusCode).toBe(200);
    const reused = await post('/auth/reset-password-with-code', {
      email,
      code,
      newPassword: 'Another-Pass-2',
    });
    expect(reused.statusCode).toBe(400);
  });

  it('never accepts a signup code for a reset (codes are bound to their flow)', async () => {
    const other = 'flows@example.com';
    await post('/auth/create-user', { email: other, password: STRONG, method: 'web' });
    const signupCode = await smtp.nextCode(other);
    const attempt = await post('/auth/reset-password-with-code', {
      email: other,
      code: signupCode,
      newPassword: 'Brand-New-Pass-1',
    });
    expect(attempt.statusCode).toBe(400);
  });
});

describe('tokens', () => {
  const email = 'tokens@example.com';
  let userId: string;
  beforeAll(async () => {
    const token = await signUp(email);
    userId = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()).sub;
  });
  const claims = () => ({ uid: email, ver: 0 });

  it('refuses alg "none", a wrong key, an expired token, and missing or junk headers', async () => {
    const none = new UnsecuredJWT(claims())
      .setSubject(userId)
      .setIssuer('arlo')
      .setAudience('arlo-web')
      .encode();
    const wrongKey = await new SignJWT(claims())
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(userId)
      .setIssuer('arlo')
      .setAudience('arlo-web')
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('x'.repeat(48)));
    const expired = await new SignJWT(claims())
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(userId)
      .setIssuer('arlo')
      .setAudience('arlo-web')
      .setExpirationTime(Math.floor(Date.now() / 1000) - 60)
      .sign(new TextEncoder().encode(t.config.jwtSecret));
    for (const token of [none, wrongKey, expired, 'junk']) {
      const response = await status(token);
      expect(response.statusCode, token).toBe(401);
      expect(response.json().code).toBe('UNAUTHORIZED');
    }
    const missing = await t.app.inject({ method: 'GET', url: '/auth/user/status' });
    expect(missing.statusCode).toBe(401);
    expect(missing.json().message).toBe('No auth token');
  });

  it('refuses a correctly signed token with no expiry, which would otherwise live forever', async () => {
    const signed = (exp: boolean) => {
      const jwt = new SignJWT(claims())
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(userId)
        .setIssuer('arlo')
        .setAudience('arlo-web')
        .setIssuedAt();
      return (exp ? jwt.setExpirationTime('1h') : jwt).sign(new TextEncoder().encode(t.config.jwtSecret));
    };
    // The same token with an expiry is good: only the missing claim is refused.
    expect((await status(await signed(true))).statusCode).toBe(200);
    const forever = await status(await signed(false));
    expect(forever.statusCode).toBe(401);
    expect(forever.json().code).toBe('UNAUTHORIZED');
  });
});

describe('failed logins per account', () => {
  const email = 'capped@example.com';
  beforeAll(() => signUp(email));

  it('counts a wrong password and forgets the count after a successful login', async () => {
    await post('/auth/login', { email, password: 'Wrong-Pass-99' });
    const count = async () => {
      const rows = await queryRows<{ n: number }>(
        t.testDatabase.database.db,
        sql`select count(*)::int as n from login_failures where user_id = (select id from users where email = ${email})`,
      );
      return Number(rows[0]?.n);
    };
    expect(await count()).toBe(1);
    expect((await post('/auth/login', { email, password: STRONG })).statusCode).toBe(200);
    expect(await count()).toBe(0);
  });

  it('never stores the address a failure came from, only a keyed hash of it', async () => {
    await t.app.inject({
      method: 'POST',
      url: '/auth/login',
      payload: { email, password: 'Wrong-Pass-99' },
      remoteAddress: '203.0.113.77',
    });
    const rows = await queryRows<{ source: string }>(
      t.testDatabase.database.db,
      sql`select source from login_failures where user_id = (select id from users where email = ${email})`,
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]?.source).not.toContain('203.0.113');
    expect(rows[0]?.source).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });
});
