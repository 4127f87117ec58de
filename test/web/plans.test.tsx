// @vitest-environment jsdom

import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type ClientConfig, FACEBOOK_SDK_URL } from '../../src/shared/api/client-config';
import { proPlan } from '../../src/shared/plans';
import { PlansRoute, YPlansRoute } from '../../src/web/app/routes/plans';
import { CHECKOUT_SUCCESS, CheckoutSuccessNotice } from '../../src/web/components/ui/checkout-success-notice';
import { browser } from '../../src/web/lib/browser';
import { createQueryClient } from '../../src/web/lib/query-client';
import { getToken, getUserInfo, saveSession } from '../../src/web/lib/session';
import { demoBilling } from '../helpers/client-config';
import { json, type RecordedCall, stubFetch, undoEdgeStubs } from '../helpers/network-edge';

const jwt = (exp: number) =>
  `x.${btoa(JSON.stringify({ exp })).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')}.sig`;
const TOKEN = jwt(Math.floor(Date.now() / 1000) + 3600);
const USER = { uid: 'ann@example.com', name: 'Ann' };
const SESSION_URL = 'https://checkout.example.com/c/pay/cs_test_1';

const statusOf = (status: string, user_type: 'basic' | 'pro') =>
  json({
    user: {
      status,
      user_type,
      uid: USER.uid,
      name: USER.name,
      fb_permissions_granted: true,
      g_permissions_granted: false,
      accounts: [],
    },
  });

// The network edge: ARLO's API, answered per URL by a stubbed fetch.
let config: ClientConfig;
let statusAnswer: () => Response;
let checkoutAnswer: () => Response | Promise<Response>;
let calls: RecordedCall[];
let assigned: string[];

const answer = ({ url }: RecordedCall) => {
  if (url === '/api/client-config') return json(config);
  if (url === '/auth/user/status') return statusAnswer();
  if (url.endsWith('/create-checkout-session')) return checkoutAnswer();
  return json({ message: `No stub for ${url}`, code: 'NOT_FOUND' }, 404);
};
const callsTo = (url: string) => calls.filter((call) => call.url === url);

beforeEach(() => {
  localStorage.clear();
  config = {
    google: { clientId: null },
    facebook: {
      appId: null,
      sdkUrl: FACEBOOK_SDK_URL,
      version: 'v23.0',
      connect: { appId: 'arlo-demo', sdkUrl: '/meta-sim/sdk.js', demo: true },
    },
    billing: demoBilling,
    help: { whatsappUrl: null },
  };
  statusAnswer = () => statusOf('active', 'basic');
  checkoutAnswer = () => json({ sessionUrl: SESSION_URL });
  calls = stubFetch(answer).calls;
  assigned = [];
  vi.spyOn(browser, 'assign').mockImplementation((url) => void assigned.push(url));
});

afterEach(() => {
  cleanup();
  undoEdgeStubs();
  localStorage.clear();
  window.history.replaceState(null, '', '/');
});

