// @vitest-environment jsdom

import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { StreamEvent } from '../../src/shared/api/chat';
import { ChatRoute } from '../../src/web/app/routes/chat';
import { clock } from '../../src/web/features/chat/lib/chat-session';
import { PLAN_WAIT_MS } from '../../src/web/features/chat/lib/use-chat-gate';
import { createQueryClient } from '../../src/web/lib/query-client';
import { saveSession } from '../../src/web/lib/session';
import { PRO_SUBSCRIPTION } from '../helpers/subscription';

const jwt = (exp: number) =>
  `x.${btoa(JSON.stringify({ exp })).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')}.sig`;
const TOKEN = jwt(Math.floor(Date.now() / 1000) + 3600);
const USER = { uid: 'ann@example.com', name: 'Ann' };
const SESSION_A = '11111111-1111-4111-8111-111111111111';
const SESSION_B = '22222222-2222-4222-8222-222222222222';
const PAST_SESSION = '33333333-3333-4333-8333-333333333333';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const encoder = new TextEncoder();
const frame = (event: StreamEvent | '[DONE]') =>
  `data: ${event === '[DONE]' ? event : JSON.stringify(event)}\n\n`;

/** A finished SSE answer; chunks are cut mid-line, as a network may deliver them. */
function sseResponse(events: (StreamEvent | '[DONE]')[]): Response {
  const text = `: working\n\n${events.map(frame).join('')}`;
  const cut = Math.floor(text.length / 2);
  return new Response(
    new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(encoder.encode(text.slice(0, cut)));
        controller.enqueue(encoder.encode(text.slice(cut)));
        controller.close();
      },
    }),
    { status: 200, headers: { 'content-type': 'text/event-stream' } },
  );
}

/** An SSE answer the test feeds event by event. */
function liveStream() {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
    },
  });
  return {
    response: new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } }),
    send: (event: StreamEvent | '[DONE]') => controller.enqueue(encoder.encode(frame(event))),
    close: () => controller.close(),
  };
}

const text = (content: string, header?: string) => ({
  type: 'text' as const,
  content,
  ...(header ? { header } : {}),
});

const ANSWER: StreamEvent[] = [
  {
    type: 'analytics',
    analytics: text('You spent $1,234.00 in the last 7 days.', 'Spend'),
    error: null,
    settings: null,
    suggestions: ['What was my ROAS last week?'],
  },
  { type: 'reasoning', reasoning: text('Spend is the sum of daily spend.', 'How this was computed') },
  {
    type: 'actionable_insights',
    actionable_insights: text('- Keep the current budget split.', 'Actionable insights'),
    suggestions: ['What was my ROAS last week?', 'Top 5 campaigns by spend in the last 30 days'],
  },
];

interface StatusUser {
  status: 'active' | 'trial' | 'payment' | 'paused' | 'signup';
  fb_permissions_granted: boolean;
  user_type?: 'basic' | 'pro';
}

interface Api {
  status: StatusUser | Response;
  current: { sessionId: string; updatedAt: string };
  newChatIds: string[];
  recent: { sessionId: string; title: string }[];
  history: unknown[];
  ask: (body: Record<string, unknown>) => Response | Promise<Response>;
}

interface Call {
  url: string;
  method: string;
  body: Record<string, unknown> | undefined;
  auth: string | null;
}

