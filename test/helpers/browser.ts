import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { type Browser, chromium } from 'playwright-core';
import { webDistDir } from '../../src/server/paths';
import { buildTestApp, type TestApp } from './app';
import { chromiumPath } from './environment';

export const artifactsDir = path.resolve('test-results');

/** Debian's Chromium with the flags this sandbox needs (no sandbox, no GPU, no background traffic). */
export async function launchBrowser(): Promise<Browser> {
  await mkdir(artifactsDir, { recursive: true });
  return chromium.launch({
    executablePath: chromiumPath,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}

export interface BrowserApp {
  t: TestApp;
  browser: Browser;
  /** Where the app listens, e.g. http://127.0.0.1:41234 */
  baseUrl: string;
  close(): Promise<void>;
}

/** The real app serving the built web app on a free port, and a Chromium to drive it. */
export async function startBrowserApp(env: Record<string, string> = {}): Promise<BrowserApp> {
  const t = await buildTestApp({ env, webRoot: webDistDir });
  try {
    const baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const browser = await launchBrowser();
    return {
      t,
      browser,
      baseUrl,
      close: async () => {
        await browser.close();
        await t.close();
      },
    };
  } catch (error) {
    await t.close();
    throw error;
  }
}
