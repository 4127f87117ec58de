import { describe } from 'vitest';
import type { TestApp } from '../helpers/app';
import { startCheckout } from '../helpers/checkout';
import { expect, test as it } from '../helpers/fixtures';
import { bearer } from '../helpers/users';

// No Stripe keys: the demo checkout.
it.override({ appEnv: { PUBLIC_URL: 'http://arlo.example.test' } });

let t: TestApp;
it.beforeAll(({ app }) => {
  t = app;
});

describe('demo checkout (no Stripe keys)', () => {
  it('tells the plans screens it is a demo, with price ids for both paths', async () => {
    const config = (await t.app.inject({ method: 'GET', url: '/api/client-config' })).json();
    expect(config.billing.demo).toBe(true);
    const ids = [config.billing.prices.payment, config.billing.prices.ypayment].flatMap((p) => [
      p.monthly,
      p.annually,
    ]);
    expect(new Set(ids).size).toBe(4);
  });

  it('goes from the plans price to a page marked as a demo, and paying makes the user Pro', async ({
    signedUpUser,
  }) => {
    const { token } = signedUpUser;
    const config = (await t.app.inject({ method: 'GET', url: '/api/client-config' })).json();
    const { url } = await startCheckout(t.app, token, config.billing.prices.ypayment.annually, '/ypayment');
    expect(url.origin).toBe('http://arlo.example.test');
    expect(url.pathname).toMatch(/^\/demo-checkout\/cs_/);

    const page = await t.app.inject({ method: 'GET', url: url.pathname });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toContain('no card is charged');
    expect(page.body).toContain('$240.00');

    const paid = await t.app.inject({
      method: 'POST',
      url: `${url.pathname}/pay`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toMatch(/^http:\/\/arlo\.example\.test\//);
    const status = (
      await t.app.inject({ method: 'GET', url: '/payment/subscription-status', headers: bearer(token) })
    ).json();
    expect(status).toMatchObject({ user_type: 'pro', interval: 'year', amount: 240, currency: 'USD' });

    // Paid once: the page does not take a second payment.
    const again = await t.app.inject({ method: 'GET', url: url.pathname });
    expect(again.statusCode).toBeGreaterThanOrEqual(400);
    expect((await t.app.inject({ method: 'GET', url: '/demo-checkout/cs_nope' })).statusCode).toBe(404);
  });
});
