import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserApp } from '../helpers/browser';
import { startBrowserApp } from '../helpers/browser';
import {
  ANSWER_QUESTION,
  ask,
  chatSession,
  chatsPanel,
  closePanelButton,
  connectedUsers,
  EMPTY_HEADING,
  openChatsPanel,
  openEmptyChat,
  openPanelButton,
  WAIT,
} from '../helpers/chat-screens';
import { hasChromium } from '../helpers/environment';
import {
  assertNoProblems,
  cellName,
  describeOverflow,
  horizontalOverflow,
  newCellPage,
  PHONE,
  type StorageState,
  screensDir,
  themes,
} from '../helpers/screens';
import { type SmtpSink, startSmtpSink } from '../helpers/smtp-sink';

const SETTLE = { timeout: 3_000 };

/** The drawer's backdrop, by the test id the chat gives it. */
const backdrop = (page: Page) => page.locator('[data-testid="drawer-backdrop"]');
const newChatEntry = (page: Page) => chatsPanel(page).getByRole('button', { name: 'New Chat' });

/** Whether the drawer's entries are on screen (a drawer slid away may stay in the page, off to the left). */
async function drawerShown(page: Page): Promise<boolean> {
  const entry = newChatEntry(page);
  if (!(await entry.isVisible())) return false;
  const box = await entry.boundingBox();
  return box !== null && box.x + box.width > 0 && box.x < PHONE.width;
}

/** Opens the drawer; returns a problem if it shows without its backdrop (it still counts as open). */
async function openDrawer(page: Page): Promise<string | null> {
  await openPanelButton(page).tap(SETTLE);
  await expect.poll(() => drawerShown(page), { ...SETTLE, message: 'the drawer did not open' }).toBe(true);
  return backdrop(page)
    .waitFor({ state: 'visible', ...SETTLE })
    .then(
      () => null,
      () => 'the open drawer has no visible backdrop ([data-testid="drawer-backdrop"])',
    );
}

async function expectClosed(page: Page): Promise<void> {
  await expect
    .poll(() => drawerShown(page), { ...SETTLE, message: 'the drawer is still open (its entries on screen)' })
    .toBe(false);
  await backdrop(page).waitFor({ state: 'hidden', ...SETTLE });
  await openPanelButton(page).waitFor({ state: 'visible', ...SETTLE });
  const overflow = await horizontalOverflow(page, PHONE.width);
  if (overflow) throw new Error(`after the drawer closed, the page ${describeOverflow(overflow)}`);
}

/** A finger's swipe from right to left across the drawer, as real touch events. */
async function swipeLeft(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  const y = 420;
  const point = (x: number) => [{ x, y, id: 1 }];
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: point(240) });
  for (let x = 220; x >= 20; x -= 20) {
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: point(x) });
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

/**
 * The chats panel on a 390 × 844 phone is a drawer over a backdrop: its toggle opens it, and its
 * toggle, a tap on the backdrop, Escape, a swipe to the left and picking a chat each close it again,
 * leaving a page that does not scroll sideways.
 */
describe.skipIf(!hasChromium)('the chats drawer on a phone', () => {
  let web: BrowserApp;
  let sink: SmtpSink;
  let session: StorageState;

  beforeAll(async () => {
    await mkdir(screensDir, { recursive: true });
    sink = await startSmtpSink();
    web = await startBrowserApp({ SMTP_URL: sink.url });
    const email = 'drawer.user@example.com';
    await connectedUsers(web, sink, [email]);
    // One answered chat, then a new one: the drawer lists a past chat to pick.
    session = await chatSession(web.browser, web.baseUrl, email, async (page) => {
      await ask(page, ANSWER_QUESTION);
      await openChatsPanel(page);
      await newChatEntry(page).click();
      await page.getByRole('heading', { name: EMPTY_HEADING }).waitFor(WAIT);
    });
  }, 120_000);
  afterAll(async () => {
    await web?.close();
    await sink?.close();
  });

  const closings: [string, (page: Page) => Promise<void>][] = [
    ['its toggle', (page) => closePanelButton(page).tap(SETTLE)],
    [
      'a tap on the backdrop',
      async (page) => {
        // Beside the drawer (it is narrower than the phone), where only the backdrop is. Without a
        // backdrop the tap would land on the chat (a suggestion asks a question), so it is not made.
        if (!(await backdrop(page).isVisible())) throw new Error('no backdrop to tap');
        await page.touchscreen.tap(PHONE.width - 20, PHONE.height / 2);
      },
    ],
    ['Escape', (page) => page.keyboard.press('Escape')],
    ['a swipe to the left', swipeLeft],
    [
      'picking a chat',
      async (page) => {
        await chatsPanel(page).getByRole('button', { name: ANSWER_QUESTION }).tap(SETTLE);
        await page.getByText('Viewing Past Conversation').waitFor(WAIT);
      },
    ],
  ];

  it.each(themes)(
    '%s: opens with its toggle and closes by toggle, backdrop, Escape, swipe and picking a chat',
    async (theme) => {
      const cell = { viewport: PHONE, theme };
      const { context, page } = await newCellPage(web.browser, cell, session);
      const problems: string[] = [];
      const shot = (step: string) =>
        page
          .screenshot({ path: path.join(screensDir, `${cellName(`drawer-${step}`, cell)}.png`) })
          .catch(() => {});
      try {
        await openEmptyChat(page, web.baseUrl);
        // A phone opens on the chat, the drawer put away.
        if (await drawerShown(page)) problems.push('the drawer is open before any tap');
        for (const [way, close] of closings) {
          const step = way.replace(/\W+/g, '-');
          try {
            const missing = await openDrawer(page);
            if (missing && !problems.includes(missing)) problems.push(missing);
            await shot(`open-before-${step}`);
            await close(page);
            await expectClosed(page);
          } catch (error) {
            problems.push(
              `closing by ${way}: ${error instanceof Error ? error.message.split('\n')[0] : error}`,
            );
            await shot(`not-closed-by-${step}`);
            // A fresh start for the next way (the panel's open state lives in the page).
            const restarted = await openEmptyChat(page, web.baseUrl).then(
              () => true,
              () => false,
            );
            if (!restarted) {
              problems.push(`after closing by ${way} failed, the chat did not load again`);
              break;
            }
          }
        }
      } finally {
        await context.close();
      }
      assertNoProblems(problems);
    },
    120_000,
  );
});
