import type { FastifyRequest } from 'fastify';
// The two JWT entry points alone: jose's main entry loads all of JWE, JWK and JWKS as well, over
// three times the modules, on every start.
import { SignJWT } from 'jose/jwt/sign';
import { jwtVerify } from 'jose/jwt/verify';
import type { Config } from '../config';

const ISSUER = 'arlo';
const AUDIENCE = 'arlo-web';
const LIFETIME = '7d';

export interface TokenClaims {
  userId: string;
  email: string;
  version: number;
}

const keyOf = (config: Pick<Config, 'jwtSecret'>) => new TextEncoder().encode(config.jwtSecret);

export function issueToken(config: Pick<Config, 'jwtSecret'>, claims: TokenClaims): Promise<string> {
  return new SignJWT({ uid: claims.email, ver: claims.version })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(claims.userId)
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(LIFETIME)
    .sign(keyOf(config));
}

/**
 * Verifies signature, algorithm (HS256 only: no `none`, no RS/HS confusion), issuer, audience and
 * expiry. A token must carry an expiry: one signed without it would be good forever.
 */
export async function verifyToken(
  config: Pick<Config, 'jwtSecret'>,
  token: string,
): Promise<TokenClaims | undefined> {
  try {
    const { payload } = await jwtVerify(token, keyOf(config), {
      algorithms: ['HS256'],
      issuer: ISSUER,
      audience: AUDIENCE,
      requiredClaims: ['exp'],
    });
    if (
      typeof payload.sub !== 'string' ||
      typeof payload.uid !== 'string' ||
      typeof payload.ver !== 'number'
    ) {
      return undefined;
    }
    return { userId: payload.sub, email: payload.uid, version: payload.ver };
  } catch {
    return undefined;
  }
}

/** A request's bearer token as sent, or undefined when it has none. */
export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  return header?.startsWith('Bearer ') ? header.slice(7).trim() || undefined : undefined;
}

// The per-client request count and the sign-in check both need a request's claims, at onRequest:
// the signature is checked once per request, not once for each.
const claimsOfRequest = new WeakMap<FastifyRequest, Promise<TokenClaims | undefined>>();

/** The verified claims of the request's bearer token, or undefined (no token, or not valid). */
export function bearerClaims(
  config: Pick<Config, 'jwtSecret'>,
  request: FastifyRequest,
): Promise<TokenClaims | undefined> {
  let claims = claimsOfRequest.get(request);
  if (!claims) {
    const token = bearerToken(request);
    claims = token ? verifyToken(config, token) : Promise.resolve(undefined);
    claimsOfRequest.set(request, claims);
  }
  return claims;
}
