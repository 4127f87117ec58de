import type { IncomingHttpHeaders } from 'node:http';
import type { SimulatorState } from './context';
import { GraphError } from './errors';
import { proofMatches, type UserToken } from './tokens';

/** The header only ARLO's browser SDK stand-in sends; see `SDK_STANDIN_JS`. */
export const STANDIN_HEADER = 'x-arlo-sdk-standin';

function invalidProof(): GraphError {
  return new GraphError(100, 'Invalid appsecret_proof provided in the API argument');
}

/**
 * The user behind a Graph call: a known, unexpired, unrevoked token, with a correct
 * appsecret_proof. Browsers cannot hold the app secret, so calls without a proof pass only when
 * they come from the SDK stand-in; server-side callers must always prove.
 */
export function authenticateUser(
  params: Record<string, string>,
  headers: IncomingHttpHeaders,
  state: SimulatorState,
): UserToken {
  const token = params.access_token;
  if (!token) throw new GraphError(104, 'An access token is required to request this resource.');
  const user = state.tokens.validate(token);
  const proof = params.appsecret_proof;
  if (!proof) {
    if (headers[STANDIN_HEADER] === '1') return user;
    throw invalidProof();
  }
  // A token of another app was signed with a secret the simulator does not have.
  if (user.appId !== state.appId || !proofMatches(state.appSecret, token, proof)) throw invalidProof();
  return user;
}

/** `<app_id>|<app_secret>`: the app access token `/debug_token` wants. */
export function isAppToken(token: string | undefined, state: SimulatorState): boolean {
  return token === `${state.appId}|${state.appSecret}`;
}
