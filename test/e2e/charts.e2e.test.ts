import path from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentSession, saveQuestion, saveReplies } from '../../src/server/chat/sessions';
import type { AssistantMessage, ContentItem } from '../../src/shared/api/answer';
import type { TestApp } from '../helpers/app';
import { blockingFindings } from '../helpers/axe';
import { animationsSettled, artifactsDir, logInToChat } from '../helpers/browser';
import { type ChatUserApp, startSyncedChatUserApp } from '../helpers/chat-user';
import { hasChromium } from '../helpers/environment';
import { SYNCED_SETUP_MS } from '../helpers/synced-template';

const WAIT = { timeout: 20_000 };
const QUESTION = 'Spend by campaign last month, and the share by placement';

// Campaign names as agencies write them: 40 to 60 characters, most sharing a long prefix.
const CAMPAIGNS = [
  'Q4 Prospecting – Broad Audience – Advantage+ Shopping – US',
  'Q4 Prospecting – Lookalike 1% Purchasers – Reels Only – US',
  'Q4 Retargeting – Cart Abandoners 7d – Dynamic Catalog',
  'Black Friday Early Access – Email Subscribers – Carousel',
  'Evergreen Brand Awareness – Video Views – 18-34 Women',
  'Holiday Gift Guide – Interest Stack Home Decor – Canada',
  'Cyber Monday Flash Sale – Advantage+ Placements – UK & IE',
  'Spring Collection Teaser – Lookalike 3% Engagers – Feed',
  'App Install Push – iOS 17+ – Broad – United States & Canada',
  'Lead Gen – Free Design Consultation – Instant Form – Tier 1',
  'Retention – Past Purchasers 180d – New Arrivals – Stories',
  'Test Cell B – UGC Creator Video Hooks – Cost Cap $45 – US',
];

const spendColumns = [
  { key: 'campaign', label: 'Campaign', unit: 'text' as const },
  { key: 'spend', label: 'Spend', unit: 'money' as const },
];

const byCampaign: ContentItem = {
  type: 'bar_chart',
  header: 'Spend by campaign',
  currency: 'USD',
  data: CAMPAIGNS.map((campaign, index) => ({
    campaign,
    spend: Math.round(4082.37 * 0.83 ** index * 100) / 100,
  })),
  columns: spendColumns,
};

const byPlacement: ContentItem = {
  type: 'pie_chart',
  header: 'Share of spend by placement',
  currency: 'USD',
  data: [
    { publisher_platform: 'instagram', platform_position: 'instagram_reels', spend: 1840.5, share: 41.2 },
    { publisher_platform: 'facebook', platform_position: 'feed', spend: 1492.1, share: 33.4 },
    { publisher_platform: 'instagram', platform_position: 'feed', spend: 701.3, share: 15.7 },
    { publisher_platform: 'audience_network', platform_position: 'classic', spend: 433.4, share: 9.7 },
  ],
  columns: [
    { key: 'publisher_platform', label: 'Platform', unit: 'text' },
    { key: 'platform_position', label: 'Placement', unit: 'text' },
    { key: 'spend', label: 'Spend', unit: 'money' },
    { key: 'share', label: 'Share', unit: 'percent' },
  ],
};

const perDay: ContentItem = {
  type: 'line_chart',
  header: 'Spend and revenue per day',
  currency: 'USD',
  data: Array.from({ length: 30 }, (_, index) => ({
    day: `2026-10-${String(index + 1).padStart(2, '0')}`,
    spend: 600 + ((index * 37) % 220),
    revenue: 1500 + ((index * 91) % 900),
  })),
  columns: [
    { key: 'day', label: 'Day', unit: 'date' },
    { key: 'spend', label: 'Spend', unit: 'money' },
    { key: 'revenue', label: 'Revenue', unit: 'money' },
  ],
};

const byWeekday: ContentItem = {
  type: 'bar_chart',
  header: 'Spend by weekday',
  currency: 'USD',
  data: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'].map((weekday, i) => ({
    weekday,
    spend: 900 + ((i * 173) % 500),
  })),
  columns: [
    { key: 'weekday', label: 'Weekday', unit: 'text' },
    { key: 'spend', label: 'Spend', unit: 'money' },
  ],
};

const reply = (analytics: ContentItem): { sender: 'lynceus'; response: AssistantMessage } => ({
  sender: 'lynceus',
  response: {
    sender: 'lynceus',
    analytics,
    reasoning: { type: 'text', header: 'Reasoning', content: 'Spend summed per row.' },
    actionable_insights: { type: 'text', header: 'Actionable insights', content: 'Keep the top campaign.' },
    suggestions: [],
  },
});

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

