import { createHmac, timingSafeEqual } from 'node:crypto';
import type { EmailReportKind } from '../../shared/api/email-reports';

export const UNSUBSCRIBE_PATH = '/api/email-reports/unsubscribe';

/**
 * The link's signature: an HMAC of the user and the kind under the app's JWT secret (with its own
 * label, so it can never stand in for any other signed value). It does not expire: an old email's
 * link must still work, and all it can ever do is switch one kind of email off for one user.
 */
export function unsubscribeSignature(secret: string, userId: string, kind: EmailReportKind): string {
  return createHmac('sha256', secret).update(`arlo-unsubscribe:${userId}:${kind}`).digest('base64url');
}

export function verifyUnsubscribe(
  secret: string,
  userId: string,
  kind: EmailReportKind,
  signature: string,
): boolean {
  const expected = Buffer.from(unsubscribeSignature(secret, userId, kind));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

export function unsubscribeUrl(
  publicUrl: string,
  secret: string,
  userId: string,
  kind: EmailReportKind,
): string {
  const url = new URL(UNSUBSCRIBE_PATH, publicUrl);
  url.searchParams.set('u', userId);
  url.searchParams.set('k', kind);
  url.searchParams.set('s', unsubscribeSignature(secret, userId, kind));
  return url.toString();
}
