import { sql } from 'drizzle-orm';
import { describe } from 'vitest';
import { HANDOFF_EXCHANGES_PER_IP_PER_MINUTE } from '../../src/server/auth/handoff-routes';
import { queryRows } from '../../src/server/db/client';
import { HANDOFF_INVALID } from '../../src/shared/api/handoff';
import type { TestApp } from '../helpers/app';
import { expect, test as it } from '../helpers/fixtures';
import { bearer } from '../helpers/users';

let t: TestApp;
let bob: string;
let mallory: string;

it.beforeAll(async ({ app, signUp }) => {
  t = app;
  bob = (await signUp('bob@example.com')).token;
  mallory = (await signUp('mallory@example.com')).token;
});

// Each test's exchanges come from an address of its own, so the per-address limit stays out of the way.
let address = 0;
const nextAddress = () => `10.20.0.${++address}`;

async function makeCode(token: string): Promise<string> {
  const response = await t.app.inject({ method: 'POST', url: '/auth/handoff', headers: bearer(token) });
  expect(response.statusCode, response.body).toBe(200);
  expect(response.json()).toEqual({ code: expect.any(String), expiresIn: 60 });
  return response.json().code as string;
}

const exchange = (code: string, remoteAddress = nextAddress(), headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/auth/handoff/exchange',
    payload: { code },
    headers,
    remoteAddress,
  });

/** Whose token it is, as the status call says. */
async function uidOf(token: string): Promise<string> {
  const status = await t.app.inject({ method: 'GET', url: '/auth/user/status', headers: bearer(token) });
  expect(status.statusCode, status.body).toBe(200);
  return status.json().user.uid as string;
}

const expectRefused = (response: Awaited<ReturnType<typeof exchange>>) => {
  expect(response.statusCode, response.body).toBe(400);
  expect(response.json()).toEqual({ message: HANDOFF_INVALID, code: 'BAD_REQUEST' });
};

describe('session hand-off codes', () => {
  it('needs a signed-in user to make a code', async () => {
    const anonymous = await t.app.inject({ method: 'POST', url: '/auth/handoff' });
    expect(anonymous.statusCode).toBe(401);
    const forged = await t.app.inject({ method: 'POST', url: '/auth/handoff', headers: bearer('x.y.z') });
    expect(forged.statusCode).toBe(401);
  });

  it('trades a code once for a token of the user who made it', async () => {
    const code = await makeCode(bob);
    const first = await exchange(code);
    expect(first.statusCode, first.body).toBe(200);
    expect(await uidOf(first.json().token)).toBe('bob@example.com');
    expectRefused(await exchange(code));
  });

  it('lets exactly one of many parallel exchanges of one code through', async () => {
    const code = await makeCode(bob);
    const from = nextAddress();
    const answers = await Promise.all(Array.from({ length: 8 }, () => exchange(code, from)));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([
      200, 400, 400, 400, 400, 400, 400, 400,
    ]);
  });

  it('refuses an expired code', async () => {
    const code = await makeCode(bob);
    await t.testDatabase.database.db.execute(
      sql`update handoff_codes set expires_at = now() - interval '1 second'`,
    );
    expectRefused(await exchange(code));
  });

  it("gives another user's code only that user's token, whoever sends it, and an unknown code nothing", async () => {
    const mallorysCode = await makeCode(mallory);
    const bobsCode = await makeCode(bob);
    // Bob's own session in the request changes nothing: the code alone decides whose token it is.
    const taken = await exchange(mallorysCode, nextAddress(), bearer(bob));
    expect(await uidOf(taken.json().token)).toBe('mallory@example.com');
    expect(await uidOf((await exchange(bobsCode)).json().token)).toBe('bob@example.com');
    // Nor is a token a code.
    expect((await exchange(bob)).statusCode).toBe(400);
    expectRefused(await exchange('A'.repeat(43)));
  });

  it('keeps only a hash of each code', async () => {
    const code = await makeCode(mallory);
    const rows = await queryRows<{ code_hash: string; user_id: string }>(
      t.testDatabase.database.db,
      sql`select * from handoff_codes`,
    );
    expect(rows.length).toBeGreaterThan(0);
    expect(JSON.stringify(rows)).not.toContain(code);
  });

  it('kills a code when its maker resets the password before it is used', async ({ sink, signUp }) => {
    const email = 'resetter@example.com';
    const { token } = await signUp(email);
    const code = await makeCode(token);
    await t.app.inject({ method: 'POST', url: '/auth/forgot-password', payload: { email } });
    const reset = await t.app.inject({
      method: 'POST',
      url: '/auth/reset-password-with-code',
      payload: { email, code: await sink.nextCode(email), newPassword: 'Brand-New-Pass-1' },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    expectRefused(await exchange(code));
  });

  it('limits exchanges per address, with a clear 429, and leaves other addresses alone', async () => {
    const from = nextAddress();
    for (let i = 0; i < HANDOFF_EXCHANGES_PER_IP_PER_MINUTE; i++)
      expectRefused(await exchange(`guess-${i}`, from));
    const code = await makeCode(bob);
    const over = await exchange(code, from);
    expect(over.statusCode).toBe(429);
    expect(over.json()).toEqual({
      message: expect.stringMatching(/^Too many requests\. Please try again in \d+ seconds\.$/),
      code: 'RATE_LIMITED',
    });
    // The refused attempt did not spend the code.
    expect((await exchange(code)).statusCode).toBe(200);
  });
});