/** The network edge: answers the chat's API calls and records them. */
function stubApi(overrides: Partial<Api> = {}) {
  const now = new Date().toISOString();
  const api: Api = {
    status: { status: 'active', fb_permissions_granted: true },
    current: { sessionId: SESSION_A, updatedAt: now },
    newChatIds: [SESSION_B],
    recent: [],
    history: [],
    ask: () => sseResponse([...ANSWER, '[DONE]']),
    ...overrides,
  };
  const calls: Call[] = [];
  const summary = (sessionId: string, title = 'New chat', updatedAt = now) => ({
    sessionId,
    title,
    createdAt: updatedAt,
    updatedAt,
  });
  const fetchStub = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input);
    const method = init.method ?? 'GET';
    const body =
      typeof init.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : undefined;
    const headers = new Headers(init.headers);
    calls.push({ url, method, body, auth: headers.get('authorization') });
    if (url === '/auth/user/status') {
      if (api.status instanceof Response) return api.status;
      return json({
        user: {
          user_type: 'pro',
          uid: USER.uid,
          name: USER.name,
          g_permissions_granted: false,
          accounts: [],
          ...api.status,
        },
      });
    }
    if (url === '/api/sessions/current')
      return json(summary(api.current.sessionId, 'New chat', api.current.updatedAt));
    if (url === '/api/sessions/recent')
      return json({ sessions: api.recent.map((s) => summary(s.sessionId, s.title)) });
    if (url.startsWith('/api/sessions/')) {
      const id = url.slice('/api/sessions/'.length);
      return json({ ...summary(id, 'Past chat'), history: { messages: api.history } });
    }
    if (url === '/api/new-chat') return json({ sessionId: api.newChatIds.shift() ?? SESSION_B });
    if (url === '/api/ask') return api.ask(body ?? {});
    if (url === '/api/accounts') return json({ accounts: [] });
    if (url === '/payment/subscription-status') return json(PRO_SUBSCRIPTION);
    return json({ message: `No stub for ${method} ${url}`, code: 'NOT_FOUND' }, 404);
  });
  vi.stubGlobal('fetch', fetchStub);
  return { api, calls, asks: () => calls.filter((call) => call.url === '/api/ask') };
}

function signIn(token = TOKEN) {
  saveSession(token, USER);
}

/** The chat at `/`, with stand-ins for the pages it leaves to. */
function renderChat() {
  const router = createMemoryRouter(
    [
      { path: '/', Component: ChatRoute },
      { path: '/login', Component: () => <h1>Login page</h1> },
      { path: '/plans', Component: () => <h1>Plans page</h1> },
    ],
    { initialEntries: ['/'] },
  );
  const client = createQueryClient();
  const view = render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { router, view };
}

const textarea = () => screen.getByRole('textbox', { name: 'Message' }) as HTMLTextAreaElement;

function type(value: string) {
  fireEvent.change(textarea(), { target: { value } });
}

function pressEnter(shiftKey = false) {
  fireEvent.keyDown(textarea(), { key: 'Enter', code: 'Enter', shiftKey });
}

async function ready() {
  // The status check has answered once the input is enabled with the default placeholder.
  await waitFor(() => expect(textarea().disabled).toBe(false));
}

async function openPanel() {
  fireEvent.mouseEnter(screen.getByRole('navigation', { name: 'Chats' }));
  return within(screen.getByRole('navigation', { name: 'Chats' }));
}

