import { mkdir } from 'node:fs/promises';
import { createServer } from 'node:net';
import path from 'node:path';
import { type Browser, chromium, type Page, type Request } from 'playwright-core';
import { webDistDir } from '../../src/server/paths';
import { buildTestApp, type TestApp } from './app';
import type { TestDatabase } from './database';
import { chromiumPath } from './environment';
import { TEST_PASSWORD } from './users';

export const artifactsDir = path.resolve('test-results');

/**
 * Debian's Chromium, headless. Playwright itself adds --headless, --no-sandbox and the switches
 * that stop background traffic (updates, field trials, first-run pages); the headless shell takes
 * the same switches and ignores those of the full browser it has no part for.
 */
export async function launchBrowser(): Promise<Browser> {
  await mkdir(artifactsDir, { recursive: true });
  return chromium.launch({
    executablePath: chromiumPath,
    args: ['--disable-gpu', '--disable-sync'],
  });
}

/** The requests each tracked page has in flight, and when that last changed. */
const traffic = new WeakMap<Page, { pending: Set<Request>; changedAt: number }>();

/**
 * Counts the page's requests in flight from now on, for `networkSettled`; call it before the page
 * loads anything, or the requests already under way are not counted.
 */
export function trackRequests(page: Page): void {
  if (traffic.has(page)) return;
  const state = { pending: new Set<Request>(), changedAt: Date.now() };
  traffic.set(page, state);
  page.on('request', (request) => {
    state.pending.add(request);
    state.changedAt = Date.now();
  });
  const done = (request: Request) => {
    state.pending.delete(request);
    state.changedAt = Date.now();
  };
  page.on('requestfinished', done);
  page.on('requestfailed', done);
}

/**
 * Waits until no request of the page has been in flight for `quietMs`: the late data a screen
 * fetches after it first shows (plans, sync status, client config) has landed. Playwright's
 * 'networkidle' asks for 500 ms without traffic every time; a settled app needs far less. Gives
 * up after `timeout` (something that polls for good) and says whether it settled.
 */
export async function networkSettled(page: Page, { quietMs = 100, timeout = 3_000 } = {}): Promise<boolean> {
  trackRequests(page);
  const state = traffic.get(page);
  if (!state) return false;
  const deadline = Date.now() + timeout;
  while (Date.now() < deadline) {
    if (state.pending.size === 0 && Date.now() - state.changedAt >= quietMs) return true;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return false;
}

export interface BrowserApp {
  t: TestApp;
  browser: Browser;
  /** Where the app listens, e.g. http://127.0.0.1:41234 */
  baseUrl: string;
  close(): Promise<void>;
}

/** The real app serving the built web app on a free port, and a Chromium to drive it. */
export async function startBrowserApp(
  env: Record<string, string> = {},
  /** A database made for this app (e.g. a synced clone); the app drops it on close. */
  testDatabase?: TestDatabase,
): Promise<BrowserApp> {
  // The app must know its own address (PUBLIC_URL) for the links it hands out, e.g. checkout's.
  const port = await freePort();
  const t = await buildTestApp({
    env: { PUBLIC_URL: `http://127.0.0.1:${port}`, ...env },
    webRoot: webDistDir,
    ...(testDatabase ? { testDatabase } : {}),
  });
  const closeApp = async () => {
    await t.close();
    await testDatabase?.drop();
  };
  try {
    const baseUrl = await t.app.listen({ port, host: '127.0.0.1' });
    const browser = await launchBrowser();
    return {
      t,
      browser,
      baseUrl,
      close: async () => {
        await browser.close();
        await closeApp();
      },
    };
  } catch (error) {
    await closeApp();
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

/**
 * Waits until no CSS transition or finite animation runs (a theme's colours fading, a drawer
 * sliding), then for two more frames, so what layout effects and resize observers do about the
 * change (a chart re-measuring, the messages scrolling) has landed too. Endless animations (a
 * spinner) do not count.
 */
export async function animationsSettled(page: Page, timeout = 10_000): Promise<void> {
  await page.waitForFunction(
    () =>
      document
        .getAnimations()
        .every(
          (animation) =>
            animation.playState !== 'running' ||
            animation.effect?.getTiming().iterations === Number.POSITIVE_INFINITY,
        ),
    undefined,
    { polling: 'raf', timeout },
  );
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  );
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
