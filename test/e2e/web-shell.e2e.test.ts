import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { artifactsDir, type BrowserApp, startBrowserApp } from '../helpers/browser';
import { hasChromium } from '../helpers/environment';

describe.skipIf(!hasChromium)('the web shell in Chromium', () => {
  let web: BrowserApp;
  let browser: Browser;
  let baseUrl: string;

  beforeAll(async () => {
    web = await startBrowserApp();
    ({ browser, baseUrl } = web);
  });
  afterAll(async () => {
    await web?.close();
  });

  it.each([
    ['/signup', 'Join ARLO'],
    ['/login', 'Sign in to ARLO'],
    ['/terms', 'Terms of Service'],
    ['/plans', 'Choose Your Plan'],
    ['/yplans', 'Choose Your Plan'],
  ])('opening %s directly shows its page', async (route, heading) => {
    const page = await browser.newPage();
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text());
    });
    try {
      const response = await page.goto(`${baseUrl}${route}`);
      expect(response?.status()).toBe(200);
      // Pages are lazy chunks: wait for this page's heading rather than reading whatever is there.
      await page.getByRole('heading', { level: 1, name: heading }).waitFor({ timeout: 10_000 });
      await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe(heading);
      const name = route === '/' ? 'chat' : route.slice(1);
      await page.screenshot({ path: path.join(artifactsDir, `web-shell-${name}.png`) });
      expect(problems).toEqual([]);
    } finally {
      await page.close();
    }
  });

  it('opening / without a session goes to /login', async () => {
    const page = await browser.newPage();
    try {
      await page.goto(`${baseUrl}/`);
      await page.waitForURL(`${baseUrl}/login`, { timeout: 10_000 });
      await page.getByRole('heading', { level: 1, name: 'Sign in to ARLO' }).waitFor({ timeout: 10_000 });
    } finally {
      await page.close();
    }
  });

  it('opening /platforms-permissions without a session alerts and goes to /signup', async () => {
    const page = await browser.newPage();
    const alerts: string[] = [];
    page.on('dialog', (dialog) => {
      alerts.push(dialog.message());
      void dialog.accept();
    });
    try {
      await page.goto(`${baseUrl}/platforms-permissions`);
      await page.waitForURL(`${baseUrl}/signup`, { timeout: 10_000 });
      await page.getByRole('heading', { level: 1, name: 'Join ARLO' }).waitFor({ timeout: 10_000 });
      expect(alerts).toEqual(['Authentication error. Please signup again.']);
    } finally {
      await page.close();
    }
  });

  it('moves between pages without a reload', async () => {
    const page = await browser.newPage();
    try {
      await page.goto(`${baseUrl}/signup`);
      await page.getByRole('link', { name: 'Sign in' }).click();
      await page.waitForURL(`${baseUrl}/login`);
      // The address changes before the lazy page renders; wait for the new heading itself.
      await page.getByRole('heading', { level: 1, name: 'Sign in to ARLO' }).waitFor({ timeout: 10_000 });
      expect(await page.getByRole('heading', { level: 1 }).count()).toBe(1);
    } finally {
      await page.close();
    }
  });
});
