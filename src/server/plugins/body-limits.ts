import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { MAX_MESSAGE_CHARS } from '../../shared/api/chat';

const KB = 1024;
const MB = 1024 * KB;

/**
 * Sizes are worst cases of a real body: a client may send each non-ASCII character as a `\uXXXX`
 * escape (Python's json does by default), so a character can take 6 bytes.
 */
const BYTES_PER_CHAR = 6;

/**
 * Every route, and every unknown URL, unless listed below. The largest real auth, chat and
 * settings body (an email and a 1,024-character password, all escaped) is under 8 KB, and a body is
 * read and parsed before the route's own checks run: a small limit keeps junk cheap.
 */
export const DEFAULT_BODY_LIMIT = 8 * KB;

/** Routes whose real bodies need more, by full URL. */
const largerBodyLimits: Record<string, number> = {
  // A question at its longest, plus the session id, time zone and model.
  '/api/ask': roundUpToKb(MAX_MESSAGE_CHARS * BYTES_PER_CHAR + 2 * KB),
  // An MCP tool call: a question at its longest, or a typed query with its filters' ids.
  '/mcp': 64 * KB,
  // A Google ID token of up to 8,192 characters.
  '/auth/google-signup': 16 * KB,
  '/auth/google-login': 16 * KB,
  // Up to 5,000 ad accounts with their names.
  '/auth/save-facebook-permissions': 1 * MB,
  // Stripe's events, which carry whole objects; read as raw text for the signature check.
  '/payment/webhook': 1 * MB,
};

function roundUpToKb(bytes: number): number {
  return Math.ceil(bytes / KB) * KB;
}

/** The body limit a route gets when it does not set its own. */
export function bodyLimitFor(url: string): number {
  return largerBodyLimits[url] ?? DEFAULT_BODY_LIMIT;
}

export function formatByteSize(bytes: number): string {
  if (bytes % MB === 0) return `${bytes / MB} MB`;
  if (bytes % KB === 0) return `${bytes / KB} KB`;
  return `${bytes} bytes`;
}

export function bodyTooLargeMessage(limit: number): string {
  return `The request body is too large (limit ${formatByteSize(limit)}).`;
}

/**
 * Gives each route the body limit that fits it, from the table above, so an oversized body is
 * refused with 413 before a byte of it is parsed. Registered before the routes: `onRoute` only
 * sees routes added after it.
 */
export const bodyLimitsPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('onRoute', (routeOptions) => {
    if (routeOptions.bodyLimit !== undefined) return;
    routeOptions.bodyLimit = bodyLimitFor(routeOptions.url ?? routeOptions.path ?? '');
  });
});
