import { statSync } from 'node:fs';
import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, parseEnv } from '../../src/server/config';
import { buildTestApp } from '../helpers/app';
import { startCheckout } from '../helpers/checkout';
import { startSmtpSink } from '../helpers/smtp-sink';
import { makeTempDir } from '../helpers/temp-dir';
import { signUpUser } from '../helpers/users';

function errorFor(env: Record<string, string>): string {
  try {
    parseEnv(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error(`expected ${JSON.stringify(env)} to be rejected`);
}

describe('configuration', () => {
  it('has the documented defaults', () => {
    const env = parseEnv({});
    expect(env).toMatchObject({
      PORT: 3000,
      HOST: '127.0.0.1',
      PUBLIC_URL: 'http://localhost:3000',
      DATA_DIR: './data',
    });
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.REDIS_URL).toBeUndefined();
  });

  it('defaults PUBLIC_URL to the port served, and an explicit one wins', () => {
    expect(parseEnv({ PORT: '4567' }).PUBLIC_URL).toBe('http://localhost:4567');
    const dataDir = '/nonexistent-never-written';
    const secrets = { DATA_DIR: dataDir, JWT_SECRET: 'j'.repeat(32), ENCRYPTION_KEY: 'ab'.repeat(32) };
    expect(loadConfig({ ...secrets, PORT: '4567' }).publicUrl).toBe('http://localhost:4567');
    expect(loadConfig({ ...secrets, PORT: '4567', PUBLIC_URL: 'https://arlo.example.com/' }).publicUrl).toBe(
      'https://arlo.example.com',
    );
  });

  it('treats empty strings as unset', () => {
    const env = parseEnv({ PORT: '', DATABASE_URL: '' });
    expect(env.PORT).toBe(3000);
    expect(env.DATABASE_URL).toBeUndefined();
  });

  it.each([
    [{ PORT: 'abc' }, /^Invalid configuration: PORT must be a whole number from 0 to 65535 \(got "abc"\)$/],
    [{ PORT: '70000' }, /^Invalid configuration: PORT .*65535/],
    [
      { PUBLIC_URL: 'ftp://example.com' },
      /^Invalid configuration: PUBLIC_URL must be a URL starting with http/,
    ],
    [
      { DATABASE_URL: 'mysql://db/x' },
      /^Invalid configuration: DATABASE_URL must be a URL starting with postgres/,
    ],
    [{ REDIS_URL: 'localhost:6379' }, /^Invalid configuration: REDIS_URL /],
    [{ ENCRYPTION_KEY: 'c2hvcnQ=' }, /^Invalid configuration: ENCRYPTION_KEY must be 32 bytes/],
    [{ JWT_SECRET: 'short' }, /^Invalid configuration: JWT_SECRET must be at least 32 characters$/],
    [{ META_APP_ID: '123' }, /^Invalid configuration: META_APP_SECRET must be set when META_APP_ID is set$/],
    [
      { LLM_BASE_URL: 'http://127.0.0.1:1' },
      /^Invalid configuration: LLM_MODEL must be set when LLM_BASE_URL is set$/,
    ],
    [
      { STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_WEBHOOK_SECRET: 'whsec_x' },
      /^Invalid configuration: STRIPE_PRICE_MONTHLY must be set when STRIPE_SECRET_KEY is set/,
    ],
    [{ LOG_LEVEL: 'loud' }, /^Invalid configuration: LOG_LEVEL /],
  ])('stops on %o with one line naming the variable', (env, expected) => {
    const message = errorFor(env);
    expect(message).toMatch(expected);
    expect(message).not.toContain('\n');
  });

  it('never echoes a secret value in the error', () => {
    expect(errorFor({ DATABASE_URL: 'mysql://admin:hunter2@db/x' })).not.toContain('hunter2');
    expect(errorFor({ JWT_SECRET: 'tooshort-hunter2' })).not.toContain('hunter2');
  });

  it('accepts a 32-byte key as hex or base64', () => {
    const dataDir = '/nonexistent-never-written';
    const hex = 'ab'.repeat(32);
    const config = loadConfig({ DATA_DIR: dataDir, JWT_SECRET: 'j'.repeat(32), ENCRYPTION_KEY: hex });
    expect(config.encryptionKey.toString('hex')).toBe(hex);
    const base64 = Buffer.alloc(32, 7).toString('base64');
    expect(
      loadConfig({ DATA_DIR: dataDir, JWT_SECRET: 'j'.repeat(32), ENCRYPTION_KEY: base64 }).encryptionKey,
    ).toEqual(Buffer.alloc(32, 7));
  });
});

describe('generated secrets', () => {
  const dirs: string[] = [];
  afterAll(() => Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true }))));

  it('are created once in DATA_DIR with mode 600 and reused on later loads', async () => {
    const dataDir = await makeTempDir();
    dirs.push(dataDir);
    const first = loadConfig({ DATA_DIR: dataDir });
    const file = path.join(dataDir, 'secrets.json');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(first.jwtSecret.length).toBeGreaterThanOrEqual(32);
    expect(first.encryptionKey.length).toBe(32);

    const second = loadConfig({ DATA_DIR: dataDir });
    expect(second.jwtSecret).toBe(first.jwtSecret);
    expect(second.encryptionKey.equals(first.encryptionKey)).toBe(true);

    const other = loadConfig({ DATA_DIR: await makeTempDir() });
    expect(other.jwtSecret).not.toBe(first.jwtSecret);
  });

  it('let an environment value win for one secret while the file keeps the other', async () => {
    const dataDir = await makeTempDir();
    dirs.push(dataDir);
    const stored = loadConfig({ DATA_DIR: dataDir });
    const pinned = loadConfig({ DATA_DIR: dataDir, JWT_SECRET: 'p'.repeat(40) });
    expect(pinned.jwtSecret).toBe('p'.repeat(40));
    expect(pinned.encryptionKey.equals(stored.encryptionKey)).toBe(true);
  });

  it('refuse a damaged secrets file instead of silently replacing it', async () => {
    const dataDir = await makeTempDir();
    dirs.push(dataDir);
    loadConfig({ DATA_DIR: dataDir });
    const file = path.join(dataDir, 'secrets.json');
    const { writeFile } = await import('node:fs/promises');
    await writeFile(file, '{"jwtSecret": "x"');
    expect(() => loadConfig({ DATA_DIR: dataDir })).toThrow(/secrets\.json is damaged/);
    expect(await readFile(file, 'utf8')).toBe('{"jwtSecret": "x"');
  });
});

describe('PUBLIC_URL left unset with PORT set', () => {
  it('sends the demo checkout and its return to that port', async () => {
    const sink = await startSmtpSink();
    const t = await buildTestApp({ env: { SMTP_URL: sink.url, PORT: '4567' } });
    try {
      const token = await signUpUser(t.app, sink, 'port.buyer@example.com');
      const prices = (await t.app.inject({ method: 'GET', url: '/api/client-config' })).json().billing.prices;
      const { url } = await startCheckout(t.app, token, prices.payment.monthly);
      expect(url.origin).toBe('http://localhost:4567');
      const paid = await t.app.inject({
        method: 'POST',
        url: `${url.pathname}/pay`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: '',
      });
      expect(paid.statusCode).toBe(303);
      expect(paid.headers.location).toMatch(/^http:\/\/localhost:4567\//);
    } finally {
      await t.close();
      await sink.close();
    }
  }, 60_000); // a signup hashes a password: slow on a busy machine
});
