import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe } from 'vitest';
import type { BrowserApp } from './browser';
import { signedInState, syncedUserStates } from './chat-screens';
import { startSyncedBrowserApp } from './chat-user';
import { hasChromium } from './environment';
import { itChecksEveryCell, type Screen, type StorageState } from './screens';
import type { SmtpSink } from './smtp-sink';
import { poolEmail, SYNCED_SETUP_MS } from './synced-template';
import { signUpUser, TEST_PASSWORD } from './users';

const WAIT = { timeout: 15_000 };

/**
 * The pages around the chat, on a synced clone: its first pre-connected user is the member the
 * plans page serves as it does from the chat, and the one an existing address signs in as; a
 * newcomer signed up but not connected yet is the permissions step's user.
 */
export interface PublicScreensApp {
  web: BrowserApp & { sink: SmtpSink };
  member: StorageState;
  newcomer: StorageState;
}

export async function startPublicScreensApp(): Promise<PublicScreensApp> {
  const web = await startSyncedBrowserApp();
  try {
    const [member] = (await syncedUserStates(web, 1)) as [StorageState];
    const newcomerToken = await signUpUser(web.t.app, web.sink, 'screens.newcomer@example.com');
    return { web, member, newcomer: await signedInState(web, newcomerToken) };
  } catch (error) {
    await web.close();
    throw error;
  }
}

const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name }).waitFor(WAIT);

async function emailStep(page: Page, baseUrl: string, route: string, email: string) {
  await page.goto(`${baseUrl}${route}`);
  await page.getByLabel('Email', { exact: true }).fill(email, WAIT);
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await page.getByLabel('Password', { exact: true }).waitFor(WAIT);
}

/** Sign-in (with a social-login error and the reset dialog) and sign-up, step by step. */
export function signInScreens(app: () => PublicScreensApp): Screen[] {
  const base = () => app().web.baseUrl;
  const existing = poolEmail(0);
  let signups = 0;
  const freshEmail = () => `screens.signup.${++signups}@example.com`;
  return [
    {
      name: 'login-email',
      open: async (page) => {
        await page.goto(`${base()}/login`);
        await heading(page, 'Sign in to ARLO');
        await page.getByLabel('Email', { exact: true }).waitFor(WAIT);
      },
    },
    {
      name: 'login-social-error',
      open: async (page) => {
        await page.goto(`${base()}/login`);
        await heading(page, 'Sign in to ARLO');
        // No Facebook app is configured here, so the button's answer is an error on the screen.
        await page.getByRole('button', { name: 'Continue with Facebook' }).click(WAIT);
        await page.getByRole('alert').waitFor(WAIT);
      },
    },
    { name: 'login-password', open: (page) => emailStep(page, base(), '/login', existing) },
    {
      name: 'login-reset-dialog',
      dialog: true,
      open: async (page) => {
        await emailStep(page, base(), '/login', existing);
        await page.getByRole('button', { name: 'Forgot password?' }).click(WAIT);
        await page.getByRole('dialog', { name: 'Reset your password' }).waitFor(WAIT);
      },
    },
    {
      name: 'signup-email',
      open: async (page) => {
        await page.goto(`${base()}/signup`);
        await heading(page, 'Join ARLO');
        await page.getByLabel('Email', { exact: true }).waitFor(WAIT);
      },
    },
    { name: 'signup-password', open: (page) => emailStep(page, base(), '/signup', freshEmail()) },
    {
      name: 'signup-verification',
      open: async (page) => {
        await emailStep(page, base(), '/signup', freshEmail());
        await page.getByLabel('Password', { exact: true }).fill(TEST_PASSWORD);
        await page.getByLabel('Confirm password', { exact: true }).fill(TEST_PASSWORD);
        await page.getByRole('button', { name: 'Create Account' }).click();
        await page.getByLabel('Verification code', { exact: true }).waitFor(WAIT);
      },
    },
  ];
}

/** Permissions, plans (both), the demo checkout, terms and the app's not-found page. */
export function accountPageScreens(app: () => PublicScreensApp): Screen[] {
  const base = () => app().web.baseUrl;
  return [
    {
      name: 'platforms-permissions',
      session: () => app().newcomer,
      open: async (page) => {
        await page.goto(`${base()}/platforms-permissions`);
        await heading(page, 'Platform Permissions');
        await page.getByRole('button', { name: 'Connect Facebook Ads' }).waitFor(WAIT);
      },
    },
    {
      name: 'plans',
      session: () => app().member,
      open: async (page) => {
        await page.goto(`${base()}/plans`);
        await heading(page, 'Choose Your Plan');
      },
    },
    {
      name: 'yplans',
      session: () => app().member,
      open: async (page) => {
        await page.goto(`${base()}/yplans`);
        await heading(page, 'Choose Your Plan');
      },
    },
    {
      name: 'demo-checkout',
      session: () => app().member,
      systemTheme: true,
      open: async (page) => {
        await page.goto(`${base()}/plans`);
        await page.getByRole('button', { name: 'Subscribe Now' }).click(WAIT);
        await page.waitForURL(/\/demo-checkout\//, WAIT);
        await page.getByRole('button', { name: 'Pay' }).waitFor(WAIT);
      },
    },
    {
      name: 'terms',
      open: async (page) => {
        await page.goto(`${base()}/terms`);
        await heading(page, 'Terms of Service');
      },
    },
    {
      name: 'not-found',
      open: async (page) => {
        await page.goto(`${base()}/no-such-page`);
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
}

/** A file of the matrix's pages around the chat: one app for the file, every cell of `screens`. */
export function describePublicScreens(
  title: string,
  screens: (app: () => PublicScreensApp) => Screen[],
): void {
  describe.skipIf(!hasChromium)(title, () => {
    let app: PublicScreensApp;
    beforeAll(async () => {
      app = await startPublicScreensApp();
    }, SYNCED_SETUP_MS);
    afterAll(async () => {
      await app?.web.close();
    });

    itChecksEveryCell(
      screens(() => app),
      () => app.web.browser,
    );
  });
}
