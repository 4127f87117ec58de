import { randomInt, randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import {
  AUTH_REQUESTS_PER_IP_PER_MINUTE,
  REQUESTS_PER_IP_AND_EMAIL_PER_MINUTE,
} from '../../src/server/auth/routes';
import { buildTestApp, type TestApp } from '../helpers/app';
import { isReachable, redisUrl } from '../helpers/environment';

const redisUp = await isReachable(redisUrl);

/** An app node with one rate-limited probe route (2 requests a minute); routes opt in to limits. */
async function nodeWithLimitedRoute(t: TestApp, env: { redisUrl?: string }, route: string) {
  const app: FastifyInstance = await buildApp(
    { ...t.config, redisUrl: env.redisUrl },
    { database: t.testDatabase.database, logStream: { write: () => {} }, webRoot: '/nonexistent' },
  );
  app.get(route, { config: { rateLimit: { max: 2, timeWindow: 60_000 } } }, async () => ({ ok: true }));
  await app.ready();
  return app;
}

describe('rate limits', () => {
  let t: TestApp;
  const apps: FastifyInstance[] = [];
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => {
    await Promise.all(apps.map((app) => app.close()));
    await t.close();
  });

  it('answer 429 in the standard error shape once a route’s limit is spent (in memory by default)', async () => {
    const app = await nodeWithLimitedRoute(t, {}, '/api/probe/limited');
    apps.push(app);
    const statuses = [];
    for (let i = 0; i < 3; i++)
      statuses.push((await app.inject({ method: 'GET', url: '/api/probe/limited' })).statusCode);
    expect(statuses).toEqual([200, 200, 429]);
    const limited = await app.inject({ method: 'GET', url: '/api/probe/limited' });
    expect(limited.json()).toEqual({
      message: expect.stringMatching(/^Too many requests\. Please try again in \d+ seconds\.$/),
      code: 'RATE_LIMITED',
    });
    // Routes that did not opt in are not limited.
    for (let i = 0; i < 5; i++)
      expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });

  it.skipIf(!redisUp)('share their counters across app nodes through REDIS_URL', async () => {
    // A route name of its own keeps this run's counters apart from any earlier run's.
    const route = `/api/probe/shared-${randomUUID()}`;
    const first = await nodeWithLimitedRoute(t, { redisUrl }, route);
    const second = await nodeWithLimitedRoute(t, { redisUrl }, route);
    apps.push(first, second);
    expect((await first.inject({ method: 'GET', url: route })).statusCode).toBe(200);
    expect((await second.inject({ method: 'GET', url: route })).statusCode).toBe(200);
    expect((await first.inject({ method: 'GET', url: route })).statusCode).toBe(429);
    expect((await second.inject({ method: 'GET', url: route })).statusCode).toBe(429);
  });

  it.skipIf(!redisUp)(
    'share the per-address and per-address-and-email auth counts across app nodes',
    async () => {
      const first = await nodeWithLimitedRoute(t, { redisUrl }, `/api/probe/${randomUUID()}`);
      const second = await nodeWithLimitedRoute(t, { redisUrl }, `/api/probe/${randomUUID()}`);
      apps.push(first, second);
      // An address and an email of this run's own: Redis keeps earlier runs' counts for a minute.
      const remoteAddress = `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
      const email = `${randomUUID()}@example.com`;
      let sent = 0;
      const validate = (address: string) => {
        const node = sent++ % 2 === 0 ? first : second;
        return node.inject({
          method: 'POST',
          url: '/auth/validate-email',
          payload: { email: address },
          remoteAddress,
        });
      };
      for (let i = 0; i < REQUESTS_PER_IP_AND_EMAIL_PER_MINUTE; i++)
        expect((await validate(email)).statusCode).toBe(200);
      expect((await validate(email)).statusCode).toBe(429);
      while (sent < AUTH_REQUESTS_PER_IP_PER_MINUTE) {
        expect((await validate(`other${sent}@example.com`)).statusCode).toBe(200);
      }
      const over = await validate('one.more@example.com');
      expect(over.statusCode).toBe(429);
      expect(over.json()).toEqual({
        message: expect.stringMatching(/^Too many requests\. Please try again in \d+ seconds\.$/),
        code: 'RATE_LIMITED',
      });
    },
  );
});

describe('a configured Redis that is down', () => {
  it('stops the start with a clear message instead of silently not limiting', async () => {
    const t = await buildTestApp();
    try {
      await expect(
        nodeWithLimitedRoute(t, { redisUrl: 'redis://127.0.0.1:1' }, '/api/probe/x'),
      ).rejects.toThrow('REDIS_URL is set but Redis at 127.0.0.1:1 cannot be reached');
    } finally {
      await t.close();
    }
  });
});
