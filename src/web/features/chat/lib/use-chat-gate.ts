import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { dropFromAddress } from '../../../lib/address';
import { ApiError } from '../../../lib/api-client';
import { isCheckoutReturn } from '../../../lib/checkout-return';
import { clearSession, getToken, isExpired } from '../../../lib/session';
import { useUserStatus } from '../../../lib/user-status';
import { forgetChatSession } from './storage';

/** How long the chat waits for a payment to show as Pro before a lapsed status sends the user on. */
export const PLAN_WAIT_MS = 15_000;
const PLAN_RECHECK_MS = 1_000;

/** Where the chat sends a user it cannot serve, or null to stay. */
export function chatGate(status: string): { to: string; clear: boolean } | null {
  switch (status) {
    case 'active':
    case 'trial':
      return null;
    // A careful choice: the product sends every other status to login, but login itself sends paused
    // and payment users straight on to /plans, and checkout there needs the stored token. Going
    // to /plans directly keeps the session and spares them a pointless sign-in.
    case 'paused':
    case 'payment':
      return { to: '/plans', clear: false };
    default:
      return { to: '/login', clear: true };
  }
}

/** Back from checkout, a plan that does not show Pro yet may only be waiting for Stripe's webhook. */
const awaitingPro = (waitOver: boolean, user?: { user_type: string }) =>
  !waitOver && user?.user_type !== 'pro';

/** Signs the user out of the chat: local data goes and the browser goes to /login. */
export function useLogout() {
  const navigate = useNavigate();
  return () => {
    clearSession();
    forgetChatSession();
    void navigate('/login', { replace: true });
  };
}

/**
 * The chat's load check. No token: /login (the product's "public site"; ARLO's
 * public entry is /login). An expired token, a 401/403 or a status the chat does not serve clears
 * local data and goes to /login (paused and payment go to /plans, see chatGate). A network or
 * server error lets the page continue; the ask call checks the token again anyway.
 */
export function useChatGate() {
  const navigate = useNavigate();
  const [token] = useState(() => getToken());
  const usable = token && !isExpired(token) ? token : null;
  // Back from a paid checkout: Stripe's webhook may land a moment after the user does, so until
  // the plan shows Pro (or PLAN_WAIT_MS passes) a lapsed status is not yet a reason to leave.
  const [waitOver, setWaitOver] = useState(() => !isCheckoutReturn());
  useEffect(() => {
    dropFromAddress(['checkout']);
    if (waitOver) return;
    const timer = setTimeout(() => setWaitOver(true), PLAN_WAIT_MS);
    return () => clearTimeout(timer);
  }, [waitOver]);
  const status = useUserStatus(usable, {
    recheckEveryMs: (user) => (awaitingPro(waitOver, user) ? PLAN_RECHECK_MS : false),
  });
  // StrictMode runs effects twice; leave once.
  const left = useRef(false);

  useEffect(() => {
    if (left.current) return;
    const leave = (to: string, clear: boolean) => {
      left.current = true;
      if (clear) {
        clearSession();
        forgetChatSession();
      }
      void navigate(to, { replace: true });
    };
    if (!token) return leave('/login', false);
    if (!usable) return leave('/login', true);
    if (status.data) {
      const gate = chatGate(status.data.user.status);
      if (gate && !(gate.to === '/plans' && awaitingPro(waitOver, status.data.user)))
        leave(gate.to, gate.clear);
    } else if (
      status.error instanceof ApiError &&
      (status.error.status === 401 || status.error.status === 403)
    ) {
      leave('/login', true);
    }
  }, [token, usable, status.data, status.error, navigate, waitOver]);

  const user = status.data?.user;
  return {
    token: usable,
    user,
    /** Unknown until the check answers (or if it failed): the server enforces it on ask anyway. */
    permitted: user ? user.fb_permissions_granted || user.g_permissions_granted : true,
  };
}
