import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { artifactsDir, type BrowserApp, startBrowserApp } from '../helpers/browser';
import { hasChromium } from '../helpers/environment';
import { type SmtpSink, startSmtpSink } from '../helpers/smtp-sink';
import { TEST_PASSWORD } from '../helpers/users';

const WAIT = { timeout: 15_000 };

/**
 * Demo mode (no META_APP_ID): the permissions page loads ARLO's stand-in Facebook SDK from our own
 * server, which talks to the built-in Graph API simulator. Same page code as with the real SDK.
 */
describe.skipIf(!hasChromium)('connecting Facebook Ads in demo mode, in Chromium', () => {
  let web: BrowserApp;
  let sink: SmtpSink;
  let browser: Browser;
  let baseUrl: string;

  beforeAll(async () => {
    sink = await startSmtpSink();
    web = await startBrowserApp({ SMTP_URL: sink.url });
    ({ browser, baseUrl } = web);
  });
  afterAll(async () => {
    await web?.close();
    await sink?.close();
  });

  async function signUp(page: Page, email: string) {
    await page.goto(`${baseUrl}/signup`);
    const field = page.getByLabel('Email', { exact: true });
    await field.waitFor(WAIT);
    await field.fill(email);
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    await page.getByLabel('Password', { exact: true }).fill(TEST_PASSWORD);
    await page.getByLabel('Confirm password', { exact: true }).fill(TEST_PASSWORD);
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.getByLabel('Verification code', { exact: true }).fill(await sink.nextCode(email));
    await page.getByRole('button', { name: 'Verify Email' }).click();
    await page.waitForURL(`${baseUrl}/platforms-permissions`, WAIT);
  }

  it('signs up, connects through the stand-in SDK, goes Next, and the main app shows the demo data', async () => {
    const page = await browser.newPage();
    const alerts: string[] = [];
    page.on('dialog', (dialog) => {
      alerts.push(dialog.message());
      void dialog.accept();
    });
    try {
      await signUp(page, 'demo.marketer@example.com');
      await page.getByRole('heading', { level: 1, name: 'Platform Permissions' }).waitFor(WAIT);
      expect(await page.getByRole('button', { name: 'Connect Google Ads - Coming soon' }).isDisabled()).toBe(
        true,
      );
      expect(await page.getByRole('button', { name: 'Next' }).isDisabled()).toBe(true);

      const connect = page.getByRole('button', { name: 'Connect Facebook Ads' });
      await connect.waitFor(WAIT);
      await connect.click();
      await page.getByRole('button', { name: /Facebook Ads - Connected/ }).waitFor(WAIT);
      expect(alerts).toContain('Facebook permissions granted successfully!');
      await page.screenshot({ path: path.join(artifactsDir, 'meta-connect-permissions.png') });

      await page.getByRole('button', { name: 'Next' }).click();
      await page.waitForURL(`${baseUrl}/`, WAIT);
      // The session moved from the address into storage, and the address is clean again.
      expect(page.url()).toBe(`${baseUrl}/`);
      expect(await page.evaluate(() => localStorage.getItem('token'))).toBeTruthy();

      const accounts = page.getByRole('region', { name: 'Connected ad accounts' });
      await accounts.getByText('Summit Gear Co').waitFor(WAIT);
      await accounts.getByText('Northwind Learning').waitFor(WAIT);
      await accounts
        .getByText(/Synced · [\d,]+ rows/)
        .first()
        .waitFor(WAIT);
      await page.screenshot({ path: path.join(artifactsDir, 'meta-connect-main-app.png') });
    } finally {
      await page.close();
    }
  });
});
