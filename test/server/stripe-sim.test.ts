import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createStripeSimulator, type StripeSimulator } from '../../src/server/billing/stripe-sim';

const KEY = 'sk_test_simulator_0000';
const WHSEC = 'whsec_simulator_secret';
const MONTHLY = 'price_pro_monthly';
const YEARLY = 'price_pro_yearly';
const PRO = { currency: 'usd', productName: 'ARLO Pro' };
const SUCCESS = 'https://app.example/payment/success?session_id={CHECKOUT_SESSION_ID}';
const CANCEL = 'https://app.example/plans?cancelled=true';

describe('Stripe simulator through the real SDK', () => {
  let sim: StripeSimulator;
  let stripe: Stripe;
  let api: { url: string; port: number; close(): Promise<void> };
  /** Stands in for ARLO's server, which mounts the checkout pages at /demo-checkout. */
  let app: Server;
  const inbox: { payload: string; header: string }[] = [];
  let failDeliveries = false;

  /** The webhooks received since the last call, each verified as the app would. */
  const received = () =>
    inbox.splice(0).map((w) => stripe.webhooks.constructEvent(w.payload, w.header, WHSEC, 300));
  const receivedTypes = () => received().map((e) => e.type);

  const sdk = (key: string) =>
    new Stripe(key, { host: '127.0.0.1', port: api.port, protocol: 'http', maxNetworkRetries: 0 });

  function checkout(userId: string, price = MONTHLY) {
    return stripe.checkout.sessions.create({
      mode: 'subscription',
      line_items: [{ price, quantity: 1 }],
      success_url: SUCCESS,
      cancel_url: CANCEL,
      client_reference_id: userId,
      customer_email: `${userId}@example.com`,
      metadata: { userId },
      subscription_data: { metadata: { userId } },
    });
  }

  async function subscribe(userId: string): Promise<Stripe.Subscription> {
    const session = await sim.completeCheckout((await checkout(userId)).id);
    received();
    return stripe.subscriptions.retrieve(session.subscription as string);
  }

  beforeAll(async () => {
    app = createServer((req, res) => sim.handle(req, res));
    await new Promise<void>((resolve) => app.listen(0, '127.0.0.1', resolve));
    sim = createStripeSimulator({
      secretKey: KEY,
      webhookSecret: WHSEC,
      prices: [
        { id: MONTHLY, unitAmount: 2500, interval: 'month', ...PRO },
        { id: YEARLY, unitAmount: 24000, interval: 'year', ...PRO },
      ],
      deliver: async (payload, header) => {
        if (failDeliveries) throw new Error('webhook endpoint down');
        inbox.push({ payload, header });
      },
      checkoutPageBase: `http://127.0.0.1:${(app.address() as AddressInfo).port}/demo-checkout`,
    });
    api = await sim.listen();
    stripe = sdk(KEY);
  });
  afterAll(async () => {
    await api.close();
    app.closeAllConnections();
    await new Promise((resolve) => app.close(resolve));
  });
  beforeEach(() => {
    inbox.length = 0;
    failDeliveries = false;
  });

  it('rejects a wrong key and an unknown price the way Stripe does', async () => {
    await expect(sdk('sk_test_wrong').subscriptions.retrieve('sub_x')).rejects.toBeInstanceOf(
      Stripe.errors.StripeAuthenticationError,
    );
    const create = checkout('u0', 'price_nope');
    await expect(create).rejects.toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    await expect(create).rejects.toMatchObject({ code: 'resource_missing', param: 'line_items[0][price]' });
    await expect(stripe.subscriptions.retrieve('sub_missing')).rejects.toMatchObject({ statusCode: 404 });
  });

  it('checks out on the hosted page, redirects back and sends signed webhooks in order', async () => {
    const session = await checkout('u1');
    expect(session).toMatchObject({ object: 'checkout.session', status: 'open', payment_status: 'unpaid' });
    expect(session.url).toMatch(/\/demo-checkout\/cs_test_\w+$/);

    const page = await fetch(session.url as string);
    expect(page.status).toBe(200);
    const html = await page.text();
    const demo = 'This is a demonstration: no card is charged and no payment is taken.';
    for (const text of ['ARLO demo checkout', demo, '$25.00 per month', `href="${CANCEL}"`]) {
      expect(html).toContain(text);
    }

    const pay = await fetch(`${session.url}/pay`, { method: 'POST', redirect: 'manual' });
    expect(pay.status).toBe(303);
    expect(pay.headers.get('location')).toBe(SUCCESS.replace('{CHECKOUT_SESSION_ID}', session.id));
    const events = received();
    expect(events.map((e) => e.type)).toEqual([
      'checkout.session.completed',
      'customer.subscription.created',
      'invoice.paid',
    ]);
    const done = await stripe.checkout.sessions.retrieve(session.id, { expand: ['subscription'] });
    expect(done).toMatchObject({ status: 'complete', payment_status: 'paid', client_reference_id: 'u1' });
    const sub = done.subscription as Stripe.Subscription;
    expect((await stripe.checkout.sessions.listLineItems(session.id)).data[0]?.price?.id).toBe(MONTHLY);
    expect(events[1]?.data.object).toMatchObject({ id: sub.id, status: 'active' });
    expect(events[2]?.data.object).toMatchObject({
      object: 'invoice',
      amount_paid: 2500,
      parent: { subscription_details: { subscription: sub.id } },
    });

    const item = sub.items.data[0] as Stripe.SubscriptionItem;
    expect(sub).toMatchObject({ status: 'active', metadata: { userId: 'u1' }, cancel_at_period_end: false });
    const start = new Date(item.current_period_start * 1000);
    const end = new Date(item.current_period_end * 1000);
    expect((end.getUTCMonth() - start.getUTCMonth() + 12) % 12).toBe(1);
    expect(item.price).toMatchObject({ id: MONTHLY, unit_amount: 2500, recurring: { interval: 'month' } });

    expect((await fetch(session.url as string)).status).toBe(410);
    expect((await fetch(`${session.url}/pay`, { method: 'POST' })).status).toBe(410);
  });

  it('cancels at period end, then ends the subscription when the period is over', async () => {
    const sub = await subscribe('u2');
    const end = sub.items.data[0]?.current_period_end;
    const updated = await stripe.subscriptions.update(sub.id, { cancel_at_period_end: true });
    expect(updated).toMatchObject({ cancel_at_period_end: true, cancel_at: end, status: 'active' });
    await sim.flush();
    const [event] = received();
    expect(event?.type).toBe('customer.subscription.updated');
    expect(event?.data.previous_attributes).toMatchObject({ cancel_at_period_end: false });

    await sim.endPeriod(sub.id);
    expect(await stripe.subscriptions.retrieve(sub.id)).toMatchObject({ status: 'canceled', ended_at: end });
    expect(receivedTypes()).toEqual(['customer.subscription.deleted']);
  });

  it('renews, goes past due, and cancels now on DELETE', async () => {
    const sub = await subscribe('u3');
    const renewed = await sim.endPeriod(sub.id);
    expect(renewed.items.data[0]?.current_period_start).toBe(sub.items.data[0]?.current_period_end);
    expect(receivedTypes()).toEqual(['customer.subscription.updated', 'invoice.paid']);

    await sim.setSubscriptionStatus(sub.id, 'past_due');
    expect(receivedTypes()).toEqual(['invoice.payment_failed', 'customer.subscription.updated']);
    expect((await stripe.subscriptions.retrieve(sub.id)).status).toBe('past_due');

    const canceled = await stripe.subscriptions.cancel(sub.id);
    expect(canceled).toMatchObject({ status: 'canceled', ended_at: expect.any(Number) });
    await sim.flush();
    expect(receivedTypes()).toEqual(['customer.subscription.deleted']);
    expect(sim.subscriptions().find((s) => s.id === sub.id)?.status).toBe('canceled');
  });

  it('parses bracket notation (yearly price): metadata round-trips, an empty value removes a key', async () => {
    const body = new URLSearchParams({
      mode: 'subscription',
      'line_items[0][price]': YEARLY,
      'line_items[0][quantity]': '1',
      success_url: SUCCESS,
      cancel_url: CANCEL,
      'metadata[userId]': 'u4',
      'metadata[plan path]': 'ypayment',
      'subscription_data[metadata][userId]': 'u4',
      'expand[]': 'subscription',
    });
    const raw = await fetch(`${api.url}/v1/checkout/sessions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: body.toString().replaceAll('%5B', '[').replaceAll('%5D', ']'),
    });
    const session = (await raw.json()) as Stripe.Checkout.Session;
    expect(raw.status).toBe(200);
    expect(session).toMatchObject({
      subscription: null,
      metadata: { userId: 'u4', 'plan path': 'ypayment' },
    });
    expect(await (await fetch(session.url as string)).text()).toContain('$240.00 per year');
    const { subscription } = await sim.completeCheckout(session.id);
    const sub = await stripe.subscriptions.retrieve(subscription as string);
    expect(sub.metadata).toEqual({ userId: 'u4' });
    const updated = await stripe.subscriptions.update(sub.id, { metadata: { userId: '', team: 't1' } });
    expect(updated.metadata).toEqual({ team: 't1' });
  });

  it('keeps the subscription when delivery fails, and signs what it redelivers', async () => {
    const session = await checkout('u5');
    failDeliveries = true;
    const pay = await fetch(`${session.url}/pay`, { method: 'POST', redirect: 'manual' });
    expect(pay.status).toBe(500);
    expect(await pay.text()).toContain('ARLO was not notified');
    expect(sim.subscriptions().find((s) => s.metadata.userId === 'u5')?.status).toBe('active');

    failDeliveries = false;
    const completed = sim.events().find((e) => e.data.object.id === session.id);
    if (!completed) throw new Error('no checkout.session.completed event');
    await sim.redeliver(completed.id);
    expect(received().map((e) => e.id)).toEqual([completed.id]);

    const { payload, header } = sim.signedEvent(completed);
    expect(() => stripe.webhooks.constructEvent(payload.replace('u5', 'u6'), header, WHSEC, 300)).toThrow(
      Stripe.errors.StripeSignatureVerificationError,
    );
  });
});