beforeEach(() => {
  localStorage.clear();
  signIn();
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('the chat screen (SPEC.md section 2)', () => {
  it('shows the empty state, six suggestions, the footer and disabled attach and microphone', async () => {
    stubApi();
    renderChat();
    expect(await screen.findByRole('heading', { level: 1, name: 'How can I help you today?' })).toBeTruthy();
    expect(screen.getByText('What if your marketing data could talk to you?')).toBeTruthy();
    const cards = within(screen.getByRole('list', { name: 'Suggested questions' })).getAllByRole('button');
    expect(cards).toHaveLength(6);
    const footer = within(screen.getByRole('contentinfo'));
    expect(footer.getByText('ARLO')).toBeTruthy();
    expect(footer.getByText('v1.0-beta')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Attach a file' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Voice input' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('renders the answer as it streams: analytics, then reasoning, then insights', async () => {
    const stream = liveStream();
    const { asks } = stubApi({ ask: () => stream.response });
    renderChat();
    await ready();
    type('How much did I spend in the last 7 days?');
    pressEnter();

    expect(await screen.findByText('How much did I spend in the last 7 days?')).toBeTruthy();
    await waitFor(() => expect(asks()).toHaveLength(1));
    expect(asks()[0]?.body).toMatchObject({
      message: 'How much did I spend in the last 7 days?',
      sessionId: SESSION_A,
      model: 'arlo_pro',
    });
    expect(asks()[0]?.auth).toBe(`Bearer ${TOKEN}`);

    stream.send(ANSWER[0] as StreamEvent);
    expect(await screen.findByRole('heading', { name: 'Spend' })).toBeTruthy();
    expect(screen.getByText('Optimizing reasoning process')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'How this was computed' })).toBeNull();

    stream.send(ANSWER[1] as StreamEvent);
    expect(await screen.findByRole('heading', { name: 'How this was computed' })).toBeTruthy();
    expect(screen.getByText('Extracting top actionable insights')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Actionable insights' })).toBeNull();

    stream.send(ANSWER[2] as StreamEvent);
    stream.send('[DONE]');
    expect(await screen.findByRole('heading', { name: 'Actionable insights' })).toBeTruthy();
    const answer = screen.getByRole('article', { name: 'Assistant message' });
    const headings = within(answer)
      .getAllByRole('heading')
      .map((heading) => heading.textContent);
    expect(headings).toEqual(['Assistant message', 'Spend', 'How this was computed', 'Actionable insights']);
    expect(within(answer).getByRole('button', { name: 'Copy message' })).toBeTruthy();
    const good = within(answer).getByRole('button', { name: 'Good response' });
    const bad = within(answer).getByRole('button', { name: 'Bad response' });
    fireEvent.click(good);
    expect(good.getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(bad);
    expect(good.getAttribute('aria-pressed')).toBe('false');
    expect(bad.getAttribute('aria-pressed')).toBe('true');
    expect(screen.queryByText('Extracting top actionable insights')).toBeNull();

    const related = screen.getByRole('region', { name: 'Related' });
    expect(
      within(related).getByRole('button', { name: 'Top 5 campaigns by spend in the last 30 days' }),
    ).toBeTruthy();
  });

  it('asks a Related suggestion when clicked', async () => {
    const { asks } = stubApi();
    renderChat();
    await ready();
    type('How much did I spend in the last 7 days?');
    pressEnter();
    const related = await screen.findByRole('region', { name: 'Related' });
    fireEvent.click(within(related).getByRole('button', { name: 'What was my ROAS last week?' }));
    await waitFor(() => expect(asks()).toHaveLength(2));
    expect(asks()[1]?.body?.message).toBe('What was my ROAS last week?');
  });

  it('shows a report as its sections stream, with Generating Report until it is done', async () => {
    const stream = liveStream();
    stubApi({ ask: () => stream.response });
    renderChat();
    await ready();
    fireEvent.click((await openPanel()).getByRole('button', { name: 'Performance prompt' }));
    expect(await screen.findByText('Performance report')).toBeTruthy();

    stream.send({
      type: 'report_section',
      order: 0,
      title: 'Overview',
      question: 'How did my account do in the last 30 days?',
      analytics: text('Spend $5,000.00 over 30 days.', 'Overview'),
    });
    expect(await screen.findByText('Generating Report')).toBeTruthy();
    expect(await screen.findByRole('article', { name: 'Report section: Overview' })).toBeTruthy();
    stream.send({ type: 'report_section_reasoning', order: 0, reasoning: text('Summed daily rows.', 'Why') });
    stream.send({
      type: 'report_section_actionable',
      order: 0,
      actionable_insights: text('- Nothing crossed the threshold.', 'Actionable insights'),
      suggestions: [],
    });
    stream.send({
      type: 'report_section',
      order: 1,
      title: 'Top campaigns',
      question: 'Top campaigns by CPA',
      analytics: text('Spring Sale leads.', 'Top campaigns'),
    });
    const second = await screen.findByRole('article', { name: 'Report section: Top campaigns' });
    expect(within(second).getByText('Optimizing reasoning process')).toBeTruthy();
    stream.send({ type: 'report_section_reasoning', order: 1, reasoning: text('Ranked by CPA.', 'Ranking') });
    stream.send({
      type: 'report_section_actionable',
      order: 1,
      actionable_insights: text('- Move budget to Spring Sale.', 'Next steps'),
      suggestions: ['Creative report'],
    });
    stream.send({ type: 'report_complete', total_sections: 2, total_requested: 2 });
    stream.send('[DONE]');

    expect(await within(second).findByRole('heading', { name: 'Next steps' })).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('Generating Report')).toBeNull());
    const first = screen.getByRole('article', { name: 'Report section: Overview' });
    expect(within(first).getByRole('heading', { name: 'Why' })).toBeTruthy();
    expect(within(first).getByText('Nothing crossed the threshold.')).toBeTruthy();
  });

  it('sends on Enter, adds a line on Shift+Enter, and ignores a blank message', async () => {
    const { asks } = stubApi();
    renderChat();
    await ready();
    type('   ');
    pressEnter();
    type('Top 5 campaigns');
    pressEnter(true);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(asks()).toHaveLength(0);
    expect(textarea().value).toBe('Top 5 campaigns');
    type('Top 5 campaigns\nby spend');
    pressEnter();
    await waitFor(() => expect(asks()).toHaveLength(1));
    expect(asks()[0]?.body?.message).toBe('Top 5 campaigns\nby spend');
    expect(textarea().value).toBe('');
  });

  it('refuses a message over 2,000 characters with a clear message', async () => {
    const { asks } = stubApi();
    renderChat();
    await ready();
    type('a'.repeat(2001));
    expect(screen.getByRole('alert').textContent).toBe(
      'Your message is too long: please keep it under 2,000 characters.',
    );
    pressEnter();
    expect((screen.getByRole('button', { name: 'Send' }) as HTMLButtonElement).disabled).toBe(true);
    expect(asks()).toHaveLength(0);
  });

  it('shows a past conversation read-only until the user returns to the current one', async () => {
    const { asks } = stubApi({
      recent: [{ sessionId: PAST_SESSION, title: 'Spend last week' }],
      history: [
        {
          sender: 'user',
          type: 'message',
          content: 'What did I spend last week?',
          createdAt: '2024-05-01T00:00:00Z',
        },
        {
          sender: 'lynceus',
          type: 'response',
          createdAt: '2024-05-01T00:00:01Z',
          response: {
            sender: 'lynceus',
            analytics: text('You spent $900.00 last week.', 'Spend'),
            reasoning: text('Summed.', 'Reasoning'),
            actionable_insights: text('- Hold steady.', 'Actionable insights'),
            suggestions: [],
          },
        },
      ],
    });
    renderChat();
    await ready();
    const panel = await openPanel();
    fireEvent.click(await panel.findByRole('button', { name: 'Spend last week' }));
    expect(await screen.findByText('Viewing Past Conversation')).toBeTruthy();
    expect(await screen.findByText('You spent $900.00 last week.')).toBeTruthy();

    type('And this week?');
    pressEnter();
    expect(
      await screen.findByText(
        'You are viewing a past conversation. Please return to the current conversation to send messages.',
      ),
    ).toBeTruthy();
    expect(asks()).toHaveLength(0);
    expect(textarea().value).toBe('And this week?');

    fireEvent.click(panel.getByRole('button', { name: 'Current chat' }));
    expect(screen.queryByText('Viewing Past Conversation')).toBeNull();
    pressEnter();
    await waitFor(() => expect(asks()).toHaveLength(1));
  });

  it('on a phone, picking a past chat in the drawer closes it and shows the chat with a way back', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: false,
      media: query,
      addEventListener: () => {},
      removeEventListener: () => {},
    }));
    stubApi({ recent: [{ sessionId: PAST_SESSION, title: 'Spend last week' }] });
    renderChat();
    await ready();
    const nav = within(screen.getByRole('navigation', { name: 'Chats' }));
    // Hovering means nothing on a phone: a tap sends mouse events too.
    fireEvent.mouseEnter(screen.getByRole('navigation', { name: 'Chats' }));
    expect(nav.queryByRole('button', { name: 'New Chat' })).toBeNull();
    fireEvent.click(nav.getByRole('button', { name: 'Open chats panel' }));
    expect(textarea().closest('[inert]')).not.toBeNull();
    fireEvent.click(await nav.findByRole('button', { name: 'Spend last week' }));
    expect(await screen.findByText('Viewing Past Conversation')).toBeTruthy();
    expect(nav.queryByRole('button', { name: 'Spend last week' })).toBeNull();
    expect(textarea().closest('[inert]')).toBeNull();
    expect(document.activeElement).toBe(nav.getByRole('button', { name: 'Open chats panel' }));
    fireEvent.click(screen.getByRole('button', { name: 'Back to current chat' }));
    expect(screen.queryByText('Viewing Past Conversation')).toBeNull();
  });

  it('shows No recent chats, and New Chat starts a session and refreshes the list 1 s later', async () => {
    const { calls } = stubApi();
    renderChat();
    await ready();
    const panel = await openPanel();
    expect(await panel.findByText('No recent chats')).toBeTruthy();
    const recentCalls = () => calls.filter((call) => call.url === '/api/sessions/recent').length;
    const before = recentCalls();
    fireEvent.click(panel.getByRole('button', { name: 'New Chat' }));
    await waitFor(() => expect(calls.some((call) => call.url === '/api/new-chat')).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(recentCalls()).toBe(before);
    await waitFor(() => expect(recentCalls()).toBe(before + 1), { timeout: 2000 });
    expect(localStorage.getItem('sessionId')).toBe(SESSION_B);
  });

  it('defaults the model to arlo_pro and remembers the choice', async () => {
    const { asks } = stubApi();
    renderChat();
    await ready();
    const model = screen.getByRole('combobox', { name: 'Model' });
    expect(model.textContent).toBe('ARLO Pro');
    fireEvent.click(model);
    fireEvent.click(await screen.findByRole('option', { name: 'ARLO Auto' }));
    expect(localStorage.getItem('selectedModel')).toBe('arlo_auto');
    await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
    expect(model.textContent).toBe('ARLO Auto');
    cleanup();

    renderChat();
    await ready();
    expect(screen.getByRole('combobox', { name: 'Model' }).textContent).toBe('ARLO Auto');
    type('Spend by day in the last 30 days');
    pressEnter();
    await waitFor(() => expect(asks()).toHaveLength(1));
    expect(asks()[0]?.body?.model).toBe('arlo_auto');
  });

  it('remembers that Related is minimized', async () => {
    stubApi();
    renderChat();
    await ready();
    type('How much did I spend in the last 7 days?');
    pressEnter();
    const related = await screen.findByRole('region', { name: 'Related' });
    fireEvent.click(within(related).getByRole('button', { name: 'Minimize related suggestions' }));
    expect(within(related).queryByRole('button', { name: 'What was my ROAS last week?' })).toBeNull();
    expect(localStorage.getItem('relatedMinimized')).toBe('true');
    cleanup();

    renderChat();
    await ready();
    type('How much did I spend in the last 7 days?');
    pressEnter();
    const again = await screen.findByRole('region', { name: 'Related' });
    expect(within(again).getByRole('button', { name: 'Show related suggestions' })).toBeTruthy();
    expect(within(again).queryByRole('button', { name: 'What was my ROAS last week?' })).toBeNull();
  });
});

