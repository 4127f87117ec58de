import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStripeSimulator, type StripeSimulator } from '../../src/server/billing/stripe-sim';
import { stripeEvents, users } from '../../src/server/db/schema';
import { settledAccounts } from '../helpers/ad-accounts';
import { buildTestApp, type TestApp } from '../helpers/app';
import { startCheckout } from '../helpers/checkout';
import type { TestDatabase } from '../helpers/database';
import { type SmtpSink, startSmtpSink } from '../helpers/smtp-sink';
import {
  createSyncedTestDatabase,
  SYNCED_APP_ENV,
  SYNCED_SETUP_MS,
  syncedUser,
} from '../helpers/synced-template';
import { bearer, signUpUser, TEST_PASSWORD } from '../helpers/users';

const KEY = 'sk_test_arlo_billing';
const WEBHOOK_SECRET = 'whsec_arlo_billing';
const PRICES = {
  STRIPE_PRICE_MONTHLY: 'price_pro_monthly',
  STRIPE_PRICE_ANNUAL: 'price_pro_annual',
  STRIPE_YPRICE_MONTHLY: 'price_ypro_monthly',
  STRIPE_YPRICE_ANNUAL: 'price_ypro_annual',
};

/**
 * A clone of the synced template, so that the test that needs a user with connected ad accounts
 * takes one of its users instead of connecting and waiting for a sync; the rest sign up anew.
 */
let testDatabase: TestDatabase;
let t: TestApp;
let sink: SmtpSink;
let sim: StripeSimulator;
let stripe: Stripe;
let closeSim: () => Promise<void>;
/** While set, signed events are kept here instead of delivered, so a test picks their order. */
let held: { payload: string; header: string }[] | undefined;

const webhook = (payload: string, header: string) =>
  t.app.inject({
    method: 'POST',
    url: '/payment/webhook',
    headers: { 'content-type': 'application/json', 'stripe-signature': header },
    payload,
  });

beforeAll(async () => {
  sink = await startSmtpSink();
  // A local Stripe-compatible server at the network edge; the app's stripe SDK talks to it.
  sim = createStripeSimulator({
    secretKey: KEY,
    webhookSecret: WEBHOOK_SECRET,
    prices: [
      {
        id: PRICES.STRIPE_PRICE_MONTHLY,
        unitAmount: 2500,
        currency: 'usd',
        interval: 'month',
        productName: 'Pro',
      },
      {
        id: PRICES.STRIPE_PRICE_ANNUAL,
        unitAmount: 24000,
        currency: 'usd',
        interval: 'year',
        productName: 'Pro',
      },
      {
        id: PRICES.STRIPE_YPRICE_MONTHLY,
        unitAmount: 2500,
        currency: 'usd',
        interval: 'month',
        productName: 'Pro',
      },
      {
        id: PRICES.STRIPE_YPRICE_ANNUAL,
        unitAmount: 24000,
        currency: 'usd',
        interval: 'year',
        productName: 'Pro',
      },
    ],
    deliver: async (payload, header) => {
      if (held) {
        held.push({ payload, header });
        return;
      }
      const response = await webhook(payload, header);
      if (response.statusCode !== 200) throw new Error(`webhook answered ${response.statusCode}`);
    },
    checkoutPageBase: 'http://127.0.0.1:9/checkout',
  });
  const listening = await sim.listen(0, '127.0.0.1');
  closeSim = listening.close;
  stripe = new Stripe(KEY, {
    host: '127.0.0.1',
    port: listening.port,
    protocol: 'http',
    maxNetworkRetries: 0,
  });
  testDatabase = await createSyncedTestDatabase();
  t = await buildTestApp({
    testDatabase,
    env: {
      ...SYNCED_APP_ENV,
      SMTP_URL: sink.url,
      STRIPE_SECRET_KEY: KEY,
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_URL: listening.url,
      PUBLIC_URL: 'http://app.example.test',
      ...PRICES,
    },
  });
}, SYNCED_SETUP_MS);
afterAll(async () => {
  await t?.close();
  await testDatabase?.drop();
  await closeSim?.();
  await sink?.close();
});

const get = (url: string, token: string) => t.app.inject({ method: 'GET', url, headers: bearer(token) });
const post = (url: string, token: string, payload: object = {}) =>
  t.app.inject({ method: 'POST', url, headers: bearer(token), payload });

async function userRow(email: string) {
  const [row] = await t.testDatabase.database.db.select().from(users).where(eq(users.email, email));
  if (!row) throw new Error(`no user ${email}`);
  return row;
}

