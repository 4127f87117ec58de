import { afterAll, beforeAll, expect, it } from 'vitest';
import { connectDemoAccounts, settledAccounts } from '../helpers/ad-accounts';
import { buildTestApp, type TestApp } from '../helpers/app';
import { runNode } from '../helpers/cli';
import { type SmtpSink, startSmtpSink } from '../helpers/smtp-sink';
import { bearer, signUpUser, TEST_PASSWORD } from '../helpers/users';

// The outside check: scripts/mcp-check.ts is a separate process that knows ARLO only by its URL.
const SYNC_AND_CHECK_MS = 120_000;
const EMAIL = 'outside@example.com';

let t: TestApp;
let sink: SmtpSink;
let baseUrl: string;
let session: string;

beforeAll(async () => {
  sink = await startSmtpSink();
  t = await buildTestApp({ env: { SMTP_URL: sink.url } });
  baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
  session = await connectDemoAccounts(t.app, await signUpUser(t.app, sink, EMAIL));
  await settledAccounts(t.app, session);
}, SYNC_AND_CHECK_MS);
afterAll(async () => {
  await t?.close();
  await sink?.close();
});

it(
  'scripts/mcp-check.ts signs in, makes a token, gets agreeing figures from ask and query, and is refused once it revokes it',
  async () => {
    const result = await runNode(
      [
        '--import',
        'tsx',
        'scripts/mcp-check.ts',
        '--url',
        baseUrl,
        '--email',
        EMAIL,
        '--password',
        TEST_PASSWORD,
      ],
      { env: process.env },
    );
    console.log(result.stdout);
    expect(result.code, `${result.stdout}\n${result.stderr}`).toBe(0);
    expect(result.stdout).not.toContain('FAIL');
    expect(result.stdout).toContain("ok   ask's answer states the query's total $");
    expect(result.stdout).toContain('ok   the revoked token is refused (401)');
    // The token it made is gone.
    const tokens = await t.app.inject({ method: 'GET', url: '/api/mcp-tokens', headers: bearer(session) });
    expect(tokens.json().tokens).toEqual([]);
  },
  SYNC_AND_CHECK_MS,
);
