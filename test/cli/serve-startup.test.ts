import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openDatabase } from '../../src/server/db/client';
import { type RunningArlo, runArlo, startArlo } from '../helpers/cli';
import { createTestDatabase, type TestDatabase } from '../helpers/database';
import { postgresUrl } from '../helpers/environment';
import { type SmtpSink, startSmtpSink } from '../helpers/smtp-sink';
import { makeTempDir } from '../helpers/temp-dir';
import { TEST_PASSWORD } from '../helpers/users';

const modeOf = async (target: string) => (await stat(target)).mode & 0o777;

/** The pid of a process that has already exited, as a crashed server leaves in its lock. */
function deadPid(): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['-e', '']);
    child.on('error', reject);
    child.on('exit', () => resolve(child.pid as number));
  });
}

/** Occupies a port on 127.0.0.1 the way another program would. */
async function occupyPort(): Promise<Server> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return server;
}

/** Where the running server's demo checkout sends the browser, through its own HTTP API. */
async function demoCheckoutUrl(arlo: RunningArlo, sink: SmtpSink, email: string): Promise<URL> {
  const post = (route: string, body: object, token?: string) =>
    fetch(`${arlo.url}${route}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    });
  expect((await post('/auth/create-user', { email, password: TEST_PASSWORD, method: 'web' })).status).toBe(
    200,
  );
  const verified = await post('/auth/verify-email', { email, code: await sink.nextCode(email) });
  const { token } = (await verified.json()) as { token: string };
  const clientConfig = (await (await fetch(`${arlo.url}/api/client-config`)).json()) as {
    billing: { prices: { payment: { monthly: string } } };
  };
  const started = await post(
    '/payment/create-checkout-session',
    { priceId: clientConfig.billing.prices.payment.monthly },
    token,
  );
  expect(started.status).toBe(200);
  return new URL(((await started.json()) as { sessionUrl: string }).sessionUrl);
}

describe('arlo serve on the embedded database (PGlite)', () => {
  let dataDir: string;
  let sink: SmtpSink;
  let first: RunningArlo | undefined;
  let stalePid: number;
  const env = () => ({
    DATA_DIR: dataDir,
    SMTP_URL: sink.url,
    // A Meta app configured: no demo accounts to load, which the lock does not depend on and which
    // would only make a PGlite start slower.
    META_APP_ID: '1234',
    META_APP_SECRET: 'not-used',
    META_GRAPH_URL: 'http://127.0.0.1:9',
  });

  beforeAll(async () => {
    sink = await startSmtpSink();
    // A data folder left by an earlier version, readable by all as PGlite made it, and the lock of
    // a server that crashed. Starting from the migrated template also keeps the start quick.
    dataDir = await makeTempDir();
    const template = inject('pgliteTemplatePath');
    const earlier = await openDatabase({
      kind: 'pglite',
      dir: path.join(dataDir, 'pglite'),
      loadDataDir: template ? new Blob([await readFile(template)]) : undefined,
    });
    await earlier.migrate();
    await earlier.close();
    await chmod(dataDir, 0o755);
    await chmod(path.join(dataDir, 'pglite'), 0o755);
    stalePid = await deadPid();
    await writeFile(
      path.join(dataDir, 'arlo.lock'),
      JSON.stringify({
        pid: stalePid,
        hostname: os.hostname(),
        startedAt: '2026-01-01T00:00:00.000Z',
        token: 'x',
      }),
    );
    first = await startArlo(env());
  }, 120_000); // a PGlite start creates and migrates the database: slow on a busy machine
  afterAll(async () => {
    if (first?.child.exitCode === null) await first.stop();
    await sink?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('takes over the lock left by a server that is no longer running', async () => {
    const holder = JSON.parse(await readFile(path.join(dataDir, 'arlo.lock'), 'utf8'));
    expect(holder.pid).toBe(first?.child.pid);
    expect(holder.pid).not.toBe(stalePid);
    expect(holder.hostname).toBe(os.hostname());
  });

  it('makes an existing DATA_DIR and its database folder readable by this user only', async () => {
    expect(await modeOf(dataDir)).toBe(0o700);
    expect(await modeOf(path.join(dataDir, 'pglite'))).toBe(0o700);
    expect(await modeOf(path.join(dataDir, 'secrets.json'))).toBe(0o600);
  });

  it('refuses a second server on the same DATA_DIR with one line naming the folder and the holder, while the first keeps serving', async () => {
    const second = await runArlo(['serve', '--skip-build'], { ...env(), HOST: '127.0.0.1', PORT: '0' });
    expect(second.code).toBe(1);
    const lines = second.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^arlo serve: DATA_DIR .* is in use by another ARLO server \(pid \d+/);
    expect(lines[0]).toContain(`DATA_DIR ${dataDir} `);
    expect(lines[0]).toContain(`pid ${first?.child.pid},`);
    expect(second.stdout).not.toContain('ARLO is running');

    expect((await fetch(`${first?.url}/api/health`)).status).toBe(200);
  }, 60_000);

  it('refuses to migrate the embedded database under a running server', async () => {
    const migrate = await runArlo(['migrate'], env());
    expect(migrate.code).toBe(1);
    expect(migrate.stderr.trim()).toMatch(
      new RegExp(`^arlo migrate: DATA_DIR .* is in use by another ARLO server \\(pid ${first?.child.pid},`),
    );
    expect((await fetch(`${first?.url}/api/health`)).status).toBe(200);
  }, 60_000);

  it('sends the demo checkout back to the port it serves when PUBLIC_URL is unset', async () => {
    const arlo = first as RunningArlo;
    const checkout = await demoCheckoutUrl(arlo, sink, 'port.pglite@example.com');
    expect(checkout.origin).toBe(`http://localhost:${new URL(arlo.url).port}`);
  });

  it('lets go of the lock when it stops', async () => {
    expect(await first?.stop()).toBe(0);
    expect(existsSync(path.join(dataDir, 'arlo.lock'))).toBe(false);
  });
});

