import { invalidParam, missingParam, noSuch, unrecognizedUrl } from './errors';
import type { ParamObject } from './form';
import type { Lifecycle } from './lifecycle';
import { lineItemsObject } from './objects';
import {
  asList,
  expandParam,
  mergeMetadata,
  metadataParam,
  optionalBoolean,
  optionalObject,
  optionalString,
  requiredString,
  urlParam,
} from './params';
import type { StripeStore } from './state';
import type { SimEvent, SimObject } from './types';

export interface ApiContext {
  params: ParamObject;
  store: StripeStore;
  lifecycle: Lifecycle;
  /** Put on the events the call causes, as Stripe does. */
  request: SimEvent['request'];
}

/** A response body and the events to deliver once it is sent. */
export interface ApiResult {
  body: unknown;
  events?: SimEvent[];
}

type Handler = (ctx: ApiContext, id: string) => ApiResult;

function lookup(store: StripeStore, id: string): SimObject | undefined {
  if (id.startsWith('cus_')) return store.customer(id);
  if (id.startsWith('sub_')) return store.subscription(id);
  if (id.startsWith('in_')) return store.invoice(id);
  if (id.startsWith('cs_')) return store.session(id);
  return store.price(id);
}

function lineItems(store: StripeStore, sessionId: string) {
  const record = store.sessionRecord(sessionId);
  if (!record) throw noSuch('cs', sessionId);
  return lineItemsObject(record.session, record.price, store.productName(record.price));
}

/** `expand[]=subscription` (or `subscription.latest_invoice`): ids replaced by their objects. */
function expand(object: SimObject, paths: string[], store: StripeStore): unknown {
  const copy: Record<string, unknown> = { ...object };
  for (const path of paths) {
    const [field = '', ...rest] = path.split('.');
    if (object.object === 'checkout.session' && path === 'line_items') {
      // Not an id but a list Stripe only includes when asked.
      copy.line_items = lineItems(store, object.id);
      continue;
    }
    const value = copy[field];
    if (value === null) continue;
    const found = typeof value === 'string' ? lookup(store, value) : undefined;
    if (!found) throw invalidParam('expand', `This property cannot be expanded (${path}).`);
    copy[field] = rest.length > 0 ? expand(found, [rest.join('.')], store) : found;
  }
  return copy;
}

function respond(ctx: ApiContext, object: SimObject, events?: SimEvent[]): ApiResult {
  return { body: expand(object, expandParam(ctx.params), ctx.store), events };
}

function retrieve(
  kind: 'cs' | 'sub' | 'cus' | 'in' | 'price',
  get: (store: StripeStore, id: string) => SimObject | undefined,
): Handler {
  return (ctx, id) => {
    const object = get(ctx.store, id);
    if (!object) throw noSuch(kind, id);
    return respond(ctx, object);
  };
}