function renderPlans(path = '/plans') {
  const router = createMemoryRouter(
    [
      { path: '/plans', Component: PlansRoute },
      { path: '/yplans', Component: YPlansRoute },
      { path: '/login', Component: () => <h1>Login page</h1> },
      { path: '/', Component: () => <h1>Chat</h1> },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

const subscribeButton = () => screen.getByRole('button', { name: /Subscribe Now|Processing\.\.\./ });

/** Lets the status check answer and the page react to it. */
async function settle() {
  await waitFor(() => expect(callsTo('/auth/user/status')).toHaveLength(1));
  await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
}

describe('the plans screen (SPEC.md sections 2 and 9)', () => {
  it('shows the Pro plan monthly by default, and the annual price with its saving', async () => {
    renderPlans();
    expect(await screen.findByRole('heading', { level: 1, name: 'Choose Your Plan' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Pro (Beta Access)' })).toBeTruthy();
    expect(screen.getByText('For everyday velocity')).toBeTruthy();
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual([...proPlan.features]);
    expect(screen.getAllByRole('listitem')).toHaveLength(7);
    expect(screen.getByRole('button', { name: 'Monthly' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByText('$25/month')).toBeTruthy();
    expect(screen.queryByText('$60 saved per year')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Annually' }));
    expect(screen.getByRole('button', { name: 'Annually' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByText('$240/year')).toBeTruthy();
    expect(screen.getByText('$60 saved per year')).toBeTruthy();
    expect(screen.queryByText('$25/month')).toBeNull();
  });

  it('notes a demo checkout only when the server says so', async () => {
    renderPlans();
    expect(await screen.findByText('This checkout is a demo: no card is charged.')).toBeTruthy();
    cleanup();
    config = { ...config, billing: { ...demoBilling, demo: false } };
    renderPlans();
    await waitFor(() => expect(callsTo('/api/client-config').length).toBeGreaterThanOrEqual(2));
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(screen.queryByText('This checkout is a demo: no card is charged.')).toBeNull();
  });
});

describe('the way back to the chat', () => {
  it('is a link to / when signed in', async () => {
    saveSession(TOKEN, USER);
    const router = renderPlans();
    fireEvent.click(await screen.findByRole('link', { name: 'Back to chat' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('is not offered to a visitor who is not signed in', async () => {
    renderPlans();
    await screen.findByText('$25/month');
    expect(screen.queryByRole('link', { name: 'Back to chat' })).toBeNull();
  });
});

describe('back from a paid checkout (/?checkout=success)', () => {
  it('says the payment went through until dismissed', () => {
    window.history.replaceState(null, '', '/?checkout=success');
    render(<CheckoutSuccessNotice />);
    expect(screen.getByRole('status').textContent).toBe(CHECKOUT_SUCCESS);
    expect(CHECKOUT_SUCCESS).toBe("Payment successful — you're on Pro.");
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('says nothing on an ordinary visit', () => {
    render(<CheckoutSuccessNotice />);
    expect(screen.queryByRole('status')).toBeNull();
  });
});

describe('the notices the checkout sends back (SPEC.md section 8)', () => {
  it('cancelled=true shows the cancelled notice', async () => {
    renderPlans('/plans?cancelled=true');
    expect((await screen.findByRole('status')).textContent).toBe(
      'Payment was cancelled. You can try again when ready.',
    );
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it.each([
    ['missing_session', 'Payment session not found. Please try again.'],
    ['payment_incomplete', 'Payment was not completed. Please try again.'],
    ['processing_failed', 'Payment processing failed. Please try again.'],
    ['something_else', 'An error occurred during payment. Please try again.'],
  ])('error=%s shows its text', async (code, text) => {
    renderPlans(`/yplans?error=${code}`);
    expect((await screen.findByRole('alert')).textContent).toBe(text);
  });

  it('shows no notice without them', async () => {
    renderPlans('/plans?cancelled=false');
    await screen.findByText('$25/month');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByRole('status')).toBeNull();
  });
});

describe('the session handed over in the address (SPEC.md section 2)', () => {
  it('stores token and userInfo, then clears them from the address', async () => {
    const query = `token=${encodeURIComponent(TOKEN)}&userInfo=${encodeURIComponent(JSON.stringify(USER))}`;
    window.history.replaceState(null, '', `/plans?${query}`);
    renderPlans(`/plans?${query}`);
    await screen.findByText('$25/month');
    expect(getToken()).toBe(TOKEN);
    expect(getUserInfo()).toEqual(USER);
    expect(window.location.pathname).toBe('/plans');
    expect(window.location.search).toBe('');
    // The handed-over token is the one validated.
    await waitFor(() => expect(callsTo('/auth/user/status')[0]?.auth).toBe(`Bearer ${TOKEN}`));
  });
});

describe('subscribing (SPEC.md sections 4 and 7)', () => {
  it('on /plans posts the monthly price to /payment and goes to the checkout page', async () => {
    saveSession(TOKEN, USER);
    let answer!: (response: Response) => void;
    checkoutAnswer = () => new Promise((resolve) => (answer = resolve));
    renderPlans('/plans');
    await screen.findByText('$25/month');
    fireEvent.click(subscribeButton());

    await waitFor(() => expect(subscribeButton().textContent).toBe('Processing...'));
    expect((subscribeButton() as HTMLButtonElement).disabled).toBe(true);
    await waitFor(() => expect(callsTo('/payment/create-checkout-session')).toHaveLength(1));
    expect(callsTo('/payment/create-checkout-session')[0]).toMatchObject({
      body: { priceId: 'price_demo_pro_monthly' },
      auth: `Bearer ${TOKEN}`,
    });
    answer(json({ sessionUrl: SESSION_URL }));
    await waitFor(() => expect(assigned).toEqual([SESSION_URL]));
    expect(callsTo('/ypayment/create-checkout-session')).toHaveLength(0);
  });

  it('on /yplans posts the annual price to /ypayment', async () => {
    saveSession(TOKEN, USER);
    renderPlans('/yplans');
    await screen.findByText('$25/month');
    fireEvent.click(screen.getByRole('button', { name: 'Annually' }));
    fireEvent.click(subscribeButton());
    await waitFor(() => expect(assigned).toEqual([SESSION_URL]));
    expect(callsTo('/ypayment/create-checkout-session').map((call) => call.body)).toEqual([
      { priceId: 'price_demo_ypro_annual' },
    ]);
    expect(callsTo('/payment/create-checkout-session')).toHaveLength(0);
  });

  it('without a token goes to /login instead', async () => {
    const router = renderPlans();
    await screen.findByText('$25/month');
    fireEvent.click(subscribeButton());
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(calls.filter((call) => call.url.endsWith('/create-checkout-session'))).toHaveLength(0);
    expect(assigned).toEqual([]);
  });

  it.each([
    ['no session URL', () => json({}), 'Failed to create payment session'],
    [
      'a failure without a message',
      () => new Response('Bad gateway', { status: 502 }),
      'Failed to start payment process',
    ],
    [
      "the server's message",
      () => json({ message: 'Unknown price id', code: 'BAD_REQUEST' }, 400),
      'Unknown price id',
    ],
  ])('shows %s and lets the user try again', async (_, answer, text) => {
    saveSession(TOKEN, USER);
    checkoutAnswer = answer;
    renderPlans();
    await screen.findByText('$25/month');
    fireEvent.click(subscribeButton());
    expect((await screen.findByRole('alert')).textContent).toBe(text);
    expect(subscribeButton().textContent).toBe('Subscribe Now');
    expect((subscribeButton() as HTMLButtonElement).disabled).toBe(false);
    expect(assigned).toEqual([]);
  });
});

describe('the billing-area check on load (SPEC.md section 4)', () => {
  it.each([
    ['basic', 'active'],
    ['pro', 'payment'],
    ['basic', 'paused'],
  ] as const)('lets a %s user with status %s stay', async (userType, status) => {
    saveSession(TOKEN, USER);
    statusAnswer = () => statusOf(status, userType);
    const router = renderPlans();
    await settle();
    expect(router.state.location.pathname).toBe('/plans');
    expect(getToken()).toBe(TOKEN);
  });

  it.each([
    ['pro', 'active'],
    ['basic', 'trial'],
    ['basic', 'signup'],
  ] as const)('logs out a %s user with status %s', async (userType, status) => {
    saveSession(TOKEN, USER);
    statusAnswer = () => statusOf(status, userType);
    const router = renderPlans();
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(getToken()).toBeNull();
    expect(getUserInfo()).toBeNull();
  });

  it('logs out on a 401 or 403', async () => {
    saveSession(TOKEN, USER);
    statusAnswer = () => json({ message: 'Invalid token', code: 'UNAUTHORIZED' }, 401);
    const router = renderPlans();
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(getToken()).toBeNull();
    cleanup();

    saveSession(TOKEN, USER);
    statusAnswer = () => json({ message: 'Forbidden', code: 'FORBIDDEN' }, 403);
    const again = renderPlans();
    await waitFor(() => expect(again.state.location.pathname).toBe('/login'));
    expect(getToken()).toBeNull();
  });

  it('logs out an expired token without asking the server', async () => {
    saveSession(jwt(Math.floor(Date.now() / 1000) + 10), USER);
    const router = renderPlans();
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(getToken()).toBeNull();
    expect(callsTo('/auth/user/status')).toHaveLength(0);
  });

  it('stays when the check fails with a client error other than 401/403', async () => {
    saveSession(TOKEN, USER);
    statusAnswer = () => json({ message: 'Slow down', code: 'RATE_LIMITED' }, 429);
    const router = renderPlans();
    await settle();
    expect(router.state.location.pathname).toBe('/plans');
    expect(getToken()).toBe(TOKEN);
  });
});
