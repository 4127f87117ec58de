// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { resetProblem } from '../../src/web/features/auth/components/forgot-password-dialog';
import { SocialButtons } from '../../src/web/features/auth/components/social-buttons';
import { loginRedirect } from '../../src/web/features/auth/lib/login-redirect';
import { socialUnavailableMessage } from '../../src/web/features/auth/lib/social';
import { clearSession, getToken, getUserInfo, isExpired, saveSession } from '../../src/web/lib/session';

afterEach(cleanup);

describe('login redirect by status', () => {
  it.each([
    ['active', 'web', { to: '/' }],
    ['trial', 'google', { to: '/' }],
    ['paused', 'web', { to: '/plans' }],
    ['payment', 'facebook', { to: '/plans' }],
    ['signup', 'facebook', { to: '/platforms-permissions' }],
    ['signup', 'google', { to: '/platforms-permissions' }],
    ['signup', 'web', { error: 'Account setup is incomplete. Please complete your registration.' }],
    ['banned', 'web', { error: 'Account status is invalid.' }],
  ])('%s via %s', (status, method, outcome) => {
    expect(loginRedirect(status, method)).toEqual(outcome);
  });
});

describe('reset password validation', () => {
  it('checks the code, then presence, then the password rules', () => {
    expect(resetProblem('12345', 'Abcdefg1!')).toBe('Please enter a valid 6-digit verification code');
    expect(resetProblem('123456', '')).toBe('Please enter a new password');
    expect(resetProblem('123456', 'abcdefg1!')).toBe('Password must contain at least 1 uppercase letter');
    expect(resetProblem('123456', 'Abcdefg1!')).toBeUndefined();
  });
});

describe('social buttons without provider configuration', () => {
  it('explain why they are unavailable', () => {
    expect(socialUnavailableMessage('facebook', 'signup', 'https:')).toBe(
      'Facebook signup is not available at the moment. Please try again later.',
    );
    expect(socialUnavailableMessage('facebook', 'login', 'http:')).toBe(
      'Facebook login requires HTTPS. Not available in development.',
    );
    render(<SocialButtons flow="signup" heading="Or sign up with" />);
    fireEvent.click(screen.getByRole('button', { name: 'Google' }));
    expect(screen.getByRole('alert').textContent).toBe(
      'Google signup is currently unavailable. Please use email signup.',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Facebook' }));
    expect(screen.getByRole('alert').textContent).toBe(
      'Facebook signup requires HTTPS. Not available in development.',
    );
  });
});

describe('session storage', () => {
  const jwt = (payload: object) =>
    `x.${btoa(JSON.stringify(payload)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')}.sig`;

  it('stores, reads and clears the token and user info', () => {
    saveSession('tok', { uid: 'ann@example.com', name: 'Ann' });
    expect(getToken()).toBe('tok');
    expect(JSON.parse(localStorage.getItem('userInfo') ?? '')).toEqual({
      uid: 'ann@example.com',
      name: 'Ann',
    });
    expect(getUserInfo()).toEqual({ uid: 'ann@example.com', name: 'Ann' });
    clearSession();
    expect(getToken()).toBeNull();
    expect(getUserInfo()).toBeNull();
  });

  it('treats a token expiring within 30 s, or an unreadable one, as expired', () => {
    const now = 1_700_000_000_000;
    expect(isExpired(jwt({ exp: now / 1000 + 3600 }), now)).toBe(false);
    expect(isExpired(jwt({ exp: now / 1000 + 31 }), now)).toBe(false);
    expect(isExpired(jwt({ exp: now / 1000 + 30 }), now)).toBe(true);
    expect(isExpired(jwt({ exp: now / 1000 - 10 }), now)).toBe(true);
    expect(isExpired(jwt({}), now)).toBe(true);
    expect(isExpired('garbage', now)).toBe(true);
  });
});
