import type { Browser, Locator, Page } from 'playwright-core';
import { expectSyncedAccounts } from './ad-accounts';
import type { BrowserApp } from './browser';
import { type Screen, type StorageState, sessionState } from './screens';
import { syncedUser } from './synced-template';
import { bearer } from './users';

export const WAIT = { timeout: 20_000 };
/** One question answered with a table and a bar chart (free users get three a day). */
export const ANSWER_QUESTION = 'Top 5 campaigns by spend in the last 30 days';
export const EMPTY_HEADING = 'How can I help you today?';

/**
 * The browser storage of the synced template's first `count` pre-connected users, signed in (the
 * app must run on a synced clone: see startSyncedBrowserApp), after checking that their accounts
 * show as synced.
 */
export async function syncedUserStates(web: BrowserApp, count: number): Promise<StorageState[]> {
  const states: StorageState[] = [];
  for (let index = 0; index < count; index++) {
    const { token } = await syncedUser(web.t, index);
    await expectSyncedAccounts(web.t.app, token);
    states.push(await signedInState(web, token));
  }
  return states;
}

/**
 * What signing in leaves in the browser (token and userInfo, the name as the server keeps it),
 * made through the API: the sign-in screens have tests of their own, so the others skip typing it.
 */
export async function signedInState(web: BrowserApp, token: string): Promise<StorageState> {
  const status = await web.t.app.inject({ method: 'GET', url: '/auth/user/status', headers: bearer(token) });
  const { uid, name } = status.json().user as { uid: string; name: string };
  return sessionState(web.baseUrl, token, { uid, name });
}

/**
 * Opens the chat signed in as `session` in a context of its own, lets `prepare` act there (ask,
 * start a new chat), and returns the browser storage that leaves: a new context opens on the same
 * chat. Motion is reduced, so an answer shows whole at once instead of typing in.
 */
export async function chatSession(
  browser: Browser,
  baseUrl: string,
  session: StorageState,
  prepare: (page: Page) => Promise<void> = async () => {},
): Promise<StorageState> {
  const context = await browser.newContext({
    viewport: { width: 1440, height: 900 },
    reducedMotion: 'reduce',
    storageState: session,
  });
  try {
    const page = await context.newPage();
    await openEmptyChat(page, baseUrl);
    await prepare(page);
    return await context.storageState();
  } finally {
    await context.close();
  }
}

/** Asks in the chat and waits until the answer is complete (its copy button shows). */
export async function ask(page: Page, question: string): Promise<Locator> {
  const input = page.getByLabel('Message', { exact: true });
  await input.fill(question);
  await input.press('Enter');
  const answer = page.getByRole('article', { name: 'Assistant message' }).last();
  await answer.getByRole('button', { name: 'Copy message' }).waitFor(WAIT);
  return answer;
}

/** The chat's side panel (a drawer on the phone), by its accessible names. */
export const chatsPanel = (page: Page) => page.getByRole('navigation', { name: 'Chats' });
export const openPanelButton = (page: Page) => page.getByRole('button', { name: 'Open chats panel' });
export const closePanelButton = (page: Page) => page.getByRole('button', { name: 'Close chats panel' });

/**
 * Opens the chats panel with its toggle (a tap on a touch screen) and waits for its entries; a
 * panel that already shows them (a wide screen may keep it open) is left as it is.
 */
export async function openChatsPanel(page: Page): Promise<void> {
  if (await chatsPanel(page).getByRole('button', { name: 'New Chat' }).isVisible()) return;
  const toggle = openPanelButton(page);
  const touch = await page.evaluate(() => navigator.maxTouchPoints > 0);
  await (touch ? toggle.tap(WAIT) : toggle.click(WAIT));
  await chatsPanel(page).getByRole('button', { name: 'New Chat' }).waitFor(WAIT);
}

/** The chat, waiting for its greeting: a user with no question yet. */
export async function openEmptyChat(page: Page, baseUrl: string): Promise<void> {
  await page.goto(`${baseUrl}/`);
  await page.getByRole('heading', { name: EMPTY_HEADING }).waitFor(WAIT);
}

/** User menu → Settings; returns the dialog. */
export async function openSettings(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: 'User menu' }).click(WAIT);
  await page.getByRole('button', { name: 'Settings', exact: true }).click(WAIT);
  const settings = page.getByRole('dialog', { name: 'Settings' });
  await settings.waitFor(WAIT);
  return settings;
}

/**
 * Asks, then starts a new chat: the answered chat becomes a past conversation. Returns once the
 * list names it as one, so storage saved after this keeps the new chat as the current one (the
 * new session is saved after the server made it, and the list refreshes a second later).
 */
export async function askThenStartNewChat(page: Page): Promise<void> {
  await ask(page, ANSWER_QUESTION);
  await openChatsPanel(page);
  await Promise.all([
    page.waitForResponse((response) => response.url().endsWith('/api/new-chat')),
    chatsPanel(page).getByRole('button', { name: 'New Chat' }).click(),
  ]);
  await page.getByRole('heading', { name: EMPTY_HEADING }).waitFor(WAIT);
  await chatsPanel(page).getByRole('button', { name: ANSWER_QUESTION }).waitFor(WAIT);
}

/** Pays for Pro through the demo checkout, as a user does: Settings then offers Manage Subscription. */
export async function payForPro(page: Page, baseUrl: string): Promise<void> {
  await page.goto(`${baseUrl}/plans`);
  await page.getByRole('button', { name: 'Subscribe Now' }).click(WAIT);
  await page.waitForURL(/\/demo-checkout\//, WAIT);
  await page.getByRole('button', { name: 'Pay' }).click(WAIT);
  await page.waitForURL((url) => url.pathname === '/', WAIT);
}

/**
 * A Settings screen for the matrix: the chat's user menu → Settings → `tab`, for `session`, then
 * `ready` waits for what the screen shows. Shot at the viewport, as a dialog.
 */
export function settingsScreen(options: {
  name: string;
  tab: string;
  baseUrl: () => string;
  session: () => StorageState;
  ready: (page: Page) => Promise<void>;
}): Screen {
  return {
    name: options.name,
    dialog: true,
    session: options.session,
    open: async (page) => {
      await openEmptyChat(page, options.baseUrl());
      const settings = await openSettings(page);
      await settings.getByRole('tab', { name: options.tab }).click(WAIT);
      await options.ready(page);
    },
  };
}
