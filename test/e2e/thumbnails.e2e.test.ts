import path from 'node:path';
import type { Browser, Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentSession, saveQuestion, saveReplies } from '../../src/server/chat/sessions';
import type { AssistantMessage } from '../../src/shared/api/answer';
import type { TestApp } from '../helpers/app';
import { artifactsDir, logInToChat } from '../helpers/browser';
import { type ChatUserApp, startSyncedChatUserApp } from '../helpers/chat-user';
import { hasChromium } from '../helpers/environment';
import { SYNCED_SETUP_MS } from '../helpers/synced-template';

const WAIT = { timeout: 20_000 };
const QUESTION = 'Which ads spent the most last week, with their thumbnails?';

// Meta's CDN stands in here: one scontent host answers with a picture, another cannot be reached
// (as in the offline demo), and a host outside fbcdn.net would answer if the page asked it.
const SERVED = 'https://scontent.xx.fbcdn.net/v/t45.1600-4/1201001010101_n.jpg?stp=dst-jpg_p64x64';
const UNREACHABLE = 'https://scontent-iad3-1.xx.fbcdn.net/v/t45.1600-4/1201001010102_n.jpg';
const FOREIGN = 'https://images.example.com/ad.jpg';
const INSECURE = 'http://scontent.xx.fbcdn.net/v/t45.1600-4/1201001010103_n.jpg';
// A 1×1 PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

const answer: AssistantMessage = {
  sender: 'lynceus',
  analytics: {
    type: 'table',
    header: 'Top ads by spend',
    data: [
      { ad: 'Video - Founder Story', thumbnail_url: SERVED, spend: 320.5, currency: 'USD' },
      { ad: 'Carousel - Bestsellers', thumbnail_url: UNREACHABLE, spend: 210, currency: 'USD' },
      { ad: 'Image - Elsewhere', thumbnail_url: FOREIGN, spend: 120, currency: 'USD' },
      { ad: 'Image - Plain HTTP', thumbnail_url: INSECURE, spend: 80, currency: 'USD' },
    ],
    columns: [
      { key: 'ad', label: 'Ad', unit: 'text' },
      { key: 'thumbnail_url', label: 'Thumbnail', unit: 'image' },
      { key: 'spend', label: 'Spend', unit: 'money' },
      { key: 'currency', label: 'Currency', unit: 'text' },
    ],
  },
  reasoning: { type: 'text', header: 'Reasoning', content: 'Ads ranked by spend.' },
  actionable_insights: { type: 'text', header: 'Actionable insights', content: 'Keep the founder video.' },
  suggestions: [],
};

/** A table of ads with thumbnails, in Chromium under the app's real content security policy. */
describe.skipIf(!hasChromium)('ad thumbnails in Chromium', () => {
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
    page
      .screenshot({ path: path.join(artifactsDir, `thumbnails-${name}.png`), fullPage: true })
      .catch(() => {});

  it('shows a thumbnail from fbcdn.net, a box for one that cannot load or is not allowed, none for http', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const asked: string[] = [];
    const serve = (route: Route) => {
      asked.push(route.request().url());
      return route.fulfill({ status: 200, contentType: 'image/png', body: PNG });
    };
    await page.route('https://scontent.xx.fbcdn.net/**', serve);
    await page.route('https://images.example.com/**', serve);
    await page.route('https://scontent-iad3-1.xx.fbcdn.net/**', (route) => {
      asked.push(route.request().url());
      return route.abort('internetdisconnected');
    });
    try {
      await logInToChat(page, baseUrl, email);
      // The answer as the chat saved it; the user reopens that conversation from the side panel.
      const db = t.testDatabase.database.db;
      const session = await currentSession(db, userId);
      const question = await saveQuestion(db, userId, session.id, QUESTION);
      if (!question) throw new Error('the question was not saved');
      await saveReplies(db, question, [{ sender: 'lynceus', response: answer }]);
      await page.reload();
      const chats = page.getByRole('navigation', { name: 'Chats' });
      await chats.hover();
      await chats.getByRole('button', { name: QUESTION }).click();

      const table = page.getByRole('article', { name: 'Assistant message' }).getByRole('table');
      await table.waitFor(WAIT);

      const served = table.getByRole('img', { name: 'Thumbnail of Video - Founder Story', exact: true });
      await served.waitFor(WAIT);
      await page.waitForFunction(
        (src) => {
          const image = [...document.images].find((img) => img.src === src);
          return image?.complete === true && image.naturalWidth > 0;
        },
        SERVED,
        WAIT,
      );
      expect(await served.getAttribute('loading')).toBe('lazy');
      const box = await served.boundingBox();
      expect(box?.width).toBe(48);
      expect(box?.height).toBe(48);

      // Unreachable: a same-sized neutral box, not a broken-image icon.
      const missing = table.getByRole('img', { name: 'Thumbnail of Carousel - Bestsellers (not available)' });
      await missing.waitFor(WAIT);
      expect((await missing.boundingBox())?.width).toBe(48);
      // Outside fbcdn.net: the policy stops the request before it leaves the page.
      await table.getByRole('img', { name: 'Thumbnail of Image - Elsewhere (not available)' }).waitFor(WAIT);
      expect(asked).not.toContain(FOREIGN);
      expect(asked).toContain(UNREACHABLE);
      // Not https: nothing at all.
      const insecureRow = table.getByRole('row', { name: /Image - Plain HTTP/ });
      expect(await insecureRow.getByRole('img').count()).toBe(0);
      expect(await table.locator('img').count()).toBe(1);
      await shot(page, 'table');
    } finally {
      await shot(page, 'last');
      await page.close();
    }
  }, 90_000);
});
