import { normalizeIP } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';
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

/**
 * Every signed-out API and auth request, per address. Generous: a person never gets near it; a
 * flood does. Signed-in requests are not counted here: a whole office behind one address would
 * share the budget, and a signed-in route checks its token before reading a body, so a stranger's
 * request with a made-up token costs one signature check and a 401.
 */
export const API_REQUESTS_PER_IP_PER_MINUTE = 600;

// Load balancers and uptime monitors poll the health check from one address: a 429 there would
// take a healthy node out of rotation. It reads no body and runs one trivial query.
const UNCOUNTED_PATHS = ['/api/health'];
const COUNTED_PREFIXES = ['/api/', '/auth/'];

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

function isCounted(request: FastifyRequest): boolean {
  if (request.headers.authorization?.startsWith('Bearer ')) return false;
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
export const ipRequestLimitPlugin = fp(async (app: FastifyInstance, { redis }: { redis?: Redis }) => {
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
      const counted = await counter.hit(clientAddress(request));
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
});
