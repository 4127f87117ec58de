import { rm } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateDemoData } from '../../src/analyst/demo/generate';
import { DEMO_TIME_ZONE, todayIn } from '../../src/server/demo/seed';
import { type RunningArlo, startArlo } from '../helpers/cli';
import { createTestDatabase, type TestDatabase } from '../helpers/database';
import { type SmtpSink, startSmtpSink } from '../helpers/smtp-sink';
import { makeTempDir } from '../helpers/temp-dir';
import { TEST_PASSWORD } from '../helpers/users';

/** SIGTERM while an answer streams: the answer completes and is kept, new requests are refused, exit 0. */
describe('arlo serve on SIGTERM', () => {
  let dataDir: string;
  let testDatabase: TestDatabase;
  let sink: SmtpSink;
  let env: Record<string, string>;

  beforeAll(async () => {
    dataDir = await makeTempDir();
    testDatabase = await createTestDatabase();
    sink = await startSmtpSink();
    env = {
      DATA_DIR: dataDir,
      SMTP_URL: sink.url,
      ...(testDatabase.url ? { DATABASE_URL: testDatabase.url } : {}),
    };
  });
  afterAll(async () => {
    await sink?.close();
    await testDatabase?.drop();
    await rm(dataDir, { recursive: true, force: true });
  });

  const call = async (arlo: RunningArlo, path: string, body?: object, token?: string) =>
    fetch(`${arlo.url}${path}`, {
      method: body ? 'POST' : 'GET',
      headers: {
        ...(body ? { 'content-type': 'application/json' } : {}),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });

  /** A verified user with the demo ad accounts connected and synced, through the running server. */
  async function connectedUser(arlo: RunningArlo, email: string): Promise<string> {
    await call(arlo, '/auth/create-user', { email, password: TEST_PASSWORD, method: 'web' });
    const verified = await call(arlo, '/auth/verify-email', { email, code: await sink.nextCode(email) });
    const first = ((await verified.json()) as { token: string }).token;
    const oauth = await call(
      arlo,
      '/meta-sim/dialog/oauth?client_id=arlo-demo&scope=email,public_profile,ads_read',
    );
    const { accessToken } = (await oauth.json()) as { accessToken: string };
    const accounts = generateDemoData({ today: todayIn(DEMO_TIME_ZONE) }).adAccounts;
    const saved = await call(
      arlo,
      '/auth/save-facebook-permissions',
      {
        facebookToken: accessToken,
        accounts: accounts.map((a) => ({ account_id: a.account_id, name: a.name })),
      },
      first,
    );
    expect(saved.status).toBe(200);
    const token = ((await saved.json()) as { token: string }).token;
    for (let i = 0; i < 400; i++) {
      const listed = (await (await call(arlo, '/api/accounts', undefined, token)).json()) as {
        accounts: { sync: { status: string } }[];
      };
      if (listed.accounts.every((a) => a.sync.status === 'ok')) return token;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error('the demo accounts did not sync');
  }

  it('finishes and keeps the answer being streamed, refuses new requests, and exits 0 within 10 s', async () => {
    const arlo = await startArlo(env);
    let exitCode: number | null = null;
    let sessionId = '';
    let token = '';
    try {
      token = await connectedUser(arlo, 'sigterm@example.com');
      sessionId = (
        (await (await call(arlo, '/api/sessions/current', undefined, token)).json()) as {
          sessionId: string;
        }
      ).sessionId;
      // A report streams several sections: the signal lands while it is being written.
      const asked = await call(
        arlo,
        '/api/ask',
        { message: 'Give me a performance report', sessionId, timezone: 'UTC', model: 'arlo_auto' },
        token,
      );
      const reader = asked.body?.getReader();
      if (!reader) throw new Error('no stream');
      const decoder = new TextDecoder();
      let text = decoder.decode((await reader.read()).value, { stream: true });

      const stopped = Date.now();
      const exited = arlo.stop();
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        text += decoder.decode(value, { stream: true });
      }
      expect(text).toContain('data: [DONE]');
      expect(text).toContain('"type":"report_complete"');
      await expect(fetch(`${arlo.url}/api/health`)).rejects.toThrow();
      exitCode = await exited;
      expect(Date.now() - stopped).toBeLessThan(10_000);
    } finally {
      if (exitCode === null) await arlo.stop();
    }
    expect(exitCode).toBe(0);

    // Started again on the same data: the conversation is all there.
    const again = await startArlo(env);
    try {
      const history = (await (await call(again, `/api/sessions/${sessionId}`, undefined, token)).json()) as {
        history: { messages: { sender: string }[] };
      };
      const senders = history.history.messages.map((m) => m.sender);
      expect(senders[0]).toBe('user');
      expect(senders.filter((s) => s === 'lynceus').length).toBeGreaterThan(1);
    } finally {
      expect(await again.stop()).toBe(0);
    }
    // Two server starts, a signup and a sync: slow on a busy 2-core machine. The 10 s bound on the
    // shutdown itself is asserted above.
  }, 120_000);
});
