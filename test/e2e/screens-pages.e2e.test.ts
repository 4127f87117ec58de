import { accountPageScreens, describePublicScreens } from '../helpers/public-screens';

/**
 * Permissions, plans, the demo checkout, terms and not found, at desktop and phone sizes in light
 * and dark: none scrolls sideways, axe-core finds nothing serious or critical, and each keeps a
 * screenshot under test-results/screens/.
 */
describePublicScreens('the pages around the chat, at every size and theme', accountPageScreens);
