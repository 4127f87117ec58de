import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe } from 'vitest';
import type { BrowserApp } from '../helpers/browser';
import {
  chatSession,
  openEmptyChat,
  openSettings,
  payForPro,
  syncedUserStates,
  WAIT,
} from '../helpers/chat-screens';
import { startSyncedBrowserApp } from '../helpers/chat-user';
import { hasChromium } from '../helpers/environment';
import { itChecksEveryCell, type Screen, type StorageState } from '../helpers/screens';
import { poolEmail, SYNCED_SETUP_MS } from '../helpers/synced-template';

/**
 * Settings' tabs and the dialogs they open, from the chat, at desktop and phone sizes in light and
 * dark: none scrolls sideways, axe-core finds nothing serious or critical, and each keeps a
 * screenshot under test-results/screens/.
 */
describe.skipIf(!hasChromium)('settings and its dialogs, at every size and theme', () => {
  let web: BrowserApp;
  let baseUrl: string;
  // A free user with no question yet, and one who paid for Pro (Settings then offers Manage
  // Subscription).
  let fresh: StorageState;
  let pro: StorageState;

  beforeAll(async () => {
    // On a synced clone: its first pre-connected users have the demo accounts synced already.
    web = await startSyncedBrowserApp();
    baseUrl = web.baseUrl;
    const [freshUser, proUser] = (await syncedUserStates(web, 2)) as [StorageState, StorageState];
    [fresh, pro] = await Promise.all([
      chatSession(web.browser, baseUrl, freshUser),
      chatSession(web.browser, baseUrl, proUser, (page) => payForPro(page, baseUrl)),
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

  itChecksEveryCell(screens, () => web.browser);
});
