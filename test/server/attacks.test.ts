import { eq, sql } from 'drizzle-orm';
import { generateKeyPair, SignJWT } from 'jose';
import { beforeAll, describe } from 'vitest';
import { formatValue } from '../../src/analyst/compose/evidence';
import { generateDemoData } from '../../src/analyst/demo/generate';
import { answerQuestion } from '../../src/analyst/engine';
import { queryRows } from '../../src/server/db/client';
import { metaConnections, users } from '../../src/server/db/schema';
import { DEMO_TIME_ZONE, todayIn } from '../../src/server/demo/seed';
import { openToken, TokenVaultError } from '../../src/server/meta/token-vault';
import { settledAccounts } from '../helpers/ad-accounts';
import type { TestApp } from '../helpers/app';
import { expect, test as it } from '../helpers/fixtures';
import type { SmtpSink } from '../helpers/smtp-sink';
import { bearer, signUpUser, TEST_PASSWORD } from '../helpers/users';

/** Issue 9's attacks that the feature test files do not already cover, each through the public API. */
let t: TestApp;
let sink: SmtpSink;

it.beforeAll(({ app, sink: fileSink }) => {
  t = app;
  sink = fileSink;
});

const post = (url: string, payload: object, remoteAddress = '127.0.0.1') =>
  t.app.inject({ method: 'POST', url, payload, remoteAddress });
const db = () => t.testDatabase.database.db;

async function userIdOf(email: string): Promise<string> {
  const [row] = await db().select({ id: users.id }).from(users).where(eq(users.email, email));
  if (!row) throw new Error(`no user ${email}`);
  return row.id;
}

describe('verification codes', () => {
  it('guesses spread over many addresses still count against the one code', async () => {
    const email = 'spread@example.com';
    await post('/auth/create-user', { email, password: TEST_PASSWORD, method: 'web' });
    const code = await sink.nextCode(email);
    const wrong = code === '111111' ? '222222' : '111111';
    for (let i = 0; i < 5; i++) {
      const guess = await post('/auth/verify-email', { email, code: wrong }, `10.0.${i}.9`);
      expect(guess.statusCode).toBe(400);
    }
    // The right code, from yet another address: the code is already dead.
    expect((await post('/auth/verify-email', { email, code }, '10.0.99.9')).statusCode).toBe(400);
  });

  it('a code sent to one email does not verify another', async () => {
    await post('/auth/create-user', {
      email: 'first.code@example.com',
      password: TEST_PASSWORD,
      method: 'web',
    });
    await post('/auth/create-user', {
      email: 'second.code@example.com',
      password: TEST_PASSWORD,
      method: 'web',
    });
    const firstCode = await sink.nextCode('first.code@example.com');
    await sink.nextCode('second.code@example.com');
    const crossed = await post('/auth/verify-email', { email: 'second.code@example.com', code: firstCode });
    expect(crossed.statusCode).toBe(400);
    const [second] = await db().select().from(users).where(eq(users.email, 'second.code@example.com'));
    expect(second?.emailVerifiedAt).toBeNull();
  });
});

describe('tokens', () => {
  it('refuses HS/RS confusion, a jku header and a wrong audience, even with our own secret', async () => {
    const email = 'jwt.attack@example.com';
    const token = await signUpUser(t.app, sink, email);
    const userId = await userIdOf(email);
    const secret = new TextEncoder().encode(t.config.jwtSecret);
    const claims = { uid: email, ver: 0 };
    const base = (header: Record<string, unknown>) =>
      new SignJWT(claims)
        .setProtectedHeader({ alg: 'HS256', ...header })
        .setSubject(userId)
        .setIssuer('arlo')
        .setExpirationTime('1h');
    const { privateKey } = await generateKeyPair('RS256');
    const rs256 = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'RS256' })
      .setSubject(userId)
      .setIssuer('arlo')
      .setAudience('arlo-web')
      .setExpirationTime('1h')
      .sign(privateKey);
    const jku = await base({ alg: 'RS256', jku: 'https://evil.example/jwks.json' })
      .setAudience('arlo-web')
      .sign(privateKey);
    const wrongAudience = await base({}).setAudience('someone-else').sign(secret);
    for (const forged of [rs256, jku, wrongAudience]) {
      const answer = await t.app.inject({ method: 'GET', url: '/auth/user/status', headers: bearer(forged) });
      expect(answer.statusCode).toBe(401);
    }
    // The genuine token still works: the refusals were about the forgeries.
    const genuine = await t.app.inject({ method: 'GET', url: '/auth/user/status', headers: bearer(token) });
    expect(genuine.statusCode).toBe(200);
  });
});

