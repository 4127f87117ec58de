import type { FastifyServerOptions } from 'fastify';
import type { DestinationStream } from 'pino';
import type { Config } from './config';
import { UNSUBSCRIBE_PATH } from './email-reports/unsubscribe';

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

// Parameters secret on one path only: an unsubscribe link's signature (`s`) works for good, so a
// log that kept it would let its reader unsubscribe the user; elsewhere `s` means nothing.
const sensitiveOnPath = new Map([[UNSUBSCRIBE_PATH, new Set(['s'])]]);

export function redactUrl(url: string): string {
  const queryStart = url.indexOf('?');
  if (queryStart === -1) return url;
  const params = new URLSearchParams(url.slice(queryStart + 1));
  const onPath = sensitiveOnPath.get(url.slice(0, queryStart));
  for (const key of [...params.keys()]) {
    const name = key.toLowerCase();
    if (sensitiveQueryKeys.has(name) || onPath?.has(name)) params.set(key, '[REDACTED]');
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
