import { beforeAll, describe } from 'vitest';
import { FREE_FAILURES_PER_ACCOUNT, FREE_FAILURES_PER_SOURCE } from '../../src/server/auth/login-failures';
import type { TestApp } from '../helpers/app';
import { ageCodes } from '../helpers/code-clock';
import { expect, test as it } from '../helpers/fixtures';
import type { SmtpSink } from '../helpers/smtp-sink';
import { signUpUser, TEST_PASSWORD } from '../helpers/users';

/** Guessing from other addresses must never keep an account's owner out, nor stop their reset code. */
let t: TestApp;
let sink: SmtpSink;

it.beforeAll(({ app, sink: fileSink }) => {
  t = app;
  sink = fileSink;
});

const post = (url: string, payload: object, remoteAddress: string) =>
  t.app.inject({ method: 'POST', url, payload, remoteAddress });
const login = (email: string, password: string, remoteAddress: string) =>
  post('/auth/login', { email, password }, remoteAddress);
const WRONG = 'Wrong-Pass-99';
const REFUSED_MESSAGE =
  /^Too many failed login attempts\. Please wait \d+ seconds and try again, or reset your password\.$/;

describe('an attacker guessing and asking for reset codes', () => {
  const victim = 'victim@example.com';
  beforeAll(() => signUpUser(t.app, sink, victim));

  // 110 password checks and ten mails: slower than most tests on a busy machine.
  it('leaves the owner, from their own address, able to log in and to get a reset code', {
    timeout: 120_000,
  }, async () => {
    // 110 wrong passwords, each from an address of its own so that every one is really checked.
    const attackers = Array.from({ length: 110 }, (_, i) => `10.66.${Math.floor(i / 200)}.${(i % 200) + 1}`);
    for (let batch = 0; batch < attackers.length; batch += 5) {
      const addresses = attackers.slice(batch, batch + 5);
      const guesses = await Promise.all(addresses.map((address) => login(victim, WRONG, address)));
      for (const guess of guesses) {
        expect(guess.statusCode, guess.body).toBe(401);
        expect(guess.json().message).toBe('Invalid password');
      }
    }
    // The account is under attack: an address that has failed on it waits before its next try,
    // even with the right password, and the refusal says how long.
    const again = await login(victim, TEST_PASSWORD, attackers.at(-1) as string);
    expect(again.statusCode).toBe(429);
    expect(again.json()).toMatchObject({
      code: 'RATE_LIMITED',
      message: expect.stringMatching(REFUSED_MESSAGE),
    });
    expect(again.json().secondsLeft).toBeGreaterThan(0);
    expect(Number(again.headers['retry-after'])).toBe(again.json().secondsLeft);

    // Ten reset codes asked for from one address over ten minutes, then two more from others.
    for (let request = 1; request <= 10; request++) {
      await ageCodes(t.testDatabase.database.db, victim, 61);
      expect((await post('/auth/forgot-password', { email: victim }, '10.66.9.9')).statusCode).toBe(200);
      await sink.nextCode(victim);
    }
    for (const address of ['10.66.9.10', '10.66.9.11']) {
      expect((await post('/auth/forgot-password', { email: victim }, address)).statusCode).toBe(200);
    }

    const owner = '192.0.2.10';
    const loggedIn = await login(victim, TEST_PASSWORD, owner);
    expect(loggedIn.statusCode, loggedIn.body).toBe(200);

    // A minute later the owner asks for a code of their own, and it arrives and works.
    await ageCodes(t.testDatabase.database.db, victim, 61);
    expect((await post('/auth/forgot-password', { email: victim }, owner)).statusCode).toBe(200);
    const code = await sink.nextCode(victim);
    const reset = await post(
      '/auth/reset-password-with-code',
      { email: victim, code, newPassword: 'Owner-Again-7' },
      owner,
    );
    expect(reset.statusCode, reset.body).toBe(200);
    expect((await login(victim, 'Owner-Again-7', owner)).statusCode).toBe(200);
  });
});

describe('one address guessing', () => {
  it('is refused before its password is checked once its free tries are spent, while the owner logs in', async () => {
    const email = 'brute.force@example.com';
    await signUpUser(t.app, sink, email);
    const attacker = '10.77.0.1';
    for (let i = 0; i < FREE_FAILURES_PER_ACCOUNT; i++) {
      expect((await login(email, `${WRONG}${i}`, attacker)).statusCode).toBe(401);
    }
    // Even the right password is not checked: the source is waiting.
    const refused = await login(email, TEST_PASSWORD, attacker);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(REFUSED_MESSAGE);
    expect(refused.json().secondsLeft).toBeGreaterThan(0);

    expect((await login(email, TEST_PASSWORD, '192.0.2.20')).statusCode).toBe(200);
    // The owner's login forgives the owner's address only.
    expect((await login(email, TEST_PASSWORD, attacker)).statusCode).toBe(429);
  });

  it('gets no more tries from a burst of parallel guesses than from the same guesses in a row', async () => {
    const email = 'burst@example.com';
    await signUpUser(t.app, sink, email);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => login(email, `${WRONG}${i}`, '10.77.1.1')),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.every((status) => status === 401 || status === 429)).toBe(true);
    expect(statuses.filter((status) => status === 401).length).toBeLessThanOrEqual(FREE_FAILURES_PER_ACCOUNT);
  });

  it('is slowed when it spreads its guesses over many accounts', async () => {
    const accounts = Math.ceil(FREE_FAILURES_PER_SOURCE / FREE_FAILURES_PER_ACCOUNT) + 1;
    const emails = Array.from({ length: accounts }, (_, i) => `spray${i}@example.com`);
    for (const email of emails) await signUpUser(t.app, sink, email);
    const sprayer = '10.77.2.1';
    let failures = 0;
    for (const email of emails.slice(0, -1)) {
      for (let i = 0; i < FREE_FAILURES_PER_ACCOUNT && failures < FREE_FAILURES_PER_SOURCE; i++, failures++) {
        expect((await login(email, WRONG, sprayer)).statusCode).toBe(401);
      }
    }
    // A fresh account for this address, but the address has failed too often everywhere.
    expect((await login(emails.at(-1) as string, WRONG, sprayer)).statusCode).toBe(429);
    expect((await login(emails.at(-1) as string, TEST_PASSWORD, '192.0.2.30')).statusCode).toBe(200);
  });
});
