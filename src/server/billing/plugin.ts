import { createHmac } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type Stripe from 'stripe';
import type { CheckoutPath } from '../../shared/api/billing';
import { proPlan } from '../../shared/plans';
import { lazyStripeClient } from './stripe-client';
import { createStripeSimulator, type StripeSimulator } from './stripe-sim';

/** Where the demo checkout pages are reachable from the browser, on our own origin. */
export const DEMO_CHECKOUT_PREFIX = '/demo-checkout';

export interface PathPrices {
  monthly: string;
  annually: string;
}

export interface Billing {
  /** The SDK client, loaded on first use. */
  stripe(): Promise<Stripe>;
  webhookSecret: string;
  prices: Record<CheckoutPath, PathPrices>;
  /** True without STRIPE_SECRET_KEY: checkout is ARLO's own demo page, on the same code path. */
  demo: boolean;
  simulator: StripeSimulator | undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    billing: Billing;
  }
}

const demoPrices: Record<CheckoutPath, PathPrices> = {
  payment: { monthly: 'price_demo_pro_monthly', annually: 'price_demo_pro_annual' },
  ypayment: { monthly: 'price_demo_ypro_monthly', annually: 'price_demo_ypro_annual' },
};

/**
 * Stripe for checkout and subscriptions. Without STRIPE_SECRET_KEY, ARLO's Stripe simulator runs
 * in-process: the same SDK talks to it over loopback, its checkout page (marked as a demo) is
 * mounted on our origin, and it delivers signed events to our own webhook route, so the demo
 * upgrade goes through exactly the code a real payment does.
 */
export const billingPlugin = fp(async (app: FastifyInstance) => {
  const { config } = app;
  const { secretKey, webhookSecret, apiUrl, prices } = config.stripe;
  if (secretKey && webhookSecret && prices.monthly && prices.annual && prices.yMonthly && prices.yAnnual) {
    app.decorate('billing', {
      stripe: lazyStripeClient(secretKey, apiUrl),
      webhookSecret,
      prices: {
        payment: { monthly: prices.monthly, annually: prices.annual },
        ypayment: { monthly: prices.yMonthly, annually: prices.yAnnual },
      },
      demo: false,
      simulator: undefined,
    } satisfies Billing);
    return;
  }

  // Derived from the JWT secret, so demo keys stay the same across restarts.
  const derive = (label: string) => createHmac('sha256', config.jwtSecret).update(label).digest('hex');
  const demoKey = `sk_test_demo_${derive('arlo-demo-stripe-key').slice(0, 32)}`;
  const demoWebhookSecret = `whsec_demo_${derive('arlo-demo-stripe-webhook').slice(0, 32)}`;
  const simulator = createStripeSimulator({
    secretKey: demoKey,
    webhookSecret: demoWebhookSecret,
    prices: [
      ...Object.values(demoPrices).map((path) => ({
        id: path.monthly,
        unitAmount: proPlan.price.monthly * 100,
        currency: 'usd',
        interval: 'month' as const,
        productName: proPlan.name,
      })),
      ...Object.values(demoPrices).map((path) => ({
        id: path.annually,
        unitAmount: proPlan.price.annually * 100,
        currency: 'usd',
        interval: 'year' as const,
        productName: proPlan.name,
      })),
    ],
    // Straight into our own webhook route, signature and all.
    deliver: async (payload: string, signature: string) => {
      const response = await app.inject({
        method: 'POST',
        url: '/payment/webhook',
        headers: { 'content-type': 'application/json', 'stripe-signature': signature },
        payload,
      });
      if (response.statusCode >= 300) throw new Error(`webhook answered ${response.statusCode}`);
    },
    checkoutPageBase: `${config.publicUrl}${DEMO_CHECKOUT_PREFIX}`,
  });
  const listening = await simulator.listen(0, '127.0.0.1');
  app.addHook('onClose', () => listening.close());
  app.decorate('billing', {
    stripe: lazyStripeClient(demoKey, listening.url),
    webhookSecret: demoWebhookSecret,
    prices: demoPrices,
    demo: true,
    simulator,
  } satisfies Billing);

  await app.register(async (pages) => {
    // The Pay button posts a form; the simulator reads the request itself.
    pages.addContentTypeParser('application/x-www-form-urlencoded', (_request, _payload, done) => done(null));
    pages.route({
      method: ['GET', 'POST'],
      url: `${DEMO_CHECKOUT_PREFIX}/*`,
      schema: { hide: true },
      handler: (request, reply) => {
        reply.hijack();
        simulator.handle(request.raw, reply.raw);
      },
    });
  });
});