const createSession: Handler = (ctx) => {
  const { params, store } = ctx;
  const mode = requiredString(params, 'mode');
  if (mode !== 'subscription') {
    throw invalidParam('mode', `The Stripe simulator only supports mode=subscription, not '${mode}'.`);
  }
  const items = asList(params.line_items, 'line_items');
  if (items.length === 0) throw missingParam('line_items');
  if (items.length > 1)
    throw invalidParam('line_items', 'The Stripe simulator supports exactly one line item.');
  const item = items[0];
  if (typeof item !== 'object' || Array.isArray(item)) {
    throw invalidParam('line_items[0]', 'Invalid object: line_items[0] must be a hash');
  }
  const priceId = requiredString(item, 'price', 'line_items[0][price]');
  const quantity = requiredString(item, 'quantity', 'line_items[0][quantity]');
  if (!/^\d+$/.test(quantity) || Number(quantity) < 1) {
    throw invalidParam(
      'line_items[0][quantity]',
      `Invalid integer: ${quantity}`,
      'parameter_invalid_integer',
    );
  }
  if (quantity !== '1') {
    throw invalidParam('line_items[0][quantity]', 'The Stripe simulator supports a quantity of 1 only.');
  }
  const customer = optionalString(params, 'customer') || null;
  const customerEmail = optionalString(params, 'customer_email') || null;
  if (customer && customerEmail) {
    throw invalidParam(
      'customer_email',
      'You may only specify one of these parameters: customer, customer_email.',
    );
  }
  // Loose on purpose: only what Stripe would certainly refuse.
  if (customerEmail && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(customerEmail)) {
    throw invalidParam('customer_email', `Invalid email address: ${customerEmail}`, 'email_invalid');
  }
  const clientReferenceId = optionalString(params, 'client_reference_id') || null;
  if (clientReferenceId && clientReferenceId.length > 200) {
    throw invalidParam('client_reference_id', 'client_reference_id can be at most 200 characters.');
  }
  const subscriptionData = optionalObject(params, 'subscription_data') ?? {};
  const session = store.createSession({
    priceId,
    successUrl: urlParam(params, 'success_url'),
    cancelUrl: urlParam(params, 'cancel_url'),
    clientReferenceId,
    customer,
    customerEmail,
    metadata: mergeMetadata({}, metadataParam(params.metadata, 'metadata')),
    subscriptionMetadata: mergeMetadata(
      {},
      metadataParam(subscriptionData.metadata, 'subscription_data[metadata]'),
    ),
  });
  return respond(ctx, session);
};

const updateSubscription: Handler = (ctx, id) => {
  // Validate everything before changing anything, so a bad request leaves no trace.
  const cancelAtPeriodEnd = optionalBoolean(ctx.params, 'cancel_at_period_end');
  const metadata = metadataParam(ctx.params.metadata, 'metadata');
  const change = ctx.lifecycle.update(
    id,
    {
      cancelAtPeriodEnd,
      metadata: metadata === undefined ? undefined : (current) => mergeMetadata(current, metadata),
    },
    ctx.request,
  );
  return respond(ctx, change.object, change.events);
};

const cancelSubscription: Handler = (ctx, id) => {
  const change = ctx.lifecycle.cancelNow(id, ctx.request);
  return respond(ctx, change.object, change.events);
};

/** `:id` is one path segment. */
function route(method: string, path: string, run: Handler) {
  return { method, pattern: new RegExp(`^${path.replace(':id', '([^/]+)')}$`), run };
}

const ROUTES = [
  route('POST', '/v1/checkout/sessions', createSession),
  route(
    'GET',
    '/v1/checkout/sessions/:id',
    retrieve('cs', (s, id) => s.session(id)),
  ),
  route('GET', '/v1/checkout/sessions/:id/line_items', (ctx, id) => ({ body: lineItems(ctx.store, id) })),
  route(
    'GET',
    '/v1/subscriptions/:id',
    retrieve('sub', (s, id) => s.subscription(id)),
  ),
  route('POST', '/v1/subscriptions/:id', updateSubscription),
  route('DELETE', '/v1/subscriptions/:id', cancelSubscription),
  route(
    'GET',
    '/v1/customers/:id',
    retrieve('cus', (s, id) => s.customer(id)),
  ),
  route(
    'GET',
    '/v1/invoices/:id',
    retrieve('in', (s, id) => s.invoice(id)),
  ),
  route(
    'GET',
    '/v1/prices/:id',
    retrieve('price', (s, id) => s.price(id)),
  ),
];

/** The handler for a method and path, or Stripe's 404 for an unknown URL. */
export function resolveApiRoute(method: string, path: string): (ctx: ApiContext) => ApiResult {
  for (const route of ROUTES) {
    const match = route.method === method ? route.pattern.exec(path) : null;
    if (match) {
      let id: string;
      try {
        id = decodeURIComponent(match[1] ?? '');
      } catch {
        throw unrecognizedUrl(method, path);
      }
      return (ctx) => route.run(ctx, id);
    }
  }
  throw unrecognizedUrl(method, path);
}
