import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_REQUESTS_PER_IP_PER_MINUTE } from '../../src/server/auth/routes';
import { buildTestApp, type TestApp } from '../helpers/app';

// A file of its own: it spends this address's whole budget for the minute.
describe('auth requests per IP', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('limits one address across many different emails, with a clear 429', async () => {
    const check = (i: number) =>
      t.app.inject({
        method: 'POST',
        url: '/auth/validate-email',
        payload: { email: `probe${i}@example.com` },
      });
    for (let i = 0; i < AUTH_REQUESTS_PER_IP_PER_MINUTE; i++) expect((await check(i)).statusCode).toBe(200);
    const over = await check(AUTH_REQUESTS_PER_IP_PER_MINUTE);
    expect(over.statusCode).toBe(429);
    expect(over.json()).toEqual({
      message: expect.stringMatching(/^Too many requests\. Please try again in \d+ seconds\.$/),
      code: 'RATE_LIMITED',
    });
    // Another address is unaffected.
    const elsewhere = await t.app.inject({
      method: 'POST',
      url: '/auth/validate-email',
      payload: { email: 'probe@example.com' },
      remoteAddress: '10.9.8.7',
    });
    expect(elsewhere.statusCode).toBe(200);
  });
});
