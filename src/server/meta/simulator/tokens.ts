import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { GraphError } from './errors';
import type { IssueTokenInput } from './types';

/** The person the demo login (`/dialog/oauth`) signs in as. */
export const DEMO_USER = { userId: '100000000000001', name: 'Demo Marketer', email: 'demo@arlo.local' };
export const DEFAULT_SCOPES = ['public_profile', 'email', 'ads_read', 'business_management'];
export const SHORT_LIVED_SECONDS = 7200;
/** What Meta's fb_exchange_token grant answers as `expires_in` (about 60 days). */
export const LONG_LIVED_SECONDS = 5_183_944;

export interface UserToken {
  token: string;
  appId: string;
  userId: string;
  name: string;
  email: string;
  scopes: string[];
  /** Account ids without 'act_'; null means every account in the dataset. */
  accountIds: string[] | null;
  issuedAt: number;
  expiresAt: number;
  revoked: boolean;
}

/** HMAC-SHA256(appSecret, accessToken) as hex: what Meta checks `appsecret_proof` against. */
export function appsecretProof(appSecret: string, accessToken: string): string {
  return createHmac('sha256', appSecret).update(accessToken).digest('hex');
}

export function proofMatches(appSecret: string, accessToken: string, proof: string): boolean {
  const expected = Buffer.from(appsecretProof(appSecret, accessToken));
  const given = Buffer.from(proof);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export function stripAct(id: string): string {
  return id.startsWith('act_') ? id.slice(4) : id;
}

/** In-memory user tokens. Tokens are random (like Meta's opaque EAA… strings), never derived from data. */
export class TokenStore {
  private readonly tokens = new Map<string, UserToken>();

  constructor(
    private readonly appId: string,
    private readonly now: () => number,
    /**
     * When set, a token also carries its own record, signed with this key, so a restarted
     * simulator (the demo inside `npm start`) still accepts the tokens it handed out before.
     */
    private readonly signingKey?: string,
  ) {}

  private sign(body: string): string {
    return createHmac('sha256', this.signingKey ?? '')
      .update(body)
      .digest('base64url');
  }

  /** A record from a signed token this store (or an earlier run with the same key) issued. */
  private fromSigned(token: string): UserToken | undefined {
    const [prefix, body, signature] = token.split('.');
    if (!this.signingKey || prefix !== 'EAAS' || !body || !signature) return undefined;
    const expected = Buffer.from(this.sign(body));
    const given = Buffer.from(signature);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return undefined;
    try {
      const record = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as Omit<UserToken, 'token'>;
      const restored = { ...record, token, revoked: false };
      this.tokens.set(token, restored);
      return restored;
    } catch {
      return undefined;
    }
  }

  issue(input: IssueTokenInput = {}): UserToken {
    const issuedAt = Math.floor(this.now() / 1000);
    const record: UserToken = {
      token: '',
      appId: input.appId ?? this.appId,
      userId: input.userId ?? DEMO_USER.userId,
      name: input.name ?? DEMO_USER.name,
      email: input.email ?? DEMO_USER.email,
      scopes: [...new Set(input.scopes ?? DEFAULT_SCOPES)],
      accountIds: input.accountIds ? input.accountIds.map(stripAct) : null,
      issuedAt,
      expiresAt: issuedAt + (input.expiresInSeconds ?? SHORT_LIVED_SECONDS),
      revoked: false,
    };
    if (this.signingKey) {
      const { token: _unset, revoked: _fresh, ...rest } = record;
      const body = Buffer.from(JSON.stringify({ ...rest, nonce: randomBytes(8).toString('hex') })).toString(
        'base64url',
      );
      record.token = `EAAS.${body}.${this.sign(body)}`;
    } else {
      record.token = `EAA${randomBytes(60).toString('base64').replace(/[+/=]/g, '')}`;
    }
    this.tokens.set(record.token, record);
    return record;
  }

  /** A long-lived token for the same person, scopes and accounts (the short-lived one stays valid). */
  exchange(record: UserToken): UserToken {
    return this.issue({
      userId: record.userId,
      name: record.name,
      email: record.email,
      scopes: record.scopes,
      accountIds: record.accountIds ?? undefined,
      appId: record.appId,
      expiresInSeconds: LONG_LIVED_SECONDS,
    });
  }

  find(token: string): UserToken | undefined {
    return this.tokens.get(token) ?? this.fromSigned(token);
  }

  revoke(token: string): void {
    const record = this.find(token);
    if (record) record.revoked = true;
  }

  /** The record behind a usable token, else the code 190 error Meta sends for it. */
  validate(token: string): UserToken {
    const record = this.find(token);
    if (!record) throw new GraphError(190, 'Invalid OAuth access token - Cannot parse access token');
    if (record.revoked) {
      throw new GraphError(
        190,
        'Error validating access token: The session has been invalidated because the user changed their password or Facebook has changed the session for security reasons.',
        { subcode: 460 },
      );
    }
    const nowSeconds = Math.floor(this.now() / 1000);
    if (record.expiresAt <= nowSeconds) throw expiredError(record.expiresAt, nowSeconds);
    return record;
  }
}

export function expiredError(expiresAt: number, nowSeconds: number): GraphError {
  const at = (seconds: number) => new Date(seconds * 1000).toUTCString();
  return new GraphError(
    190,
    `Error validating access token: Session has expired on ${at(expiresAt)}. The current time is ${at(nowSeconds)}.`,
    { subcode: 463 },
  );
}

/** Whether the token may see the ad account ('123' or 'act_123'). */
export function canSeeAccount(record: UserToken, accountId: string): boolean {
  return record.accountIds === null || record.accountIds.includes(stripAct(accountId));
}

export function hasAdsScope(record: UserToken): boolean {
  return record.scopes.includes('ads_read') || record.scopes.includes('ads_management');
}
