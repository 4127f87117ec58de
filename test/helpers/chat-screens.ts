import type { Browser, Locator, Page } from 'playwright-core';
import { connectDemoAccounts, settledAccounts } from './ad-accounts';
import type { BrowserApp } from './browser';
import { type StorageState, sessionState } from './screens';
import type { SmtpSink } from './smtp-sink';
import { bearer, signUpUser } from './users';

export const WAIT = { timeout: 20_000 };
/** One question answered with a table and a bar chart (free users get three a day). */
export const ANSWER_QUESTION = 'Top 5 campaigns by spend in the last 30 days';
export const EMPTY_HEADING = 'How can I help you today?';

/**
 * Signed-up users with the demo ad accounts connected, synced together once all are connected;
 * returns the browser storage each one's sign-in leaves, in the order of `emails`.
 */
export async function connectedUsers<const Emails extends readonly string[]>(
  web: BrowserApp,
  sink: SmtpSink,
  emails: Emails,
): Promise<{ [K in keyof Emails]: StorageState }> {
  const tokens: string[] = [];
  // One after another: the mail sink reads codes in arrival order.
  for (const email of emails) {
    tokens.push(await connectDemoAccounts(web.t.app, await signUpUser(web.t.app, sink, email)));
  }
  await web.t.app.meta.sync.runDue();
  for (const token of tokens) await settledAccounts(web.t.app, token);
  const states = await Promise.all(tokens.map((token) => signedInState(web, token)));
  return states as { [K in keyof Emails]: StorageState };
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
