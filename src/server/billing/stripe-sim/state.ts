import { noSuch } from './errors';
import { newId } from './ids';
import { invoiceObject, itemOf, priceObject, sessionObject } from './objects';
import type {
  Metadata,
  SimCheckoutSession,
  SimCustomer,
  SimInvoice,
  SimPrice,
  SimSubscription,
  StripeSimulatorPrice,
} from './types';

export interface StoreOptions {
  prices: StripeSimulatorPrice[];
  now: () => number;
  /** Where checkout session urls point, without a trailing slash. */
  pageBase: string;
}

export interface NewSession {
  priceId: string;
  successUrl: string;
  cancelUrl: string;
  clientReferenceId: string | null;
  customer: string | null;
  customerEmail: string | null;
  metadata: Metadata;
  subscriptionMetadata: Metadata;
}

/** What a session needs beyond its public fields to become a subscription. */
export interface SessionRecord {
  session: SimCheckoutSession;
  price: SimPrice;
  subscriptionMetadata: Metadata;
}

export interface SubscriptionRecord {
  subscription: SimSubscription;
  /** Completed billing periods since the anchor; period n runs anchor+n to anchor+n+1 intervals. */
  periods: number;
}

/** Everything the simulated Stripe account holds, and its clock. Changes live in lifecycle.ts. */
export class StripeStore {
  private readonly prices = new Map<string, SimPrice>();
  private readonly sessions = new Map<string, SessionRecord>();
  private readonly customers = new Map<string, SimCustomer>();
  private readonly subs = new Map<string, SubscriptionRecord>();
  private readonly invoices = new Map<string, SimInvoice>();
  private readonly productNames = new Map<string, string>();
  /** How far the simulator's clock runs ahead of `now` (ms); only grows, so events stay in order. */
  private skew = 0;

  constructor(private readonly options: StoreOptions) {
    const created = this.clock();
    const products = new Map<string, string>();
    for (const price of options.prices) {
      // One product per name, so monthly and yearly prices of 'ARLO Pro' share it (as in Stripe).
      const product = products.get(price.productName) ?? newId('prod', 14);
      products.set(price.productName, product);
      this.productNames.set(product, price.productName);
      this.prices.set(price.id, priceObject(price, product, created));
    }
  }

  /** Unix seconds on the simulator's clock (a test clock that `endPeriod` moves forward). */
  clock(): number {
    return Math.floor((this.options.now() + this.skew) / 1000);
  }

  /** Moves the clock forward to `seconds` (never back). */
  advanceTo(seconds: number): void {
    this.skew = Math.max(this.skew, seconds * 1000 - this.options.now());
  }

  price(id: string): SimPrice | undefined {
    return this.prices.get(id);
  }

  productName(price: SimPrice): string {
    return this.productNames.get(price.product) ?? price.product;
  }

  customer(id: string): SimCustomer | undefined {
    return this.customers.get(id);
  }

  invoice(id: string): SimInvoice | undefined {
    return this.invoices.get(id);
  }

  session(id: string): SimCheckoutSession | undefined {
    return this.sessionRecord(id)?.session;
  }

  sessionRecord(id: string): SessionRecord | undefined {
    const record = this.sessions.get(id);
    // Stripe expires open sessions after a day; here that happens when someone looks.
    if (record?.session.status === 'open' && this.clock() >= record.session.expires_at) {
      record.session.status = 'expired';
      record.session.url = null;
    }
    return record;
  }

  subscription(id: string): SimSubscription | undefined {
    return this.subs.get(id)?.subscription;
  }

  subscriptionRecord(id: string): SubscriptionRecord {
    const record = this.subs.get(id);
    if (!record) throw noSuch('sub', id);
    return record;
  }

  allSubscriptions(): SimSubscription[] {
    return [...this.subs.values()].map((record) => structuredClone(record.subscription));
  }

  createSession(input: NewSession): SimCheckoutSession {
    const price = this.prices.get(input.priceId);
    if (!price) throw noSuch('price', input.priceId, 'line_items[0][price]', 400);
    if (input.customer && !this.customers.has(input.customer)) {
      throw noSuch('cus', input.customer, 'customer', 400);
    }
    const session = sessionObject({
      price,
      quantity: 1,
      successUrl: input.successUrl,
      cancelUrl: input.cancelUrl,
      clientReferenceId: input.clientReferenceId,
      customer: input.customer,
      customerEmail: input.customerEmail,
      metadata: input.metadata,
      created: this.clock(),
      pageBase: this.options.pageBase,
    });
    this.sessions.set(session.id, { session, price, subscriptionMetadata: input.subscriptionMetadata });
    return session;
  }

  addCustomer(customer: SimCustomer): void {
    this.customers.set(customer.id, customer);
  }

  addSubscription(subscription: SimSubscription): void {
    this.subs.set(subscription.id, { subscription, periods: 0 });
  }

  /** An invoice for the subscription's current period, paid or left open (a failed charge). */
  newInvoice(subscription: SimSubscription, reason: SimInvoice['billing_reason'], paid: boolean): SimInvoice {
    const invoice = invoiceObject({
      subscription,
      customerEmail: this.customers.get(subscription.customer)?.email ?? null,
      reason,
      paid,
      created: this.clock(),
      productName: this.productName(itemOf(subscription).price),
    });
    this.invoices.set(invoice.id, invoice);
    return invoice;
  }
}
