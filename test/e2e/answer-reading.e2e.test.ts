import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerQuestion } from '../../src/analyst/engine';
import { activeScope } from '../../src/server/accounts/accounts';
import { currentSession, saveQuestion, saveReplies } from '../../src/server/chat/sessions';
import { todayIn } from '../../src/server/demo/seed';
import type { AssistantMessage, ContentItem } from '../../src/shared/api/answer';
import type { TestApp } from '../helpers/app';
import { blockingFindings } from '../helpers/axe';
import { artifactsDir } from '../helpers/browser';
import { openEmptyChat, signedInState } from '../helpers/chat-screens';
import { type ChatUserApp, startSyncedChatUserApp } from '../helpers/chat-user';
import { hasChromium } from '../helpers/environment';
import { SYNCED_SETUP_MS, syncedUser } from '../helpers/synced-template';

const WAIT = { timeout: 20_000 };
const QUESTION = 'Top 5 campaigns by spend in the last 30 days';
const LONG_QUESTION = 'Which campaign has the longest name?';
const LONG_NAME = `Spring ${'Sale'.repeat(750)}`;
const NEWLINE_NAME = 'Retargeting\nline two\nline three\nline four';

const longAnswer: AssistantMessage = {
  sender: 'lynceus',
  analytics: {
    type: 'complex',
    data: [
      { type: 'text', content: `**${LONG_NAME}** spent the most: $320.50.` },
      {
        type: 'table',
        header: 'Longest names',
        data: [
          { campaign: LONG_NAME, spend: 320.5, currency: 'USD' },
          { campaign: NEWLINE_NAME, spend: 210, currency: 'USD' },
        ],
        columns: [
          { key: 'campaign', label: 'Campaign', unit: 'text' },
          { key: 'spend', label: 'Spend', unit: 'money' },
          { key: 'currency', label: 'Currency', unit: 'text' },
        ],
      },
    ],
  },
  reasoning: {
    type: 'text',
    header: 'How this was computed',
    content:
      '- **Period:** the last 7 days (Nov 13 – Nov 19, 2026), whole days, inclusive.\n- **Accounts:** Acme (USD); only active accounts are included.\n- **Level:** campaign.\n- **Source:** 1 SQL query over the synced daily ad rows.',
  },
  actionable_insights: { type: 'text', header: 'Actionable insights', content: `- Scale **${LONG_NAME}**.` },
  suggestions: [],
};

/** The blocking axe findings inside the elements the selector names. */
const axeFindings = (page: Page, selector: string) => blockingFindings(page, { include: [selector] });

