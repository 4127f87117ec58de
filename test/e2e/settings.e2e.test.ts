import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerQuestion } from '../../src/analyst/engine';
import { activeScope } from '../../src/server/accounts/accounts';
import { todayIn } from '../../src/server/demo/seed';
import { formatValue } from '../../src/web/features/chat/lib/format';
import { settledAccounts } from '../helpers/ad-accounts';
import type { TestApp } from '../helpers/app';
import { artifactsDir, logInToChat } from '../helpers/browser';
import { type ChatUserApp, startSyncedChatUserApp } from '../helpers/chat-user';
import { hasChromium } from '../helpers/environment';
import { callTool, connectMcp } from '../helpers/mcp-client';
import { SYNCED_SETUP_MS } from '../helpers/synced-template';
import { bearer } from '../helpers/users';

const WAIT = { timeout: 20_000 };
const QUESTION = 'How much did I spend in the last 7 days?';

/**
 * Settings in Chromium: switching a Meta account off in Manage Meta Accounts takes it out of the
 * next answer and switching it on brings it back; Dark mode applies at once and survives a reload.
 */
describe.skipIf(!hasChromium)('Settings in Chromium', () => {
  let web: ChatUserApp;
  let t: TestApp;
  let token: string;
  let userId: string;
  let email: string;

  beforeAll(async () => {
    // A marketer with the demo ad accounts connected and both synced: a pre-connected user of the
    // synced template (the permissions screen and the sync have end-to-end tests of their own).
    web = await startSyncedChatUserApp();
    ({ t, token, userId, email } = web);
  }, SYNCED_SETUP_MS);
  afterAll(async () => {
    await web?.close();
  });

  // The viewport only: a full-page shot would cut the dialogs' overlay off at the first screen.
  const shot = (page: Page, name: string) =>
    page.screenshot({ path: path.join(artifactsDir, `settings-${name}.png`) }).catch(() => {});

  /** The engine's spend for the question over these accounts, as the chat prints it. */
  async function expectedSpend(accountIds: string[]): Promise<string> {
    const answer = await answerQuestion(
      { db: t.testDatabase.database.db, scope: { accountIds }, today: todayIn('America/New_York') },
      QUESTION,
    );
    const spend = answer.queries[0]?.rows[0]?.spend;
    expect(typeof spend).toBe('number');
    return formatValue('spend', spend);
  }

  /** Asks in the chat and waits until answer number `index` shows `spend`. */
  async function askForSpend(page: Page, index: number, spend: string): Promise<Locator> {
    const input = page.getByLabel('Message', { exact: true });
    await input.fill(QUESTION);
    await input.press('Enter');
    const answer = page.getByRole('article', { name: 'Assistant message' }).nth(index);
    await answer.getByText(spend).first().waitFor(WAIT);
    // The answer is complete (and the input free again) once its copy button shows.
    await answer.getByRole('button', { name: 'Copy message' }).waitFor(WAIT);
    return answer;
  }

  async function openSettings(page: Page): Promise<Locator> {
    await page.getByRole('button', { name: 'User menu' }).click();
    await page.getByRole('button', { name: 'Settings' }).click();
    const settings = page.getByRole('dialog', { name: 'Settings' });
    await settings.waitFor(WAIT);
    return settings;
  }

  /** Settings → Integrations → Manage, switches the account, and closes both dialogs again. */
  async function switchAccount(page: Page, name: string, on: boolean): Promise<void> {
    const settings = await openSettings(page);
    await settings.getByRole('tab', { name: 'Integrations' }).click();
    await settings.getByRole('button', { name: 'Manage Meta Ads' }).click();
    const manage = page.getByRole('dialog', { name: 'Manage Meta Accounts' });
    const toggle = manage.getByRole('switch', { name });
    await toggle.waitFor(WAIT);
    expect(await toggle.getAttribute('aria-checked')).toBe(String(!on));
    const saved = page.waitForResponse(
      (response) => response.url().endsWith('/status') && response.request().method() === 'PUT',
    );
    await toggle.click();
    expect((await saved).ok()).toBe(true);
    expect(await toggle.getAttribute('aria-checked')).toBe(String(on));
    await page.keyboard.press('Escape');
    await manage.waitFor({ state: 'detached' });
    await page.keyboard.press('Escape');
    await settings.waitFor({ state: 'detached' });
  }

  it('leaves a switched-off account out of the answers, and Dark mode survives a reload', async () => {
    const accounts = (
      await t.app.inject({ method: 'GET', url: '/api/accounts', headers: bearer(token) })
    ).json().accounts as { account_id: string; name: string }[];
    expect(accounts).toHaveLength(2);
    const [off, kept] = accounts as [(typeof accounts)[0], (typeof accounts)[0]];
    const bothIds = (await activeScope(t.testDatabase.database.db, userId)).accountIds;
    expect(new Set(bothIds)).toEqual(new Set([off.account_id, kept.account_id]));
    const bothSpend = await expectedSpend(bothIds);
    const keptSpend = await expectedSpend([kept.account_id]);
    expect(keptSpend).not.toBe(bothSpend);

    const page = await web.browser.newPage({ viewport: { width: 1280, height: 900 } });
    try {
      // 1. Log in and ask: both accounts count.
      await logInToChat(page, web.baseUrl, email);
      await askForSpend(page, 0, bothSpend);

      // The tabs, for the record.
      const settings = await openSettings(page);
      await settings.getByRole('tabpanel', { name: 'Account' }).getByText(email).waitFor(WAIT);
      await shot(page, 'account');
      await settings.getByRole('tab', { name: 'Integrations' }).click();
      await settings.getByRole('button', { name: 'Manage Meta Ads' }).waitFor(WAIT);
      await shot(page, 'integrations');
      await settings.getByRole('button', { name: 'Manage Meta Ads' }).click();
      await page
        .getByRole('dialog', { name: 'Manage Meta Accounts' })
        .getByRole('switch')
        .first()
        .waitFor(WAIT);
      await shot(page, 'manage-meta-accounts');
      await page.keyboard.press('Escape');
      await settings.getByRole('tab', { name: 'Appearance' }).click();
      await settings.getByRole('radiogroup', { name: 'Theme' }).waitFor(WAIT);
      await shot(page, 'appearance');
      // An MCP token made here works for an MCP client until it is revoked here.
      await settings.getByRole('tab', { name: 'Data and Dev Tools' }).click();
      const data = settings.getByRole('tabpanel', { name: 'Data and Dev Tools' });
      await data.getByRole('textbox', { name: 'Token name' }).fill('Claude Desktop');
      await data.getByRole('button', { name: 'Create token' }).click();
      const secret = await data.getByRole('textbox', { name: 'New MCP token' }).inputValue();
      expect(secret).toMatch(/^arlo_pat_/);
      await shot(page, 'data-and-dev-tools');
      const client = await connectMcp(web.baseUrl, secret);
      const listed = await callTool(client, 'list_accounts');
      expect(listed.isError).toBeFalsy();
      await data.getByRole('button', { name: 'Done' }).click();
      await data.getByRole('button', { name: 'Revoke Claude Desktop' }).click();
      await data.getByText('No tokens yet.').waitFor(WAIT);
      await expect(callTool(client, 'list_accounts')).rejects.toMatchObject({ code: 401 });
      await data.getByRole('switch', { name: 'Weekly digest' }).waitFor(WAIT);
      await settings.getByRole('tab', { name: 'Get Help' }).click();
      await settings.getByText('The community link is not configured on this server.').waitFor(WAIT);
      await shot(page, 'get-help');
      await page.keyboard.press('Escape');
      await settings.waitFor({ state: 'detached' });

      // 2. One account off: the next answer is the other account's spend alone.
      await switchAccount(page, off.name, false);
      expect((await activeScope(t.testDatabase.database.db, userId)).accountIds).toEqual([kept.account_id]);
      const second = await askForSpend(page, 1, keptSpend);
      expect(await second.textContent()).not.toContain(bothSpend);

      // 3. On again (which refreshes it): the first figure returns.
      await switchAccount(page, off.name, true);
      await settledAccounts(t.app, token);
      await askForSpend(page, 2, bothSpend);
      await shot(page, 'answers');

      // 4. Dark applies at once, and a reload keeps it.
      const appearance = await openSettings(page);
      await appearance.getByRole('tab', { name: 'Appearance' }).click();
      await appearance.getByRole('radio', { name: 'Dark' }).click();
      const htmlIsDark = () => page.evaluate(() => document.documentElement.classList.contains('dark'));
      expect(await htmlIsDark()).toBe(true);
      await shot(page, 'appearance-dark');
      await page.keyboard.press('Escape');
      await page.reload();
      await page.getByRole('article', { name: 'Assistant message' }).first().waitFor(WAIT);
      expect(await htmlIsDark()).toBe(true);
      const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
      expect(background).not.toBe('rgb(248, 250, 252)');
      await shot(page, 'dark-after-reload');
    } finally {
      await shot(page, 'last');
      await page.close();
    }
  }, 120_000);
});
