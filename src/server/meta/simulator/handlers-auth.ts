import { isAppToken } from './auth';
import type { RequestContext, SimulatorState } from './context';
import { GraphError, invalidParameter } from './errors';
import { DEMO_USER, LONG_LIVED_SECONDS, SHORT_LIVED_SECONDS, type UserToken } from './tokens';

/**
 * `GET /dialog/oauth?client_id=&scope=`: the demo login behind the SDK stand-in's FB.login. It
 * answers JSON (not Meta's HTML dialog) and always signs in the demo user with the scopes asked.
 */
export function dialogOAuth(ctx: RequestContext, state: SimulatorState): unknown {
  if (ctx.params.client_id !== state.appId) {
    throw new GraphError(101, `Invalid App ID: ${ctx.params.client_id ?? ''}`);
  }
  const asked = (ctx.params.scope ?? '').split(/[\s,]+/).filter(Boolean);
  const scopes = asked.length > 0 ? [...new Set(asked)] : ['public_profile'];
  const user = state.tokens.issue({ ...DEMO_USER, scopes });
  return {
    accessToken: user.token,
    userID: user.userId,
    expiresIn: SHORT_LIVED_SECONDS,
    grantedScopes: scopes.join(','),
    status: 'connected',
  };
}

/** `GET /oauth/access_token`: the fb_exchange_token grant (short-lived → long-lived) and the app token. */
export function oauthAccessToken(ctx: RequestContext, state: SimulatorState): unknown {
  const { params } = ctx;
  if (params.client_id !== state.appId) {
    throw new GraphError(101, 'Error validating application. Invalid application ID.');
  }
  if (params.client_secret !== state.appSecret) throw new GraphError(101, 'Error validating client secret.');
  if (params.grant_type === 'client_credentials') {
    return { access_token: `${state.appId}|${state.appSecret}`, token_type: 'bearer' };
  }
  if (params.grant_type !== 'fb_exchange_token') {
    throw invalidParameter('grant_type must be fb_exchange_token or client_credentials');
  }
  if (!params.fb_exchange_token) throw invalidParameter('Missing fb_exchange_token parameter');
  const user = state.tokens.validate(params.fb_exchange_token);
  if (user.appId !== state.appId) {
    throw new GraphError(190, 'Error validating access token: The token was not issued for this app.');
  }
  const long = state.tokens.exchange(user);
  return { access_token: long.token, token_type: 'bearer', expires_in: LONG_LIVED_SECONDS };
}

function granularScopes(user: UserToken): unknown[] {
  const accountScopes = new Set(['ads_read', 'ads_management', 'business_management']);
  return user.scopes.map((scope) =>
    user.accountIds && accountScopes.has(scope) ? { scope, target_ids: user.accountIds } : { scope },
  );
}

/** `GET /debug_token?input_token=&access_token=<app token>`: what a token is, or why it is not valid. */
export function debugToken(ctx: RequestContext, state: SimulatorState): unknown {
  if (!isAppToken(ctx.params.access_token, state)) {
    throw new GraphError(190, 'Invalid OAuth access token signature.');
  }
  const input = ctx.params.input_token;
  if (!input) throw invalidParameter('The parameter input_token is required');
  const user = state.tokens.find(input);
  if (!user) {
    return {
      data: {
        is_valid: false,
        error: { code: 190, message: 'Invalid OAuth access token - Cannot parse access token' },
      },
    };
  }
  const data: Record<string, unknown> = {
    app_id: user.appId,
    type: 'USER',
    // The simulator knows one app by name; a token of any other app shows its id instead.
    application: user.appId === state.appId ? 'ARLO' : `App ${user.appId}`,
    data_access_expires_at: user.issuedAt + 90 * 86_400,
    expires_at: user.expiresAt,
    is_valid: true,
    issued_at: user.issuedAt,
    scopes: user.scopes,
    granular_scopes: granularScopes(user),
    user_id: user.userId,
  };
  try {
    state.tokens.validate(input);
  } catch (error) {
    if (!(error instanceof GraphError)) throw error;
    data.is_valid = false;
    data.error = { code: error.code, message: error.message, subcode: error.subcode };
  }
  return { data };
}
