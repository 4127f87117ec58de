import path from 'node:path';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blockingFindings } from '../helpers/axe';
import { animationsSettled, artifactsDir } from '../helpers/browser';
import { openEmptyChat, signedInState } from '../helpers/chat-screens';
import { type ChatUserApp, startSyncedChatUserApp } from '../helpers/chat-user';
import { hasChromium } from '../helpers/environment';
import type { StorageState } from '../helpers/screens';
import { SYNCED_SETUP_MS } from '../helpers/synced-template';

const WAIT = { timeout: 30_000 };
const QUESTION = 'Top 5 campaigns by spend in the last 30 days';
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1440, height: 900 };

const shot = (page: Page, name: string) =>
  page.screenshot({ path: path.join(artifactsDir, `layout-${name}.png`) });

/** Whether anything on the page scrolls sideways: the document, or the message area. */
async function sidewaysOverflow(page: Page) {
  return page.evaluate(() => {
    const main = document.querySelector('main');
    return {
      document: document.documentElement.scrollWidth - window.innerWidth,
      main: main ? main.scrollWidth - main.clientWidth : 0,
    };
  });
}

async function box(locator: Locator) {
  const found = await locator.boundingBox();
  if (!found) throw new Error(`no box for ${locator}`);
  return found;
}

/** Fully on screen, horizontally and vertically. */
async function expectInViewport(page: Page, locator: Locator) {
  const { x, y, width, height } = await box(locator);
  const viewport = page.viewportSize() ?? PHONE;
  expect(x).toBeGreaterThanOrEqual(0);
  expect(y).toBeGreaterThanOrEqual(0);
  expect(x + width).toBeLessThanOrEqual(viewport.width);
  expect(y + height).toBeLessThanOrEqual(viewport.height);
}

/** The blocking axe findings; with `shellOnly` the answers, which have tests of their own, are left out. */
const seriousA11yProblems = (page: Page, shellOnly = false) =>
  blockingFindings(page, shellOnly ? { exclude: ['ol[aria-label="Messages"]'] } : {});

/** Switches the theme, then waits out the colour transitions so axe reads the settled colours. */
async function setDark(page: Page, dark: boolean) {
  await page.evaluate((on) => document.documentElement.classList.toggle('dark', on), dark);
  await animationsSettled(page);
}

/** Asks, then waits for the answer to finish (Related shows up once it has). */
async function ask(page: Page, question: string) {
  const input = page.getByLabel('Message', { exact: true });
  await input.fill(question);
  await input.press('Enter');
  await page
    .getByRole('article', { name: 'Assistant message' })
    .last()
    .getByRole('table')
    .first()
    .waitFor(WAIT);
  await page.getByRole('region', { name: 'Related' }).waitFor(WAIT);
  // Let the table finish typing in (it is busy until then) and the view settle.
  await page.waitForFunction(() => !document.querySelector('table[aria-busy="true"]'), undefined, WAIT);
  await animationsSettled(page);
}

/** The answer's start is on screen, near the top of the message area, after it arrived. */
async function expectAnswerStartVisible(page: Page) {
  const main = await box(page.getByRole('main'));
  const answer = await box(page.getByRole('article', { name: 'Assistant message' }).last());
  expect(answer.y).toBeGreaterThanOrEqual(main.y - 1);
  expect(answer.y).toBeLessThan(main.y + main.height / 2);
}

/** Scrolled to its end, the messages leave the header at the top and Related above the composer. */
async function expectFixedChrome(page: Page) {
  await page.getByRole('main').evaluate((main) => {
    main.scrollTop = main.scrollHeight;
  });
  await animationsSettled(page);
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  expect((await box(page.getByRole('banner'))).y).toBe(0);
  const related = await box(page.getByRole('region', { name: 'Related' }));
  const composer = await box(page.getByRole('region', { name: 'Ask ARLO' }));
  expect(related.y + related.height).toBeLessThanOrEqual(composer.y);
  const viewport = page.viewportSize() ?? PHONE;
  expect(composer.y + composer.height).toBeLessThanOrEqual(viewport.height + 1);
}

