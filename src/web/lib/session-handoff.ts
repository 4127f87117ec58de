import { HANDOFF_PARAM } from '../../shared/api/handoff';
import { dropFromAddress } from './address';
import { exchangeHandoffCode } from './api/exchange-handoff-code';
import { ApiError } from './api-client';
import { getToken, getUserInfo, isExpired, saveSession, type UserInfo } from './session';
import { getUserStatus } from './user-status';

/** A session offered in the address, with the user its token really belongs to (per the status call). */
export interface IncomingSession {
  token: string;
  user: UserInfo;
}

/**
 * What became of a hand-off: `taken` (stored: nobody else was signed in, or the same user),
 * `ignored` (an invalid or expired token or code: the current session stays), or `ask` (another
 * user is signed in: only the person in front of the screen may decide to switch).
 */
export type HandoffOutcome =
  | { kind: 'taken' }
  | { kind: 'ignored' }
  | { kind: 'ask'; current: UserInfo; incoming: IncomingSession };

/**
 * The chat and the plans pages read a session from the address on load and remove it from the
 * address at once, so it is neither bookmarked nor left in the history. It comes as a one-time
 * `handoff` code (what ARLO's own permissions step sends) or as `token` and `userInfo`.
 * `userInfo` is never read: anyone can write any name into a link, so the user is the one the
 * token belongs to. Returns null when the address carries no session.
 */
export function takeSessionFromAddress(
  location: Location = window.location,
  history: History = window.history,
): Promise<HandoffOutcome> | null {
  const params = new URLSearchParams(location.search);
  const code = params.get(HANDOFF_PARAM);
  const token = params.get('token');
  dropFromAddress([HANDOFF_PARAM, 'token', 'userInfo'], location, history);
  if (code) return resolveHandoff(() => exchangeHandoffCode(code).then((answer) => answer.token));
  if (token) return resolveHandoff(async () => token);
  return null;
}

/** Stores the offered session, with the identity its token's status gave. */
export function acceptHandoff({ token, user }: IncomingSession): void {
  saveSession(token, user);
}

async function resolveHandoff(tokenOf: () => Promise<string>): Promise<HandoffOutcome> {
  const incoming = await incomingSession(tokenOf);
  if (!incoming) return { kind: 'ignored' };
  const current = await currentUser();
  if (current && current.uid !== incoming.user.uid) return { kind: 'ask', current, incoming };
  acceptHandoff(incoming);
  return { kind: 'taken' };
}

async function incomingSession(tokenOf: () => Promise<string>): Promise<IncomingSession | null> {
  try {
    const token = await tokenOf();
    if (isExpired(token)) return null;
    return { token, user: await statusUser(token) };
  } catch {
    // Refused, unknown or unreachable: a session that cannot be checked is not taken.
    return null;
  }
}

/** Who is signed in on this browser now, or null when nobody is (no token, or a dead one). */
async function currentUser(): Promise<UserInfo | null> {
  const token = getToken();
  if (!token || isExpired(token)) return null;
  try {
    return await statusUser(token);
  } catch (error) {
    if (error instanceof ApiError && (error.status === 401 || error.status === 403)) return null;
    // A live-looking session that could not be checked just now is not replaced unasked; the
    // question names it as it was stored at sign-in.
    const stored = getUserInfo();
    return stored?.uid ? stored : { uid: 'another account', name: '' };
  }
}

/** The user a token belongs to, as the server's status call says: never what a link claims. */
async function statusUser(token: string): Promise<UserInfo> {
  const { user } = await getUserStatus(token);
  return { uid: user.uid, name: user.name };
}
