import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { connectDemoAccounts } from '../helpers/ad-accounts';
import type { BrowserApp } from '../helpers/browser';
import { startBrowserApp } from '../helpers/browser';
import { hasChromium } from '../helpers/environment';
import {
  assertNoProblems,
  checkScreen,
  type Screen,
  type StorageState,
  sessionState,
} from '../helpers/screens';
import { type SmtpSink, startSmtpSink } from '../helpers/smtp-sink';
import { signUpUser, TEST_PASSWORD } from '../helpers/users';

const WAIT = { timeout: 15_000 };

/**
 * The pages around the chat (sign-in with a social-login error and the reset dialog, signup,
 * permissions, plans, the demo checkout, terms, not found), at desktop and
 * phone sizes in light and dark: none scrolls sideways, axe-core finds nothing serious or critical,
 * and each keeps a screenshot under test-results/screens/.
 */
describe.skipIf(!hasChromium)('the pages around the chat, at every size and theme', () => {
  let web: BrowserApp;
  let sink: SmtpSink;
  let baseUrl: string;
  const existing = 'screens.member@example.com';
  let newcomer: StorageState;
  let member: StorageState;
  let signups = 0;

  beforeAll(async () => {
    sink = await startSmtpSink();
    web = await startBrowserApp({ SMTP_URL: sink.url });
    baseUrl = web.baseUrl;
    // Signed up but not connected yet: the permissions step's user.
    const newcomerEmail = 'screens.newcomer@example.com';
    newcomer = sessionState(baseUrl, await signUpUser(web.t.app, sink, newcomerEmail), {
      uid: newcomerEmail,
      name: '',
    });
    // Connected: a user the plans page serves as it does from the chat.
    const token = await connectDemoAccounts(web.t.app, await signUpUser(web.t.app, sink, existing));
    member = sessionState(baseUrl, token, { uid: existing, name: '' });
  }, 60_000);
  afterAll(async () => {
    await web?.close();
    await sink?.close();
  });

  const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name }).waitFor(WAIT);

  async function emailStep(page: Page, route: string, email: string) {
    await page.goto(`${baseUrl}${route}`);
    const field = page.getByLabel('Email', { exact: true });
    await field.fill(email, WAIT);
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    await page.getByLabel('Password', { exact: true }).waitFor(WAIT);
  }

  const freshEmail = () => `screens.signup.${++signups}@example.com`;

  const screens: Screen[] = [
    {
      name: 'login-email',
      open: async (page) => {
        await page.goto(`${baseUrl}/login`);
        await heading(page, 'Sign in to ARLO');
        await page.getByLabel('Email', { exact: true }).waitFor(WAIT);
      },
    },
    {
      name: 'login-social-error',
      open: async (page) => {
        await page.goto(`${baseUrl}/login`);
        await heading(page, 'Sign in to ARLO');
        // No Facebook app is configured here, so the button's answer is an error on the screen.
        await page.getByRole('button', { name: 'Continue with Facebook' }).click(WAIT);
        await page.getByRole('alert').waitFor(WAIT);
      },
    },
    { name: 'login-password', open: (page) => emailStep(page, '/login', existing) },
    {
      name: 'login-reset-dialog',
      dialog: true,
      open: async (page) => {
        await emailStep(page, '/login', existing);
        await page.getByRole('button', { name: 'Forgot password?' }).click(WAIT);
        await page.getByRole('dialog', { name: 'Reset your password' }).waitFor(WAIT);
      },
    },
    {
      name: 'signup-email',
      open: async (page) => {
        await page.goto(`${baseUrl}/signup`);
        await heading(page, 'Join ARLO');
        await page.getByLabel('Email', { exact: true }).waitFor(WAIT);
      },
    },
    { name: 'signup-password', open: (page) => emailStep(page, '/signup', freshEmail()) },
    {
      name: 'signup-verification',
      open: async (page) => {
        await emailStep(page, '/signup', freshEmail());
        await page.getByLabel('Password', { exact: true }).fill(TEST_PASSWORD);
        await page.getByLabel('Confirm password', { exact: true }).fill(TEST_PASSWORD);
        await page.getByRole('button', { name: 'Create Account' }).click();
        await page.getByLabel('Verification code', { exact: true }).waitFor(WAIT);
      },
    },
    {
      name: 'platforms-permissions',
      session: () => newcomer,
      open: async (page) => {
        await page.goto(`${baseUrl}/platforms-permissions`);
        await heading(page, 'Platform Permissions');
        await page.getByRole('button', { name: 'Connect Facebook Ads' }).waitFor(WAIT);
      },
    },
    {
      name: 'plans',
      session: () => member,
      open: async (page) => {
        await page.goto(`${baseUrl}/plans`);
        await heading(page, 'Choose Your Plan');
      },
    },
    {
      name: 'yplans',
      session: () => member,
      open: async (page) => {
        await page.goto(`${baseUrl}/yplans`);
        await heading(page, 'Choose Your Plan');
      },
    },
    {
      name: 'demo-checkout',
      session: () => member,
      systemTheme: true,
      open: async (page) => {
        await page.goto(`${baseUrl}/plans`);
        await page.getByRole('button', { name: 'Subscribe Now' }).click(WAIT);
        await page.waitForURL(/\/demo-checkout\//, WAIT);
        await page.getByRole('button', { name: 'Pay' }).waitFor(WAIT);
      },
    },
    {
      name: 'terms',
      open: async (page) => {
        await page.goto(`${baseUrl}/terms`);
        await heading(page, 'Terms of Service');
      },
    },
    {
      name: 'not-found',
      open: async (page) => {
        await page.goto(`${baseUrl}/no-such-page`);
        // The app's own page (any title), not the API's JSON.
        const shown = await page
          .getByRole('heading', { level: 1 })
          .waitFor({ timeout: 5_000 })
          .then(
            () => true,
            () => false,
          );
        if (!shown) {
          const text = (await page.locator('body').textContent())?.trim().slice(0, 120);
          throw new Error(`no level-1 heading: the page is not the app's; it shows: ${text}`);
        }
      },
    },
  ];

  it.each(screens.map((screen) => [screen.name, screen] as const))(
    '%s: no sideways scroll and no serious axe violation, in every size and theme',
    async (_name, screen) => {
      assertNoProblems(await checkScreen(web.browser, screen));
    },
    120_000,
  );
});
