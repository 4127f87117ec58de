import { normalizeIP } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';
import { bearerClaims } from '../auth/tokens';
import type { Config } from '../config';
import { AppError } from '../errors';
import { memoryWindowCounter, redisWindowCounter, type WindowCounter } from './window-counter';

export interface IpLimitOptions {
  /** Keeps this limit's counters apart from every other limit's. */
  name: string;
  max: number;
  windowMs: number;
}

type OnRequestHook = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * An onRequest hook counting requests per client address: it runs before the body is read,
     * so an address over its limit never costs a body parse, a validation or a database query.
     */
    perIpLimit: (options: IpLimitOptions) => OnRequestHook;
  }
}

/** Every API and auth request, per client. Generous: a person never gets near it; a flood does. */
export const API_REQUESTS_PER_IP_PER_MINUTE = 600;

// Load balancers and uptime monitors poll the health check from one address: a 429 there would
// take a healthy node out of rotation. It reads no body and runs one trivial query.
const UNCOUNTED_PATHS = ['/api/health'];
// MCP too: each of its requests looks its token up, so a flood of made-up ones is refused first.
const COUNTED_PREFIXES = ['/api/', '/auth/', '/mcp/'];

/**
 * One client as the limits see it: an IPv6 client normally holds a whole /64, so its addresses
 * count as one (as @fastify/rate-limit's own keys do).
 */
export function clientAddress(request: FastifyRequest): string {
  return normalizeIP(request.ip);
}

/** The same 429 the rate-limit plugin answers with, and a Retry-After header. */
export function tooManyRequests(reply: FastifyReply, resetInMs: number): AppError {
  const seconds = Math.max(1, Math.ceil(resetInMs / 1000));
  reply.header('retry-after', seconds);
  return new AppError('RATE_LIMITED', `Too many requests. Please try again in ${seconds} seconds.`);
}

/**
 * Who a request is counted against: a signed-in user (a bearer token with a valid signature) on
 * their own, wherever they come from, so a whole office behind one address does not share one
 * budget; anyone else by address. A made-up token fails the signature check and counts by address.
 */
async function clientKey(config: Config, request: FastifyRequest): Promise<string> {
  const claims = await bearerClaims(config, request);
  return claims ? `user|${claims.userId}` : `ip|${clientAddress(request)}`;
}

function isCounted(request: FastifyRequest): boolean {
  const path = request.url.split('?', 1)[0] ?? '';
  if (UNCOUNTED_PATHS.some((uncounted) => path === uncounted || path.startsWith(`${uncounted}/`))) {
    return false;
  }
  return COUNTED_PREFIXES.some((prefix) => path.startsWith(prefix) || `${path}/` === prefix);
}

/**
 * Per-address request limits counted at onRequest, in Redis when one is configured (every node
 * shares the count) or in this process's memory. Registered by the security plugin.
 */
export const ipRequestLimitPlugin = fp(
  async (app: FastifyInstance, { redis, config }: { redis?: Redis; config: Config }) => {
    let lastWarning = 0;
    const warn = (error: Error) => {
      // A Redis outage would otherwise log once per request.
      if (Date.now() - lastWarning < 60_000) return;
      lastWarning = Date.now();
      app.log.warn({ err: { message: error.message } }, 'per-address limits not counted: redis unavailable');
    };
    const counterFor = (name: string, windowMs: number): WindowCounter =>
      redis
        ? redisWindowCounter(redis, windowMs, `arlo-ip-limit:${name}:`, warn)
        : memoryWindowCounter(windowMs);

    app.decorate('perIpLimit', ({ name, max, windowMs }: IpLimitOptions): OnRequestHook => {
      const counter = counterFor(name, windowMs);
      return async (request, reply) => {
        const counted = await counter.hit(await clientKey(config, request));
        if (counted && counted.count > max) throw tooManyRequests(reply, counted.resetInMs);
      };
    });

    const everyApiRequest = app.perIpLimit({
      name: 'api',
      max: API_REQUESTS_PER_IP_PER_MINUTE,
      windowMs: 60_000,
    });
    app.addHook('onRequest', async (request, reply) => {
      if (isCounted(request)) await everyApiRequest(request, reply);
    });
  },
);
