import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { bearer } from './users';

/**
 * Starts a checkout as the plans screens do (`/payment` for /plans, `/ypayment` for /yplans) and
 * returns the page Stripe (or the demo) would show; the session id is the last part of its path.
 */
export async function startCheckout(
  app: FastifyInstance,
  token: string,
  priceId: string,
  prefix: '/payment' | '/ypayment' = '/payment',
): Promise<{ url: URL; sessionId: string }> {
  const started = await app.inject({
    method: 'POST',
    url: `${prefix}/create-checkout-session`,
    headers: bearer(token),
    payload: { priceId },
  });
  expect(started.statusCode, started.body).toBe(200);
  const url = new URL(started.json().sessionUrl);
  return { url, sessionId: url.pathname.split('/').at(-1) ?? '' };
}
