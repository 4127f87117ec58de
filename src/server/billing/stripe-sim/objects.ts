import { newId } from './ids';
import { addIntervals } from './periods';
import type {
  Metadata,
  SimCheckoutSession,
  SimCustomer,
  SimInvoice,
  SimPrice,
  SimSubscription,
  StripeSimulatorPrice,
} from './types';

/** How long Stripe keeps a checkout session open. */
const SESSION_LIFETIME_SECONDS = 24 * 60 * 60;

export function priceObject(price: StripeSimulatorPrice, product: string, created: number): SimPrice {
  return {
    id: price.id,
    object: 'price',
    active: true,
    billing_scheme: 'per_unit',
    created,
    currency: price.currency,
    livemode: false,
    lookup_key: null,
    metadata: {},
    nickname: null,
    product,
    recurring: {
      interval: price.interval,
      interval_count: 1,
      meter: null,
      trial_period_days: null,
      usage_type: 'licensed',
    },
    tax_behavior: 'unspecified',
    type: 'recurring',
    unit_amount: price.unitAmount,
    unit_amount_decimal: String(price.unitAmount),
  };
}

export function customerObject(created: number, email: string | null): SimCustomer {
  return {
    id: newId('cus', 14),
    object: 'customer',
    created,
    email,
    name: null,
    description: null,
    livemode: false,
    metadata: {},
  };
}

export interface SessionInput {
  price: SimPrice;
  quantity: 1;
  successUrl: string;
  cancelUrl: string;
  clientReferenceId: string | null;
  customer: string | null;
  customerEmail: string | null;
  metadata: Metadata;
  created: number;
  pageBase: string;
}

export function sessionObject(input: SessionInput): SimCheckoutSession {
  const id = newId('cs_test', 58);
  const amount = input.price.unit_amount * input.quantity;
  return {
    id,
    object: 'checkout.session',
    mode: 'subscription',
    status: 'open',
    payment_status: 'unpaid',
    url: `${input.pageBase}/${id}`,
    client_reference_id: input.clientReferenceId,
    success_url: input.successUrl,
    cancel_url: input.cancelUrl,
    customer: input.customer,
    customer_email: input.customerEmail,
    customer_details: null,
    subscription: null,
    invoice: null,
    metadata: input.metadata,
    created: input.created,
    expires_at: input.created + SESSION_LIFETIME_SECONDS,
    amount_subtotal: amount,
    amount_total: amount,
    currency: input.price.currency,
    livemode: false,
    payment_method_types: ['card'],
    ui_mode: 'hosted',
  };
}

export function subscriptionObject(input: {
  customer: string;
  price: SimPrice;
  metadata: Metadata;
  start: number;
}): SimSubscription {
  const id = newId('sub', 24);
  const { start, price } = input;
  return {
    id,
    object: 'subscription',
    billing_cycle_anchor: start,
    cancel_at: null,
    cancel_at_period_end: false,
    canceled_at: null,
    cancellation_details: { comment: null, feedback: null, reason: null },
    collection_method: 'charge_automatically',
    created: start,
    currency: price.currency,
    customer: input.customer,
    default_payment_method: null,
    description: null,
    discounts: [],
    ended_at: null,
    items: {
      object: 'list',
      data: [
        {
          id: newId('si', 14),
          object: 'subscription_item',
          created: start,
          current_period_start: start,
          current_period_end: addIntervals(start, price.recurring.interval, 1),
          discounts: [],
          metadata: {},
          price,
          quantity: 1,
          subscription: id,
          tax_rates: [],
        },
      ],
      has_more: false,
      total_count: 1,
      url: `/v1/subscription_items?subscription=${id}`,
    },
    latest_invoice: null,
    livemode: false,
    metadata: input.metadata,
    pause_collection: null,
    schedule: null,
    start_date: start,
    status: 'active',
    test_clock: null,
    trial_end: null,
    trial_start: null,
  };
}

/** A session's line items (`expand[]=line_items` or `GET .../line_items`); ids derive from the session's. */
export function lineItemsObject(session: SimCheckoutSession, price: SimPrice, productName: string) {
  return {
    object: 'list' as const,
    data: [
      {
        id: `li_${session.id.slice('cs_test_'.length, 'cs_test_'.length + 24)}`,
        object: 'item' as const,
        amount_discount: 0,
        amount_subtotal: session.amount_subtotal,
        amount_tax: 0,
        amount_total: session.amount_total,
        currency: session.currency,
        description: productName,
        price,
        quantity: 1,
      },
    ],
    has_more: false,
    url: `/v1/checkout/sessions/${session.id}/line_items`,
  };
}

/** The subscription's one item; the simulator only makes single-price subscriptions. */
export function itemOf(subscription: SimSubscription) {
  const item = subscription.items.data[0];
  if (!item) throw new Error(`Subscription ${subscription.id} has no item`);
  return item;
}

function formatAmount(amount: number, currency: string): string {
  const format = new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() });
  const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
  return format.format(amount / 10 ** digits);
}

/** '$25.00 per month': amounts are in the minor unit, which Intl knows the size of per currency. */
export function priceText(price: SimPrice): string {
  return `${formatAmount(price.unit_amount, price.currency)} per ${price.recurring.interval}`;
}

export function invoiceObject(input: {
  subscription: SimSubscription;
  customerEmail: string | null;
  reason: SimInvoice['billing_reason'];
  paid: boolean;
  created: number;
  productName: string;
}): SimInvoice {
  const { subscription, created, paid } = input;
  const item = itemOf(subscription);
  const amount = item.price.unit_amount;
  const id = newId('in', 24);
  return {
    id,
    object: 'invoice',
    amount_due: amount,
    amount_paid: paid ? amount : 0,
    amount_remaining: paid ? 0 : amount,
    attempt_count: 1,
    attempted: true,
    billing_reason: input.reason,
    collection_method: 'charge_automatically',
    created,
    currency: item.price.currency,
    customer: subscription.customer,
    customer_email: input.customerEmail,
    lines: {
      object: 'list',
      data: [
        {
          id: newId('il', 24),
          object: 'line_item',
          amount,
          currency: item.price.currency,
          description: `1 × ${input.productName} (at ${priceText(item.price).replace(' per ', ' / ')})`,
          period: { start: item.current_period_start, end: item.current_period_end },
          quantity: 1,
          pricing: {
            type: 'price_details',
            price_details: { price: item.price.id, product: item.price.product },
            unit_amount_decimal: item.price.unit_amount_decimal,
          },
        },
      ],
      has_more: false,
      total_count: 1,
      url: `/v1/invoices/${id}/lines`,
    },
    livemode: false,
    metadata: {},
    parent: {
      type: 'subscription_details',
      quote_details: null,
      subscription_details: { metadata: { ...subscription.metadata }, subscription: subscription.id },
    },
    period_start: item.current_period_start,
    period_end: item.current_period_end,
    status: paid ? 'paid' : 'open',
    status_transitions: { finalized_at: created, paid_at: paid ? created : null },
    subtotal: amount,
    total: amount,
  };
}
