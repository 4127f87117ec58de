import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/server/db/schema';
import { FACEBOOK_SDK_URL, GOOGLE_SDK_URL } from '../../src/shared/api/client-config';
import type { TestApp } from '../helpers/app';
import { artifactsDir, type BrowserApp, startBrowserApp } from '../helpers/browser';
import { hasChromium } from '../helpers/environment';
import {
  FB_APP_ID,
  facebookSdkStandIn,
  googleIdentityStandIn,
  type SocialProviders,
  startSocialProviders,
} from '../helpers/social-providers';

const WAIT = { timeout: 10_000 };

describe.skipIf(!hasChromium)('Google and Facebook sign-in in Chromium', () => {
  let providers: SocialProviders;
  let web: BrowserApp;
  let t: TestApp;
  let browser: Browser;
  let baseUrl: string;

  beforeAll(async () => {
    providers = await startSocialProviders();
    web = await startBrowserApp(providers.env);
    ({ t, browser, baseUrl } = web);
  });
  afterAll(async () => {
    await web?.close();
    await providers?.close();
  });

  /** A page whose provider script URLs are answered by the stand-ins instead of the internet. */
  const withPage = async (name: string, run: (page: Page) => Promise<void>) => {
    const page = await browser.newPage();
    await page.route(GOOGLE_SDK_URL, (route) =>
      route.fulfill({ contentType: 'text/javascript', body: googleIdentityStandIn }),
    );
    await page.route(FACEBOOK_SDK_URL, (route) =>
      route.fulfill({ contentType: 'text/javascript', body: facebookSdkStandIn }),
    );
    try {
      await run(page);
    } finally {
      await page.screenshot({ path: path.join(artifactsDir, `social-${name}.png`) }).catch(() => {});
      await page.close();
    }
  };

  const stored = (page: Page) =>
    page.evaluate(() => ({
      token: localStorage.getItem('token'),
      userInfo: localStorage.getItem('userInfo'),
    }));

  it('signs up with Google and lands on the permissions page', async () => {
    const credential = await providers.googleToken({
      sub: 'g-e2e-1',
      email: 'grace@example.com',
      name: 'Grace',
    });
    await withPage('google-signup', async (page) => {
      await page.goto(`${baseUrl}/signup`);
      await page.getByText('Or sign up with').waitFor(WAIT);
      await page.waitForFunction(() => Boolean(window.google?.accounts?.id), undefined, WAIT);
      await page.evaluate((value) => {
        (window as unknown as { __googleCredential: string }).__googleCredential = value;
      }, credential);
      await page.getByRole('button', { name: 'Continue with Google' }).click();
      await page.waitForURL(`${baseUrl}/platforms-permissions`, WAIT);
      const session = await stored(page);
      expect(session.token).toBeTruthy();
      expect(JSON.parse(session.userInfo ?? '{}')).toMatchObject({ uid: 'grace@example.com', name: 'Grace' });
      // The hidden Google button is gone after 2 s, leaving nothing behind in the page.
      await page.waitForFunction(
        () => !document.querySelector('[aria-hidden="true"] [role="button"]'),
        undefined,
        WAIT,
      );
    });
    const [row] = await t.testDatabase.database.db
      .select()
      .from(users)
      .where(eq(users.email, 'grace@example.com'));
    expect(row?.signupMethod).toBe('google');
  });

  it('an unknown Google account on login is asked to set a password for its email', async () => {
    const credential = await providers.googleToken({
      sub: 'g-e2e-2',
      email: 'newcomer@example.com',
      name: 'New',
    });
    await withPage('google-unregistered', async (page) => {
      await page.goto(`${baseUrl}/login`);
      await page.waitForFunction(() => Boolean(window.google?.accounts?.id), undefined, WAIT);
      await page.evaluate((value) => {
        (window as unknown as { __googleCredential: string }).__googleCredential = value;
      }, credential);
      await page.getByRole('button', { name: 'Continue with Google' }).click();
      await page.waitForURL(`${baseUrl}/signup`, WAIT);
      const email = page.getByLabel('Email', { exact: true });
      await page.getByLabel('Confirm password', { exact: true }).waitFor(WAIT);
      expect(await email.inputValue()).toBe('newcomer@example.com');
      expect(await email.isDisabled()).toBe(true);
      await page.getByText('Set a password to create your account with newcomer@example.com.').waitFor(WAIT);
    });
  });

  it('signs up with Facebook, then logs in with it; a cancelled dialog says so and logs Facebook out', async () => {
    providers.facebookTokens.set('fb-e2e-token', {
      appId: FB_APP_ID,
      userId: 'fb-e2e-1',
      type: 'USER',
      valid: true,
      name: 'Frank',
      email: 'frank@example.com',
    });
    const connected = { status: 'connected', authResponse: { accessToken: 'fb-e2e-token' } };
    await withPage('facebook-signup', async (page) => {
      await page.goto(`${baseUrl}/signup`);
      await page.waitForFunction(() => Boolean((window as { __fbInit?: unknown }).__fbInit), undefined, WAIT);
      expect(
        await page.evaluate(() => (window as { __fbInit?: { appId: string; version: string } }).__fbInit),
      ).toMatchObject({
        appId: FB_APP_ID,
        version: 'v23.0',
      });
      await page.evaluate((answer) => {
        (window as unknown as { __facebookLogin: unknown }).__facebookLogin = answer;
      }, connected);
      await page.getByRole('button', { name: 'Continue with Facebook' }).click();
      await page.waitForURL(`${baseUrl}/platforms-permissions`, WAIT);
      expect(await page.evaluate(() => (window as { __fbLoginScope?: string }).__fbLoginScope)).toBe(
        'email,public_profile',
      );
    });

    await withPage('facebook-login', async (page) => {
      await page.goto(`${baseUrl}/login`);
      await page.waitForFunction(() => Boolean((window as { __fbInit?: unknown }).__fbInit), undefined, WAIT);
      await page.getByRole('button', { name: 'Continue with Facebook' }).click();
      await page
        .getByRole('alert')
        .filter({ hasText: 'Facebook login was cancelled. Please try again or use email login.' })
        .waitFor(WAIT);
      expect(await page.evaluate(() => (window as { __fbLoggedOut?: number }).__fbLoggedOut)).toBe(1);

      await page.evaluate((answer) => {
        (window as unknown as { __facebookLogin: unknown }).__facebookLogin = answer;
      }, connected);
      await page.getByRole('button', { name: 'Continue with Facebook' }).click();
      // Status signup with a Facebook signup method goes back to the permissions step.
      await page.waitForURL(`${baseUrl}/platforms-permissions`, WAIT);
      expect((await stored(page)).token).toBeTruthy();
    });
  });
});