async function boxes(labels: Locator): Promise<Box[]> {
  const found: Box[] = [];
  for (const label of await labels.all()) {
    const box = await label.boundingBox();
    if (box) found.push(box);
  }
  return found;
}

/** Every pair of boxes that overlap, by index, so a failure says which labels collide. */
function collisions(found: readonly Box[]): string[] {
  const pairs: string[] = [];
  found.forEach((a, i) => {
    found.slice(i + 1).forEach((b, j) => {
      if (overlaps(a, b)) pairs.push(`${i}×${i + j + 1}`);
    });
  });
  return pairs;
}

/** Charts from saved answers, in Chromium at a laptop's and a phone's size, in light and dark. */
describe.skipIf(!hasChromium)('charts in Chromium', () => {
  let web: ChatUserApp;
  let t: TestApp;
  let browser: Browser;
  let baseUrl: string;
  let userId: string;
  let email: string;

  beforeAll(async () => {
    web = await startSyncedChatUserApp();
    ({ t, browser, baseUrl, userId, email } = web);
    // The answers as the chat saved them; the user reopens that conversation from the side panel.
    const db = t.testDatabase.database.db;
    const session = await currentSession(db, userId);
    const question = await saveQuestion(db, userId, session.id, QUESTION);
    if (!question) throw new Error('the question was not saved');
    await saveReplies(db, question, [reply(byCampaign), reply(byPlacement), reply(perDay), reply(byWeekday)]);
  }, SYNCED_SETUP_MS);
  afterAll(async () => {
    await web?.close();
  });

  const shot = (page: Page, name: string) =>
    page.screenshot({ path: path.join(artifactsDir, `charts-${name}.png`), fullPage: true }).catch(() => {});

  async function openSavedAnswers(page: Page) {
    await logInToChat(page, baseUrl, email);
    const chats = page.getByRole('navigation', { name: 'Chats' });
    await chats.hover();
    await chats.getByRole('button', { name: QUESTION }).click();
    // Off the panel, so it folds away again and covers nothing.
    await page.mouse.move(1000, 600);
    await page.getByTestId('content-chart').first().locator('.recharts-surface').waitFor(WAIT);
  }

  /** The blocking axe findings inside the answers' charts, as 'rule: element'. */
  const chartViolations = (page: Page) =>
    blockingFindings(page, { include: ['[data-testid="content-chart"]'] });

  /** The bar chart's tick labels do not touch, and the chart stays inside its answer card. */
  async function checkBarChart(page: Page, size: string) {
    const figure = page.getByTestId('content-chart').first();
    const ticks = figure.locator('.recharts-xAxis-tick-labels text, .recharts-yAxis-tick-labels text');
    await figure.locator('.recharts-yAxis-tick-labels text').first().waitFor(WAIT);
    // The 12 campaigns, and the value ticks.
    const labels = figure.locator('.recharts-yAxis-tick-labels text');
    expect(await labels.count()).toBe(12);
    const found = await boxes(ticks);
    expect(found.length).toBeGreaterThan(12);
    expect(collisions(found), `overlapping tick labels at ${size}`).toEqual([]);
    // Cut names end in an ellipsis; the full name is in the tooltip.
    const shown = await labels.allTextContents();
    expect(shown.some((text) => text.endsWith('…'))).toBe(true);
    for (const text of shown)
      expect(
        CAMPAIGNS.some((name) => name.startsWith(text.replace('…', ''))),
        `"${text}" starts a name`,
      ).toBe(true);
    // Money ticks read short and round: no cents.
    const values = await figure.locator('.recharts-xAxis-tick-labels text').allTextContents();
    expect(values[0]).toBe('$0');
    for (const text of values) expect(text).toMatch(/^\$\d+(\.\d+)?[KM]?$/);

    const card = page.getByRole('article', { name: 'Assistant message' }).first();
    const [cardBox, chartBox] = [
      await card.boundingBox(),
      await figure.locator('svg.recharts-surface').boundingBox(),
    ];
    if (!cardBox || !chartBox) throw new Error('no chart or card box');
    expect(chartBox.x).toBeGreaterThanOrEqual(cardBox.x - 0.5);
    expect(chartBox.x + chartBox.width).toBeLessThanOrEqual(cardBox.x + cardBox.width + 0.5);
    for (const box of found) {
      expect(box.x).toBeGreaterThanOrEqual(cardBox.x - 0.5);
      expect(box.x + box.width).toBeLessThanOrEqual(cardBox.x + cardBox.width + 0.5);
    }
    // Nothing in the chart runs past its figure, or scrolls inside it. (Whether the card fits the
    // window is the chat screen's layout, checked with it.)
    const spill = await figure.evaluate((element) => ({
      over:
        Math.max(...[...element.querySelectorAll('*')].map((child) => child.getBoundingClientRect().right)) -
        element.getBoundingClientRect().right,
      inner: element.scrollWidth - element.clientWidth,
    }));
    expect(spill.over).toBeLessThanOrEqual(0.5);
    expect(spill.inner).toBeLessThanOrEqual(0);

    // Hovering a bar shows the app's tooltip: the full name and the full figure.
    const bar = figure.locator('.recharts-bar-rectangle').first();
    await bar.hover();
    const tooltip = figure.getByTestId('chart-tooltip');
    await tooltip.waitFor(WAIT);
    expect(await tooltip.textContent()).toContain(CAMPAIGNS[0]);
    expect(await tooltip.textContent()).toContain('Spend$4,082.37');
  }

  it.each([
    ['desktop', { width: 1440, height: 900 }],
    ['phone', { width: 390, height: 844 }],
  ] as const)(
    'lays 12 long campaign names out without overlap at %s size, light and dark',
    async (size, viewport) => {
      // Chats open from the side panel on a laptop; the phone's size is then set on the same page,
      // so the chart also re-measures its card as the window changes.
      const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
      try {
        await openSavedAnswers(page);
        await page.setViewportSize(viewport);
        await animationsSettled(page);
        const figure = page.getByTestId('content-chart').first();
        expect(await figure.locator('[data-orientation]').getAttribute('data-orientation')).toBe(
          'horizontal',
        );
        await checkBarChart(page, `${size} light`);
        await figure.scrollIntoViewIfNeeded();
        await shot(page, `${size}-light`);
        expect(await chartViolations(page)).toEqual([]);

        await page.evaluate(() => document.documentElement.classList.add('dark'));
        await checkBarChart(page, `${size} dark`);
        // The tooltip card follows the theme: light text on a dark card.
        const colors = await figure.getByTestId('chart-tooltip').evaluate((element) => {
          const style = getComputedStyle(element);
          return { text: style.color, background: style.backgroundColor };
        });
        expect(colors.background).not.toBe('rgb(255, 255, 255)');
        expect(colors.text).not.toBe(colors.background);
        await shot(page, `${size}-dark`);
        expect(await chartViolations(page)).toEqual([]);

        // The ring of shares and the line of days, in both themes.
        const ring = page.getByTestId('content-chart').nth(1);
        await ring.scrollIntoViewIfNeeded();
        await ring.getByTestId('chart-legend').waitFor(WAIT);
        expect(await ring.getByTestId('chart-legend-detail').allTextContents()).toEqual([
          '41.20%',
          '33.40%',
          '15.70%',
          '9.70%',
        ]);
        const line = page.getByTestId('content-chart').nth(2);
        await line.scrollIntoViewIfNeeded();
        const days = await line.locator('.recharts-xAxis-tick-labels text').allTextContents();
        expect(days[0]).toBe('Oct 1');
        for (const day of days) expect(day).toMatch(/^Oct \d{1,2}$/);
        expect(collisions(await boxes(line.locator('.recharts-xAxis-tick-labels text')))).toEqual([]);
        expect(await line.getByTestId('chart-legend-name').allTextContents()).toEqual(['Spend', 'Revenue']);
        // Seven weekdays: standing on a laptop, lying on a phone, never overlapping.
        const week = page.getByTestId('content-chart').nth(3);
        await week.scrollIntoViewIfNeeded();
        const weekdays = week.locator('.recharts-xAxis-tick-labels text, .recharts-yAxis-tick-labels text');
        await weekdays.first().waitFor(WAIT);
        expect(await week.locator('[data-orientation]').getAttribute('data-orientation')).toBe(
          size === 'phone' ? 'horizontal' : 'vertical',
        );
        expect(await weekdays.allTextContents()).toEqual(
          expect.arrayContaining(['Monday', 'Wednesday', 'Sunday']),
        );
        expect(collisions(await boxes(weekdays))).toEqual([]);
        await shot(page, `${size}-dark-more`);
        await page.evaluate(() => document.documentElement.classList.remove('dark'));
        await shot(page, `${size}-light-more`);
      } finally {
        await shot(page, `${size}-last`);
        await page.close();
      }
    },
    90_000,
  );
});
