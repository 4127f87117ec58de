// @vitest-environment jsdom

import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { type ClientConfig, FACEBOOK_SDK_URL } from '../../src/shared/api/client-config';
import { resetProblem } from '../../src/web/features/auth/components/forgot-password-dialog';
import { LoginFlow } from '../../src/web/features/auth/components/login-flow';
import { SocialButtons } from '../../src/web/features/auth/components/social-buttons';
import { loginRedirect } from '../../src/web/features/auth/lib/login-redirect';
import { socialFailureMessage } from '../../src/web/features/auth/lib/social';
import { createQueryClient } from '../../src/web/lib/query-client';
import { clearSession, getToken, getUserInfo, isExpired, saveSession } from '../../src/web/lib/session';
import { defaultConfigExtras, demoClientConfig } from '../helpers/client-config';
import { json, stubFetch, undoEdgeStubs } from '../helpers/network-edge';

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

describe('social sign-in messages', () => {
  it('use the SPEC.md section 8 texts', () => {
    expect(socialFailureMessage('google', 'signup', 'unconfigured')).toBe(
      'Google signup is currently unavailable. Please use email signup.',
    );
    expect(socialFailureMessage('google', 'signup', 'initializing')).toBe(
      'Google signup is still initializing. Please wait a moment and try again.',
    );
    expect(socialFailureMessage('google', 'signup', 'failed_to_start')).toBe(
      'Failed to start Google signup. Please try again.',
    );
    expect(socialFailureMessage('facebook', 'signup', 'unconfigured')).toBe(
      'Facebook signup is not available at the moment. Please try again later.',
    );
    expect(socialFailureMessage('facebook', 'signup', 'insecure')).toBe(
      'Facebook signup requires HTTPS. Not available in development.',
    );
    expect(socialFailureMessage('facebook', 'signup', 'denied')).toBe(
      'Facebook authorization was denied. Please allow access to continue with Facebook signup.',
    );
    expect(socialFailureMessage('facebook', 'signup', 'cancelled')).toBe(
      'Facebook signup was cancelled. Please try again or use email signup.',
    );
    expect(socialFailureMessage('facebook', 'login', 'cancelled')).toBe(
      'Facebook login was cancelled. Please try again or use email login.',
    );
  });
});

describe('social buttons', () => {
  const renderButtons = (flow: 'signup' | 'login', config: Omit<ClientConfig, 'billing' | 'help'>) => {
    const queryClient = createQueryClient();
    queryClient.setQueryData(['client-config'], { ...config, ...defaultConfigExtras });
    const router = createMemoryRouter(
      [{ path: '/', element: <SocialButtons flow={flow} heading="Or sign up with" /> }],
      { initialEntries: ['/'] },
    );
    render(
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
  };
  const facebook = (appId: string | null) => ({
    appId,
    sdkUrl: FACEBOOK_SDK_URL,
    version: 'v23.0' as const,
    connect: { appId: 'arlo-demo', sdkUrl: '/meta-sim/sdk.js', demo: true },
  });

  it('explain why they cannot work when the server has no Google or Facebook app', () => {
    renderButtons('signup', { google: { clientId: null }, facebook: facebook(null) });
    fireEvent.click(screen.getByRole('button', { name: 'Continue with Google' }));
    expect(screen.getByRole('alert').textContent).toBe(
      'Google signup is currently unavailable. Please use email signup.',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Continue with Facebook' }));
    expect(screen.getByRole('alert').textContent).toBe(
      'Facebook signup is not available at the moment. Please try again later.',
    );
  });

  const secureContext = (secure: boolean) =>
    Object.defineProperty(window, 'isSecureContext', { value: secure, configurable: true });

  it('refuse Facebook on a page that is not a secure context', () => {
    secureContext(false);
    renderButtons('signup', { google: { clientId: null }, facebook: facebook('123') });
    fireEvent.click(screen.getByRole('button', { name: 'Continue with Facebook' }));
    expect(screen.getByRole('alert').textContent).toBe(
      'Facebook signup requires HTTPS. Not available in development.',
    );
  });

  it('say the providers are still loading before their scripts have run', async () => {
    secureContext(true);
    renderButtons('login', {
      google: { clientId: 'client.apps.googleusercontent.com' },
      facebook: facebook('123'),
    });
    fireEvent.click(screen.getByRole('button', { name: 'Continue with Google' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Google login is still initializing. Please wait a moment and try again.',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Continue with Facebook' }));
    expect(screen.getByRole('alert').textContent).toBe(
      'Facebook is still loading. Please wait a moment and try again.',
    );
  });
});

describe('login page messages', () => {
  const FACEBOOK_UNAVAILABLE = 'Facebook login is not available at the moment. Please try again later.';
  const renderLogin = () => {
    stubFetch(({ url }) => {
      if (url === '/api/client-config') return json(demoClientConfig());
      if (url === '/auth/validate-email') return json({ valid: true });
      if (url === '/auth/forgot-password') return json({ success: true });
      return json({ message: `No stub for ${url}`, code: 'NOT_FOUND' }, 404);
    });
    const router = createMemoryRouter([{ path: '/', element: <LoginFlow /> }], { initialEntries: ['/'] });
    render(
      <QueryClientProvider client={createQueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
  };
  const clickFacebook = async () => {
    // The button says the provider is still loading until client-config has answered.
    await waitFor(() => {
      fireEvent.click(screen.getByRole('button', { name: 'Continue with Facebook' }));
      expect(screen.getByRole('alert').textContent).toBe(FACEBOOK_UNAVAILABLE);
    });
  };
  // Hidden ones too: behind an open dialog the page is hidden from assistive tech, yet still on screen.
  const alerts = () => screen.queryAllByRole('alert', { hidden: true }).map((alert) => alert.textContent);
  afterEach(undoEdgeStubs);

  it('drop a social-login error once the password step shows', async () => {
    renderLogin();
    await clickFacebook();
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'ann@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await screen.findByLabelText('Password');
    expect(alerts()).toEqual([]);
  });

  it('drop a social-login error when the reset dialog opens, and it stays gone after the dialog', async () => {
    renderLogin();
    await clickFacebook();
    fireEvent.click(screen.getByRole('button', { name: 'Forgot password?' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Reset your password' }));
    expect(alerts()).toEqual([]);
    fireEvent.change(dialog.getByLabelText('Email'), { target: { value: 'ann@example.com' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Continue' }));
    await dialog.findByLabelText('Reset code');
    expect(alerts()).toEqual([]);
    fireEvent.click(dialog.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(alerts()).toEqual([]);
  });

  it('show one error at a time: a social error replaces the email check, and the other way round', async () => {
    renderLogin();
    fireEvent.change(await screen.findByLabelText('Email'), { target: { value: 'not-an-email' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(alerts()).toEqual(['Please enter a valid email address']);
    await clickFacebook();
    expect(alerts()).toEqual([FACEBOOK_UNAVAILABLE]);
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(alerts()).toEqual(['Please enter a valid email address']);
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
