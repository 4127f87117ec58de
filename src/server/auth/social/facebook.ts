import { GraphApiError, type GraphClient } from '../../meta/graph';
import { type SocialProfile, SocialVerifyError } from './google';

export type FacebookVerifier = (accessToken: string) => Promise<SocialProfile>;

/** Meta's refusal of the token (any 4xx) is the person's problem; anything else is Meta's. */
function verifyError(error: unknown): SocialVerifyError {
  return error instanceof GraphApiError && !error.retryable && error.status >= 400 && error.status < 500
    ? new SocialVerifyError('invalid')
    : new SocialVerifyError('unavailable');
}

/**
 * Checks a Facebook user access token with debug_token (valid, issued to our app, a USER token),
 * then reads the profile, through the same Graph client the sync uses (appsecret_proof, and no
 * token in an error or a log line). Failures are reduced to `SocialVerifyError`.
 */
export function facebookVerifier(graph: GraphClient, appId: string): FacebookVerifier {
  return async (accessToken) => {
    let subject: string;
    let me: { id?: unknown; name?: unknown; email?: unknown };
    try {
      const debug = await graph.debugToken(accessToken);
      if (!debug.isValid || debug.appId !== appId || debug.type !== 'USER')
        throw new SocialVerifyError('invalid');
      me = await graph.get('me', { fields: 'id,name,email' }, accessToken);
      subject = typeof me.id === 'string' ? me.id : '';
      // The profile must belong to the user the token was issued to.
      if (!subject || (debug.userId && debug.userId !== subject)) throw new SocialVerifyError('invalid');
    } catch (error) {
      throw error instanceof SocialVerifyError ? error : verifyError(error);
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
