import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { SmtpSink } from './smtp-sink';

export const TEST_PASSWORD = 'Sunny-Day-42';

/** A verified account made through the public API, as the signup page makes it; returns its token. */
export async function signUpUser(
  app: FastifyInstance,
  sink: SmtpSink,
  email: string,
  /** The client's address, for tests that count requests per address; inject's default otherwise. */
  remoteAddress?: string,
): Promise<string> {
  const from = remoteAddress ? { remoteAddress } : {};
  const created = await app.inject({
    ...from,
    method: 'POST',
    url: '/auth/create-user',
    payload: { email, password: TEST_PASSWORD, method: 'web' },
  });
  expect(created.statusCode, created.body).toBe(200);
  const verified = await app.inject({
    ...from,
    method: 'POST',
    url: '/auth/verify-email',
    payload: { email, code: await sink.nextCode(email) },
  });
  expect(verified.statusCode, verified.body).toBe(200);
  return verified.json().token as string;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** The user id a token was issued to (its `sub`), for tests that read the user's rows directly. */
export function userIdOf(token: string): string {
  return JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()).sub;
}
