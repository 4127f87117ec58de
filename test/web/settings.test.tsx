// @vitest-environment jsdom

import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ChatRoute } from '../../src/web/app/routes/chat';
import type { FacebookAuthResponse, FacebookSdk } from '../../src/web/lib/providers/facebook-sdk';
import { createQueryClient } from '../../src/web/lib/query-client';
import { saveSession } from '../../src/web/lib/session';
import { demoClientConfig } from '../helpers/client-config';
import { captureAlerts, json, stubFetch, undoEdgeStubs } from '../helpers/network-edge';
import { PRO_SUBSCRIPTION } from '../helpers/subscription';

const jwt = (exp: number) =>
  `x.${btoa(JSON.stringify({ exp })).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')}.sig`;
const TOKEN = jwt(Math.floor(Date.now() / 1000) + 3600);
const NEW_TOKEN = jwt(Math.floor(Date.now() / 1000) + 7200);
const USER = { uid: 'ann@example.com', name: 'Ann' };
const SESSION = '11111111-1111-4111-8111-111111111111';
const WHATSAPP = 'https://chat.whatsapp.com/arlo-community';

// The network edge, part 1: a stand-in for Facebook's SDK, adopted once for the whole file.
const fb = {
  init: vi.fn(),
  logout: vi.fn(),
  getLoginStatus: vi.fn((callback: (response: FacebookAuthResponse) => void) =>
    callback({ status: 'unknown' }),
  ),
  login: vi.fn((callback: (response: FacebookAuthResponse) => void) => {
    setTimeout(() => callback({ status: 'connected', authResponse: { accessToken: 'fb-token' } }), 0);
  }),
  api: vi.fn((_path: string, _params: Record<string, unknown>, callback: (response: unknown) => void) => {
    setTimeout(() => callback({ data: [{ account_id: '1001', name: 'Summit Gear Co' }] }), 0);
  }),
} satisfies FacebookSdk;

interface Api {
  status: 'active' | 'trial';
  granted: boolean;
  whatsappUrl: string | null;
  mcpTokens: { id: string; name: string; createdAt: string; lastUsedAt: string | null }[];
}

const NEW_MCP_TOKEN = `arlo_pat_${'a'.repeat(43)}`;

// The network edge, part 2: ARLO's API, answered per URL; the save grants Facebook as the server does.
function stubApi(overrides: Partial<Api> = {}) {
  const api: Api = { status: 'active', granted: true, whatsappUrl: WHATSAPP, mcpTokens: [], ...overrides };
  const now = new Date().toISOString();
  const { callsTo } = stubFetch(({ url, method, body }) => {
    if (url === '/api/email-reports' && method === 'GET') {
      return json({ digest: false, alerts: false, timeZone: null, effectiveTimeZone: 'UTC' });
    }
    if (url === '/api/mcp-tokens' && method === 'GET') return json({ tokens: api.mcpTokens });
    if (url === '/api/mcp-tokens' && method === 'POST') {
      const { name } = body as { name: string };
      if (api.mcpTokens.length >= 20)
        return json({ message: 'You already have 20 MCP tokens.', code: 'CONFLICT' }, 409);
      const created = { id: `token-${api.mcpTokens.length + 1}`, name, createdAt: now, lastUsedAt: null };
      api.mcpTokens = [created, ...api.mcpTokens];
      return json({ id: created.id, name, token: NEW_MCP_TOKEN, createdAt: now });
    }
    if (url.startsWith('/api/mcp-tokens/') && method === 'DELETE') {
      api.mcpTokens = api.mcpTokens.filter((token) => url !== `/api/mcp-tokens/${token.id}`);
      return json({ success: true });
    }
    if (url === '/auth/user/status') {
      return json({
        user: {
          status: api.status,
          user_type: 'pro',
          uid: USER.uid,
          name: USER.name,
          fb_permissions_granted: api.granted,
          g_permissions_granted: false,
          accounts: api.granted ? [{ id: '1001', name: 'Summit Gear Co', active: true }] : [],
        },
      });
    }
    if (url === '/api/sessions/current')
      return json({ sessionId: SESSION, title: 'New chat', createdAt: now, updatedAt: now });
    if (url === '/api/sessions/recent') return json({ sessions: [] });
    if (url === '/api/accounts') return json({ accounts: [] });
    if (url === '/api/client-config') return json(demoClientConfig(api.whatsappUrl));
    if (url === '/payment/subscription-status') return json(PRO_SUBSCRIPTION);
    if (url === '/auth/save-facebook-permissions') {
      api.granted = true;
      return json({ success: true, token: NEW_TOKEN });
    }
    return json({ message: `No stub for ${url}`, code: 'NOT_FOUND' }, 404);
  });
  return { api, callsTo };
}

