import { HANDOFF_PARAM } from '../../../../shared/api/handoff';

/**
 * Where Next goes: the chat, with a one-time hand-off code in the address that the chat trades for
 * a token, then strips. The code stands in for the token and userInfo of the original flow, so a
 * bearer token that lives for days is never written into an address (docs/decisions/0023). That
 * flow sent it to another host; ARLO serves the chat from this same origin in production and on
 * localhost alike, so the relative `/` is right in both.
 */
export function mainAppUrl(handoffCode: string): string {
  return `/?${HANDOFF_PARAM}=${encodeURIComponent(handoffCode)}`;
}
