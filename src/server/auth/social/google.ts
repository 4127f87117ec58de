// jose's entry points one by one, not its main entry, which loads all of the library.
import * as errors from 'jose/errors';
import { createRemoteJWKSet } from 'jose/jwks/remote';
import { jwtVerify } from 'jose/jwt/verify';
import type { Config } from '../../config';

export interface SocialProfile {
  subject: string;
  /** Lowercased; undefined when the provider gave none. */
  email: string | undefined;
  /** True only when the provider vouches that the person controls the email. */
  emailVerified: boolean;
  name: string;
}

/** Why a credential was refused: the person's token is bad, or the provider could not be reached. */
export class SocialVerifyError extends Error {
  override name = 'SocialVerifyError';
  constructor(readonly reason: 'invalid' | 'unavailable') {
    super(reason === 'invalid' ? 'credential refused' : 'provider unreachable');
  }
}

const FETCH_TIMEOUT_MS = 5_000;
// Failures of fetching the key set itself, as opposed to a token that does not check out.
const unreachableCodes = new Set(['ERR_JWKS_TIMEOUT', 'ERR_JWKS_INVALID', 'ERR_JOSE_GENERIC']);

export type GoogleVerifier = (credential: string) => Promise<SocialProfile>;

/**
 * Checks a Google ID token: RS256 only (no `none`, no HS256 signed with the public key), signed by
 * a key of Google's JWKS, for our client id, from a Google issuer, and not expired.
 */
export function googleVerifier(google: Config['google'] & { clientId: string }): GoogleVerifier {
  const jwks = createRemoteJWKSet(new URL(google.jwksUrl), { timeoutDuration: FETCH_TIMEOUT_MS });
  return async (credential) => {
    let payload: Awaited<ReturnType<typeof jwtVerify>>['payload'];
    try {
      ({ payload } = await jwtVerify(credential, jwks, {
        algorithms: ['RS256'],
        audience: google.clientId,
        issuer: google.issuers,
        requiredClaims: ['sub', 'exp', 'iat'],
      }));
    } catch (error) {
      if (error instanceof errors.JOSEError && !unreachableCodes.has(error.code)) {
        throw new SocialVerifyError('invalid');
      }
      throw new SocialVerifyError('unavailable');
    }
    if (typeof payload.sub !== 'string' || payload.sub === '') throw new SocialVerifyError('invalid');
    const email = typeof payload.email === 'string' ? payload.email.trim().toLowerCase() : undefined;
    return {
      subject: payload.sub,
      email: email || undefined,
      // Google sends a boolean; very old tokens sent the string "true".
      emailVerified: payload.email_verified === true || payload.email_verified === 'true',
      name: typeof payload.name === 'string' ? payload.name.slice(0, 200) : '',
    };
  };
}
