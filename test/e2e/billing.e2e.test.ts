import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { artifactsDir } from '../helpers/browser';
import { type ChatUserApp, startSyncedChatUserApp } from '../helpers/chat-user';
import { hasChromium } from '../helpers/environment';
import { SYNCED_SETUP_MS } from '../helpers/synced-template';
import { bearer } from '../helpers/users';

const WAIT = { timeout: 20_000 };

/** The whole upgrade with no Stripe keys: /plans → the demo checkout → back in the chat as Pro. */
describe.skipIf(!hasChromium)('upgrading to Pro in Chromium (demo checkout)', () => {
  let web: ChatUserApp;
  let token: string;
  let email: string;

  beforeAll(async () => {
    // A free-plan user who has not asked yet, with the demo accounts synced (the synced template's).
    web = await startSyncedChatUserApp();
    ({ token, email } = web);
  }, SYNCED_SETUP_MS);
  afterAll(async () => {
    await web?.close();
  });

  const shot = (page: Page, name: string) =>
    page.screenshot({ path: path.join(artifactsDir, `billing-${name}.png`), fullPage: true }).catch(() => {});

  /** One question through the API, as the chat asks it; returns the first event's type. */
  async function ask(): Promise<string> {
    const app = web.t.app;
    const session = await app.inject({ method: 'GET', url: '/api/sessions/current', headers: bearer(token) });
    const answer = await app.inject({
      method: 'POST',
      url: '/api/ask',
      headers: bearer(token),
      payload: {
        message: 'How much did I spend in the last 7 days?',
        sessionId: session.json().sessionId,
        timezone: 'UTC',
        model: 'arlo_auto',
      },
    });
    const first = answer.payload.split('\n\n').find((block) => block.startsWith('data: '));
    return (JSON.parse(first?.slice(6) ?? '{}') as { type?: string }).type ?? '';
  }

  it('a basic user subscribes on /plans, comes back as Pro, and is no longer limited to 3 questions', async () => {
    // The free plan's three questions are used up.
    for (let i = 0; i < 3; i++) expect(await ask()).toBe('analytics');
    expect(await ask()).toBe('quota_exceeded');

    const page = await web.browser.newPage({ viewport: { width: 1280, height: 900 } });
    try {
      const userInfo = encodeURIComponent(JSON.stringify({ uid: email, name: 'Upgrader' }));
      await page.goto(`${web.baseUrl}/plans?token=${encodeURIComponent(token)}&userInfo=${userInfo}`);
      await page.getByRole('heading', { name: 'Choose Your Plan' }).waitFor(WAIT);
      await page.waitForURL(`${web.baseUrl}/plans`, WAIT);
      await shot(page, 'plans');
      await page.getByRole('button', { name: 'Subscribe Now' }).click();

      await page.waitForURL(/\/demo-checkout\//, WAIT);
      await page.getByText('no card is charged').waitFor(WAIT);
      await shot(page, 'demo-checkout');
      await page.getByRole('button', { name: 'Pay' }).click();

      await page.waitForURL((url) => url.pathname === '/', WAIT);
      await page.getByRole('heading', { name: 'How can I help you today?' }).waitFor(WAIT);
      // The success message, in its own named region of the chat, word for word.
      const notice = page.getByRole('complementary', { name: 'Payment' }).getByRole('status');
      await notice.waitFor(WAIT);
      expect(await notice.textContent()).toBe("Payment successful — you're on Pro.");
      await shot(page, 'back-as-pro');
    } finally {
      await page.close();
    }

    const status = await web.t.app.inject({
      method: 'GET',
      url: '/auth/user/status',
      headers: bearer(token),
    });
    expect(status.json().user).toMatchObject({ user_type: 'pro', status: 'active' });
    const subscription = await web.t.app.inject({
      method: 'GET',
      url: '/payment/subscription-status',
      headers: bearer(token),
    });
    expect(subscription.json()).toMatchObject({ user_type: 'pro', amount: 25, interval: 'month' });
    // Past the free plan's three questions, and still answered.
    expect(await ask()).toBe('analytics');
    expect(await ask()).toBe('analytics');
  });
});