let alerts: string[];

beforeAll(() => {
  window.FB = fb;
});

beforeEach(() => {
  localStorage.clear();
  saveSession(TOKEN, USER);
  Object.defineProperty(window, 'isSecureContext', { value: true, configurable: true });
  fb.login.mockClear();
  alerts = captureAlerts();
});

afterEach(() => {
  cleanup();
  undoEdgeStubs();
  localStorage.clear();
  document.documentElement.className = '';
  document.documentElement.removeAttribute('style');
});

function renderChat() {
  const router = createMemoryRouter([{ path: '/', Component: ChatRoute }], { initialEntries: ['/'] });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

/** The chat, signed in, with Settings opened from the user menu once the status check answered. */
async function openSettings() {
  renderChat();
  const message = screen.getByRole('textbox', { name: 'Message' }) as HTMLTextAreaElement;
  await waitFor(() => expect(screen.getByRole('button', { name: 'User menu' })).toBeTruthy());
  await waitFor(() => expect(message.placeholder).not.toBe(''));
  fireEvent.click(screen.getByRole('button', { name: 'User menu' }));
  fireEvent.click(screen.getByRole('button', { name: 'Settings' }));
  return within(screen.getByRole('dialog', { name: 'Settings' }));
}

/** Radix tabs switch on mouse down, as a real click starts. */
function openTab(settings: ReturnType<typeof within>, name: string) {
  fireEvent.mouseDown(settings.getByRole('tab', { name }));
  return within(settings.getByRole('tabpanel', { name }));
}

describe('Settings → Account', () => {
  it('is the first tab: the user id, Manage for an active user, and English as the language', async () => {
    stubApi();
    const settings = await openSettings();
    expect(settings.getByRole('tab', { name: 'Account' }).getAttribute('aria-selected')).toBe('true');
    const account = within(settings.getByRole('tabpanel', { name: 'Account' }));
    expect(account.getByText(USER.uid)).toBeTruthy();
    const language = account.getByRole('combobox', { name: 'Language' });
    expect(language.textContent).toBe('English');
    fireEvent.click(language);
    expect((await screen.findAllByRole('option')).map((option) => option.textContent)).toEqual(['English']);
    fireEvent.keyDown(screen.getByRole('listbox'), { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());

    fireEvent.click(account.getByRole('button', { name: 'Manage' }));
    const subscription = screen.getByRole('dialog', { name: 'Manage Subscription' });
    expect(await within(subscription).findByText('$25/month')).toBeTruthy();
  });

  it('shows the status, and no Manage, when the user is not active', async () => {
    stubApi({ status: 'trial' });
    const settings = await openSettings();
    await waitFor(() => expect(settings.getByText('trial')).toBeTruthy());
    expect(settings.queryByRole('button', { name: 'Manage' })).toBeNull();
  });
});

describe('Settings → Integrations', () => {
  it('with Facebook granted: Manage and Reconnect, no red dot and no banner', async () => {
    stubApi();
    const settings = await openSettings();
    const tab = settings.getByRole('tab', { name: 'Integrations' });
    expect(tab.getAttribute('aria-describedby')).toBeNull();
    const integrations = openTab(settings, 'Integrations');
    expect(integrations.queryByText('Facebook permissions required')).toBeNull();
    expect(integrations.queryByRole('button', { name: 'Connect Meta Ads' })).toBeNull();
    expect(integrations.getByRole('button', { name: 'Reconnect Meta Ads' })).toBeTruthy();
    expect(integrations.getByText('Connected · 1 of 1 ad accounts on')).toBeTruthy();

    fireEvent.click(integrations.getByRole('button', { name: 'Manage Meta Ads' }));
    const manage = screen.getByRole('dialog', { name: 'Manage Meta Accounts' });
    expect(await within(manage).findByText('No accounts found')).toBeTruthy();
  });

  it('lists the other integrations disabled, Google Ads as coming soon', async () => {
    stubApi();
    const integrations = openTab(await openSettings(), 'Integrations');
    const google = integrations.getByRole('button', { name: 'Google Ads: Coming soon' }) as HTMLButtonElement;
    expect(google.disabled).toBe(true);
    for (const name of ['Google Analytics', 'Shopify', 'HubSpot', 'Salesforce', 'TikTok Ads', 'X']) {
      const button = integrations.getByRole('button', {
        name: `${name}: Not available`,
      }) as HTMLButtonElement;
      expect(button.disabled).toBe(true);
    }
  });

  it('without Facebook: a red dot on the tab, the banner and Connect, which connects and clears them', async () => {
    const { callsTo } = stubApi({ granted: false });
    const settings = await openSettings();
    const tab = await settings.findByRole('tab', {
      name: 'Integrations',
      description: 'Facebook permissions required',
    });
    const integrations = openTab(settings, 'Integrations');
    expect(integrations.getByText('Facebook permissions required')).toBeTruthy();
    const connect = integrations.getByRole('button', { name: 'Connect Meta Ads' });

    await waitFor(() => expect(fb.getLoginStatus).toHaveBeenCalled());
    fireEvent.click(connect);
    await waitFor(() => expect(alerts).toEqual(['Facebook permissions granted successfully!']));
    expect(fb.login).toHaveBeenCalledWith(expect.any(Function), { scope: 'email,public_profile,ads_read' });
    expect(localStorage.getItem('token')).toBe(NEW_TOKEN);
    expect(await integrations.findByRole('button', { name: 'Manage Meta Ads' })).toBeTruthy();
    expect(integrations.queryByText('Facebook permissions required')).toBeNull();
    expect(tab.getAttribute('aria-describedby')).toBeNull();
    expect(callsTo('/auth/user/status').length).toBeGreaterThan(1);
    // The chat hears about it too: the input is enabled without a reload.
    const message = screen.getByRole('textbox', { name: 'Message', hidden: true }) as HTMLTextAreaElement;
    expect(message.disabled).toBe(false);
  });

  it('says to log in again when the token went missing before Connect', async () => {
    stubApi({ granted: false });
    const integrations = openTab(await openSettings(), 'Integrations');
    localStorage.clear();
    fireEvent.click(await integrations.findByRole('button', { name: 'Connect Meta Ads' }));
    expect(alerts).toEqual(['Authentication error. Please login again.']);
    expect(integrations.getByRole('alert').textContent).toBe('Authentication error. Please login again.');
    expect(fb.login).not.toHaveBeenCalled();
  });
});

/** A stand-in for the operating system's colour scheme, which the test can switch. */
function stubColorScheme(dark: boolean) {
  const listeners = new Set<() => void>();
  const query = {
    matches: dark,
    media: '(prefers-color-scheme: dark)',
    addEventListener: (_type: string, listener: () => void) => listeners.add(listener),
    removeEventListener: (_type: string, listener: () => void) => listeners.delete(listener),
  };
  vi.stubGlobal(
    'matchMedia',
    vi.fn(() => query),
  );
  return (next: boolean) => {
    query.matches = next;
    for (const listener of listeners) listener();
  };
}

const isDark = () => document.documentElement.classList.contains('dark');

describe('Settings → Appearance', () => {
  it('Dark applies at once and is remembered; Light takes it back', async () => {
    stubApi();
    const appearance = openTab(await openSettings(), 'Appearance');
    const theme = within(appearance.getByRole('radiogroup', { name: 'Theme' }));
    expect(theme.getByRole('radio', { name: 'Light' }).getAttribute('aria-checked')).toBe('true');
    fireEvent.click(theme.getByRole('radio', { name: 'Dark' }));
    expect(isDark()).toBe(true);
    expect(localStorage.getItem('theme')).toBe('dark');
    fireEvent.click(theme.getByRole('radio', { name: 'Light' }));
    expect(isDark()).toBe(false);
    expect(localStorage.getItem('theme')).toBe('light');
  });

  it('System follows the operating system, and its changes', async () => {
    const setOsDark = stubColorScheme(true);
    stubApi();
    const appearance = openTab(await openSettings(), 'Appearance');
    fireEvent.click(appearance.getByRole('radio', { name: 'System' }));
    expect(isDark()).toBe(true);
    expect(localStorage.getItem('theme')).toBe('system');
    setOsDark(false);
    expect(isDark()).toBe(false);
    setOsDark(true);
    expect(isDark()).toBe(true);
    // Choosing Light stops following the system.
    fireEvent.click(appearance.getByRole('radio', { name: 'Light' }));
    setOsDark(true);
    expect(isDark()).toBe(false);
  });

  it('the text size slider, 1 to 5 from 3, scales the chat text and is remembered', async () => {
    stubApi();
    const appearance = openTab(await openSettings(), 'Appearance');
    const slider = appearance.getByRole('slider', { name: 'Text size' });
    expect(slider.getAttribute('aria-valuemin')).toBe('1');
    expect(slider.getAttribute('aria-valuemax')).toBe('5');
    expect(slider.getAttribute('aria-valuenow')).toBe('3');
    const scale = () => document.documentElement.style.getPropertyValue('--chat-text-scale');

    fireEvent.keyDown(slider, { key: 'ArrowRight' });
    fireEvent.keyDown(slider, { key: 'ArrowRight' });
    expect(slider.getAttribute('aria-valuenow')).toBe('5');
    expect(scale()).toBe('1.25');
    expect(localStorage.getItem('chatTextSize')).toBe('5');
    fireEvent.keyDown(slider, { key: 'Home' });
    expect(scale()).toBe('0.875');
    expect(localStorage.getItem('chatTextSize')).toBe('1');
    // The chat's message area is the one that reads the scale (index.css, .chat-text).
    expect(document.querySelector('main')?.classList.contains('chat-text')).toBe(true);
  });

  it('opens with the remembered choices', async () => {
    localStorage.setItem('theme', 'dark');
    localStorage.setItem('chatTextSize', '4');
    stubApi();
    const appearance = openTab(await openSettings(), 'Appearance');
    expect(appearance.getByRole('radio', { name: 'Dark' }).getAttribute('aria-checked')).toBe('true');
    expect(appearance.getByRole('slider', { name: 'Text size' }).getAttribute('aria-valuenow')).toBe('4');
  });
});

describe('Settings → Data and Dev Tools, Get Help', () => {
  it('Data and Dev Tools makes an MCP token, shows it once with a copy button, lists and revokes tokens', async () => {
    const { api, callsTo } = stubApi({
      mcpTokens: [{ id: 'old', name: 'Cursor', createdAt: '2026-11-02T10:00:00.000Z', lastUsedAt: null }],
    });
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const data = openTab(await openSettings(), 'Data and Dev Tools');
    const list = await data.findByRole('list', { name: 'Your MCP tokens' });
    expect(within(list).getByText('Cursor')).toBeTruthy();
    expect(within(list).getByText(/Created Nov 2, 2026 · Never used/)).toBeTruthy();

    const create = data.getByRole('button', { name: 'Create token' }) as HTMLButtonElement;
    expect(create.disabled).toBe(true);
    fireEvent.change(data.getByRole('textbox', { name: 'Token name' }), {
      target: { value: 'Claude Desktop' },
    });
    fireEvent.click(create);
    const shown = (await data.findByRole('textbox', { name: 'New MCP token' })) as HTMLInputElement;
    expect(shown.value).toBe(NEW_MCP_TOKEN);
    expect(data.getByRole('alert').textContent).toContain('it will not be shown again');
    expect(callsTo('/api/mcp-tokens', 'POST')[0]?.body).toEqual({ name: 'Claude Desktop' });
    expect(callsTo('/api/mcp-tokens', 'POST')[0]?.auth).toBe(`Bearer ${TOKEN}`);
    fireEvent.click(data.getByRole('button', { name: 'Copy' }));
    await data.findByRole('button', { name: 'Copied' });
    expect(writeText).toHaveBeenCalledWith(NEW_MCP_TOKEN);
    await waitFor(() => expect(within(list).getByText('Claude Desktop')).toBeTruthy());
    // Done hides the secret for good: the list never holds it.
    fireEvent.click(data.getByRole('button', { name: 'Done' }));
    expect(data.queryByRole('textbox', { name: 'New MCP token' })).toBeNull();
    expect(document.body.textContent).not.toContain(NEW_MCP_TOKEN);

    fireEvent.click(data.getByRole('button', { name: 'Revoke Cursor' }));
    await waitFor(() => expect(within(list).queryByText('Cursor')).toBeNull());
    expect(callsTo('/api/mcp-tokens/old', 'DELETE')).toHaveLength(1);
    expect(api.mcpTokens.map((token) => token.name)).toEqual(['Claude Desktop']);
  });

  it('Data and Dev Tools says why a token could not be made', async () => {
    stubApi({
      mcpTokens: Array.from({ length: 20 }, (_, i) => ({
        id: `t${i}`,
        name: `Token ${i}`,
        createdAt: '2026-11-02T10:00:00.000Z',
        lastUsedAt: '2026-11-03T10:00:00.000Z',
      })),
    });
    const data = openTab(await openSettings(), 'Data and Dev Tools');
    expect((await data.findAllByText(/Last used Nov 3, 2026/)).length).toBe(20);
    fireEvent.change(data.getByRole('textbox', { name: 'Token name' }), { target: { value: 'One more' } });
    fireEvent.click(data.getByRole('button', { name: 'Create token' }));
    expect((await data.findByRole('alert')).textContent).toBe('You already have 20 MCP tokens.');
  });

  it('Data and Dev Tools holds the email reports', async () => {
    stubApi();
    const data = openTab(await openSettings(), 'Data and Dev Tools');
    expect(data.getByRole('heading', { name: 'Email reports' })).toBeTruthy();
    expect(data.getByRole('switch', { name: 'Weekly digest' })).toBeTruthy();
    expect(data.getByRole('button', { name: 'Send me a test digest' })).toBeTruthy();
  });

  it('Get Help links to the WhatsApp community', async () => {
    stubApi();
    const help = openTab(await openSettings(), 'Get Help');
    const link = await help.findByRole('link', { name: /Join the WhatsApp community/ });
    expect(link.getAttribute('href')).toBe(WHATSAPP);
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
  });

  it('Get Help says so when the server has no community link', async () => {
    stubApi({ whatsappUrl: null });
    const help = openTab(await openSettings(), 'Get Help');
    expect(await help.findByText('The community link is not configured on this server.')).toBeTruthy();
    expect(help.queryByRole('link')).toBeNull();
  });
});

describe('Settings and the keyboard', () => {
  it('takes focus in, moves between tabs with the arrows, and gives focus back to the opener on close', async () => {
    stubApi();
    const settings = await openSettings();
    const dialog = screen.getByRole('dialog', { name: 'Settings' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(document.activeElement).toBe(settings.getByRole('tab', { name: 'Account' }));

    fireEvent.keyDown(document.activeElement as Element, { key: 'ArrowDown' });
    const integrations = settings.getByRole('tab', { name: 'Integrations' });
    await waitFor(() => expect(document.activeElement).toBe(integrations));

    fireEvent.keyDown(document.activeElement as Element, { key: 'Escape' });
    expect(screen.queryByRole('dialog', { name: 'Settings' })).toBeNull();
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'User menu' })),
    );
  });

  it('the close button closes it too', async () => {
    stubApi();
    const settings = await openSettings();
    fireEvent.click(settings.getByRole('button', { name: 'Close Settings' }));
    expect(screen.queryByRole('dialog', { name: 'Settings' })).toBeNull();
  });
});
