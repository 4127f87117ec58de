import type Stripe from 'stripe';

/**
 * The stripe SDK, pointed at `apiUrl` when one is given (STRIPE_API_URL: a local Stripe-compatible
 * server in tests, ARLO's simulator in demo mode) and at Stripe itself otherwise. The SDK, some
 * two hundred modules, is loaded by the first billing call that needs it rather than with the
 * app: most requests, and most processes, never reach Stripe.
 */
export function lazyStripeClient(secretKey: string, apiUrl: string | undefined): () => Promise<Stripe> {
  let client: Promise<Stripe> | undefined;
  return () => {
    client ??= import('stripe').then(({ default: StripeClient }) =>
      createStripeClient(StripeClient, secretKey, apiUrl),
    );
    return client;
  };
}

function createStripeClient(
  StripeClient: typeof Stripe,
  secretKey: string,
  apiUrl: string | undefined,
): Stripe {
  const target = apiUrl ? new URL(apiUrl) : undefined;
  return new StripeClient(secretKey, {
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
