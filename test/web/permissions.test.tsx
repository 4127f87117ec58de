// @vitest-environment jsdom

import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { type ClientConfig, FACEBOOK_SDK_URL } from '../../src/shared/api/client-config';
import { PlatformsPermissionsRoute } from '../../src/web/app/routes/platforms-permissions';
import { permissionsGate } from '../../src/web/features/permissions/lib/gate';
import { browser } from '../../src/web/lib/browser';
import type { FacebookAuthResponse, FacebookSdk } from '../../src/web/lib/providers/facebook-sdk';
import { createQueryClient } from '../../src/web/lib/query-client';
import { getToken, saveSession } from '../../src/web/lib/session';
import { demoBilling } from '../helpers/client-config';

const jwt = (exp: number) =>
  `x.${btoa(JSON.stringify({ exp })).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')}.sig`;
const TOKEN = jwt(Math.floor(Date.now() / 1000) + 3600);
const NEW_TOKEN = jwt(Math.floor(Date.now() / 1000) + 7200);
const USER = { uid: 'ann@example.com', name: 'Ann' };

const config: ClientConfig = {
  google: { clientId: null },
  facebook: {
    appId: null,
    sdkUrl: FACEBOOK_SDK_URL,
    version: 'v23.0',
    connect: { appId: 'demo-app', sdkUrl: '/meta-sim/sdk.js', demo: true },
  },
  billing: demoBilling,
  help: { whatsappUrl: null },
};

// The network edge, part 1: a stand-in for Facebook's SDK. The loader keeps the first SDK it
// adopts for the page, so one object serves every test and each test sets its behaviour.
let loginStatus: FacebookAuthResponse['status'] = 'unknown';
let loginResponse: () => FacebookAuthResponse = () => ({
  status: 'connected',
  authResponse: { accessToken: 'fb-token' },
});
let pages: Record<string, unknown> = {};
const fb = {
  init: vi.fn(),
  logout: vi.fn(),
  getLoginStatus: vi.fn((callback: (response: FacebookAuthResponse) => void) =>
    callback({ status: loginStatus }),
  ),
  login: vi.fn((callback: (response: FacebookAuthResponse) => void) => {
    const response = loginResponse();
    setTimeout(() => callback(response), 0);
  }),
  api: vi.fn((_path: string, params: Record<string, unknown>, callback: (response: unknown) => void) => {
    setTimeout(() => callback(pages[String(params.after ?? '')]), 0);
  }),
} satisfies FacebookSdk;

const account = (n: number) => ({ account_id: String(1000 + n), name: `Account ${n}` });
const range = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => account(from + i));
const graphNext = (after: string) => `https://graph.facebook.com/v23.0/me/adaccounts?after=${after}`;

// The network edge, part 2: ARLO's API, answered by a stubbed fetch.
type Answer = { status: number; body?: unknown };
let statusAnswer: Answer;
let saveAnswer: Answer;
const fetchMock = vi.fn(async (input: RequestInfo | URL, _init?: RequestInit) => {
  const path = String(input);
  const answer = path === '/auth/user/status' ? statusAnswer : saveAnswer;
  if (!path.startsWith('/auth/')) return new Response('not found', { status: 404 });
  return new Response(answer.body === undefined ? 'oops' : JSON.stringify(answer.body), {
    status: answer.status,
    headers: { 'content-type': 'application/json' },
  });
});
const authorization = (init: RequestInit | undefined) =>
  (init?.headers as Record<string, string> | undefined)?.authorization;
const savedBodies = () =>
  fetchMock.mock.calls
    .filter(([path]) => String(path) === '/auth/save-facebook-permissions')
    .map(([, init]) => ({
      body: JSON.parse(String(init?.body)) as { facebookToken: string; accounts: unknown[] },
      authorization: authorization(init),
    }));

const statusUser = (status: string, fbGranted = false) => ({
  status: 200,
  body: {
    user: {
      status,
      user_type: 'basic',
      uid: USER.uid,
      name: USER.name,
      fb_permissions_granted: fbGranted,
      g_permissions_granted: false,
      accounts: [],
    },
  },
});

let alerts: string[];
let assigned: string[];

beforeAll(() => {
  window.FB = fb;
});