/** Signs up, starts a checkout on /plans' monthly price and pays it; returns the token and subscription id. */
async function subscribed(email: string): Promise<{ token: string; subscriptionId: string }> {
  const token = await signUpUser(t.app, sink, email);
  const { sessionId } = await startCheckout(t.app, token, PRICES.STRIPE_PRICE_MONTHLY);
  await sim.completeCheckout(sessionId);
  const session = await stripe.checkout.sessions.retrieve(sessionId);
  return { token, subscriptionId: String(session.subscription) };
}

describe('checkout', () => {
  it('starts a subscription checkout for the user, only with the prices of that path', async () => {
    const token = await signUpUser(t.app, sink, 'checkout@example.com');
    const user = await userRow('checkout@example.com');
    const monthly = await post('/payment/create-checkout-session', token, {
      priceId: PRICES.STRIPE_PRICE_MONTHLY,
    });
    expect(monthly.statusCode).toBe(200);
    const sessionId = String(monthly.json().sessionUrl).split('/').at(-1) ?? '';
    const session = await stripe.checkout.sessions.retrieve(sessionId);
    expect(session).toMatchObject({
      mode: 'subscription',
      client_reference_id: user.id,
      cancel_url: 'http://app.example.test/plans?cancelled=true',
    });
    expect(session.success_url).toMatch(/^http:\/\/app\.example\.test\//);

    const yearly = await post('/ypayment/create-checkout-session', token, {
      priceId: PRICES.STRIPE_YPRICE_ANNUAL,
    });
    const ySession = await stripe.checkout.sessions.retrieve(
      String(yearly.json().sessionUrl).split('/').at(-1) ?? '',
    );
    expect(ySession.cancel_url).toBe('http://app.example.test/yplans?cancelled=true');

    for (const [path, priceId] of [
      ['/payment', PRICES.STRIPE_YPRICE_MONTHLY],
      ['/ypayment', PRICES.STRIPE_PRICE_ANNUAL],
      ['/payment', 'price_unknown'],
    ] as const) {
      const refused = await post(`${path}/create-checkout-session`, token, { priceId });
      expect(refused.statusCode, `${path} ${priceId}`).toBe(400);
      expect(refused.json().message).toBe('This price is not offered on this page.');
    }
    expect((await post('/payment/create-checkout-session', token, {})).statusCode).toBe(400);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/payment/create-checkout-session',
      payload: { priceId: PRICES.STRIPE_PRICE_MONTHLY },
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('a paid checkout makes the user Pro, with the subscription fields of SPEC.md section 3', async () => {
    const { token, subscriptionId } = await subscribed('paid@example.com');
    expect(await userRow('paid@example.com')).toMatchObject({ userType: 'pro', status: 'active' });
    const status = (await get('/payment/subscription-status', token)).json();
    expect(status).toMatchObject({
      user_type: 'pro',
      plan_name: 'Pro (Beta Access)',
      subscription_id: subscriptionId,
      amount: 25,
      currency: 'USD',
      interval: 'month',
      cancel_at_period_end: false,
      status: 'active',
    });
    const daysLeft = (Date.parse(status.current_period_end) - Date.now()) / 86_400_000;
    expect(daysLeft).toBeGreaterThan(27);
    expect(daysLeft).toBeLessThan(32);
  });

  it('without a subscription, the status says basic in USD', async () => {
    const token = await signUpUser(t.app, sink, 'nosub@example.com');
    expect((await get('/payment/subscription-status', token)).json()).toMatchObject({
      user_type: 'basic',
      plan_name: null,
      subscription_id: null,
      currency: 'USD',
      cancel_at_period_end: false,
      current_period_end: null,
    });
    expect((await post('/payment/cancel-subscription', token)).statusCode).toBe(404);
  });
});

describe('webhook', () => {
  it('refuses a wrong signature, a re-serialised body and an old timestamp with 400, changing nothing', async () => {
    const { subscriptionId } = await subscribed('forged@example.com');
    expect((await stripe.subscriptions.retrieve(subscriptionId)).status).toBe('active');
    const event = sim.events().at(-1);
    if (!event) throw new Error('no event');
    const payload = JSON.stringify({ ...event, id: 'evt_forged_1', type: 'customer.subscription.deleted' });
    const before = await t.testDatabase.database.db.select().from(stripeEvents);

    const wrongSecret = stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_wrong' });
    expect((await webhook(payload, wrongSecret)).statusCode).toBe(400);
    const signed = stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    const reserialised = JSON.stringify(JSON.parse(payload), null, 2);
    expect((await webhook(reserialised, signed)).statusCode).toBe(400);
    const stale = stripe.webhooks.generateTestHeaderString({
      payload,
      secret: WEBHOOK_SECRET,
      timestamp: Math.floor(Date.now() / 1000) - 301,
    });
    const staleAnswer = await webhook(payload, stale);
    expect(staleAnswer.statusCode).toBe(400);
    expect(staleAnswer.json().message).toBe('Invalid webhook signature');
    expect((await webhook(payload, '')).statusCode).toBe(400);

    expect(await t.testDatabase.database.db.select().from(stripeEvents)).toHaveLength(before.length);
    expect(await userRow('forged@example.com')).toMatchObject({ userType: 'pro', status: 'active' });
  });

  it('one event delivered 5 times at once causes exactly one change', async () => {
    const { subscriptionId } = await subscribed('five@example.com');
    held = [];
    await stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: true });
    // Stripe sends an update's events after answering it.
    await sim.flush();
    const [update] = held;
    held = undefined;
    if (!update) throw new Error('the update sent no event');
    const logsBefore = t.logs.length;
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => webhook(update.payload, update.header)),
    );
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200]);
    const outcomes = t.logs
      .slice(logsBefore)
      .filter((line) => line.msg === 'stripe event')
      .map((line) => line.outcome);
    expect(outcomes.sort()).toEqual(['applied', 'duplicate', 'duplicate', 'duplicate', 'duplicate']);
    const eventId = (JSON.parse(update.payload) as { id: string }).id;
    const rows = await t.testDatabase.database.db
      .select()
      .from(stripeEvents)
      .where(eq(stripeEvents.id, eventId));
    expect(rows).toHaveLength(1);
  });

  it('deleted arriving before updated still ends in Stripe’s true state', async () => {
    const { subscriptionId } = await subscribed('order@example.com');
    held = [];
    await stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: true });
    await stripe.subscriptions.cancel(subscriptionId);
    await sim.flush();
    const events = held;
    held = undefined;
    const types = events.map((e) => (JSON.parse(e.payload) as { type: string }).type);
    expect(types).toEqual(['customer.subscription.updated', 'customer.subscription.deleted']);
    for (const e of [...events].reverse()) expect((await webhook(e.payload, e.header)).statusCode).toBe(200);
    expect(await userRow('order@example.com')).toMatchObject({ userType: 'basic', status: 'active' });
  });
});