describe('arlo serve start-up checks', () => {
  let testDatabase: TestDatabase;
  let dataDir: string;
  // On PostgreSQL runs the child uses this file's cloned database; otherwise PGlite in DATA_DIR.
  const databaseEnv = (): Record<string, string> =>
    testDatabase.url ? { DATABASE_URL: testDatabase.url } : {};

  beforeAll(async () => {
    testDatabase = await createTestDatabase();
    dataDir = await makeTempDir();
  });
  afterAll(async () => {
    await testDatabase?.drop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('refuses a busy port at once with one line and a non-zero exit', async () => {
    const busy = await occupyPort();
    const port = (busy.address() as { port: number }).port;
    try {
      const result = await runArlo(['serve', '--skip-build'], {
        DATA_DIR: dataDir,
        HOST: '127.0.0.1',
        PORT: String(port),
        ...databaseEnv(),
      });
      expect(result.stderr.trim()).toBe(
        `arlo serve: Port ${port} on 127.0.0.1 is already in use. Stop the other process or set PORT.`,
      );
      expect(result.code).toBe(1);
      // Refused before the database was opened and the demo data loaded.
      expect(result.stdout).not.toContain('demo ad accounts loaded');
    } finally {
      await new Promise((resolve) => busy.close(resolve));
    }
  }, 60_000);

  it('stops with one line naming DATABASE_URL when the database cannot be reached', async () => {
    // Port 1 (tcpmux): a privileged port nothing on this machine listens on. A port freed a moment
    // earlier could be taken by another test's server in between, which then answers.
    const deadPort = 1;
    const result = await runArlo(['serve', '--skip-build'], {
      DATA_DIR: dataDir,
      HOST: '127.0.0.1',
      PORT: '0',
      DATABASE_URL: `postgres://postgres@127.0.0.1:${deadPort}/arlo`,
    });
    expect(result.code).toBe(1);
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
    expect(result.stderr).toMatch(/^arlo serve: cannot reach the database at DATABASE_URL: .*ECONNREFUSED/);
  }, 60_000);
});

describe.skipIf(!postgresUrl)('arlo serve on PostgreSQL', () => {
  let testDatabase: TestDatabase;
  let sink: SmtpSink;
  beforeAll(async () => {
    testDatabase = await createTestDatabase();
    sink = await startSmtpSink();
  });
  afterAll(async () => {
    await sink?.close();
    await testDatabase?.drop();
  });

  it('makes DATA_DIR private for its secrets file, takes no lock, and links checkout to the port it serves', async () => {
    const folder = await makeTempDir();
    await chmod(folder, 0o755);
    const arlo = await startArlo({
      DATA_DIR: folder,
      SMTP_URL: sink.url,
      DATABASE_URL: testDatabase.url as string,
    });
    try {
      expect(await modeOf(folder)).toBe(0o700);
      expect(await modeOf(path.join(folder, 'secrets.json'))).toBe(0o600);
      // Several app nodes may share DATA_DIR for the secrets when the database is PostgreSQL.
      expect(existsSync(path.join(folder, 'arlo.lock'))).toBe(false);
      const checkout = await demoCheckoutUrl(arlo, sink, 'port.postgres@example.com');
      expect(checkout.origin).toBe(`http://localhost:${new URL(arlo.url).port}`);
    } finally {
      expect(await arlo.stop()).toBe(0);
      await rm(folder, { recursive: true, force: true });
    }
  }, 120_000);
});
