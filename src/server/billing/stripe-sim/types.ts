import type { IncomingMessage, ServerResponse } from 'node:http';

export type Interval = 'month' | 'year';
export type Metadata = Record<string, string>;

/** Stripe's subscription states; the simulator reaches them through its controls. */
export type SubscriptionStatus =
  | 'active'
  | 'past_due'
  | 'unpaid'
  | 'paused'
  | 'canceled'
  | 'trialing'
  | 'incomplete'
  | 'incomplete_expired';

/** A recurring price the simulator knows; anything else is `resource_missing`. */
export interface StripeSimulatorPrice {
  id: string;
  /** In the currency's minor unit (cents). */
  unitAmount: number;
  /** Lower case, e.g. 'usd'. */
  currency: string;
  interval: Interval;
  productName: string;
}

export interface StripeSimulatorOptions {
  secretKey: string;
  webhookSecret: string;
  prices: StripeSimulatorPrice[];
  /** Sends one webhook: the raw JSON body and its `Stripe-Signature` header. A throw is a failed delivery. */
  deliver: (payload: string, signatureHeader: string) => Promise<void>;
  /** Absolute URL a browser reaches the hosted checkout pages under, e.g. 'http://127.0.0.1:3000/demo-checkout'. */
  checkoutPageBase: string;
  /** Milliseconds since the epoch; default Date.now. */
  now?: () => number;
}

export interface SimPrice {
  id: string;
  object: 'price';
  active: true;
  billing_scheme: 'per_unit';
  created: number;
  currency: string;
  livemode: false;
  lookup_key: null;
  metadata: Metadata;
  nickname: null;
  product: string;
  recurring: {
    interval: Interval;
    interval_count: 1;
    meter: null;
    trial_period_days: null;
    usage_type: 'licensed';
  };
  tax_behavior: 'unspecified';
  type: 'recurring';
  unit_amount: number;
  unit_amount_decimal: string;
}

export interface SimCustomer {
  id: string;
  object: 'customer';
  created: number;
  email: string | null;
  name: string | null;
  description: null;
  livemode: false;
  metadata: Metadata;
}

export interface SimCheckoutSession {
  id: string;
  object: 'checkout.session';
  mode: 'subscription';
  status: 'open' | 'complete' | 'expired';
  payment_status: 'unpaid' | 'paid';
  url: string | null;
  client_reference_id: string | null;
  success_url: string;
  cancel_url: string;
  customer: string | null;
  customer_email: string | null;
  customer_details: { email: string | null; name: null } | null;
  subscription: string | null;
  invoice: string | null;
  metadata: Metadata;
  created: number;
  expires_at: number;
  amount_subtotal: number;
  amount_total: number;
  currency: string;
  livemode: false;
  payment_method_types: string[];
  ui_mode: 'hosted';
}

export interface SimSubscriptionItem {
  id: string;
  object: 'subscription_item';
  created: number;
  current_period_start: number;
  current_period_end: number;
  discounts: string[];
  metadata: Metadata;
  price: SimPrice;
  quantity: 1;
  subscription: string;
  tax_rates: [];
}

export interface SimSubscription {
  id: string;
  object: 'subscription';
  billing_cycle_anchor: number;
  cancel_at: number | null;
  cancel_at_period_end: boolean;
  canceled_at: number | null;
  cancellation_details: { comment: null; feedback: null; reason: 'cancellation_requested' | null };
  collection_method: 'charge_automatically';
  created: number;
  currency: string;
  customer: string;
  default_payment_method: null;
  description: null;
  discounts: string[];
  ended_at: number | null;
  items: { object: 'list'; data: SimSubscriptionItem[]; has_more: false; total_count: number; url: string };
  latest_invoice: string | null;
  livemode: false;
  metadata: Metadata;
  pause_collection: null;
  schedule: null;
  start_date: number;
  status: SubscriptionStatus;
  test_clock: null;
  trial_end: null;
  trial_start: null;
}

export interface SimInvoiceLine {
  id: string;
  object: 'line_item';
  amount: number;
  currency: string;
  description: string;
  period: { start: number; end: number };
  quantity: 1;
  pricing: {
    type: 'price_details';
    price_details: { price: string; product: string };
    unit_amount_decimal: string;
  };
}

export interface SimInvoice {
  id: string;
  object: 'invoice';
  amount_due: number;
  amount_paid: number;
  amount_remaining: number;
  attempt_count: number;
  attempted: boolean;
  billing_reason: 'subscription_create' | 'subscription_cycle';
  collection_method: 'charge_automatically';
  created: number;
  currency: string;
  customer: string;
  customer_email: string | null;
  lines: { object: 'list'; data: SimInvoiceLine[]; has_more: false; total_count: number; url: string };
  livemode: false;
  metadata: Metadata;
  parent: {
    type: 'subscription_details';
    quote_details: null;
    subscription_details: { metadata: Metadata; subscription: string };
  };
  period_start: number;
  period_end: number;
  status: 'open' | 'paid';
  status_transitions: { finalized_at: number; paid_at: number | null };
  subtotal: number;
  total: number;
}

export type SimObject = SimPrice | SimCustomer | SimCheckoutSession | SimSubscription | SimInvoice;

export interface SimEvent {
  id: string;
  object: 'event';
  api_version: string;
  created: number;
  type: string;
  livemode: false;
  pending_webhooks: number;
  request: { id: string | null; idempotency_key: string | null };
  data: { object: SimObject; previous_attributes?: Record<string, unknown> };
}

export interface SignedEvent {
  payload: string;
  header: string;
}

export interface StripeSimulator {
  /** Node handler for the Stripe API (`/v1/...`) and the hosted checkout pages (`<page prefix>/<id>`). */
  handle(req: IncomingMessage, res: ServerResponse): void;
  listen(port?: number, host?: string): Promise<{ url: string; port: number; close(): Promise<void> }>;
  /** What pressing Pay does; resolves once every webhook was delivered, rejects if one failed. */
  completeCheckout(sessionId: string): Promise<SimCheckoutSession>;
  /** Sends `customer.subscription.updated` (past_due: `invoice.payment_failed` first). */
  setSubscriptionStatus(subscriptionId: string, status: SubscriptionStatus): Promise<SimSubscription>;
  /** Moves the clock to the end of the current period: cancels (cancel_at_period_end) or renews. */
  endPeriod(subscriptionId: string): Promise<SimSubscription>;
  /** Snapshots, oldest first. */
  subscriptions(): SimSubscription[];
  /** Every event sent, in order, as delivered (snapshots). */
  events(): SimEvent[];
  /** The exact body and `Stripe-Signature` header the simulator would send now. */
  signedEvent(event: SimEvent): SignedEvent;
  /** Delivers a recorded event again, freshly signed. */
  redeliver(eventId: string): Promise<void>;
  /**
   * Waits for the webhooks API calls trigger (they go out after the response, as with Stripe), and
   * rejects with a WebhookDeliveryError if any of them failed since the last flush.
   */
  flush(): Promise<void>;
}
