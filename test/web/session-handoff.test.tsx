// @vitest-environment jsdom

import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { StrictMode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { HANDOFF_INVALID } from '../../src/shared/api/handoff';
import { ChatRoute } from '../../src/web/app/routes/chat';
import { PlansRoute } from '../../src/web/app/routes/plans';
import { createQueryClient } from '../../src/web/lib/query-client';
import { getToken, getUserInfo, saveSession } from '../../src/web/lib/session';
import { demoClientConfig } from '../helpers/client-config';
import { json, type RecordedCall, stubFetch, undoEdgeStubs } from '../helpers/network-edge';

/** A token the page can read the expiry of; `who` only makes each one distinct. */
const jwt = (who: string, exp = Math.floor(Date.now() / 1000) + 3600) =>
  `x.${btoa(JSON.stringify({ who, exp })).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')}.sig`;

const BOB = { uid: 'bob@example.com', name: 'Bob' };
const MALLORY = { uid: 'mallory@example.com', name: 'Mallory' };
const BOB_TOKEN = jwt('bob');
const BOB_NEWER_TOKEN = jwt('bob-again');
const MALLORY_TOKEN = jwt('mallory');
const REVOKED_TOKEN = jwt('revoked');
const MALLORY_CODE = 'one-time-code-for-mallory';

/** The network edge: the status call answers per bearer token, as the server would. */
const usersByToken = new Map([
  [BOB_TOKEN, BOB],
  [BOB_NEWER_TOKEN, BOB],
  [MALLORY_TOKEN, MALLORY],
]);
let calls: RecordedCall[];

function answer({ url, method, body, auth }: RecordedCall): Response {
  if (url === '/auth/user/status') {
    const user = usersByToken.get(auth?.replace('Bearer ', '') ?? '');
    if (!user)
      return json({ message: 'Your session has expired. Please log in again.', code: 'UNAUTHORIZED' }, 401);
    return json({
      user: {
        ...user,
        status: 'active',
        user_type: 'basic',
        fb_permissions_granted: true,
        g_permissions_granted: false,
        accounts: [],
      },
    });
  }
  if (url === '/auth/handoff/exchange' && method === 'POST') {
    return (body as { code?: string }).code === MALLORY_CODE
      ? json({ token: MALLORY_TOKEN })
      : json({ message: HANDOFF_INVALID, code: 'BAD_REQUEST' }, 400);
  }
  if (url === '/api/client-config') return json(demoClientConfig());
  if (url === '/api/sessions/recent') return json({ sessions: [] });
  if (url === '/api/accounts') return json({ accounts: [] });
  return json({ message: `No stub for ${method} ${url}`, code: 'NOT_FOUND' }, 404);
}

/** The bearer tokens of the calls after the first `from`. */
const tokensUsedAfter = (from: number) =>
  calls.slice(from).flatMap((call) => (call.auth ? [call.auth.replace('Bearer ', '')] : []));

/** Opens `path` (chat or plans) as a link would: the address bar holds it, and the app starts there. */
function open(path: string) {
  window.history.replaceState(null, '', path);
  const router = createMemoryRouter(
    [
      { path: '/', Component: ChatRoute },
      { path: '/plans', Component: PlansRoute },
      { path: '/login', Component: () => <h1>Login page</h1> },
    ],
    { initialEntries: [path] },
  );
  // As the app runs in development: StrictMode renders twice, and the address is read only once.
  render(
    <StrictMode>
      <QueryClientProvider client={createQueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </StrictMode>,
  );
  return router;
}

const link = (token: string, userInfo?: { uid: string; name: string }) =>
  `/?token=${encodeURIComponent(token)}${userInfo ? `&userInfo=${encodeURIComponent(JSON.stringify(userInfo))}` : ''}`;

/** The chat is up and names who is signed in, in the user menu (opened to read it, then closed). */
async function chatShows(name: string) {
  const menu = await screen.findByRole('button', { name: 'User menu' });
  fireEvent.click(menu);
  await waitFor(() => expect(screen.getByText(/^Signed in as/).textContent).toBe(`Signed in as ${name}`));
  fireEvent.click(menu);
}

beforeEach(() => {
  localStorage.clear();
  calls = stubFetch(answer).calls;
});

afterEach(() => {
  cleanup();
  undoEdgeStubs();
  localStorage.clear();
  window.history.replaceState(null, '', '/');
});

describe('a session handed over in the address, with another user signed in', () => {
  it("asks first, naming both users, even when the link's userInfo claims to be the signed-in user", async () => {
    saveSession(BOB_TOKEN, BOB);
    open(link(MALLORY_TOKEN, BOB));
    // The address is clean at once, before anything is decided.
    expect(window.location.search).toBe('');
    const dialog = await screen.findByRole('dialog', { name: 'Switch account?' });
    expect(dialog.textContent).toContain(
      'You are signed in as bob@example.com. This link signs you in as mallory@example.com.',
    );
    expect(within(dialog).getByRole('button', { name: 'Stay as bob@example.com' })).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Switch to mallory@example.com' })).toBeTruthy();
    // Nothing changed while the question is open.
    expect(getToken()).toBe(BOB_TOKEN);
    expect(screen.queryByRole('button', { name: 'User menu' })).toBeNull();
  });

  it("Stay keeps the signed-in user's session untouched", async () => {
    saveSession(BOB_TOKEN, BOB);
    open(link(MALLORY_TOKEN));
    const dialog = await screen.findByRole('dialog', { name: 'Switch account?' });
    const checkedBefore = calls.length;
    fireEvent.click(within(dialog).getByRole('button', { name: 'Stay as bob@example.com' }));
    await chatShows('Bob');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(getToken()).toBe(BOB_TOKEN);
    expect(getUserInfo()).toEqual(BOB);
    expect(window.location.search).toBe('');
    // After the choice, the page speaks only as Bob.
    expect(tokensUsedAfter(checkedBefore).length).toBeGreaterThan(0);
    expect(new Set(tokensUsedAfter(checkedBefore))).toEqual(new Set([BOB_TOKEN]));
  });

  it('closing the question also stays', async () => {
    saveSession(BOB_TOKEN, BOB);
    open(link(MALLORY_TOKEN));
    const dialog = await screen.findByRole('dialog', { name: 'Switch account?' });
    fireEvent.keyDown(dialog, { key: 'Escape' });
    await chatShows('Bob');
    expect(getToken()).toBe(BOB_TOKEN);
  });

  it("Switch signs in as the link's user, with the identity the token's status gives", async () => {
    saveSession(BOB_TOKEN, BOB);
    open(link(MALLORY_TOKEN, BOB));
    const dialog = await screen.findByRole('dialog', { name: 'Switch account?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Switch to mallory@example.com' }));
    await chatShows('Mallory');
    expect(getToken()).toBe(MALLORY_TOKEN);
    expect(getUserInfo()).toEqual(MALLORY);
    expect(document.body.textContent).not.toContain('Bob');
  });

  it('a one-time hand-off code of another user asks too', async () => {
    saveSession(BOB_TOKEN, BOB);
    open(`/?handoff=${MALLORY_CODE}`);
    const dialog = await screen.findByRole('dialog', { name: 'Switch account?' });
    expect(window.location.search).toBe('');
    expect(dialog.textContent).toContain('This link signs you in as mallory@example.com.');
    expect(calls.filter((call) => call.url === '/auth/handoff/exchange')).toMatchObject([
      { method: 'POST', body: { code: MALLORY_CODE }, auth: null },
    ]);
  });

  it('the plans page asks too', async () => {
    saveSession(BOB_TOKEN, BOB);
    open(`/plans${link(MALLORY_TOKEN).slice(1)}`);
    const dialog = await screen.findByRole('dialog', { name: 'Switch account?' });
    expect(window.location.pathname).toBe('/plans');
    expect(window.location.search).toBe('');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Stay as bob@example.com' }));
    expect(await screen.findByRole('heading', { name: 'Choose Your Plan' })).toBeTruthy();
    expect(getToken()).toBe(BOB_TOKEN);
  });
});

describe('a session handed over in the address, taken without asking', () => {
  it("with nobody signed in: stored as the token's user, never the name the link claims", async () => {
    open(link(MALLORY_TOKEN, BOB));
    await chatShows('Mallory');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(getToken()).toBe(MALLORY_TOKEN);
    expect(getUserInfo()).toEqual(MALLORY);
    expect(document.body.textContent).not.toContain('Bob');
    expect(window.location.search).toBe('');
  });

  it('with nobody signed in, from a one-time hand-off code', async () => {
    open(`/?handoff=${MALLORY_CODE}`);
    await chatShows('Mallory');
    expect(getToken()).toBe(MALLORY_TOKEN);
    expect(getUserInfo()).toEqual(MALLORY);
  });

  it('for the user already signed in: the newer token is kept', async () => {
    saveSession(BOB_TOKEN, BOB);
    open(link(BOB_NEWER_TOKEN));
    await chatShows('Bob');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(getToken()).toBe(BOB_NEWER_TOKEN);
  });

  it('over a signed-in session the server no longer accepts', async () => {
    saveSession(REVOKED_TOKEN, BOB);
    open(link(MALLORY_TOKEN));
    await chatShows('Mallory');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(getToken()).toBe(MALLORY_TOKEN);
  });
});

describe('a session in the address that does not check out', () => {
  it.each([
    ['a token the server refuses', link(REVOKED_TOKEN, MALLORY)],
    ['an expired token', link(jwt('mallory', Math.floor(Date.now() / 1000) - 60), MALLORY)],
    ['an unknown or used hand-off code', '/?handoff=spent-code'],
  ])('%s is ignored: the current session stays and a notice says so', async (_case, path) => {
    saveSession(BOB_TOKEN, BOB);
    open(path);
    await chatShows('Bob');
    expect((await screen.findByRole('alert')).textContent).toBe(HANDOFF_INVALID);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(getToken()).toBe(BOB_TOKEN);
    expect(getUserInfo()).toEqual(BOB);
    expect(window.location.search).toBe('');
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByText(HANDOFF_INVALID)).toBeNull();
  });
});
