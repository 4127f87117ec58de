import { mkdir } from 'node:fs/promises';
import { createServer } from 'node:net';
import path from 'node:path';
import { type Browser, chromium, type Page } from 'playwright-core';
import { webDistDir } from '../../src/server/paths';
import { buildTestApp, type TestApp } from './app';
import { chromiumPath } from './environment';
import { TEST_PASSWORD } from './users';

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
  // The app must know its own address (PUBLIC_URL) for the links it hands out, e.g. checkout's.
  const port = await freePort();
  const t = await buildTestApp({
    env: { PUBLIC_URL: `http://127.0.0.1:${port}`, ...env },
    webRoot: webDistDir,
  });
  try {
    const baseUrl = await t.app.listen({ port, host: '127.0.0.1' });
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

/** A port nothing listens on right now (the OS picks it), for an app that must know it up front. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/** Signs in on /login as a person does (email, Continue, password, Sign In) and waits for the chat. */
export async function logInToChat(page: Page, baseUrl: string, email: string, password = TEST_PASSWORD) {
  const wait = { timeout: 20_000 };
  await page.goto(`${baseUrl}/login`);
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL(`${baseUrl}/`, wait);
  await page.getByRole('heading', { name: 'How can I help you today?' }).waitFor(wait);
}
