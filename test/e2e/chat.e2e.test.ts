import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerQuestion } from '../../src/analyst/engine';
import { activeScope } from '../../src/server/accounts/accounts';
import { todayIn } from '../../src/server/demo/seed';
import { formatValue } from '../../src/web/features/chat/lib/format';
import type { TestApp } from '../helpers/app';
import { artifactsDir, logInToChat } from '../helpers/browser';
import { type ChatUserApp, startSyncedChatUserApp } from '../helpers/chat-user';
import { hasChromium } from '../helpers/environment';
import { SYNCED_SETUP_MS, syncedUser } from '../helpers/synced-template';

const WAIT = { timeout: 20_000 };
const QUESTION = 'Top 5 campaigns by spend in the last 30 days';

/** The chat on the demo account, in Chromium: ask, read a table and a chart, reopen, report. */
describe.skipIf(!hasChromium)('the chat in Chromium', () => {
  let web: ChatUserApp;
  let t: TestApp;
  let browser: Browser;
  let baseUrl: string;
  let userId: string;
  let email: string;

  beforeAll(async () => {
    web = await startSyncedChatUserApp();
    ({ t, browser, baseUrl, userId, email } = web);
  }, SYNCED_SETUP_MS);
  afterAll(async () => {
    await web?.close();
  });

  const shot = (page: Page, name: string) =>
    page.screenshot({ path: path.join(artifactsDir, `chat-${name}.png`), fullPage: true }).catch(() => {});

  it('logs in, answers with a table and a bar chart, reopens it read-only, and streams a report', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    try {
      // 1. Log in.
      await logInToChat(page, baseUrl, email);
      await shot(page, 'empty');

      // 2. Ask.
      const input = page.getByLabel('Message', { exact: true });
      await input.fill(QUESTION);
      await input.press('Enter');

      // 3. A table and a bar chart with the engine's numbers.
      const answer = page.getByRole('article', { name: 'Assistant message' }).first();
      const table = answer.getByRole('table').first();
      await table.waitFor(WAIT);
      await answer.locator('.recharts-wrapper').first().waitFor(WAIT);
      const db = t.testDatabase.database.db;
      const expected = await answerQuestion(
        {
          db,
          scope: { accountIds: (await activeScope(db, userId)).accountIds },
          today: todayIn('America/New_York'),
        },
        QUESTION,
      );
      const rows = expected.queries[0]?.rows ?? [];
      expect(rows).toHaveLength(5);
      // The table types itself in; wait for its last figure.
      await page.waitForFunction(
        (last) => document.querySelector('table')?.textContent?.includes(last) ?? false,
        formatValue('spend', rows[4]?.spend),
        WAIT,
      );
      const tableText = (await table.textContent()) ?? '';

      for (const row of rows) {
        expect(tableText).toContain(String(row.campaign));
        expect(tableText).toContain(formatValue('spend', row.spend));
      }
      await shot(page, 'answer');

      // A reload shows the same conversation, with the same content types.
      await page.reload();
      await page.getByRole('article', { name: 'Assistant message' }).getByRole('table').first().waitFor(WAIT);
      await page.locator('.recharts-wrapper').first().waitFor(WAIT);
      expect(await page.getByText(QUESTION, { exact: true }).count()).toBeGreaterThan(0);

      // 4. A past conversation is read-only.
      await page.getByRole('navigation', { name: 'Chats' }).hover();
      // The old chat is a past one once the server has made the new session.
      await Promise.all([
        page.waitForResponse((response) => response.url().endsWith('/api/new-chat')),
        page.getByRole('button', { name: 'New Chat' }).click(),
      ]);
      await page.getByRole('navigation', { name: 'Chats' }).getByRole('button', { name: QUESTION }).click();
      await page.getByText('Viewing Past Conversation').waitFor(WAIT);
      await page.getByRole('table').first().waitFor(WAIT);
      await input.fill('How much did I spend yesterday?');
      await input.press('Enter');
      await page
        .getByText(
          'You are viewing a past conversation. Please return to the current conversation to send messages.',
        )
        .waitFor(WAIT);
      await shot(page, 'past-conversation');
      await page.getByRole('button', { name: 'Back to current chat' }).click();

      // 5. A report prompt: its sections stream in, in order.
      await page.getByRole('navigation', { name: 'Chats' }).hover();
      await page.getByRole('button', { name: 'Performance prompt' }).click();
      const sections = page.getByRole('article', { name: /^Report section: / });
      await sections.nth(1).waitFor(WAIT);
      await page.waitForFunction(
        () => document.querySelectorAll('article[data-report-order]').length >= 3,
        undefined,
        WAIT,
      );
      const orders = await sections.evaluateAll((nodes) =>
        nodes.map((n) => Number(n.getAttribute('data-report-order'))),
      );
      expect(orders).toEqual([...orders].sort((a, b) => a - b));
      expect(orders[0]).toBe(0);
      await shot(page, 'report');
    } finally {
      await shot(page, 'last');
      await page.close();
    }
  }, 90_000);

  it('reads a follow-up against the chat, and shows a decline once, with no figures', async () => {
    // A user of their own (the app's user is pool user 0): the free plan's three questions a day
    // are this test's three.
    const { email: own } = await syncedUser(t, 1);
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    try {
      await logInToChat(page, baseUrl, own);
      const input = page.getByLabel('Message', { exact: true });
      const answers = page.getByRole('article', { name: 'Assistant message' });

      await input.fill('How much did I spend in the last 7 days?');
      await input.press('Enter');
      await answers.first().getByRole('table').waitFor(WAIT);
      await input.fill('and last month?');
      await input.press('Enter');
      // The follow-up is stated back as it was read: spend, last month (in the folded reasoning).
      await page.getByText(/Read as:\s*Spend, last month/).waitFor({ ...WAIT, state: 'attached' });

      // Hours are data Meta's daily rows cannot give, so this one stays a decline.
      const decline = 'What time of day do we get the most purchases?';
      await input.fill(decline);
      await input.press('Enter');
      const reason = page.getByText(/not per hour/i);
      await reason.first().waitFor(WAIT);
      const last = answers.last();
      expect(await reason.count()).toBe(1);
      expect(await last.getByRole('table').count()).toBe(0);
      expect(await last.locator('.recharts-wrapper').count()).toBe(0);
      await shot(page, 'follow-up-and-decline');
    } finally {
      await page.close();
    }
  }, 90_000);
});
