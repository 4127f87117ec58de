import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { StripeApiError } from './errors';
import { newId } from './ids';
import { API_VERSION } from './webhooks';

export function requestId(): string {
  return newId('req', 14);
}

export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string>,
): void {
  const text = JSON.stringify(body, null, 2);
  res.writeHead(status, {
    ...headers,
    'content-type': 'application/json',
    'content-length': String(Buffer.byteLength(text)),
    'stripe-version': API_VERSION,
    'cache-control': 'no-cache, no-store',
  });
  res.end(text);
}

/**
 * The page has no scripts and loads nothing; the CSP says so. No form-action: browsers apply it
 * to the redirect after Pay, and success_url may be on another origin.
 */
const PAGE_CSP = "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; frame-ancestors 'none'";

export function sendHtml(res: ServerResponse, status: number, html: string): void {
  res.writeHead(status, {
    'content-type': 'text/html; charset=utf-8',
    'content-length': String(Buffer.byteLength(html)),
    'content-security-policy': PAGE_CSP,
    'cache-control': 'no-store',
    'referrer-policy': 'no-referrer',
    'x-content-type-options': 'nosniff',
  });
  res.end(html);
}

export function redirect(res: ServerResponse, location: string): void {
  res.writeHead(303, { location, 'cache-control': 'no-store', 'content-length': '0' });
  res.end();
}

/** Stripe shows keys in errors with all but the last four characters masked. */
function redact(key: string): string {
  const prefix = /^[a-z]+_(?:test_|live_)?/.exec(key)?.[0] ?? '';
  return `${prefix}${'*'.repeat(Math.max(0, key.length - prefix.length - 4))}${key.slice(-4)}`;
}

function sameSecret(a: string, b: string): boolean {
  // Hashing first gives equal lengths, which timingSafeEqual needs.
  const digest = (text: string) => createHash('sha256').update(text).digest();
  return timingSafeEqual(digest(a), digest(b));
}

/** Bearer auth as the SDK sends it; Basic (`curl -u sk_test_...:`) as Stripe also takes. */
export function authenticate(req: IncomingMessage, secretKey: string): void {
  const header = req.headers.authorization ?? '';
  let key: string | undefined;
  const bearer = /^Bearer\s+(.+)$/i.exec(header);
  const basic = /^Basic\s+(.+)$/i.exec(header);
  if (bearer) key = bearer[1]?.trim();
  else if (basic)
    key = Buffer.from(basic[1] ?? '', 'base64')
      .toString('utf8')
      .split(':')[0];
  if (!key) {
    throw new StripeApiError(
      401,
      "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY').",
    );
  }
  if (!sameSecret(key, secretKey)) throw new StripeApiError(401, `Invalid API Key provided: ${redact(key)}`);
}
