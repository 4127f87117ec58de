import type { IncomingMessage, ServerResponse } from 'node:http';
import { invalidParameter } from './errors';

const MAX_BODY_BYTES = 1_000_000;

/** The real Graph API answers any origin; the browser stand-in needs that when served elsewhere. */
export const CORS_HEADERS: Record<string, string> = {
  'access-control-allow-origin': '*',
  'access-control-expose-headers':
    'x-app-usage, x-ad-account-usage, x-business-use-case-usage, x-fb-trace-id',
};

export function sendPreflight(res: ServerResponse): void {
  res.writeHead(204, {
    ...CORS_HEADERS,
    'access-control-allow-methods': 'GET, POST, DELETE, OPTIONS',
    'access-control-allow-headers': 'content-type, x-arlo-sdk-standin',
    'access-control-max-age': '600',
  });
  res.end();
}

export function send(
  res: ServerResponse,
  status: number,
  contentType: string,
  text: string,
  headers: Record<string, string> = {},
): void {
  res.writeHead(status, {
    ...CORS_HEADERS,
    ...headers,
    'content-type': contentType,
    'content-length': String(Buffer.byteLength(text)),
  });
  res.end(text);
}

function flatten(body: unknown): Record<string, string> {
  const params: Record<string, string> = {};
  if (!body || typeof body !== 'object') return params;
  for (const [key, value] of Object.entries(body)) {
    if (value === undefined || value === null) continue;
    // Meta takes structured parameters (time_range) as JSON text.
    params[key] = typeof value === 'object' ? JSON.stringify(value) : String(value);
  }
  return params;
}

function parseBody(text: string, contentType: string): Record<string, string> {
  if (text.trim() === '') return {};
  if (contentType.includes('json')) {
    try {
      return flatten(JSON.parse(text));
    } catch {
      throw invalidParameter('The request body is not valid JSON');
    }
  }
  return Object.fromEntries(new URLSearchParams(text));
}

/** A POST or DELETE body as parameters (form or JSON); Meta treats them like query parameters. */
export async function readBodyParams(req: IncomingMessage): Promise<Record<string, string>> {
  const contentType = String(req.headers['content-type'] ?? '');
  // A host framework (Fastify, Express) may have consumed the stream and parsed the body already.
  const parsed = (req as IncomingMessage & { body?: unknown }).body;
  if (typeof parsed === 'string') return parseBody(parsed, contentType);
  if (parsed && typeof parsed === 'object' && !Buffer.isBuffer(parsed)) return flatten(parsed);
  if (Buffer.isBuffer(parsed)) return parseBody(parsed.toString('utf8'), contentType);
  if (req.readableEnded) return {};
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) throw invalidParameter('The request body is too large');
    chunks.push(chunk as Buffer);
  }
  return parseBody(Buffer.concat(chunks).toString('utf8'), contentType);
}

/**
 * Where the client reached us, so `next` links work behind the mount prefix, a proxy or a port
 * mapping: the Host header and the prefix the request came in with.
 */
export function publicOrigin(req: IncomingMessage): string {
  const forwarded = req.headers['x-forwarded-proto'];
  const proto = (Array.isArray(forwarded) ? forwarded[0] : forwarded)?.split(',')[0]?.trim() || 'http';
  return `${proto}://${req.headers.host ?? 'localhost'}`;
}
