import { describePublicScreens, signInScreens } from '../helpers/public-screens';

/**
 * Sign-in (with a social-login error and the reset dialog) and sign-up, at desktop and phone
 * sizes in light and dark: none scrolls sideways, axe-core finds nothing serious or critical, and
 * each keeps a screenshot under test-results/screens/.
 */
describePublicScreens('sign-in and sign-up, at every size and theme', signInScreens);