describe('ad data and tokens', () => {
  const accounts = generateDemoData({ today: todayIn(DEMO_TIME_ZONE) }).adAccounts;
  const [mine, theirs] = accounts;
  let ownerToken: string;
  let strangerToken: string;
  let facebookToken: string;

  beforeAll(async () => {
    if (!mine || !theirs) throw new Error('the demo data has two accounts');
    const simulator = t.app.meta.simulator;
    if (!simulator) throw new Error('demo mode');
    // The stranger connects only the first account; the owner only the second.
    const connect = async (email: string, account: typeof mine) => {
      const first = await signUpUser(t.app, sink, email);
      const token = simulator.issueUserToken({ scopes: ['email', 'public_profile', 'ads_read'] });
      const saved = await t.app.inject({
        method: 'POST',
        url: '/auth/save-facebook-permissions',
        headers: bearer(first),
        payload: { facebookToken: token, accounts: [{ account_id: account.account_id, name: account.name }] },
      });
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.body).not.toContain(token);
      const fresh = saved.json().token as string;
      await settledAccounts(t.app, fresh);
      return { token: fresh, facebookToken: token };
    };
    strangerToken = (await connect('stranger.attack@example.com', mine)).token;
    const owner = await connect('owner.attack@example.com', theirs);
    ownerToken = owner.token;
    facebookToken = owner.facebookToken;
  });

  const ask = async (token: string, message: string) => {
    const session = await t.app.inject({
      method: 'GET',
      url: '/api/sessions/current',
      headers: bearer(token),
    });
    return t.app.inject({
      method: 'POST',
      url: '/api/ask',
      headers: bearer(token),
      payload: { message, sessionId: session.json().sessionId, timezone: 'UTC', model: 'arlo_auto' },
    });
  };

  it("never shows another user's account, asked for by name, by id or with SQL", async () => {
    if (!theirs) throw new Error('two accounts');
    const today = todayIn(DEMO_TIME_ZONE);
    const theirSpend = await answerQuestion(
      { db: db(), scope: { accountIds: [theirs.account_id] }, today },
      'How much did I spend in the last 30 days?',
    );
    const spend = theirSpend.queries[0]?.rows[0]?.spend;
    expect(typeof spend).toBe('number');
    const shown = formatValue(spend as number, 'money', theirs.currency);
    const questions = [
      `What was the total spend for ${theirs.name} in the last 30 days?`,
      `spend for account ${theirs.account_id} last 30 days`,
      `spend for act_${theirs.account_id}'; select * from users; -- last 30 days`,
    ];
    for (const message of questions) {
      const answer = await ask(strangerToken, message);
      expect(answer.statusCode, message).toBe(200);
      expect(answer.payload, message).not.toContain(shown);
      expect(answer.payload, message).not.toContain(theirs.name);
    }
    // The SQL was read as words: the users table is whole.
    const [count] = await queryRows<{ n: number }>(db(), sql`select count(*)::int as n from users`);
    expect(Number(count?.n)).toBeGreaterThanOrEqual(2);
  });

  it('keeps the Facebook token out of logs and answers, and sealed to its own user', async () => {
    const ownerId = await userIdOf('owner.attack@example.com');
    const strangerId = await userIdOf('stranger.attack@example.com');
    const [sealed] = await db().select().from(metaConnections).where(eq(metaConnections.userId, ownerId));
    if (!sealed) throw new Error('no connection');
    const key = t.config.encryptionKey;
    const longLived = openToken(key, ownerId, sealed);
    expect(longLived.length).toBeGreaterThan(10);
    expect(() => openToken(key, strangerId, sealed)).toThrow(TokenVaultError);
    expect(sealed.ciphertext).not.toContain(longLived);

    for (const url of [
      '/auth/user/status',
      '/api/accounts',
      '/api/sessions/recent',
      '/payment/subscription-status',
    ]) {
      const answer = await t.app.inject({ method: 'GET', url, headers: bearer(ownerToken) });
      expect(answer.payload, url).not.toContain(longLived);
      expect(answer.payload, url).not.toContain(facebookToken);
    }
    const answered = await ask(ownerToken, 'How much did I spend in the last 7 days?');
    expect(answered.payload).not.toContain(longLived);
    expect(t.logText()).not.toContain(longLived);
    expect(t.logText()).not.toContain(facebookToken);
  });
});
