import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/server/db/schema';
import type { TestApp } from '../helpers/app';
import { artifactsDir, type BrowserApp, startBrowserApp } from '../helpers/browser';
import { hasChromium } from '../helpers/environment';
import { type SmtpSink, startSmtpSink } from '../helpers/smtp-sink';

const PASSWORD = 'Secret-pass1';
const WAIT = { timeout: 10_000 };

describe.skipIf(!hasChromium)('signup, login and password reset in Chromium', () => {
  let web: BrowserApp;
  let t: TestApp;
  let sink: SmtpSink;
  let browser: Browser;
  let baseUrl: string;

  beforeAll(async () => {
    sink = await startSmtpSink();
    web = await startBrowserApp({ SMTP_URL: sink.url });
    ({ t, browser, baseUrl } = web);
  });
  afterAll(async () => {
    await web?.close();
    await sink?.close();
  });

  const post = async (route: string, body: unknown) => {
    const response = await fetch(`${baseUrl}${route}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    expect(response.status, `${route} answered ${response.status}`).toBe(200);
  };

  /** A verified account made through the API, as the signup page would. */
  const createAccount = async (email: string, password = PASSWORD) => {
    await post('/auth/create-user', { email, password, method: 'web' });
    await post('/auth/verify-email', { email, code: await sink.nextCode(email) });
  };

  const withPage = async (name: string, run: (page: Page) => Promise<void>) => {
    const page = await browser.newPage();
    try {
      await run(page);
    } finally {
      await page.screenshot({ path: path.join(artifactsDir, `auth-${name}.png`) }).catch(() => {});
      await page.close();
    }
  };

  const enterEmail = async (page: Page, email: string) => {
    const field = page.getByLabel('Email', { exact: true });
    await field.waitFor(WAIT);
    await field.fill(email);
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
  };

  it('signs up with an emailed code and lands on the permissions page', async () => {
    const email = 'new.user@example.com';
    await withPage('signup', async (page) => {
      await page.goto(`${baseUrl}/signup`);
      await page.getByRole('heading', { level: 1, name: 'Join ARLO' }).waitFor(WAIT);
      await page.getByText('Or sign up with').waitFor(WAIT);
      await enterEmail(page, 'New.User@Example.com');

      await page.getByLabel('Password', { exact: true }).waitFor(WAIT);
      expect(await page.getByText('Or sign up with').count()).toBe(0);
      await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
      await page.getByLabel('Confirm password', { exact: true }).fill(PASSWORD);
      await page.getByRole('button', { name: 'Create Account' }).click();

      await page.getByText('Verification code sent to your email. Please check your inbox.').waitFor(WAIT);
      await page.getByText('Code expires in').waitFor(WAIT);
      const code = await sink.nextCode(email);
      await page.getByLabel('Verification code', { exact: true }).fill(code);
      await page.getByRole('button', { name: 'Verify Email' }).click();

      await page.waitForURL(`${baseUrl}/platforms-permissions`, WAIT);
      await page.getByRole('heading', { level: 1, name: 'Platform Permissions' }).waitFor(WAIT);
      const stored = await page.evaluate(() => ({
        token: localStorage.getItem('token'),
        userInfo: localStorage.getItem('userInfo'),
      }));
      expect(stored.token).toBeTruthy();
      expect(JSON.parse(stored.userInfo ?? '{}')).toMatchObject({ uid: email });
    });
  });

  it('a wrong password shows "Invalid password"; an unknown email shows "Email not found"', async () => {
    const email = 'wrong.password@example.com';
    await createAccount(email);
    await withPage('login-invalid', async (page) => {
      await page.goto(`${baseUrl}/login`);
      await enterEmail(page, 'nobody@example.com');
      await page.getByRole('alert').filter({ hasText: 'Email not found' }).waitFor(WAIT);

      await enterEmail(page, email);
      const password = page.getByLabel('Password', { exact: true });
      await password.waitFor(WAIT);
      await password.fill('Not-the-pass1');
      await page.getByRole('button', { name: 'Sign In' }).click();
      await page.getByRole('alert').filter({ hasText: 'Invalid password' }).waitFor(WAIT);
    });
  });

  it('resets a forgotten password with an emailed code and logs in with the new one', async () => {
    const email = 'forgetful@example.com';
    const newPassword = 'Brand-new-pass2';
    await createAccount(email);
    // An active account goes to the chat after login.
    await t.testDatabase.database.db.update(users).set({ status: 'active' }).where(eq(users.email, email));
    await withPage('password-reset', async (page) => {
      await page.goto(`${baseUrl}/login`);
      await enterEmail(page, email);
      await page.getByLabel('Password', { exact: true }).waitFor(WAIT);
      await page.getByRole('button', { name: 'Forgot password?' }).click();

      const dialog = page.getByRole('dialog');
      await dialog.waitFor(WAIT);
      expect(await dialog.getByLabel('Email', { exact: true }).inputValue()).toBe(email);
      await dialog.getByRole('button', { name: 'Continue', exact: true }).click();
      const code = await sink.nextCode(email);
      await dialog.getByLabel('Reset code', { exact: true }).fill(code);
      await dialog.getByLabel('New password', { exact: true }).fill(newPassword);
      await dialog.getByRole('button', { name: 'Reset Password' }).click();

      await page.getByText('Password reset successfully. Please log in.').waitFor(WAIT);
      expect(await page.getByRole('dialog').count()).toBe(0);
      await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
      await page.getByRole('button', { name: 'Sign In' }).click();
      await page.getByRole('alert').filter({ hasText: 'Invalid password' }).waitFor(WAIT);

      await page.getByLabel('Password', { exact: true }).fill(newPassword);
      await page.getByRole('button', { name: 'Sign In' }).click();
      await page.waitForURL(`${baseUrl}/`, WAIT);
      await page.getByRole('heading', { level: 1, name: 'How can I help you today?' }).waitFor(WAIT);
      expect(await page.evaluate(() => localStorage.getItem('token'))).toBeTruthy();
    });
  });
});
