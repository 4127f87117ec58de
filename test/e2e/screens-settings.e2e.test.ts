import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe } from 'vitest';
import type { BrowserApp } from '../helpers/browser';
import { chatSession, settingsScreen, syncedUserStates, WAIT } from '../helpers/chat-screens';
import { startSyncedBrowserApp } from '../helpers/chat-user';
import { hasChromium } from '../helpers/environment';
import { itChecksEveryCell, type StorageState } from '../helpers/screens';
import { poolEmail, SYNCED_SETUP_MS } from '../helpers/synced-template';

/**
 * Settings' tabs, from the chat, at desktop and phone sizes in light and dark: none scrolls
 * sideways, axe-core finds nothing serious or critical, and each keeps a screenshot under
 * test-results/screens/. The Manage dialogs the tabs open are in screens-manage.
 */
describe.skipIf(!hasChromium)('the settings tabs, at every size and theme', () => {
  let web: BrowserApp;
  // A free user with no question yet.
  let fresh: StorageState;

  beforeAll(async () => {
    // On a synced clone: its first pre-connected user has the demo accounts synced already.
    web = await startSyncedBrowserApp();
    const [user] = (await syncedUserStates(web, 1)) as [StorageState];
    fresh = await chatSession(web.browser, web.baseUrl, user);
  }, SYNCED_SETUP_MS);
  afterAll(async () => {
    await web?.close();
  });

  const tab = (name: string, tabName: string, ready: (page: Page) => Promise<void>) =>
    settingsScreen({ name, tab: tabName, baseUrl: () => web.baseUrl, session: () => fresh, ready });

  itChecksEveryCell(
    [
      tab('settings-account', 'Account', async (page) => {
        await page.getByRole('tabpanel', { name: 'Account' }).getByText(poolEmail(0)).waitFor(WAIT);
      }),
      tab('settings-integrations', 'Integrations', async (page) => {
        await page.getByRole('button', { name: 'Manage Meta Ads' }).waitFor(WAIT);
      }),
      tab('settings-appearance', 'Appearance', async (page) => {
        await page.getByRole('radiogroup', { name: 'Theme' }).waitFor(WAIT);
      }),
      tab('settings-get-help', 'Get Help', async (page) => {
        await page.getByRole('tabpanel', { name: 'Get Help' }).waitFor(WAIT);
      }),
    ],
    () => web.browser,
  );
});
