export type LoginOutcome = { to: string } | { error: string };

/** SPEC.md section 4, "Login redirect by status". An error also means local data is cleared. */
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
