import { listenHandler } from '../../listen-handler';
import { IdempotencyCache } from './idempotency';
import { type Change, Lifecycle } from './lifecycle';
import { createRouter } from './router';
import { StripeStore } from './state';
import type { StripeSimulator, StripeSimulatorOptions } from './types';
import { Outbox } from './webhooks';

function pageBaseOf(checkoutPageBase: string): { base: string; prefix: string } {
  let url: URL;
  try {
    url = new URL(checkoutPageBase);
  } catch {
    throw new Error(`checkoutPageBase must be an absolute URL, not '${checkoutPageBase}'`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new Error('checkoutPageBase must be an http(s) URL');
  }
  const prefix = url.pathname.replace(/\/+$/, '');
  return { base: `${url.origin}${prefix}`, prefix };
}

/**
 * ARLO's own Stripe: the API subset ARLO's billing uses (checkout sessions, subscriptions), its
 * hosted checkout page (the demo checkout) and signed webhooks, in memory. The real `stripe` SDK
 * talks to it with `{ host, port, protocol: 'http' }`.
 */
export function createStripeSimulator(options: StripeSimulatorOptions): StripeSimulator {
  if (!options.secretKey || !options.webhookSecret) {
    throw new Error('The Stripe simulator needs a secret key and a webhook secret');
  }
  const now = options.now ?? Date.now;
  const { base, prefix } = pageBaseOf(options.checkoutPageBase);
  const outbox = new Outbox({ secret: options.webhookSecret, deliver: options.deliver, now });
  const store = new StripeStore({ prices: options.prices, now, pageBase: base });
  const lifecycle = new Lifecycle(store, outbox);

  /** Controls deliver in the foreground: the caller learns whether the app took the webhooks. */
  async function settle<T>(change: Change<T>): Promise<T> {
    await outbox.deliver(change.events);
    return structuredClone(change.object);
  }

  const route = createRouter({
    secretKey: options.secretKey,
    pagePrefix: prefix,
    store,
    outbox,
    lifecycle,
    idempotency: new IdempotencyCache(),
    complete: (sessionId) => simulator.completeCheckout(sessionId),
  });

  const simulator: StripeSimulator = {
    handle(req, res) {
      route(req, res).catch((error: unknown) => {
        console.error('Stripe simulator:', error);
        if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain' });
        res.end();
      });
    },
    listen: (port = 0, host = '127.0.0.1') =>
      listenHandler((req, res) => simulator.handle(req, res), port, host),
    // async, so a bad id rejects rather than throwing before a promise exists.
    completeCheckout: async (sessionId) => settle(lifecycle.completeCheckout(sessionId)),
    setSubscriptionStatus: async (id, status) => settle(lifecycle.setStatus(id, status)),
    endPeriod: async (id) => settle(lifecycle.endPeriod(id)),
    subscriptions: () => store.allSubscriptions(),
    events: () => outbox.all(),
    signedEvent: (event) => outbox.sign(event),
    async redeliver(eventId) {
      const event = outbox.find(eventId);
      if (!event) throw new Error(`No such event: '${eventId}'`);
      await outbox.deliver([event]);
    },
    flush: () => outbox.flush(),
  };
  return simulator;
}
