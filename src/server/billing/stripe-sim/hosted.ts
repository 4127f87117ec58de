import type { IncomingMessage, ServerResponse } from 'node:http';
import { checkoutPage, messagePage } from './checkout-page';
import { StripeApiError } from './errors';
import { redirect, sendHtml } from './http';
import { priceText } from './objects';
import type { StripeStore } from './state';
import type { SimCheckoutSession } from './types';
import { WebhookDeliveryError } from './webhooks';

export interface HostedDeps {
  store: StripeStore;
  /** Completes the session and delivers its webhooks; see StripeSimulator.completeCheckout. */
  complete(sessionId: string): Promise<SimCheckoutSession>;
}

const NOT_FOUND = messagePage(
  'Checkout not found',
  'This checkout link is not valid. Go back to ARLO and start again from the plans page.',
);

function closedPage(session: SimCheckoutSession): string {
  return session.status === 'complete'
    ? messagePage(
        'Checkout already completed',
        'This checkout is already complete; there is nothing left to pay.',
      )
    : messagePage('Checkout expired', 'This checkout link has expired. Go back to ARLO and start again.', {
        href: session.cancel_url,
        text: 'Back to ARLO',
      });
}

/** Stripe's placeholder in success_url, filled in on the way back. */
export function successLocation(session: SimCheckoutSession): string {
  return session.success_url.replaceAll('{CHECKOUT_SESSION_ID}', session.id);
}

function pageFor(sessionId: string, store: StripeStore): { status: number; html: string } {
  const record = store.sessionRecord(sessionId);
  if (!record) return { status: 404, html: NOT_FOUND };
  const { session, price } = record;
  if (session.status !== 'open') return { status: 410, html: closedPage(session) };
  const html = checkoutPage({
    sessionId,
    productName: store.productName(price),
    priceText: priceText(price),
    email: session.customer_email,
    cancelUrl: session.cancel_url,
  });
  return { status: 200, html };
}

/** Pay needs no body and no auth: the browser posts an empty form, and the session id is the secret. */
async function pay(res: ServerResponse, sessionId: string, deps: HostedDeps): Promise<void> {
  const session = deps.store.session(sessionId);
  if (!session) return sendHtml(res, 404, NOT_FOUND);
  if (session.status !== 'open') return sendHtml(res, 410, closedPage(session));
  try {
    await deps.complete(sessionId);
  } catch (error) {
    if (error instanceof StripeApiError) return sendHtml(res, 410, closedPage(session));
    if (!(error instanceof WebhookDeliveryError)) throw error;
    console.error(`Stripe simulator: ${error.message}`);
    // The subscription exists; only the app's notification failed. Say so, and offer the way back.
    return sendHtml(
      res,
      500,
      messagePage(
        'Payment recorded, but ARLO was not notified',
        'The demo subscription was created, but ARLO did not accept the notification about it. Your plan may take a moment to update; if it does not, please contact support.',
        { href: successLocation(session), text: 'Continue to ARLO' },
      ),
    );
  }
  redirect(res, successLocation(session));
}

/** `GET <prefix>/<id>` shows the page, `POST <prefix>/<id>/pay` pays. */
export async function serveHosted(
  req: IncomingMessage,
  res: ServerResponse,
  route: { sessionId: string; action: 'page' | 'pay' },
  deps: HostedDeps,
): Promise<void> {
  const method = (req.method ?? 'GET').toUpperCase();
  if (route.action === 'page' && (method === 'GET' || method === 'HEAD')) {
    const { status, html } = pageFor(route.sessionId, deps.store);
    return sendHtml(res, status, html);
  }
  if (route.action === 'pay' && method === 'POST') return pay(res, route.sessionId, deps);
  res.writeHead(405, { allow: route.action === 'page' ? 'GET' : 'POST', 'content-length': '0' });
  res.end();
}
