import Stripe from 'stripe';

/**
 * The stripe SDK, pointed at `apiUrl` when one is given (STRIPE_API_URL: a local Stripe-compatible
 * server in tests, ARLO's simulator in demo mode) and at Stripe itself otherwise.
 */
export function createStripeClient(secretKey: string, apiUrl: string | undefined): Stripe {
  const target = apiUrl ? new URL(apiUrl) : undefined;
  return new Stripe(secretKey, {
    maxNetworkRetries: 2,
    timeout: 10_000,
    ...(target
      ? {
          host: target.hostname,
          protocol: target.protocol === 'http:' ? 'http' : 'https',
          ...(target.port ? { port: Number(target.port) } : {}),
        }
      : {}),
  });
}
