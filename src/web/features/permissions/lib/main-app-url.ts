import type { UserInfo } from '../../../lib/session';

/**
 * SPEC.md section 4: Next hands the session to the main app in the query string, which the chat
 * reads, stores and strips. The SPEC's original sent it to another host (production, or a local
 * dev address); ARLO serves the chat from this same origin in production and on localhost alike,
 * so the relative `/` is right in both, and nothing points at a host chosen by configuration.
 */
export function mainAppUrl(token: string, userInfo: UserInfo | null): string {
  const params = [`token=${encodeURIComponent(token)}`];
  if (userInfo) params.push(`userInfo=${encodeURIComponent(JSON.stringify(userInfo))}`);
  return `/?${params.join('&')}`;
}