beforeEach(() => {
  Object.defineProperty(window, 'isSecureContext', { value: true, configurable: true });
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockClear();
  fb.login.mockClear();
  fb.api.mockClear();
  loginStatus = 'unknown';
  loginResponse = () => ({ status: 'connected', authResponse: { accessToken: 'fb-token' } });
  pages = { '': { data: [account(1)], paging: { cursors: { after: 'c1' } } } };
  statusAnswer = statusUser('signup');
  saveAnswer = { status: 200, body: { success: true, token: NEW_TOKEN } };
  alerts = [];
  assigned = [];
  vi.spyOn(browser, 'alert').mockImplementation((message) => void alerts.push(message));
  vi.spyOn(browser, 'assign').mockImplementation((url) => void assigned.push(url));
  localStorage.clear();
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

function renderPage() {
  const queryClient = createQueryClient();
  queryClient.setQueryData(['client-config'], config);
  const router = createMemoryRouter(
    [
      { path: '/platforms-permissions', element: <PlatformsPermissionsRoute /> },
      { path: '/signup', element: <p>signup page</p> },
      { path: '/', element: <p>chat page</p> },
    ],
    { initialEntries: ['/platforms-permissions'] },
  );
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

const facebookButton = () => screen.getByRole('button', { name: /Facebook/ }) as HTMLButtonElement;
const nextButton = () => screen.getByRole('button', { name: 'Next' }) as HTMLButtonElement;

async function renderSignedIn() {
  saveSession(TOKEN, USER);
  const router = renderPage();
  await screen.findByRole('button', { name: 'Connect Facebook Ads' });
  await waitFor(() => expect(fetchMock).toHaveBeenCalled());
  return router;
}

async function connect(expected: string) {
  fireEvent.click(facebookButton());
  await waitFor(() => expect(alerts).toContain(expected));
  expect(screen.getByText(expected)).toBeTruthy();
}

describe('platform permissions: arriving', () => {
  it('alerts and goes to /signup without a token', async () => {
    const router = renderPage();
    await waitFor(() => expect(router.state.location.pathname).toBe('/signup'));
    expect(alerts).toEqual(['Authentication error. Please signup again.']);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('treats an expired token as none', async () => {
    saveSession(jwt(Math.floor(Date.now() / 1000) + 10), USER);
    const router = renderPage();
    await waitFor(() => expect(router.state.location.pathname).toBe('/signup'));
    expect(alerts).toEqual(['Authentication error. Please signup again.']);
  });

  it('validates the token with the bearer header; a 401 clears the session and goes to /signup', async () => {
    statusAnswer = { status: 401, body: { message: 'Invalid token', code: 'UNAUTHORIZED' } };
    saveSession(TOKEN, USER);
    const router = renderPage();
    await waitFor(() => expect(router.state.location.pathname).toBe('/signup'));
    const [path, init] = fetchMock.mock.calls[0] ?? [];
    expect(path).toBe('/auth/user/status');
    expect(authorization(init)).toBe(`Bearer ${TOKEN}`);
    expect(getToken()).toBeNull();
  });

  it.each([
    ['paused', false, '/signup'],
    ['active', false, '/signup'],
    ['active', true, '/'],
    ['trial', true, '/'],
  ])('sends a %s user (fb granted: %s) to %s', async (status, granted, to) => {
    statusAnswer = statusUser(status, granted);
    saveSession(TOKEN, USER);
    const router = renderPage();
    await waitFor(() => expect(router.state.location.pathname).toBe(to));
  });

  it('stays when the status check fails with a server error', async () => {
    statusAnswer = { status: 500 };
    const router = await renderSignedIn();
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    expect(router.state.location.pathname).toBe('/platforms-permissions');
    expect(alerts).toEqual([]);
  });

  it('gate: only signup stays', () => {
    expect(permissionsGate({ status: 'signup', fb_permissions_granted: true })).toBeNull();
    expect(permissionsGate({ status: 'payment', fb_permissions_granted: true })).toBe('/signup');
  });
});

describe('platform permissions: the page', () => {
  it('shows the texts, loads Facebook, keeps Google and Next disabled', async () => {
    saveSession(TOKEN, USER);
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Platform Permissions' })).toBeTruthy();
    expect(screen.getByText('Connect your advertising platforms to unlock powerful insights')).toBeTruthy();
    expect(screen.getByText('Read-Only Access')).toBeTruthy();
    expect(screen.getByText(/ads_read permission/)).toBeTruthy();
    expect(screen.getByText('Your connections are secured with OAuth 2.0')).toBeTruthy();
    expect(facebookButton().textContent).toBe('Loading Facebook...');
    expect(facebookButton().disabled).toBe(true);
    await waitFor(() => expect(facebookButton().textContent).toBe('Connect Facebook Ads'));
    expect(facebookButton().disabled).toBe(false);
    const google = screen.getByRole('button', {
      name: 'Connect Google Ads - Coming soon',
    }) as HTMLButtonElement;
    expect(google.disabled).toBe(true);
    expect(nextButton().disabled).toBe(true);
  });

  it('refuses outside HTTPS', async () => {
    await renderSignedIn();
    Object.defineProperty(window, 'isSecureContext', { value: false, configurable: true });
    await connect('Facebook permissions require HTTPS. Not available in development.');
    expect(fb.login).not.toHaveBeenCalled();
  });

  it('says Authentication error when the token went missing before the click', async () => {
    await renderSignedIn();
    localStorage.clear();
    await connect('Authentication error. Please signup again.');
    expect(fb.login).not.toHaveBeenCalled();
  });
});

describe('platform permissions: connecting Facebook', () => {
  it('follows paging across three pages and saves every account', async () => {
    pages = {
      '': { data: range(0, 100), paging: { cursors: { after: 'c1' }, next: graphNext('c1') } },
      c1: { data: range(100, 200), paging: { cursors: { after: 'c2' }, next: graphNext('c2') } },
      c2: { data: range(200, 230), paging: { cursors: { before: 'b', after: 'c3' } } },
    };
    await renderSignedIn();
    await connect('Facebook permissions granted successfully!');
    expect(fb.login).toHaveBeenCalledWith(expect.any(Function), { scope: 'email,public_profile,ads_read' });
    expect(fb.api.mock.calls.map(([path, params]) => [path, params])).toEqual([
      ['/me/adaccounts', { fields: 'account_id,name', limit: 100 }],
      ['/me/adaccounts', { fields: 'account_id,name', limit: 100, after: 'c1' }],
      ['/me/adaccounts', { fields: 'account_id,name', limit: 100, after: 'c2' }],
    ]);
    const [saved] = savedBodies();
    expect(saved?.authorization).toBe(`Bearer ${TOKEN}`);
    expect(saved?.body.facebookToken).toBe('fb-token');
    expect(saved?.body.accounts).toEqual(range(0, 230));
  });

  it('takes the cursor from `next` when Graph sends no cursors', async () => {
    pages = {
      '': { data: [account(1)], paging: { next: graphNext('n1') } },
      n1: { data: [account(2)] },
    };
    await renderSignedIn();
    await connect('Facebook permissions granted successfully!');
    expect(savedBodies()[0]?.body.accounts).toEqual([account(1), account(2)]);
  });

  it('asks only for ads_read when Facebook already knows the user', async () => {
    loginStatus = 'connected';
    await renderSignedIn();
    await waitFor(() => expect(fb.getLoginStatus).toHaveBeenCalled());
    await connect('Facebook permissions granted successfully!');
    expect(fb.login).toHaveBeenCalledWith(expect.any(Function), { scope: 'ads_read' });
  });

  it('connects, stores the new token, and Next hands the session to the chat', async () => {
    await renderSignedIn();
    await connect('Facebook permissions granted successfully!');
    expect(screen.getByRole('status').textContent).toBe('Facebook permissions granted successfully!');
    expect(facebookButton().textContent).toBe('Facebook Ads - Connected');
    expect(facebookButton().disabled).toBe(true);
    expect(getToken()).toBe(NEW_TOKEN);
    expect(nextButton().disabled).toBe(false);
    // Next asks, with the new token, for a one-time code to put in the chat's address instead.
    saveAnswer = { status: 200, body: { code: 'one-time-code', expiresIn: 60 } };
    fireEvent.click(nextButton());
    await waitFor(() => expect(assigned).toEqual(['/?handoff=one-time-code']));
    const [path, init] = fetchMock.mock.calls.at(-1) ?? [];
    expect([path, init?.method, authorization(init)]).toEqual([
      '/auth/handoff',
      'POST',
      `Bearer ${NEW_TOKEN}`,
    ]);
  });

  it('Next says so and stays when no hand-off code comes back', async () => {
    await renderSignedIn();
    await connect('Facebook permissions granted successfully!');
    saveAnswer = { status: 502 };
    fireEvent.click(nextButton());
    await waitFor(() => expect(alerts).toContain('Could not continue to ARLO. Please try again.'));
    expect(assigned).toEqual([]);
  });

  it('Next without a token says so and stays', async () => {
    await renderSignedIn();
    await connect('Facebook permissions granted successfully!');
    localStorage.clear();
    fireEvent.click(nextButton());
    expect(alerts).toContain('Authentication error. Please try again.');
    expect(assigned).toEqual([]);
  });

  it.each([
    ['denied', { status: 'not_authorized' as const }],
    ['cancelled', { status: 'unknown' as const, authResponse: null }],
  ])('reports a %s login', async (_case, response) => {
    loginResponse = () => response;
    await renderSignedIn();
    await connect('Facebook permission was denied or failed. Please try again.');
    expect(screen.getByRole('alert').textContent).toBe(
      'Facebook permission was denied or failed. Please try again.',
    );
    expect(fb.api).not.toHaveBeenCalled();
    expect(facebookButton().textContent).toBe('Connect Facebook Ads');
  });

  it.each([
    ['no accounts', { data: [] }],
    ['a Graph error', { error: { message: 'Missing permission', code: 200 } }],
  ])('reports %s', async (_case, page) => {
    pages = { '': page };
    await renderSignedIn();
    await connect('Could not fetch your ad accounts. Please make sure you have Facebook ad accounts set up.');
    expect(savedBodies()).toEqual([]);
    expect(nextButton().disabled).toBe(true);
  });

  it('reports a failed save with the fallback, or the server message when it sent one', async () => {
    saveAnswer = { status: 502 };
    await renderSignedIn();
    await connect('Failed to save Facebook permissions. Please try again.');
    saveAnswer = { status: 400, body: { message: 'Unknown ad account', code: 'BAD_REQUEST' } };
    await connect('Unknown ad account');
    expect(getToken()).toBe(TOKEN);
    expect(nextButton().disabled).toBe(true);
  });

  it('reports an unexpected SDK failure', async () => {
    loginResponse = () => {
      throw new Error('sdk exploded');
    };
    await renderSignedIn();
    await connect('An error occurred with Facebook permissions. Please try again.');
  });
});