describe.skipIf(!hasChromium)('the chat layout at 390×844 and 1440×900', () => {
  let web: ChatUserApp;
  let browser: Browser;
  let baseUrl: string;
  let signedIn: StorageState;

  beforeAll(async () => {
    // A user whose demo accounts are connected and synced (the synced template's).
    web = await startSyncedChatUserApp();
    ({ browser, baseUrl } = web);
    signedIn = await signedInState(web, web.token);
  }, SYNCED_SETUP_MS);
  afterAll(async () => {
    await web?.close();
  });

  /** A fresh context, signed in as the user when `session` is set (no test here is about signing in). */
  async function open(viewport: { width: number; height: number }, touch = false, session?: StorageState) {
    // The page's CSP rightly refuses inline scripts; the axe-core script the tests inject is one.
    const context: BrowserContext = await browser.newContext({
      viewport,
      hasTouch: touch,
      bypassCSP: true,
      ...(session ? { storageState: session } : {}),
    });
    const page = await context.newPage();
    const warnings: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'warning' || message.type() === 'error') warnings.push(message.text());
    });
    return { context, page, warnings };
  }

  it('on a phone: the drawer opens and closes every way, an answer and a past chat fit the screen', async () => {
    const { context, page, warnings } = await open(PHONE, true, signedIn);
    try {
      await openEmptyChat(page, baseUrl);
      const nav = page.getByRole('navigation', { name: 'Chats' });
      const toggle = nav.getByRole('button', { name: /chats panel$/ });
      const isOpen = async () => (await toggle.getAttribute('aria-expanded')) === 'true';
      const backdrop = page.getByTestId('drawer-backdrop');
      const openDrawer = async () => {
        await toggle.click();
        await nav.getByRole('button', { name: 'New Chat' }).waitFor();
        expect(await isOpen()).toBe(true);
        await backdrop.waitFor({ state: 'visible' });
      };
      // Closed: the entries and the backdrop gone, and nothing left that scrolls sideways.
      const expectClosed = async () => {
        await page.waitForFunction(
          () =>
            document.querySelector('nav[aria-label="Chats"] button')?.getAttribute('aria-expanded') ===
            'false',
        );
        expect(await nav.getByRole('button', { name: 'New Chat' }).count()).toBe(0);
        expect(await backdrop.count()).toBe(0);
        expect(await sidewaysOverflow(page)).toEqual({ document: 0, main: 0 });
      };

      expect(await sidewaysOverflow(page)).toEqual({ document: 0, main: 0 });
      await expectInViewport(page, toggle);
      await expectInViewport(page, page.getByRole('combobox', { name: 'Model' }));
      await expectInViewport(page, page.getByRole('button', { name: 'User menu' }));
      await shot(page, 'phone-empty');

      // The toggle opens it over a backdrop, focus inside; the toggle closes it, focus back.
      await openDrawer();
      const drawer = await box(nav);
      expect(drawer.x).toBe(0);
      expect(drawer.width).toBeLessThan(PHONE.width);
      expect(await page.evaluate(() => document.activeElement?.textContent?.trim())).toBe('New Chat');
      expect(await page.locator('main').evaluate((main) => main.closest('[inert]') !== null)).toBe(true);
      await shot(page, 'phone-drawer');
      await toggle.click();
      await expectClosed();
      expect(await toggle.evaluate((button) => button === document.activeElement)).toBe(true);

      // A tap on the backdrop, beside the drawer; in the dark theme, whose backdrop is darker.
      await setDark(page, true);
      await openDrawer();
      await shot(page, 'phone-drawer-dark');
      await page.touchscreen.tap(PHONE.width - 20, PHONE.height / 2);
      await expectClosed();
      await setDark(page, false);

      // Escape.
      await openDrawer();
      await page.keyboard.press('Escape');
      await expectClosed();

      // A leftward drag with the mouse.
      await openDrawer();
      await page.mouse.move(240, 500);
      await page.mouse.down();
      await page.mouse.move(170, 502, { steps: 5 });
      await page.mouse.move(120, 505, { steps: 5 });
      await page.mouse.up();
      await expectClosed();

      // A leftward swipe with a finger.
      await openDrawer();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: 240, y: 500 }] });
      for (const x of [220, 190, 160, 130, 110])
        await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x, y: 504 }] });
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
      await expectClosed();

      // An answer: its start shows, nothing scrolls sideways, the header stays, Related clears the composer.
      await ask(page, QUESTION);
      await expectAnswerStartVisible(page);
      await shot(page, 'phone-answer');
      expect(await sidewaysOverflow(page)).toEqual({ document: 0, main: 0 });
      await expectFixedChrome(page);
      await shot(page, 'phone-answer-end');
      expect(await seriousA11yProblems(page, true)).toEqual([]);

      // Picking New Chat, then the past chat, closes the drawer each time; the past chat fits.
      await openDrawer();
      await nav.getByRole('button', { name: 'New Chat' }).click();
      await expectClosed();
      await openDrawer();
      await nav.getByRole('button', { name: QUESTION }).click();
      await expectClosed();
      await page.getByText('Viewing Past Conversation').waitFor(WAIT);
      await page.getByRole('table').first().waitFor(WAIT);
      await animationsSettled(page);
      expect(await sidewaysOverflow(page)).toEqual({ document: 0, main: 0 });
      for (const control of [
        toggle,
        page.getByText('Viewing Past Conversation'),
        page.getByRole('button', { name: 'Back to current chat' }),
        page.getByRole('combobox', { name: 'Model' }),
        page.getByRole('button', { name: 'User menu' }),
      ])
        await expectInViewport(page, control);
      // Badge and Back keep to one line each.
      expect((await box(page.getByRole('button', { name: 'Back to current chat' }))).height).toBeLessThan(32);
      expect((await box(page.getByRole('banner'))).height).toBeLessThan(110);
      await shot(page, 'phone-past');
      await setDark(page, true);
      await shot(page, 'phone-past-dark');
      expect(await seriousA11yProblems(page, true)).toEqual([]);
      await setDark(page, false);

      // The model picker opens its list inside the screen.
      await page.getByRole('combobox', { name: 'Model' }).click();
      await expectInViewport(page, page.getByRole('listbox'));
      await shot(page, 'phone-model-picker');
      await page.getByRole('option', { name: 'ARLO Auto' }).click();
      expect(await page.getByRole('combobox', { name: 'Model' }).textContent()).toBe('ARLO Auto');

      expect(warnings.filter((text) => text.includes('HydrateFallback'))).toEqual([]);
    } finally {
      await context.close();
    }
  }, 120_000);

  it('on a desktop: the rail opens on hover and closes on Escape; the answer starts in view; the header stays', async () => {
    const { context, page } = await open(DESKTOP, false, signedIn);
    try {
      await openEmptyChat(page, baseUrl);
      // The pointer comes from the middle of the screen, as after signing in: one that starts at
      // the corner is over the rail already, and moving onto it is what opens it.
      await page.mouse.move(DESKTOP.width / 2, DESKTOP.height / 2);
      const nav = page.getByRole('navigation', { name: 'Chats' });
      await nav.hover();
      await nav.getByRole('button', { name: 'New Chat' }).waitFor();
      await shot(page, 'desktop-rail');
      await page.keyboard.press('Escape');
      await page.waitForFunction(
        () =>
          document.querySelector('nav[aria-label="Chats"] button')?.getAttribute('aria-expanded') === 'false',
      );
      await page.mouse.move(DESKTOP.width / 2, DESKTOP.height / 2);

      await ask(page, 'Spend by day in the last 30 days');
      await expectAnswerStartVisible(page);
      await shot(page, 'desktop-answer');
      expect(await sidewaysOverflow(page)).toEqual({ document: 0, main: 0 });
      await expectFixedChrome(page);
      await shot(page, 'desktop-answer-end');
      expect(await seriousA11yProblems(page, true)).toEqual([]);
      await setDark(page, true);
      await shot(page, 'desktop-answer-dark');
      expect(await seriousA11yProblems(page, true)).toEqual([]);
    } finally {
      await context.close();
    }
  }, 120_000);

  it.each([
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ])(
    'the shell has no serious or critical axe findings on a %s, light and dark',
    async (name, viewport) => {
      const { context, page } = await open(viewport, false, signedIn);
      try {
        await openEmptyChat(page, baseUrl);
        for (const dark of [false, true]) {
          await setDark(page, dark);
          expect(await seriousA11yProblems(page)).toEqual([]);
          const nav = page.getByRole('navigation', { name: 'Chats' });
          await nav.getByRole('button', { name: /chats panel$/ }).click();
          await nav.getByRole('button', { name: 'New Chat' }).waitFor();
          expect(await seriousA11yProblems(page)).toEqual([]);
          await shot(page, `${name}-panel${dark ? '-dark' : ''}`);
          await page.keyboard.press('Escape');
          await page.getByRole('button', { name: 'User menu' }).click();
          await page.getByRole('button', { name: 'Log out' }).waitFor();
          expect(await seriousA11yProblems(page)).toEqual([]);
          await shot(page, `${name}-user-menu${dark ? '-dark' : ''}`);
          await page.keyboard.press('Escape');
          await page.getByRole('combobox', { name: 'Model' }).click();
          await page.getByRole('listbox').waitFor();
          // While its list is open Radix hides the rest of the page from assistive tech (aria-hidden)
          // and traps focus in the list, as a modal list should. axe then sees no main landmark, no
          // h1 and a list outside every landmark, and focusable elements under aria-hidden but not
          // the trap: the page's own outline is checked with the list closed, above.
          const modalOnly = [
            'aria-hidden-focus: #root',
            'landmark-one-main: html',
            'page-has-heading-one: html',
            'region: div[data-radix-select-viewport',
          ];
          expect(
            (await seriousA11yProblems(page)).filter(
              (line) => !modalOnly.some((known) => line.startsWith(known)),
            ),
          ).toEqual([]);
          await page.keyboard.press('Escape');
          await page.getByRole('listbox').waitFor({ state: 'detached' });
        }
      } finally {
        await context.close();
      }
    },
    60_000,
  );

  it('an unknown address shows the app’s own not-found page with a 404', async () => {
    const { context, page, warnings } = await open(PHONE);
    try {
      const response = await page.goto(`${baseUrl}/settings/xyz`);
      expect(response?.status()).toBe(404);
      await page.getByRole('heading', { level: 1, name: 'Page not found' }).waitFor(WAIT);
      await page.getByRole('link', { name: 'Go to the chat' }).waitFor();
      expect(await sidewaysOverflow(page)).toEqual({ document: 0, main: 0 });
      await shot(page, 'phone-not-found');
      expect(await seriousA11yProblems(page)).toEqual([]);
      await setDark(page, true);
      expect(await seriousA11yProblems(page)).toEqual([]);
      await shot(page, 'phone-not-found-dark');
      const api = await page.goto(`${baseUrl}/api/nope`);
      expect(api?.status()).toBe(404);
      expect(await api?.json()).toEqual({ message: 'Not found: GET /api/nope', code: 'NOT_FOUND' });
      expect(warnings.filter((text) => text.includes('HydrateFallback'))).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
