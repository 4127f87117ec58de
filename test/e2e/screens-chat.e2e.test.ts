import { afterAll, beforeAll, describe } from 'vitest';
import type { BrowserApp } from '../helpers/browser';
import {
  ANSWER_QUESTION,
  ask,
  askThenStartNewChat,
  chatSession,
  chatsPanel,
  closePanelButton,
  openChatsPanel,
  openEmptyChat,
  syncedUserStates,
  WAIT,
} from '../helpers/chat-screens';
import { startSyncedBrowserApp } from '../helpers/chat-user';
import { hasChromium } from '../helpers/environment';
import { itChecksEveryCell, PHONE, type Screen, type StorageState } from '../helpers/screens';
import { SYNCED_SETUP_MS } from '../helpers/synced-template';

/**
 * The chat: empty, with an answer, a past conversation and the phone's drawer, at desktop and
 * phone sizes in light and dark: none scrolls sideways, axe-core finds nothing serious or
 * critical, and each keeps a screenshot under test-results/screens/. Settings and its dialogs are
 * in screens-settings.
 */
describe.skipIf(!hasChromium)('the chat, at every size and theme', () => {
  let web: BrowserApp;
  let baseUrl: string;
  // Three users, one question each at most: a fresh chat, a chat with an answer, and a user who
  // asked and then started a new chat, so the answer is a past conversation.
  let fresh: StorageState;
  let answered: StorageState;
  let moved: StorageState;

  beforeAll(async () => {
    // On a synced clone: its first pre-connected users have the demo accounts synced already.
    web = await startSyncedBrowserApp();
    baseUrl = web.baseUrl;
    const [freshUser, answeredUser, movedUser] = (await syncedUserStates(web, 3)) as [
      StorageState,
      StorageState,
      StorageState,
    ];
    [fresh, answered, moved] = await Promise.all([
      chatSession(web.browser, baseUrl, freshUser),
      chatSession(web.browser, baseUrl, answeredUser, async (page) => {
        await ask(page, ANSWER_QUESTION);
      }),
      chatSession(web.browser, baseUrl, movedUser, askThenStartNewChat),
    ]);
  }, SYNCED_SETUP_MS);
  afterAll(async () => {
    await web?.close();
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
  ];

  itChecksEveryCell(screens, () => web.browser);
});
