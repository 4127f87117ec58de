import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppError } from '../../src/server/errors';
import { buildTestApp, type TestApp } from '../helpers/app';

// Routes that exist only in this test, added through the app's public plugin interface, to reach
// each branch of the one error handler.
describe('error responses', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  async function appWithProbes() {
    const { buildApp } = await import('../../src/server/app');
    const lines: string[] = [];
    const app = await buildApp(t.config, {
      database: t.testDatabase.database,
      logStream: { write: (line: string) => void lines.push(line) },
      webRoot: '/nonexistent',
    });
    app.post(
      '/api/probe/echo',
      { schema: { body: z.object({ email: z.email(), count: z.number().int() }) } },
      async (request) => request.body,
    );
    app.get('/api/probe/crash', async () => {
      const error = new Error('duplicate key value violates unique constraint "users_email_unique"');
      error.stack = `Error: SELECT * FROM users WHERE password_hash = $1\n    at secret (/srv/arlo/src/x.ts:1:1)`;
      throw error;
    });
    app.get('/api/probe/conflict', async () => {
      throw new AppError('CONFLICT', 'User already exists with active account', { redirect: '/login' });
    });
    await app.ready();
    return { app, lines };
  }

  it('gives every 4xx and 5xx the { message, code } shape', async () => {
    const { app } = await appWithProbes();
    try {
      const cases = [
        { method: 'GET' as const, url: '/api/does-not-exist', status: 404, code: 'NOT_FOUND' },
        { method: 'GET' as const, url: '/api/probe/crash', status: 500, code: 'INTERNAL_ERROR' },
        { method: 'GET' as const, url: '/api/probe/conflict', status: 409, code: 'CONFLICT' },
      ];
      for (const { method, url, status, code } of cases) {
        const response = await app.inject({ method, url });
        expect(response.statusCode, url).toBe(status);
        expect(response.headers['content-type']).toMatch(/application\/json/);
        const body = response.json();
        expect(body.code).toBe(code);
        expect(typeof body.message).toBe('string');
        expect(body.message.length).toBeGreaterThan(0);
      }
    } finally {
      await app.close();
    }
  });

  it('keeps stack traces and SQL out of a 500, but logs them with the request id', async () => {
    const { app, lines } = await appWithProbes();
    try {
      const response = await app.inject({ method: 'GET', url: '/api/probe/crash' });
      expect(response.statusCode).toBe(500);
      expect(response.json()).toEqual({
        message: 'Something went wrong on our side. Please try again.',
        code: 'INTERNAL_ERROR',
      });
      expect(response.body).not.toMatch(/SELECT|users_email_unique|\.ts:|stack/i);
      const logged = lines.map((line) => JSON.parse(line)).find((entry) => entry.msg === 'unhandled error');
      expect(logged?.reqId).toBe(response.headers['x-request-id']);
      expect(logged?.err?.message).toContain('users_email_unique');
    } finally {
      await app.close();
    }
  });

  it('carries the documented extra fields of an AppError', async () => {
    const { app } = await appWithProbes();
    try {
      const response = await app.inject({ method: 'GET', url: '/api/probe/conflict' });
      expect(response.json()).toEqual({
        message: 'User already exists with active account',
        code: 'CONFLICT',
        redirect: '/login',
      });
    } finally {
      await app.close();
    }
  });

  it('names the field that failed validation', async () => {
    const { app } = await appWithProbes();
    try {
      const bad = await app.inject({
        method: 'POST',
        url: '/api/probe/echo',
        payload: { email: 'nope', count: 1 },
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().code).toBe('VALIDATION_ERROR');
      expect(bad.json().message).toContain('email');

      const wrongType = await app.inject({
        method: 'POST',
        url: '/api/probe/echo',
        payload: { email: 'a@b.co', count: 'seven' },
      });
      expect(wrongType.statusCode).toBe(400);
      expect(wrongType.json().message).toContain('count');

      const good = await app.inject({
        method: 'POST',
        url: '/api/probe/echo',
        payload: { email: 'a@b.co', count: 7 },
      });
      expect(good.statusCode).toBe(200);
      expect(good.json()).toEqual({ email: 'a@b.co', count: 7 });
    } finally {
      await app.close();
    }
  });

  it('rejects malformed JSON, prototype poisoning, oversize bodies and unknown media types with 4xx', async () => {
    const { app } = await appWithProbes();
    try {
      const send = (payload: string, contentType = 'application/json') =>
        app.inject({
          method: 'POST',
          url: '/api/probe/echo',
          payload,
          headers: { 'content-type': contentType },
        });

      const malformed = await send('{"email": ');
      expect(malformed.statusCode).toBe(400);
      expect(malformed.json()).toEqual({
        message: 'The request body is not valid JSON.',
        code: 'BAD_REQUEST',
      });

      const poisoned = await send('{"email":"a@b.co","count":1,"__proto__":{"admin":true}}');
      expect(poisoned.statusCode).toBe(400);
      expect(poisoned.json().code).toBe('BAD_REQUEST');

      const huge = await send(JSON.stringify({ email: 'a@b.co', count: 1, pad: 'x'.repeat(1024 * 1024) }));
      expect(huge.statusCode).toBe(413);
      expect(huge.json()).toEqual({
        message: 'The request body is too large (limit 8 KB).',
        code: 'PAYLOAD_TOO_LARGE',
      });

      const xml = await send('<a/>', 'application/xml');
      expect(xml.statusCode).toBe(415);
      expect(xml.json().code).toBe('UNSUPPORTED_MEDIA_TYPE');
    } finally {
      await app.close();
    }
  });
});
