import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import type { BrowserApp } from '../helpers/browser';
import {
  ANSWER_QUESTION,
  ask,
  chatSession,
  chatsPanel,
  closePanelButton,
  EMPTY_HEADING,
  openChatsPanel,
  openEmptyChat,
  openSettings,
  syncedUserStates,
  WAIT,
} from '../helpers/chat-screens';
import { startSyncedBrowserApp } from '../helpers/chat-user';
import { hasChromium } from '../helpers/environment';
import { assertNoProblems, checkScreen, PHONE, type Screen, type StorageState } from '../helpers/screens';
import { poolEmail, SYNCED_SETUP_MS } from '../helpers/synced-template';

/**
 * The chat and its dialogs, at desktop and phone sizes in light and dark: none scrolls sideways,
 * axe-core finds nothing serious or critical, and each keeps a screenshot under test-results/screens/.
 */
describe.skipIf(!hasChromium)('the chat and its dialogs, at every size and theme', () => {
  let web: BrowserApp;
  let baseUrl: string;
  // Four users, one question each at most: a fresh chat, a chat with an answer, a user who asked
  // and then started a new chat, so the answer is a past conversation, and one who paid for Pro.
  let fresh: StorageState;
  let answered: StorageState;
  let moved: StorageState;
  let pro: StorageState;

  beforeAll(async () => {
    // On a synced clone: its first four pre-connected users have the demo accounts synced already.
    web = await startSyncedBrowserApp();
    baseUrl = web.baseUrl;
    const [freshUser, answeredUser, movedUser, proUser] = (await syncedUserStates(web, 4)) as [
      StorageState,
      StorageState,
      StorageState,
      StorageState,
    ];
    [fresh, answered, moved, pro] = await Promise.all([
      chatSession(web.browser, baseUrl, freshUser),
      chatSession(web.browser, baseUrl, answeredUser, async (page) => {
        await ask(page, ANSWER_QUESTION);
      }),
      chatSession(web.browser, baseUrl, movedUser, async (page) => {
        await ask(page, ANSWER_QUESTION);
        await openChatsPanel(page);
        await Promise.all([
          page.waitForResponse((response) => response.url().endsWith('/api/new-chat')),
          chatsPanel(page).getByRole('button', { name: 'New Chat' }).click(),
        ]);
        await page.getByRole('heading', { name: EMPTY_HEADING }).waitFor(WAIT);
        // The greeting shows at once; the new session is saved after the server made it, and the
        // list (refreshed a second later) then names the answered chat as a past one. Saving the
        // browser's storage before that would keep the answered chat as the current one.
        await chatsPanel(page).getByRole('button', { name: ANSWER_QUESTION }).waitFor(WAIT);
      }),
      // Pro through the demo checkout, as a user pays: Settings then offers Manage Subscription.
      chatSession(web.browser, baseUrl, proUser, async (page) => {
        await page.goto(`${baseUrl}/plans`);
        await page.getByRole('button', { name: 'Subscribe Now' }).click(WAIT);
        await page.waitForURL(/\/demo-checkout\//, WAIT);
        await page.getByRole('button', { name: 'Pay' }).click(WAIT);
        await page.waitForURL((url) => url.pathname === '/', WAIT);
      }),
    ]);
  }, SYNCED_SETUP_MS);
  afterAll(async () => {
    await web?.close();
  });

  /** A settings tab, opened from the chat's user menu. */
  const settingsTab = (
    name: string,
    tab: string,
    ready: (page: Page) => Promise<void>,
    session: () => StorageState = () => fresh,
  ): Screen => ({
    name,
    dialog: true,
    session,
    open: async (page) => {
      await openEmptyChat(page, baseUrl);
      const settings = await openSettings(page);
      await settings.getByRole('tab', { name: tab }).click(WAIT);
      await ready(page);
    },
  });

  const screens: Screen[] = [
    { name: 'chat-empty', session: () => fresh, open: (page) => openEmptyChat(page, baseUrl) },
    {
      name: 'chat-answer',
      session: () => answered,
      open: async (page) => {
        await page.goto(`${baseUrl}/`);
        const answer = page.getByRole('article', { name: 'Assistant message' }).first();
        await answer.getByRole('table').first().waitFor(WAIT);
        await answer.locator('.recharts-wrapper').first().waitFor(WAIT);
        await answer.getByRole('button', { name: 'Copy message' }).waitFor(WAIT);
      },
    },
    {
      name: 'chat-past-conversation',
      session: () => moved,
      open: async (page) => {
        await openEmptyChat(page, baseUrl);
        await openChatsPanel(page);
        await chatsPanel(page).getByRole('button', { name: ANSWER_QUESTION }).click(WAIT);
        await page.getByText('Viewing Past Conversation').waitFor(WAIT);
        await page.getByRole('table').first().waitFor(WAIT);
        // The screen is the conversation: a panel still open after the pick is put away.
        await page.keyboard.press('Escape');
        if (await closePanelButton(page).isVisible()) await closePanelButton(page).click();
        await page.mouse.move((page.viewportSize()?.width ?? 0) - 10, 300);
      },
    },
    {
      name: 'chat-drawer-open',
      viewports: [PHONE],
      session: () => fresh,
      open: async (page) => {
        await openEmptyChat(page, baseUrl);
        await openChatsPanel(page);
      },
    },
    settingsTab('settings-account', 'Account', async (page) => {
      await page.getByRole('tabpanel', { name: 'Account' }).getByText(poolEmail(0)).waitFor(WAIT);
    }),
    settingsTab('settings-integrations', 'Integrations', async (page) => {
      await page.getByRole('button', { name: 'Manage Meta Ads' }).waitFor(WAIT);
    }),
    settingsTab('settings-appearance', 'Appearance', async (page) => {
      await page.getByRole('radiogroup', { name: 'Theme' }).waitFor(WAIT);
    }),
    settingsTab('settings-get-help', 'Get Help', async (page) => {
      await page.getByRole('tabpanel', { name: 'Get Help' }).waitFor(WAIT);
    }),
    settingsTab(
      'manage-subscription',
      'Account',
      async (page) => {
        await page
          .getByRole('tabpanel', { name: 'Account' })
          .getByRole('button', { name: 'Manage', exact: true })
          .click(WAIT);
        await page
          .getByRole('dialog', { name: 'Manage Subscription' })
          .getByText('Plan', { exact: true })
          .waitFor(WAIT);
      },
      () => pro,
    ),
    settingsTab('manage-meta-accounts', 'Integrations', async (page) => {
      await page.getByRole('button', { name: 'Manage Meta Ads' }).click(WAIT);
      await page
        .getByRole('dialog', { name: 'Manage Meta Accounts' })
        .getByRole('switch')
        .first()
        .waitFor(WAIT);
    }),
  ];

  it.each(screens.map((screen) => [screen.name, screen] as const))(
    '%s: no sideways scroll and no serious axe violation, in every size and theme',
    async (_name, screen) => {
      assertNoProblems(await checkScreen(web.browser, screen));
    },
    120_000,
  );
});
