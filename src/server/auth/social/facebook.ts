import { createHmac } from 'node:crypto';
import type { Config } from '../../config';
import { type SocialProfile, SocialVerifyError } from './google';

const GRAPH_VERSION = 'v23.0';
const FETCH_TIMEOUT_MS = 5_000;

export type FacebookVerifier = (accessToken: string) => Promise<SocialProfile>;

interface FacebookApp {
  graphUrl: string;
  appId: string;
  appSecret: string;
}

/**
 * Checks a Facebook user access token with debug_token (valid, issued to our app, a USER token),
 * then reads the profile with appsecret_proof. The token never goes into an error or a log line:
 * failures are reduced to `SocialVerifyError`.
 */
export function facebookVerifier(app: FacebookApp): FacebookVerifier {
  const base = app.graphUrl.replace(/\/+$/, '');

  async function graphGet(path: string, query: Record<string, string>): Promise<Record<string, unknown>> {
    let response: Response;
    try {
      response = await fetch(`${base}/${GRAPH_VERSION}/${path}?${new URLSearchParams(query)}`, {
        signal: AbortSignal.timeout(FETCH_TIMEOUT_MS),
        headers: { accept: 'application/json' },
      });
    } catch {
      throw new SocialVerifyError('unavailable');
    }
    const body = (await response.json().catch(() => undefined)) as Record<string, unknown> | undefined;
    if (response.status >= 500 || !body || typeof body !== 'object')
      throw new SocialVerifyError('unavailable');
    // Graph answers 400 (OAuthException) to an expired, revoked or malformed token.
    if (!response.ok) throw new SocialVerifyError('invalid');
    return body;
  }

  return async (accessToken) => {
    const debug = await graphGet('debug_token', {
      input_token: accessToken,
      access_token: `${app.appId}|${app.appSecret}`,
    });
    const data = (debug.data ?? {}) as Record<string, unknown>;
    if (data.is_valid !== true || String(data.app_id) !== app.appId || data.type !== 'USER') {
      throw new SocialVerifyError('invalid');
    }
    const me = await graphGet('me', {
      fields: 'id,name,email',
      access_token: accessToken,
      appsecret_proof: createHmac('sha256', app.appSecret).update(accessToken).digest('hex'),
    });
    const subject = typeof me.id === 'string' ? me.id : '';
    // The profile must belong to the user the token was issued to.
    if (!subject || (data.user_id !== undefined && String(data.user_id) !== subject)) {
      throw new SocialVerifyError('invalid');
    }
    const email = typeof me.email === 'string' ? me.email.trim().toLowerCase() : '';
    return {
      subject,
      email: email || undefined,
      // Facebook returns only a confirmed email address in the `email` field.
      emailVerified: Boolean(email),
      name: typeof me.name === 'string' ? me.name.slice(0, 200) : '',
    };
  };
}

export function facebookAppOf(meta: Config['meta']): FacebookApp | undefined {
  return meta.appId && meta.appSecret && meta.graphUrl
    ? { graphUrl: meta.graphUrl, appId: meta.appId, appSecret: meta.appSecret }
    : undefined;
}
