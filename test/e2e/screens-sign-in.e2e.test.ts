import { afterAll, beforeAll, describe } from 'vitest';
import { hasChromium } from '../helpers/environment';
import { type PublicScreensApp, signInScreens, startPublicScreensApp } from '../helpers/public-screens';
import { itChecksEveryCell } from '../helpers/screens';
import { SYNCED_SETUP_MS } from '../helpers/synced-template';

/**
 * Sign-in (with a social-login error and the reset dialog) and sign-up, at desktop and phone
 * sizes in light and dark: none scrolls sideways, axe-core finds nothing serious or critical, and
 * each keeps a screenshot under test-results/screens/.
 */
describe.skipIf(!hasChromium)('sign-in and sign-up, at every size and theme', () => {
  let app: PublicScreensApp;
  beforeAll(async () => {
    app = await startPublicScreensApp();
  }, SYNCED_SETUP_MS);
  afterAll(async () => {
    await app?.web.close();
  });

  itChecksEveryCell(
    signInScreens(() => app),
    () => app.web.browser,
  );
});
