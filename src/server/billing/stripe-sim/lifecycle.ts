import { noSuch, StripeApiError } from './errors';
import { customerObject, itemOf, subscriptionObject } from './objects';
import { addIntervals } from './periods';
import type { StripeStore } from './state';
import type { Metadata, SimCheckoutSession, SimEvent, SimSubscription, SubscriptionStatus } from './types';
import type { Outbox } from './webhooks';

type EventRequest = SimEvent['request'];

/** A state change and the events it produced (already in the log), which the caller delivers. */
export interface Change<T> {
  object: T;
  events: SimEvent[];
}

const CANCELED_IS_FINAL = 'A canceled subscription can only update its cancellation_details and metadata.';

/** Top-level fields whose value changed, with their old values: Stripe's `previous_attributes`. */
function changedFields(before: object, after: object): Record<string, unknown> {
  const previous: Record<string, unknown> = {};
  const old = before as Record<string, unknown>;
  for (const [key, value] of Object.entries(after)) {
    if (JSON.stringify(old[key]) !== JSON.stringify(value)) previous[key] = old[key];
  }
  return previous;
}

function activeSubscription(store: StripeStore, id: string): SimSubscription {
  const { subscription } = store.subscriptionRecord(id);
  if (subscription.status === 'canceled') throw new StripeApiError(400, CANCELED_IS_FINAL);
  return subscription;
}

/** How checkouts and subscriptions change, and which events each change sends, in Stripe's order. */
export class Lifecycle {
  constructor(
    private readonly store: StripeStore,
    private readonly outbox: Outbox,
  ) {}

  /** Paying: customer, active subscription and paid invoice, then the session completes. */
  completeCheckout(sessionId: string): Change<SimCheckoutSession> {
    const record = this.store.sessionRecord(sessionId);
    if (!record) throw noSuch('cs', sessionId);
    const { session } = record;
    if (session.status !== 'open') {
      throw new StripeApiError(400, `This Checkout Session is ${session.status}.`, {
        code: 'checkout_session_inactive',
      });
    }
    const now = this.store.clock();
    const existing = session.customer ? this.store.customer(session.customer) : undefined;
    const customer = existing ?? customerObject(now, session.customer_email);
    this.store.addCustomer(customer);
    const subscription = subscriptionObject({
      customer: customer.id,
      price: record.price,
      metadata: { ...record.subscriptionMetadata },
      start: now,
    });
    const invoice = this.store.newInvoice(subscription, 'subscription_create', true);
    subscription.latest_invoice = invoice.id;
    this.store.addSubscription(subscription);
    Object.assign(session, {
      status: 'complete',
      payment_status: 'paid',
      url: null,
      customer: customer.id,
      customer_details: { email: customer.email, name: null },
      subscription: subscription.id,
      invoice: invoice.id,
    });
    const events = [
      this.outbox.record('checkout.session.completed', session, now),
      this.outbox.record('customer.subscription.created', subscription, now),
      this.outbox.record('invoice.paid', invoice, now),
    ];
    return { object: session, events };
  }

  update(
    id: string,
    changes: { cancelAtPeriodEnd?: boolean; metadata?: (current: Metadata) => Metadata },
    request?: EventRequest,
  ): Change<SimSubscription> {
    const { subscription } = this.store.subscriptionRecord(id);
    const before = structuredClone(subscription);
    const cancel = changes.cancelAtPeriodEnd;
    if (cancel !== undefined && cancel !== subscription.cancel_at_period_end) {
      activeSubscription(this.store, id);
      subscription.cancel_at_period_end = cancel;
      subscription.cancel_at = cancel ? itemOf(subscription).current_period_end : null;
      // Stripe's canceled_at is when cancelling was asked for, not when it takes effect.
      subscription.canceled_at = cancel ? this.store.clock() : null;
      subscription.cancellation_details.reason = cancel ? 'cancellation_requested' : null;
    }
    if (changes.metadata) subscription.metadata = changes.metadata(subscription.metadata);
    return { object: subscription, events: this.updated(subscription, before, request) };
  }

  cancelNow(id: string, request?: EventRequest): Change<SimSubscription> {
    const subscription = activeSubscription(this.store, id);
    const now = this.store.clock();
    Object.assign(subscription, { status: 'canceled', canceled_at: now, ended_at: now });
    subscription.cancellation_details.reason = 'cancellation_requested';
    const event = this.outbox.record('customer.subscription.deleted', subscription, now, undefined, request);
    return { object: subscription, events: [event] };
  }

  setStatus(id: string, status: SubscriptionStatus): Change<SimSubscription> {
    if (status === 'canceled') return this.cancelNow(id);
    const subscription = activeSubscription(this.store, id);
    if (subscription.status === status) return { object: subscription, events: [] };
    const before = structuredClone(subscription);
    const events: SimEvent[] = [];
    const now = this.store.clock();
    const latest = subscription.latest_invoice ? this.store.invoice(subscription.latest_invoice) : undefined;
    if (status === 'past_due') {
      // Stripe's order: the renewal charge fails, then the subscription turns past_due.
      const invoice = this.store.newInvoice(subscription, 'subscription_cycle', false);
      subscription.latest_invoice = invoice.id;
      events.push(this.outbox.record('invoice.payment_failed', invoice, now));
    } else if (status === 'active' && latest?.status === 'open') {
      // Recovering means the open invoice got paid.
      Object.assign(latest, { status: 'paid', amount_paid: latest.amount_due, amount_remaining: 0 });
      latest.status_transitions.paid_at = now;
      events.push(this.outbox.record('invoice.paid', latest, now));
    }
    subscription.status = status;
    events.push(...this.updated(subscription, before));
    return { object: subscription, events };
  }

  /**
   * Jumps the clock to the end of the current period. A subscription set to cancel then ends;
   * any other renews with a paid invoice for the next period (and is active again).
   */
  endPeriod(id: string): Change<SimSubscription> {
    const record = this.store.subscriptionRecord(id);
    const subscription = activeSubscription(this.store, id);
    const item = itemOf(subscription);
    const end = item.current_period_end;
    this.store.advanceTo(end);
    const now = this.store.clock();
    if (subscription.cancel_at_period_end) {
      Object.assign(subscription, { status: 'canceled', ended_at: end });
      const event = this.outbox.record('customer.subscription.deleted', subscription, now);
      return { object: subscription, events: [event] };
    }
    const before = structuredClone(subscription);
    record.periods += 1;
    item.current_period_start = end;
    item.current_period_end = addIntervals(
      subscription.billing_cycle_anchor,
      item.price.recurring.interval,
      record.periods + 1,
    );
    const invoice = this.store.newInvoice(subscription, 'subscription_cycle', true);
    subscription.latest_invoice = invoice.id;
    subscription.status = 'active';
    const events = [...this.updated(subscription, before), this.outbox.record('invoice.paid', invoice, now)];
    return { object: subscription, events };
  }

  /** `customer.subscription.updated`, only when something changed (as Stripe). */
  private updated(
    subscription: SimSubscription,
    before: SimSubscription,
    request?: EventRequest,
  ): SimEvent[] {
    const previous = changedFields(before, subscription);
    if (Object.keys(previous).length === 0) return [];
    const now = this.store.clock();
    return [this.outbox.record('customer.subscription.updated', subscription, now, previous, request)];
  }
}
