import { jwtVerify, SignJWT } from 'jose';
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

/** Verifies signature, algorithm (HS256 only: no `none`, no RS/HS confusion), issuer, audience and expiry. */
export async function verifyToken(
  config: Pick<Config, 'jwtSecret'>,
  token: string,
): Promise<TokenClaims | undefined> {
  try {
    const { payload } = await jwtVerify(token, keyOf(config), {
      algorithms: ['HS256'],
      issuer: ISSUER,
      audience: AUDIENCE,
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
