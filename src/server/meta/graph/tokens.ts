/** Token calls made with the app's own credentials: debug_token and the long-lived token exchange. */
import type { GraphCore } from './core';
import { GraphApiError } from './errors';

export interface DebugTokenResult {
  isValid: boolean;
  appId: string;
  /** USER, PAGE, APP, SYSTEM_USER… as Meta names it. */
  type: string;
  userId: string;
  scopes: string[];
  /** Unix seconds; null when the token does not expire (Meta sends 0). */
  expiresAt: number | null;
}

export interface ExchangedToken {
  accessToken: string;
  /** Seconds; null when Meta does not say. */
  expiresIn: number | null;
}

const text = (value: unknown) =>
  typeof value === 'string' || typeof value === 'number' ? String(value) : '';

/** Inspects any token with the app token `appId|appSecret`; an invalid token is a result, not an error. */
export async function debugToken(core: GraphCore, inputToken: string): Promise<DebugTokenResult> {
  const url = core.url('debug_token', {
    input_token: inputToken,
    access_token: `${core.appId}|${core.appSecret}`,
  });
  const body = await core.send<{ data?: Record<string, unknown> }>({ method: 'GET', url }, inputToken);
  const data = body?.data ?? {};
  const expiresAt = Number(data.expires_at);
  return {
    isValid: data.is_valid === true,
    appId: text(data.app_id),
    type: text(data.type),
    userId: text(data.user_id),
    scopes: Array.isArray(data.scopes) ? data.scopes.filter((s): s is string => typeof s === 'string') : [],
    expiresAt: Number.isFinite(expiresAt) && expiresAt > 0 ? expiresAt : null,
  };
}

/** Trades a short-lived user token for a long-lived one (about 60 days). */
export async function exchangeToken(core: GraphCore, shortLived: string): Promise<ExchangedToken> {
  const url = core.url('oauth/access_token', {
    grant_type: 'fb_exchange_token',
    client_id: core.appId,
    client_secret: core.appSecret,
    fb_exchange_token: shortLived,
  });
  const body = await core.send<Record<string, unknown>>({ method: 'GET', url }, shortLived);
  if (typeof body?.access_token !== 'string' || !body.access_token) {
    throw new GraphApiError('Graph API token exchange answered without an access_token', {
      status: 200,
      retryable: false,
    });
  }
  const expiresIn = Number(body.expires_in);
  return {
    accessToken: body.access_token,
    expiresIn: body.expires_in !== undefined && Number.isFinite(expiresIn) ? expiresIn : null,
  };
}
