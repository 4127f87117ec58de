import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../helpers/app';

describe('request logs', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('carry the request id on every line of a request', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'trace-1' },
    });
    expect(response.statusCode).toBe(200);
    const lines = t.logs.filter((line) => line.reqId === 'trace-1');
    expect(lines.map((line) => line.msg)).toEqual(['incoming request', 'request completed']);
  });

  it('never contain tokens from the query string, headers or cookies', async () => {
    const secret = 'eyJhbGciOiJIUzI1NiJ9.c2VjcmV0LXBheWxvYWQ.sig-do-not-log';
    await t.app.inject({
      method: 'GET',
      url: `/?token=${secret}&userInfo=%7B%22uid%22%3A%22a%40b.co%22%7D&tab=chat`,
      headers: { authorization: `Bearer ${secret}`, cookie: `session=${secret}` },
    });
    await t.app.inject({ method: 'GET', url: `/api/health?access_token=${secret}` });
    await t.app.inject({ method: 'GET', url: '/?handoff=code-do-not-log' });
    const text = t.logText();
    expect(text).not.toContain('code-do-not-log');
    expect(text).not.toContain('sig-do-not-log');
    expect(text).not.toContain('a%40b.co');
    // What is not secret stays, so the log is still useful.
    expect(text).toContain('tab=chat');
    expect(text).toContain('token=%5BREDACTED%5D');
  });

  it("never contain an unsubscribe link's signature, which works for good", async () => {
    await t.app.inject({
      method: 'GET',
      url: '/api/email-reports/unsubscribe?u=00000000-0000-4000-8000-000000000000&k=digest&s=unsub-sig-do-not-log',
    });
    const text = t.logText();
    expect(text).not.toContain('unsub-sig-do-not-log');
    expect(text).toContain('k=digest&s=%5BREDACTED%5D');
  });
});
