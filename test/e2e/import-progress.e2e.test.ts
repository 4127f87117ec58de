import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { artifactsDir, type BrowserApp, startBrowserApp } from '../helpers/browser';
import { hasChromium } from '../helpers/environment';
import { type SmtpSink, startSmtpSink } from '../helpers/smtp-sink';
import { TEST_PASSWORD } from '../helpers/users';

const WAIT = { timeout: 20_000 };
const IMPORTING =
  /^(Importing|Waiting to import) · (no data yet|data through [A-Z][a-z]{2} \d{1,2}(, \d{4})?) \(\d{1,2}%\)$/;

/**
 * Demo mode, with the built-in Graph API simulator slowed at its edge (each backfill chunk's report
 * run starts late), so the import is still under way when the permissions step shows it.
 */
describe.skipIf(!hasChromium)('the first import shown on the permissions step, in Chromium', () => {
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
    web?.t.app.meta.simulator?.clearFaults();
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

  it('connecting shows each account importing, with how far it got, until it reads Synced with its rows', async () => {
    const simulator = web.t.app.meta.simulator;
    if (!simulator) throw new Error('demo mode has the simulator');
    const page = await browser.newPage();
    page.on('dialog', (dialog) => void dialog.accept());
    try {
      await signUp(page, 'import.watcher@example.com');
      // Two accounts, four 30-day chunks each: every report run starts 1.5 s late.
      simulator.injectFault({ kind: 'slow', match: 'insights_async', delayMs: 1_500, times: 8 });
      const connect = page.getByRole('button', { name: 'Connect Facebook Ads' });
      await connect.waitFor(WAIT);
      await connect.click();

      const progress = page.getByRole('region', { name: 'Import progress' });
      await progress.getByText(IMPORTING).first().waitFor(WAIT);
      await page.screenshot({ path: path.join(artifactsDir, 'import-progress-importing.png') });

      const synced = progress.getByText(/^Synced · [\d,]+ rows$/);
      await synced.nth(1).waitFor({ timeout: 90_000 });
      expect(await progress.getByText(IMPORTING).count()).toBe(0);
      await page.screenshot({ path: path.join(artifactsDir, 'import-progress-synced.png') });
    } finally {
      await page.close();
    }
  }, 180_000);
});
