import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { ApiError } from '../../../lib/api-client';
import { browser } from '../../../lib/browser';
import { PERMISSION_MESSAGES } from '../../../lib/facebook-connect/messages';
import { clearSession, getToken, isExpired } from '../../../lib/session';
import { useUserStatus } from '../../../lib/user-status';
import { permissionsGate } from './gate';

/**
 * With no usable token the page alerts and goes to /signup; otherwise it
 * validates the token. A rejected token clears local data; a network or server failure lets the
 * page continue, since the save call checks the token again anyway.
 * Returns the status call's user, the fallback identity if the stored userInfo is missing.
 */
export function usePermissionsGate() {
  const navigate = useNavigate();
  // Read once: saving permissions stores a new token, which must not restart the check.
  const [token] = useState(() => {
    const stored = getToken();
    return stored && !isExpired(stored) ? stored : null;
  });
  const status = useUserStatus(token);
  // Effects run twice in StrictMode; the alert must not.
  const left = useRef(false);

  useEffect(() => {
    if (token || left.current) return;
    left.current = true;
    browser.alert(PERMISSION_MESSAGES.signupAgain);
    void navigate('/signup', { replace: true });
  }, [token, navigate]);

  useEffect(() => {
    if (left.current) return;
    if (status.data) {
      const to = permissionsGate(status.data.user);
      if (!to) return;
      left.current = true;
      void navigate(to, { replace: true });
    } else if (
      status.error instanceof ApiError &&
      (status.error.status === 401 || status.error.status === 403)
    ) {
      left.current = true;
      clearSession();
      browser.alert(PERMISSION_MESSAGES.signupAgain);
      void navigate('/signup', { replace: true });
    }
  }, [status.data, status.error, navigate]);

  return { user: status.data?.user };
}
