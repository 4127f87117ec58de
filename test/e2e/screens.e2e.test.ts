import { createRequire } from 'node:module';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDemoAccounts, settledAccounts } from '../helpers/ad-accounts';
import { artifactsDir, type BrowserApp, startBrowserApp } from '../helpers/browser';
import { hasChromium } from '../helpers/environment';
import { type SmtpSink, startSmtpSink } from '../helpers/smtp-sink';
import { signUpUser } from '../helpers/users';

const WAIT = { timeout: 20_000 };
const AXE = createRequire(import.meta.url).resolve('axe-core');
const sizes = { desktop: { width: 1440, height: 900 }, phone: { width: 390, height: 844 } } as const;
const themes = ['light', 'dark'] as const;
type Theme = (typeof themes)[number];
type Size = keyof typeof sizes;

interface Finding {
  screen: string;
  rule: string;
  impact: string;
  targets: string[];
}

/**
 * The sign-in, signup, permissions, plans, terms, checkout and settings screens in Chromium, in
 * both themes at desktop and phone sizes: axe-core finds no serious or critical violation, and
 * each screen is kept as test-results/screens-<screen>-<theme>-<size>.png.
 */
describe.skipIf(!hasChromium)('the account screens pass axe-core in both themes and sizes', () => {
  let web: BrowserApp;
  let sink: SmtpSink;
  let newUserToken: string;
  let chatToken: string;
  let proToken: string;
  const chatEmail = 'screens-chat@example.com';
  const proEmail = 'screens-pro@example.com';
  const findings: Finding[] = [];
  let signups = 0;

  beforeAll(async () => {
    sink = await startSmtpSink();
    web = await startBrowserApp({ SMTP_URL: sink.url });
    newUserToken = await signUpUser(web.t.app, sink, 'screens-new@example.com');
    chatToken = await connectDemoAccounts(web.t.app, await signUpUser(web.t.app, sink, chatEmail));
    await settledAccounts(web.t.app, chatToken);
    proToken = await connectDemoAccounts(web.t.app, await signUpUser(web.t.app, sink, proEmail));
    await settledAccounts(web.t.app, proToken);
  });
  afterAll(async () => {
    await web?.close();
    await sink?.close();
  });

  async function open(
    browser: Browser,
    theme: Theme,
    size: Size,
    token?: string,
    uid = chatEmail,
  ): Promise<Page> {
    // The page's CSP forbids inline scripts; axe is injected as one, so this test context bypasses it.
    const page = await browser.newPage({ viewport: sizes[size], colorScheme: theme, bypassCSP: true });
    await page.addInitScript(
      ({ theme, token, uid }) => {
        localStorage.setItem('theme', theme);
        if (token) {
          localStorage.setItem('token', token);
          localStorage.setItem('userInfo', JSON.stringify({ uid, name: uid }));
        }
      },
      { theme, token: token ?? null, uid },
    );
    return page;
  }

  /** Runs axe on the page (or inside `within`), records what it finds and keeps a screenshot. */
  async function check(page: Page, name: string, theme: Theme, size: Size, within?: string) {
    await page.waitForTimeout(300);
    await page.screenshot({ path: path.join(artifactsDir, `screens-${name}-${theme}-${size}.png`) });
    await page.addScriptTag({ path: AXE });
    const violations = await page.evaluate(async (context) => {
      const axe = (window as unknown as { axe: { run: (c: unknown) => Promise<{ violations: unknown[] }> } })
        .axe;
      const result = await axe.run(context ? { include: [context] } : document);
      return result.violations as {
        id: string;
        impact: string;
        nodes: { target: string[]; failureSummary: string }[];
      }[];
    }, within ?? null);
    for (const violation of violations) {
      if (violation.impact !== 'serious' && violation.impact !== 'critical') continue;
      findings.push({
        screen: `${name} ${theme} ${size}`,
        rule: violation.id,
        impact: violation.impact,
        targets: violation.nodes.map((node) => `${node.target.join(' ')} — ${node.failureSummary}`),
      });
    }
    const sideways = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
    if (sideways)
      findings.push({
        screen: `${name} ${theme} ${size}`,
        rule: 'scrolls sideways',
        impact: 'serious',
        targets: [],
      });
  }

  it('a paid demo checkout lands on the chat with a success message', async () => {
    const page = await open(web.browser, 'light', 'desktop', proToken, proEmail);
    try {
      await page.goto(`${web.baseUrl}/plans`);
      await page.getByRole('button', { name: 'Subscribe Now' }).click();
      await page.waitForURL(/\/demo-checkout\//, WAIT);
      await page.getByRole('button', { name: 'Pay' }).click();
      await page.waitForURL((url) => url.pathname === '/', WAIT);
      const notice = page.getByRole('complementary', { name: 'Payment' });
      expect(await notice.getByRole('status').textContent(WAIT)).toBe("Payment successful — you're on Pro.");
      await page.screenshot({ path: path.join(artifactsDir, 'screens-checkout-success-light-desktop.png') });
    } finally {
      await page.close();
    }
  }, 60_000);

  for (const theme of themes) {
    for (const size of Object.keys(sizes) as Size[]) {
      it(`${theme} at ${size}`, async () => {
        const page = await open(web.browser, theme, size);
        try {
          await page.goto(`${web.baseUrl}/login`);
          await page.getByRole('heading', { name: 'Sign in to ARLO' }).waitFor(WAIT);
          await check(page, 'login', theme, size);
          await page.getByRole('button', { name: 'Continue with Facebook' }).click();
          await page.getByRole('alert').waitFor(WAIT);
          await check(page, 'login-error', theme, size);
          await page.getByLabel('Email', { exact: true }).fill(chatEmail);
          await page.getByRole('button', { name: 'Continue', exact: true }).click();
          await page.getByLabel('Password', { exact: true }).waitFor(WAIT);
          await check(page, 'login-password', theme, size);
          await page.getByRole('button', { name: 'Forgot password?' }).click();
          await page.getByRole('dialog', { name: 'Reset your password' }).waitFor(WAIT);
          await check(page, 'login-reset', theme, size, '[role=dialog]');
          await page.keyboard.press('Escape');

          await page.goto(`${web.baseUrl}/signup`);
          await page.getByRole('heading', { name: 'Join ARLO' }).waitFor(WAIT);
          await check(page, 'signup', theme, size);
          signups += 1;
          await page.getByLabel('Email', { exact: true }).fill(`screens-${signups}@example.com`);
          await page.getByRole('button', { name: 'Continue', exact: true }).click();
          await page.getByLabel('Confirm password', { exact: true }).waitFor(WAIT);
          await check(page, 'signup-password', theme, size);
          await page.getByLabel('Password', { exact: true }).fill('Sunny-Day-42');
          await page.getByLabel('Confirm password', { exact: true }).fill('Sunny-Day-42');
          await page.getByRole('button', { name: 'Create Account' }).click();
          await page.getByLabel('Verification code', { exact: true }).waitFor(WAIT);
          await check(page, 'signup-verify', theme, size);

          await page.goto(`${web.baseUrl}/terms`);
          await page.getByRole('heading', { name: 'Terms of Service' }).waitFor(WAIT);
          await check(page, 'terms', theme, size);
        } finally {
          await page.close();
        }

        const fresh = await open(web.browser, theme, size, newUserToken);
        try {
          await fresh.goto(`${web.baseUrl}/platforms-permissions`);
          await fresh.getByRole('heading', { name: 'Platform Permissions' }).waitFor(WAIT);
          await check(fresh, 'permissions', theme, size);
        } finally {
          await fresh.close();
        }

        const chat = await open(web.browser, theme, size, chatToken);
        try {
          for (const plans of ['plans', 'yplans']) {
            await chat.goto(`${web.baseUrl}/${plans}`);
            await chat.getByRole('button', { name: 'Subscribe Now' }).waitFor(WAIT);
            await check(chat, plans, theme, size);
          }
          await chat.getByRole('button', { name: 'Subscribe Now' }).click();
          await chat.waitForURL(/\/demo-checkout\//, WAIT);
          await check(chat, 'checkout', theme, size);
        } finally {
          await chat.close();
        }

        const pro = await open(web.browser, theme, size, proToken, proEmail);
        try {
          const chat = pro;
          await chat.goto(`${web.baseUrl}/`);
          await chat.getByRole('button', { name: 'User menu' }).click();
          await chat.getByRole('button', { name: 'Settings' }).click();
          const settings = chat.getByRole('dialog', { name: 'Settings' });
          await settings.getByText(proEmail).waitFor(WAIT);
          await check(chat, 'settings-account', theme, size, '[role=dialog]');
          await settings.getByRole('button', { name: 'Manage', exact: true }).click();
          await chat
            .getByRole('dialog', { name: 'Manage Subscription' })
            .getByText('Plan', { exact: true })
            .waitFor(WAIT);
          await check(chat, 'manage-subscription', theme, size, '[role=dialog]');
          await chat.keyboard.press('Escape');
          for (const tab of ['Integrations', 'Appearance', 'Get Help']) {
            await settings.getByRole('tab', { name: tab }).click();
            await check(
              chat,
              `settings-${tab.toLowerCase().replace(' ', '-')}`,
              theme,
              size,
              '[role=dialog]',
            );
          }
          await settings.getByRole('tab', { name: 'Integrations' }).click();
          await settings.getByRole('button', { name: 'Manage Meta Ads' }).click();
          await chat
            .getByRole('dialog', { name: 'Manage Meta Accounts' })
            .getByRole('switch')
            .first()
            .waitFor(WAIT);
          await check(chat, 'manage-accounts', theme, size, '[role=dialog]');
        } finally {
          await pro.close();
        }
        expect(findings.filter((finding) => finding.screen.endsWith(`${theme} ${size}`))).toEqual([]);
      }, 180_000);
    }
  }
});
