import cookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';
import type { Config } from '../config';
import { ipRequestLimitPlugin } from './ip-request-limit';

// The only third-party origins the pages need: the Google and Facebook sign-in SDKs.
const googleOrigins = ['https://accounts.google.com', 'https://apis.google.com'];
const facebookOrigins = [
  'https://connect.facebook.net',
  'https://www.facebook.com',
  'https://graph.facebook.com',
];
// Images: our own (the favicon) and ad thumbnails, which Meta serves from its CDN's scontent
// hosts (scontent-iad3-1.xx.fbcdn.net…). The sign-in SDKs draw theirs inside their own frames.
const imageOrigins = ['https://*.fbcdn.net'];

export const securityPlugin = fp(async (app: FastifyInstance, { config }: { config: Config }) => {
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...googleOrigins, 'https://connect.facebook.net'],
        styleSrc: ["'self'", "'unsafe-inline'", ...googleOrigins],
        imgSrc: ["'self'", ...imageOrigins],
        connectSrc: ["'self'", ...googleOrigins, ...facebookOrigins],
        frameSrc: ["'self'", ...googleOrigins, ...facebookOrigins],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        // Local HTTP demo must keep working; production sits behind TLS anyway.
        upgradeInsecureRequests: config.nodeEnv === 'production' ? [] : null,
      },
    },
    hsts: config.nodeEnv === 'production' ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
  });
  await app.register(cookie);

  // Counters live in Redis when several app nodes share the load; otherwise in memory.
  const redis = config.redisUrl ? await connectRedis(app, config.redisUrl) : undefined;
  // Per address, before the body is read: a flood is refused at the door.
  await app.register(ipRequestLimitPlugin, { redis, config });
  // Per route, after body parsing, so a route can key its limit on the account named in the body.
  // A route's limit is its only @fastify/rate-limit hook: the plugin runs one per request, so a
  // second (a plugin-wide one) would silently switch the route's own limit off.
  await app.register(rateLimit, {
    global: false,
    hook: 'preHandler',
    ...(redis ? { redis, skipOnError: true } : {}),
    errorResponseBuilder: (_request, context) => ({
      statusCode: context.statusCode,
      message: `Too many requests. Please try again in ${Math.ceil(context.ttl / 1000)} seconds.`,
      code: 'RATE_LIMITED',
    }),
  });
});

/**
 * Connects before the first request: without the offline queue, commands sent while connecting
 * fail, and `skipOnError` would let those requests through unlimited. A configured Redis that
 * cannot be reached stops the start; a later outage only logs, and requests are not limited meanwhile.
 */
async function connectRedis(app: FastifyInstance, url: string): Promise<Redis> {
  // Loaded only when REDIS_URL is set: a single node (and every test) never needs the client.
  const { Redis } = await import('ioredis');
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1, enableOfflineQueue: false });
  redis.on('error', (error) => app.log.warn({ err: { message: error.message } }, 'redis error'));
  try {
    await redis.connect();
  } catch {
    redis.disconnect();
    const { host } = new URL(url);
    throw new Error(`REDIS_URL is set but Redis at ${host} cannot be reached`);
  }
  app.addHook('onClose', async () => {
    await redis.quit();
  });
  return redis;
}