/** An answer's table in Chromium: its CSV download, and long names that keep the page its width. */
describe.skipIf(!hasChromium)('reading an answer in Chromium', () => {
  let web: ChatUserApp;
  let t: TestApp;
  let browser: Browser;
  let baseUrl: string;
  let userId: string;

  beforeAll(async () => {
    web = await startSyncedChatUserApp();
    ({ t, browser, baseUrl, userId } = web);
  }, SYNCED_SETUP_MS);
  afterAll(async () => {
    await web?.close();
  });

  const shot = (page: Page, name: string) =>
    page.screenshot({ path: path.join(artifactsDir, `answer-${name}.png`), fullPage: true }).catch(() => {});

  it("downloads a table as CSV with the engine's raw numbers", async () => {
    // Signed in as the login page leaves it; signing in has tests of its own.
    const page = await browser.newPage({
      viewport: { width: 1440, height: 900 },
      acceptDownloads: true,
      storageState: await signedInState(web, web.token),
    });
    try {
      await openEmptyChat(page, baseUrl);
      const input = page.getByLabel('Message', { exact: true });
      await input.fill(QUESTION);
      await input.press('Enter');
      const answer = page.getByRole('article', { name: 'Assistant message' }).first();
      const download = answer.getByRole('button', { name: 'Download CSV' }).first();
      // The actions show once the table has typed in.
      await download.waitFor(WAIT);
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
      const parts = expected.message.analytics.data as ContentItem[];
      const shown = parts.find((part) => part.type === 'table');
      const columns = shown?.columns ?? [];
      expect(columns.map((column) => column.key)).toContain('spend');

      const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
      expect(file.suggestedFilename()).toBe('campaigns-by-spend.csv');
      const csv = await readFile((await file.path()) as string, 'utf8');
      const lines = csv.trimEnd().split('\r\n');
      // A header of the column labels, then each row's raw figures, exactly as the engine computed them.
      expect(lines[0]).toBe(columns.map((column) => column.label).join(','));
      expect(lines).toHaveLength(rows.length + 1);
      const field = (value: unknown) => {
        const text = value === null || value === undefined ? '' : String(value);
        return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
      };
      rows.forEach((row, index) => {
        expect(lines[index + 1]).toBe(columns.map((column) => field(row[column.key])).join(','));
        expect(lines[index + 1]).toContain(`,${row.spend},`);
      });

      // The method is folded; what the answer covers reads in one line.
      const details = answer.locator('details');
      expect(await details.getAttribute('open')).toBeNull();
      expect(await answer.getByTestId('reasoning-scope').textContent()).toMatch(/^Period: .*· Accounts: /);
      await shot(page, 'desktop-light');
      await page.evaluate(() => document.documentElement.classList.add('dark'));
      await shot(page, 'desktop-dark');
      expect(await axeFindings(page, 'article')).toEqual([]);
    } finally {
      await page.close();
    }
  }, 120_000);

  it('keeps a 3,000-character name and a name with line breaks inside the answer at 390 px', async () => {
    // A reader of their own (the app's user is pool user 0), whose one past chat is this answer as
    // the chat saved it.
    const { token, id: otherId } = await syncedUser(t, 1);
    const page = await browser.newPage({
      viewport: { width: 1440, height: 900 },
      storageState: await signedInState(web, token),
    });
    try {
      await openEmptyChat(page, baseUrl);
      const db = t.testDatabase.database.db;
      const session = await currentSession(db, otherId);
      const question = await saveQuestion(db, otherId, session.id, LONG_QUESTION);
      if (!question) throw new Error('the question was not saved');
      await saveReplies(db, question, [{ sender: 'lynceus', response: longAnswer }]);
      await page.reload();
      // Opened from the chats panel at desktop width (its phone drawer has tests of its own),
      // then read at phone width.
      const chats = page.getByRole('navigation', { name: 'Chats' });
      await chats.hover();
      await chats.getByRole('button', { name: LONG_QUESTION }).click();
      const answer = page.getByRole('article', { name: 'Assistant message' });
      await answer.getByRole('table').waitFor(WAIT);
      await page.setViewportSize({ width: 390, height: 844 });

      for (const theme of ['light', 'dark'] as const) {
        if (theme === 'dark') await page.evaluate(() => document.documentElement.classList.add('dark'));
        await shot(page, `long-name-phone-${theme}`);
        // Nothing in the answer sticks out past the screen's right edge (a table scrolls inside its
        // own region). The header's own width at 390 px is the phone layout's to test.
        const wide = await page.evaluate(() => {
          const out: string[] = [];
          for (const element of document.querySelectorAll('body *')) {
            const right = element.getBoundingClientRect().right;
            if (right <= window.innerWidth + 0.5) continue;
            if (element.parentElement?.closest('[data-testid="content-table"]')) continue;
            if (!element.closest('article')) continue;
            out.push(
              `${element.tagName.toLowerCase()}.${String(element.className).slice(0, 60)} → ${Math.round(right)}`,
            );
          }
          return out;
        });
        expect(wide, theme).toEqual([]);
        expect(await axeFindings(page, 'article')).toEqual([]);
      }
      // The clamped cell keeps the whole name in its title.
      const cell = answer.getByRole('cell', { name: LONG_NAME });
      expect(await cell.getAttribute('title')).toBe(LONG_NAME);
      // The table's scroll area is reachable by keyboard.
      const region = answer.getByRole('region', { name: 'Table: Longest names' });
      expect(await region.getAttribute('tabindex')).toBe('0');
    } finally {
      await page.close();
    }
  }, 120_000);
});
