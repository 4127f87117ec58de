import { clearSession, saveSession, type UserInfo } from '../../../lib/session';

export type LoginOutcome = { to: string } | { error: string };

/** Where login sends the user, by account status. An error also means local data is cleared. */
export function loginRedirect(status: string, signupMethod: string): LoginOutcome {
  switch (status) {
    case 'active':
    case 'trial':
      return { to: '/' };
    case 'paused':
    case 'payment':
      return { to: '/plans' };
    case 'signup':
      return signupMethod === 'facebook' || signupMethod === 'google'
        ? { to: '/platforms-permissions' }
        : { error: 'Account setup is incomplete. Please complete your registration.' };
    default:
      return { error: 'Account status is invalid.' };
  }
}

/**
 * Finishes any login (password, Google or Facebook): stores the session and returns where to go,
 * or clears local data and returns the error to show.
 */
export function completeLogin(result: {
  token: string;
  user: UserInfo;
  status: string;
  signup_method: string;
}): LoginOutcome {
  const outcome = loginRedirect(result.status, result.signup_method);
  if ('error' in outcome) clearSession();
  else saveSession(result.token, result.user);
  return outcome;
}
