import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { ApiError } from '../../../lib/api-client';
import { clearSession, getToken, isExpired } from '../../../lib/session';
import { useUserStatus } from '../../../lib/user-status';
import { billingAreaAllows } from './billing-area';

/**
 * The plans screens' token validation. Without a token the page stays
 * open (Subscribe then asks to sign in). An expired or rejected (401/403) token, or a user the
 * billing area does not serve, is logged out: local data goes and the browser goes to /login.
 * A network or server error lets the page continue; checkout checks the token again anyway.
 */
export function useBillingAreaGate(): void {
  const navigate = useNavigate();
  const [token] = useState(getToken);
  const usable = token && !isExpired(token) ? token : null;
  const status = useUserStatus(usable);
  // StrictMode runs effects twice; leave once.
  const left = useRef(false);

  useEffect(() => {
    if (left.current || !token) return;
    const logout = () => {
      left.current = true;
      clearSession();
      void navigate('/login', { replace: true });
    };
    if (!usable) return logout();
    if (status.data) {
      if (!billingAreaAllows(status.data.user)) logout();
    } else if (
      status.error instanceof ApiError &&
      (status.error.status === 401 || status.error.status === 403)
    ) {
      logout();
    }
  }, [token, usable, status.data, status.error, navigate]);
}
