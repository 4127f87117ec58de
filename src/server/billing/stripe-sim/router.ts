import type { IncomingMessage, ServerResponse } from 'node:http';
import { type ApiResult, resolveApiRoute } from './api';
import { messagePage } from './checkout-page';
import { StripeApiError, unrecognizedUrl } from './errors';
import { parseForm, readForm } from './form';
import { type HostedDeps, serveHosted } from './hosted';
import { authenticate, requestId, sendHtml, sendJson } from './http';
import type { IdempotencyCache } from './idempotency';
import type { Lifecycle } from './lifecycle';
import type { Outbox } from './webhooks';

export interface RouterDeps extends HostedDeps {
  secretKey: string;
  /** Path the checkout pages live under ('/demo-checkout'), or '' for the root. */
  pagePrefix: string;
  outbox: Outbox;
  lifecycle: Lifecycle;
  idempotency: IdempotencyCache;
}

const SESSION_PATH = /^\/(cs_[A-Za-z0-9_]+)(\/pay)?$/;

/** A checkout page route, if the path is one (or under the page prefix at all: then null = not found). */
function hostedRoute(path: string, prefix: string) {
  if (prefix && path !== prefix && !path.startsWith(`${prefix}/`)) return undefined;
  const match = SESSION_PATH.exec(path.slice(prefix.length));
  if (!match) return prefix ? null : undefined;
  return { sessionId: match[1] ?? '', action: match[2] ? ('pay' as const) : ('page' as const) };
}

function header(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

async function serveApi(
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  deps: RouterDeps,
): Promise<void> {
  const method = (req.method ?? 'GET').toUpperCase();
  const id = requestId();
  const key = method === 'POST' ? header(req, 'idempotency-key') : undefined;
  const headers: Record<string, string> = { 'request-id': id, ...(key ? { 'idempotency-key': key } : {}) };
  let result: ApiResult;
  try {
    authenticate(req, deps.secretKey);
    const run = resolveApiRoute(method, url.pathname);
    const query = parseForm(url.search.slice(1));
    const params = method === 'GET' ? query : { ...query, ...(await readForm(req)) };
    const fingerprint = `${method} ${url.pathname} ${JSON.stringify(params)}`;
    const replay = deps.idempotency.replay(key, fingerprint);
    if (replay)
      return sendJson(res, replay.status, replay.body, { ...headers, 'idempotent-replayed': 'true' });
    result = run({
      params,
      store: deps.store,
      lifecycle: deps.lifecycle,
      request: { id, idempotency_key: key ?? null },
    });
    // Like Stripe, only a request that ran is remembered; a rejected one may be retried as is.
    deps.idempotency.save(key, fingerprint, 200, result.body);
  } catch (error) {
    if (!(error instanceof StripeApiError)) console.error('Stripe simulator:', error);
    const apiError =
      error instanceof StripeApiError
        ? error
        : new StripeApiError(500, 'An unknown error occurred', { type: 'api_error' });
    return sendJson(res, apiError.status, apiError.body(id), headers);
  }
  sendJson(res, 200, result.body, headers);
  deps.outbox.deliverInBackground(result.events ?? []);
}

/** Serves the Stripe API under /v1 and the hosted checkout pages under the page prefix. */
export function createRouter(deps: RouterDeps): (req: IncomingMessage, res: ServerResponse) => Promise<void> {
  return async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://stripe-simulator.invalid');
    const hosted = hostedRoute(url.pathname, deps.pagePrefix);
    if (hosted) return serveHosted(req, res, hosted, deps);
    if (hosted === null) {
      return sendHtml(res, 404, messagePage('Checkout not found', 'This checkout link is not valid.'));
    }
    if (url.pathname.startsWith('/v1/')) return serveApi(req, res, url, deps);
    const error = unrecognizedUrl((req.method ?? 'GET').toUpperCase(), url.pathname);
    sendJson(res, error.status, error.body(requestId()), {});
  };
}
