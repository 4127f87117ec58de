import { createHmac, randomUUID } from 'node:crypto';
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, type JWK, SignJWT } from 'jose';

/**
 * Stand-ins for Google's key server and Facebook's Graph API at the network edge: real HTTP
 * servers speaking the providers' formats, so the server code under test runs unchanged.
 */
export const GOOGLE_CLIENT_ID = 'arlo-test.apps.googleusercontent.com';
export const GOOGLE_ISSUER = 'https://accounts.google.com';
export const FB_APP_ID = '1234567890';
export const FB_APP_SECRET = 'fb-test-app-secret';
const KID = 'test-key-1';

type KeyPair = Awaited<ReturnType<typeof generateKeyPair>>;

export interface FacebookUser {
  appId: string;
  userId: string;
  type: string;
  valid: boolean;
  name: string;
  email?: string;
}

export interface SocialProviders {
  /** Environment that points ARLO at these stand-ins. */
  env: Record<string, string>;
  googleKeys: KeyPair;
  /** Signs a Google ID token; options break one property at a time for attack tests. */
  googleToken(
    claims: Record<string, unknown>,
    options?: { key?: KeyPair['privateKey']; aud?: string; iss?: string; exp?: string | number },
  ): Promise<string>;
  /** Facebook user tokens the stand-in Graph API knows, by token. */
  facebookTokens: Map<string, FacebookUser>;
  close(): Promise<void>;
}

export async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

export const closeServer = (server: Server) => new Promise<void>((resolve) => server.close(() => resolve()));

const json = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
};

export async function startSocialProviders(): Promise<SocialProviders> {
  const googleKeys = await generateKeyPair('RS256');
  const jwk: JWK = { ...(await exportJWK(googleKeys.publicKey)), kid: KID, alg: 'RS256', use: 'sig' };
  const jwksServer = createServer((_req, res) => json(res, 200, { keys: [jwk] }));
  const facebookTokens = new Map<string, FacebookUser>();

  const graphServer = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://graph');
    const q = url.searchParams;
    if (url.pathname === '/v23.0/debug_token') {
      if (q.get('access_token') !== `${FB_APP_ID}|${FB_APP_SECRET}`) {
        return json(res, 400, { error: { message: 'bad app token', type: 'OAuthException' } });
      }
      const known = facebookTokens.get(q.get('input_token') ?? '');
      if (!known) return json(res, 200, { data: { is_valid: false, error: { code: 190 } } });
      return json(res, 200, {
        data: { app_id: known.appId, type: known.type, is_valid: known.valid, user_id: known.userId },
      });
    }
    if (url.pathname === '/v23.0/me') {
      const accessToken = q.get('access_token') ?? '';
      const known = facebookTokens.get(accessToken);
      const proof = createHmac('sha256', FB_APP_SECRET).update(accessToken).digest('hex');
      if (!known || q.get('appsecret_proof') !== proof || q.get('fields') !== 'id,name,email') {
        return json(res, 400, {
          error: { message: 'Invalid appsecret_proof', type: 'GraphMethodException' },
        });
      }
      return json(res, 200, {
        id: known.userId,
        name: known.name,
        ...(known.email ? { email: known.email } : {}),
      });
    }
    json(res, 404, { error: { message: 'unknown path' } });
  });

  const [jwksUrl, graphUrl] = await Promise.all([listen(jwksServer), listen(graphServer)]);
  return {
    env: {
      GOOGLE_CLIENT_ID,
      GOOGLE_JWKS_URL: jwksUrl,
      GOOGLE_ISSUERS: GOOGLE_ISSUER,
      META_GRAPH_URL: graphUrl,
      META_APP_ID: FB_APP_ID,
      META_APP_SECRET: FB_APP_SECRET,
    },
    googleKeys,
    facebookTokens,
    googleToken: (claims, options = {}) =>
      new SignJWT({ email_verified: true, ...claims })
        .setProtectedHeader({ alg: 'RS256', kid: KID, typ: 'JWT' })
        .setSubject(String(claims.sub ?? randomUUID()))
        .setIssuer(options.iss ?? GOOGLE_ISSUER)
        .setAudience(options.aud ?? GOOGLE_CLIENT_ID)
        .setIssuedAt()
        .setExpirationTime(options.exp ?? '1h')
        .sign(options.key ?? googleKeys.privateKey),
    close: async () => {
      await Promise.all([closeServer(jwksServer), closeServer(graphServer)]);
    },
  };
}

/**
 * Browser stand-ins for Google Identity Services and the Facebook JS SDK, served in place of the
 * providers' script URLs. They expose the same calls ARLO makes and hand back whatever token the
 * test put in `window.__googleCredential` / `window.__facebookLogin`.
 */
export const googleIdentityStandIn = `
window.google = { accounts: { id: {
  initialize(options) { window.__googleInit = options; },
  renderButton(parent) {
    const button = document.createElement('div');
    button.setAttribute('role', 'button');
    button.addEventListener('click', () => {
      const credential = window.__googleCredential;
      if (credential) setTimeout(() => window.__googleInit.callback({ credential }), 10);
    });
    parent.append(button);
  },
} } };`;

export const facebookSdkStandIn = `
window.FB = {
  init(options) { window.__fbInit = options; },
  login(callback, options) {
    window.__fbLoginScope = options && options.scope;
    const answer = window.__facebookLogin || { status: 'unknown', authResponse: null };
    setTimeout(() => callback(answer), 10);
  },
  logout(callback) { window.__fbLoggedOut = (window.__fbLoggedOut || 0) + 1; if (callback) callback(); },
  api(path, params, callback) { callback({ error: { message: 'not in this stand-in' } }); },
};
setTimeout(() => window.fbAsyncInit && window.fbAsyncInit(), 0);`;
