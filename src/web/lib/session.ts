/** The signed-in user's token and identity, kept in localStorage as `token` and `userInfo`. */
export interface UserInfo {
  uid: string;
  name: string;
}

const TOKEN_KEY = 'token';
const USER_KEY = 'userInfo';
/** A token expiring within 30 seconds counts as expired. */
export const TOKEN_EXPIRY_MARGIN_MS = 30_000;

export function saveSession(token: string, user: UserInfo): void {
  localStorage.setItem(TOKEN_KEY, token);
  localStorage.setItem(USER_KEY, JSON.stringify({ uid: user.uid, name: user.name }));
}

export function getToken(): string | null {
  return localStorage.getItem(TOKEN_KEY);
}

export function getUserInfo(): UserInfo | null {
  const raw = localStorage.getItem(USER_KEY);
  if (!raw) return null;
  try {
    const parsed = JSON.parse(raw) as Partial<UserInfo>;
    return typeof parsed.uid === 'string' && typeof parsed.name === 'string'
      ? { uid: parsed.uid, name: parsed.name }
      : null;
  } catch {
    return null;
  }
}

export function clearSession(): void {
  localStorage.removeItem(TOKEN_KEY);
  localStorage.removeItem(USER_KEY);
}

/** Reads the JWT payload's `exp` without verifying the signature; unreadable tokens are expired. */
export function isExpired(token: string, now: number = Date.now()): boolean {
  const payload = token.split('.')[1];
  if (!payload) return true;
  try {
    const base64 = payload.replace(/-/g, '+').replace(/_/g, '/');
    const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
    const { exp } = JSON.parse(atob(padded)) as { exp?: unknown };
    if (typeof exp !== 'number') return true;
    return exp * 1000 - TOKEN_EXPIRY_MARGIN_MS <= now;
  } catch {
    return true;
  }
}
