import type { TestApp } from '../helpers/app';
import { runNode } from '../helpers/cli';
import { expect, test as it, SYNCED_SETUP_MS, type TestUser } from '../helpers/fixtures';
import { bearer, TEST_PASSWORD } from '../helpers/users';

// The outside check: scripts/mcp-check.ts is a separate process that knows ARLO only by its URL.
const SYNC_AND_CHECK_MS = 120_000;

// The user it signs in as comes connected and synced from the synced template.
it.override({ appDatabase: 'synced' });

let t: TestApp;
let baseUrl: string;
let user: TestUser;

it.beforeAll(async ({ app, connectUser }) => {
  t = app;
  baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
  user = await connectUser();
}, SYNCED_SETUP_MS);

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
        user.email,
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
    const tokens = await t.app.inject({ method: 'GET', url: '/api/mcp-tokens', headers: bearer(user.token) });
    expect(tokens.json().tokens).toEqual([]);
  },
  SYNC_AND_CHECK_MS,
);