describe('cancelling and failed payments', () => {
  it('after a cancel, Pro lasts until the period end, then the user is back on basic', async () => {
    const { token, subscriptionId } = await subscribed('cancel@example.com');
    const cancelled = await post('/payment/cancel-subscription', token);
    expect(cancelled.statusCode).toBe(200);
    await sim.flush();
    const { service_ends: ends } = cancelled.json();
    const status = (await get('/payment/subscription-status', token)).json();
    expect(status).toMatchObject({ cancel_at_period_end: true, current_period_end: ends, user_type: 'pro' });
    expect(await userRow('cancel@example.com')).toMatchObject({ userType: 'pro', status: 'active' });
    await sim.endPeriod(subscriptionId);
    expect(await userRow('cancel@example.com')).toMatchObject({ userType: 'basic', status: 'active' });
    expect((await get('/payment/subscription-status', token)).json()).toMatchObject({
      user_type: 'basic',
      status: 'canceled',
    });
  });

  it('a failed payment sets status payment: login sends to /plans and the chat refuses', async () => {
    const { email, token } = await syncedUser(t, 0);
    await settledAccounts(t.app, token);
    const { sessionId } = await startCheckout(t.app, token, PRICES.STRIPE_PRICE_MONTHLY);
    await sim.completeCheckout(sessionId);
    const subscriptionId = String((await stripe.checkout.sessions.retrieve(sessionId)).subscription);
    await sim.setSubscriptionStatus(subscriptionId, 'past_due');
    expect(await userRow(email)).toMatchObject({ status: 'payment' });
    expect(sim.events().map((e) => e.type)).toContain('invoice.payment_failed');

    const login = await t.app.inject({
      method: 'POST',
      url: '/auth/login',
      payload: { email, password: TEST_PASSWORD },
    });
    expect(login.json()).toMatchObject({ status: 'payment' });
    const sessionRes = await get('/api/sessions/current', token);
    const asked = await post('/api/ask', token, {
      message: 'Spend last 7 days',
      sessionId: sessionRes.json().sessionId,
      timezone: 'UTC',
      model: 'arlo_auto',
    });
    expect(asked.statusCode).toBe(403);
    expect(asked.json()).toMatchObject({ redirect: '/plans' });

    await sim.setSubscriptionStatus(subscriptionId, 'active');
    expect(await userRow(email)).toMatchObject({ userType: 'pro', status: 'active' });
  });
});
