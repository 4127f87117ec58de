import type { FastifyServerOptions } from 'fastify';
import type { DestinationStream } from 'pino';
import type { Config } from './config';

// Query parameters that can carry credentials: the chat page is opened with ?token=&userInfo=.
const sensitiveQueryKeys = new Set([
  'token',
  'userinfo',
  'handoff',
  'access_token',
  'accesstoken',
  'code',
  'credential',
  'password',
  'secret',
  'session_id',
  'fb_exchange_token',
  'input_token',
  'appsecret_proof',
]);

export function redactUrl(url: string): string {
  const queryStart = url.indexOf('?');
  if (queryStart === -1) return url;
  const params = new URLSearchParams(url.slice(queryStart + 1));
  for (const key of [...params.keys()]) {
    if (sensitiveQueryKeys.has(key.toLowerCase())) params.set(key, '[REDACTED]');
  }
  return `${url.slice(0, queryStart)}?${params.toString()}`;
}

export function loggerOptions(
  config: Pick<Config, 'logLevel'>,
  stream?: DestinationStream,
): FastifyServerOptions['logger'] {
  return {
    level: config.logLevel,
    ...(stream ? { stream } : {}),
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'res.headers["set-cookie"]',
        '*.password',
        '*.newPassword',
        '*.token',
        '*.accessToken',
        '*.facebookToken',
        '*.credential',
      ],
      censor: '[REDACTED]',
    },
    serializers: {
      // Fastify's default logs the raw URL; ours strips credentials from the query first.
      req: (req) => ({ method: req.method, url: redactUrl(req.url), remoteAddress: req.ip }),
    },
  };
}