describe('the chat load check (SPEC.md section 4)', () => {
  it('without ad permissions disables the input and types a notice to connect in Settings', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { asks } = stubApi({ status: { status: 'active', fb_permissions_granted: false } });
    renderChat();
    expect(await screen.findByText('Please connect your ads account in Settings to continue.')).toBeTruthy();
    expect(textarea().disabled).toBe(true);
    const typed = () =>
      screen.getByText((_, node) => node?.getAttribute('aria-hidden') === 'true' && node.tagName === 'P');
    const full =
      'Welcome to ARLO! To start asking about your ads, please connect your Meta Ads account in Settings.';
    await act(() => vi.advanceTimersByTimeAsync(30 * 10));
    expect(typed().textContent?.length).toBeGreaterThanOrEqual(10);
    expect(typed().textContent?.length).toBeLessThan(full.length);
    await act(() => vi.advanceTimersByTimeAsync(30 * full.length));
    expect(typed().textContent).toBe(full);
    fireEvent.click(screen.getByRole('button', { name: 'Top 5 campaigns by spend in the last 30 days' }));
    expect(asks()).toHaveLength(0);
  });

  it('goes to /login without a token', async () => {
    localStorage.clear();
    stubApi();
    const { router } = renderChat();
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('clears an expired token and goes to /login', async () => {
    localStorage.clear();
    signIn(jwt(Math.floor(Date.now() / 1000) + 10));
    stubApi();
    const { router } = renderChat();
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('clears the session on a 401 from the status check', async () => {
    stubApi({ status: json({ message: 'Invalid token', code: 'UNAUTHORIZED' }, 401) });
    const { router } = renderChat();
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('sends paused users to /plans and keeps their session for checkout', async () => {
    stubApi({ status: { status: 'paused', fb_permissions_granted: true } });
    const { router } = renderChat();
    await waitFor(() => expect(router.state.location.pathname).toBe('/plans'));
    expect(localStorage.getItem('token')).toBe(TOKEN);
  });

  describe('back from a paid checkout (/?checkout=success)', () => {
    const LAPSED: StatusUser = { status: 'payment', user_type: 'basic', fb_permissions_granted: true };
    const statusChecks = (calls: Call[]) => calls.filter((call) => call.url === '/auth/user/status').length;
    beforeEach(() => window.history.replaceState(null, '', '/?checkout=success'));
    afterEach(() => window.history.replaceState(null, '', '/'));

    it('waits for the payment to show instead of sending a lapsed user back to /plans', async () => {
      const { api, calls } = stubApi({ status: LAPSED });
      const { router } = renderChat();
      await waitFor(() => expect(statusChecks(calls)).toBe(1));
      // Stripe's webhook lands after the user is back: the next check sees Pro.
      api.status = { status: 'active', user_type: 'pro', fb_permissions_granted: true };
      await waitFor(() => expect(statusChecks(calls)).toBe(2), { timeout: 3_000 });
      await ready();
      expect(router.state.location.pathname).toBe('/');
      expect(window.location.search).toBe('');
      // Pro now: no more checks.
      await new Promise((resolve) => setTimeout(resolve, 1_300));
      expect(statusChecks(calls)).toBe(2);
    });

    it('still sends the user to /plans if the payment never shows', async () => {
      vi.useFakeTimers({ shouldAdvanceTime: true });
      const { calls } = stubApi({ status: LAPSED });
      const { router } = renderChat();
      await waitFor(() => expect(statusChecks(calls)).toBe(1));
      expect(router.state.location.pathname).toBe('/');
      await act(async () => {
        await vi.advanceTimersByTimeAsync(PLAN_WAIT_MS);
      });
      await waitFor(() => expect(router.state.location.pathname).toBe('/plans'));
      expect(statusChecks(calls)).toBeGreaterThan(5);
    });
  });

  it('sends a signup-status user to /login with local data cleared', async () => {
    stubApi({ status: { status: 'signup', fb_permissions_granted: true } });
    const { router } = renderChat();
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('continues when the status check fails with a server error', async () => {
    stubApi({ status: json({ message: 'Down', code: 'SERVICE_UNAVAILABLE' }, 503) });
    const { router } = renderChat();
    await waitFor(() => expect(textarea().disabled).toBe(false));
    expect(router.state.location.pathname).toBe('/');
  });

  it('logs out from the user menu', async () => {
    stubApi();
    const { router } = renderChat();
    await ready();
    fireEvent.click(screen.getByRole('button', { name: 'User menu' }));
    fireEvent.click(screen.getByRole('button', { name: 'Settings' }));
    expect(screen.getByRole('dialog', { name: 'Settings' }).textContent).toContain(USER.uid);
    fireEvent.click(screen.getByRole('button', { name: 'Close Settings' }));
    fireEvent.click(screen.getByRole('button', { name: 'User menu' }));
    expect(screen.getByText(/^Signed in as/).textContent).toBe('Signed in as Ann');
    fireEvent.click(screen.getByRole('button', { name: 'Log out' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(localStorage.getItem('token')).toBeNull();
  });
});

describe('Settings → Account (SPEC.md section 2)', () => {
  async function openSettings() {
    await ready();
    fireEvent.click(screen.getByRole('button', { name: 'User menu' }));
    fireEvent.click(screen.getByRole('button', { name: 'Settings' }));
    return within(screen.getByRole('dialog', { name: 'Settings' }));
  }

  it('shows the user id and, for an active user, opens Manage Subscription over Settings', async () => {
    stubApi();
    renderChat();
    const settings = await openSettings();
    expect(settings.getByText(USER.uid)).toBeTruthy();
    const manage = settings.getByRole('button', { name: 'Manage' });
    manage.focus();
    fireEvent.click(manage);
    const dialog = screen.getByRole('dialog', { name: 'Manage Subscription' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(await within(dialog).findByText('$25/month')).toBeTruthy();

    // Escape closes the top dialog only, and focus goes back to Manage.
    fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' });
    expect(screen.queryByRole('dialog', { name: 'Manage Subscription' })).toBeNull();
    expect(screen.getByRole('dialog', { name: 'Settings' })).toBeTruthy();
    // Radix gives focus back once the dialog has unmounted, a tick later.
    await waitFor(() => expect(document.activeElement).toBe(manage));
    fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' });
    expect(screen.queryByRole('dialog', { name: 'Settings' })).toBeNull();
  });

  it('shows the status instead of Manage when the user is not active', async () => {
    stubApi({ status: { status: 'trial', fb_permissions_granted: true } });
    renderChat();
    const settings = await openSettings();
    expect(settings.getByText('trial')).toBeTruthy();
    expect(settings.queryByRole('button', { name: 'Manage' })).toBeNull();
  });
});

describe('asking (SPEC.md sections 7 and 8)', () => {
  it('on a 401 says the session expired, then logs out', async () => {
    stubApi({ ask: () => json({ message: 'Invalid token', code: 'UNAUTHORIZED' }, 401) });
    const { router } = renderChat();
    await ready();
    type('What was my ROAS last week?');
    pressEnter();
    expect(await screen.findByText('Session expired. Redirecting to login...')).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'), { timeout: 3000 });
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('says so when the connection fails', async () => {
    stubApi({
      ask: () => {
        throw new TypeError('Failed to fetch');
      },
    });
    renderChat();
    await ready();
    type('What was my ROAS last week?');
    pressEnter();
    expect(await screen.findByText('Connection error. Please try again.')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Send' }) as HTMLButtonElement).disabled).toBe(true);
    type('Again');
    expect((screen.getByRole('button', { name: 'Send' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('shows the empty-answer text when the stream ends without an answer', async () => {
    stubApi({ ask: () => sseResponse(['[DONE]']) });
    renderChat();
    await ready();
    type('What was my ROAS last week?');
    pressEnter();
    expect(
      await screen.findByText(
        "I couldn't find the information you're looking for. This could be due to limited or missing data. Could you try asking in a different way or providing more context?",
      ),
    ).toBeTruthy();
  });

  it('shows an error event and the server message of a refused question', async () => {
    let refuse = true;
    stubApi({
      ask: () =>
        refuse
          ? json(
              {
                message: 'You are asking very quickly. Please wait a minute and try again.',
                code: 'RATE_LIMITED',
              },
              429,
            )
          : sseResponse([
              { type: 'error', message: 'Something went wrong while answering. Please try again.' },
              '[DONE]',
            ]),
    });
    renderChat();
    await ready();
    type('What was my ROAS last week?');
    pressEnter();
    expect(
      await screen.findByText('You are asking very quickly. Please wait a minute and try again.'),
    ).toBeTruthy();
    refuse = false;
    type('What was my ROAS last week?');
    pressEnter();
    expect(await screen.findByText('Something went wrong while answering. Please try again.')).toBeTruthy();
  });

  it('on quota_exceeded shows the message with a link to /plans', async () => {
    const message =
      'You have used your 3 free questions for today. Upgrade to Pro for unlimited questions: /plans';
    stubApi({
      ask: () => sseResponse([{ type: 'quota_exceeded', message, upgradeUrl: '/plans' }, '[DONE]']),
    });
    renderChat();
    await ready();
    type('What was my ROAS last week?');
    pressEnter();
    // The bare address is not shown as text: it is the link below the words.
    expect(
      await screen.findByText(
        'You have used your 3 free questions for today. Upgrade to Pro for unlimited questions.',
      ),
    ).toBeTruthy();
    expect(screen.queryByText(/\/plans/)).toBeNull();
    expect(screen.getByRole('link', { name: 'See plans' }).getAttribute('href')).toBe('/plans');
  });

  it('starts a new session after 30 minutes of inactivity', async () => {
    let now = Date.now();
    vi.spyOn(clock, 'now').mockImplementation(() => now);
    const { asks, calls } = stubApi();
    renderChat();
    await ready();
    type('What was my ROAS last week?');
    pressEnter();
    await screen.findByRole('region', { name: 'Related' });
    expect(asks()[0]?.body?.sessionId).toBe(SESSION_A);

    now += 29 * 60_000;
    type('And the week before?');
    pressEnter();
    await waitFor(() => expect(asks()).toHaveLength(2));
    expect(asks()[1]?.body?.sessionId).toBe(SESSION_A);
    await waitFor(() =>
      expect((screen.getByRole('button', { name: 'Send' }) as HTMLButtonElement).disabled).toBe(true),
    );
    await screen.findAllByRole('region', { name: 'Related' });

    now += 30 * 60_000 + 1;
    type('What about today?');
    pressEnter();
    await waitFor(() => expect(asks()).toHaveLength(3));
    const newChat = calls.find((call) => call.url === '/api/new-chat');
    expect(newChat?.body).toEqual({ sessionId: SESSION_A });
    expect(asks()[2]?.body?.sessionId).toBe(SESSION_B);
    expect(localStorage.getItem('sessionId')).toBe(SESSION_B);
  });

  it('moves the progress label along with time: Analyzing your data after 2 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const stream = liveStream();
    const { asks } = stubApi({ ask: () => stream.response });
    renderChat();
    await ready();
    type('Why did CPA go up this week?');
    pressEnter();
    await waitFor(() => expect(asks()).toHaveLength(1));
    const progress = await screen.findByRole('status', { name: 'Answer progress' });
    expect(progress.textContent).not.toContain('Analyzing your data');
    await act(() => vi.advanceTimersByTimeAsync(2_000));
    expect(progress.textContent).toContain('Analyzing your data');
    await act(() => vi.advanceTimersByTimeAsync(23_000));
    expect(progress.textContent).toContain('Processing & validating');
    await act(() => vi.advanceTimersByTimeAsync(25_000));
    expect(progress.textContent).toContain('Thinking');
    stream.send(ANSWER[0] as StreamEvent);
    expect(await screen.findByText('Optimizing reasoning process')).toBeTruthy();
    expect(screen.queryByRole('status', { name: 'Answer progress' })).toBeNull();
    // Phase labels are read on a half-second tick, so allow one tick past each boundary.
    await act(() => vi.advanceTimersByTimeAsync(30_500));
    expect(screen.getByText('Performance insights loading')).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(30_000));
    expect(screen.getByText('Finalizing results')).toBeTruthy();
    stream.send(ANSWER[1] as StreamEvent);
    expect(await screen.findByText('Extracting top actionable insights')).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(30_500));
    expect(screen.getByText('Almost there')).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(40_000));
    expect(screen.getByText('Preparing & refining')).toBeTruthy();
    stream.send(ANSWER[2] as StreamEvent);
    stream.close();
    await waitFor(() => expect(screen.queryByText('Preparing & refining')).toBeNull());
  });
});
