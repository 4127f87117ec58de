import { afterAll, beforeAll, describe } from 'vitest';
import type { BrowserApp } from '../helpers/browser';
import { chatSession, payForPro, settingsScreen, syncedUserStates, WAIT } from '../helpers/chat-screens';
import { startSyncedBrowserApp } from '../helpers/chat-user';
import { hasChromium } from '../helpers/environment';
import { itChecksEveryCell, type StorageState } from '../helpers/screens';
import { SYNCED_SETUP_MS } from '../helpers/synced-template';

/**
 * The Manage dialogs Settings opens (the subscription, the Meta accounts), at desktop and phone
 * sizes in light and dark: none scrolls sideways, axe-core finds nothing serious or critical, and
 * each keeps a screenshot under test-results/screens/.
 */
describe.skipIf(!hasChromium)('the Manage dialogs, at every size and theme', () => {
  let web: BrowserApp;
  // A free user, and one who paid for Pro (Settings then offers Manage Subscription).
  let fresh: StorageState;
  let pro: StorageState;

  beforeAll(async () => {
    // On a synced clone: its first pre-connected users have the demo accounts synced already.
    web = await startSyncedBrowserApp();
    const [freshUser, proUser] = (await syncedUserStates(web, 2)) as [StorageState, StorageState];
    [fresh, pro] = await Promise.all([
      chatSession(web.browser, web.baseUrl, freshUser),
      chatSession(web.browser, web.baseUrl, proUser, (page) => payForPro(page, web.baseUrl)),
    ]);
  }, SYNCED_SETUP_MS);
  afterAll(async () => {
    await web?.close();
  });

  itChecksEveryCell(
    [
      settingsScreen({
        name: 'manage-subscription',
        tab: 'Account',
        baseUrl: () => web.baseUrl,
        session: () => pro,
        ready: async (page) => {
          await page
            .getByRole('tabpanel', { name: 'Account' })
            .getByRole('button', { name: 'Manage', exact: true })
            .click(WAIT);
          await page
            .getByRole('dialog', { name: 'Manage Subscription' })
            .getByText('Plan', { exact: true })
            .waitFor(WAIT);
        },
      }),
      settingsScreen({
        name: 'manage-meta-accounts',
        tab: 'Integrations',
        baseUrl: () => web.baseUrl,
        session: () => fresh,
        ready: async (page) => {
          await page.getByRole('button', { name: 'Manage Meta Ads' }).click(WAIT);
          await page
            .getByRole('dialog', { name: 'Manage Meta Accounts' })
            .getByRole('switch')
            .first()
            .waitFor(WAIT);
        },
      }),
    ],
    () => web.browser,
  );
});
