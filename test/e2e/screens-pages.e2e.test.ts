import { afterAll, beforeAll, describe } from 'vitest';
import { hasChromium } from '../helpers/environment';
import { accountPageScreens, type PublicScreensApp, startPublicScreensApp } from '../helpers/public-screens';
import { itChecksEveryCell } from '../helpers/screens';
import { SYNCED_SETUP_MS } from '../helpers/synced-template';

/**
 * Permissions, plans, the demo checkout, terms and not found, at desktop and phone sizes in light
 * and dark: none scrolls sideways, axe-core finds nothing serious or critical, and each keeps a
 * screenshot under test-results/screens/.
 */
describe.skipIf(!hasChromium)('the pages around the chat, at every size and theme', () => {
  let app: PublicScreensApp;
  beforeAll(async () => {
    app = await startPublicScreensApp();
  }, SYNCED_SETUP_MS);
  afterAll(async () => {
    await app?.web.close();
  });

  itChecksEveryCell(
    accountPageScreens(() => app),
    () => app.web.browser,
  );
});
