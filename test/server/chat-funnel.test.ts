import { describe } from 'vitest';
import { todayIn } from '../../src/server/demo/seed';
import type { ContentItem, DataRow } from '../../src/shared/api/answer';
import { settledAccounts } from '../helpers/ad-accounts';
import type { TestApp } from '../helpers/app';
import { expect, test as it } from '../helpers/fixtures';
import { ALPHA, funnelDataset, totalOf } from '../helpers/funnel-dataset';
import { bearer } from '../helpers/users';

let t: TestApp;
let token: string;

// The accounts' time zone is UTC: their "today" is UTC's, and the rows end the day before.
const today = todayIn('UTC');
const dataset = funnelDataset(today);

// Its own simulator serves the funnel accounts, synced for real on connect.
it.override({
  simulatorOptions: { dataset, appId: '747474', appSecret: 'funnel-chat-secret', today },
  appEnv: { META_BACKFILL_DAYS: '40' },
});

it.beforeAll(async ({ app, graph, signUp }) => {
  t = app;
  const signedUp = (await signUp('funnel@example.com')).token;
  const saved = await t.app.inject({
    method: 'POST',
    url: '/auth/save-facebook-permissions',
    headers: bearer(signedUp),
    payload: {
      facebookToken: graph.issueUserToken({ scopes: ['email', 'public_profile', 'ads_read'] }),
      accounts: dataset.adAccounts.map((a) => ({ account_id: a.account_id, name: a.name })),
    },
  });
  expect(saved.statusCode, saved.body).toBe(200);
  token = saved.json().token;
  const accounts = await settledAccounts(t.app, token);
  expect(accounts.map((a) => a.sync.status)).toEqual(accounts.map(() => 'ok'));
}, 120_000);

/** The streamed events of one question, by type. */
async function ask(message: string): Promise<Record<string, Record<string, unknown>>> {
  const session = (
    await t.app.inject({ method: 'GET', url: '/api/sessions/current', headers: bearer(token) })
  ).json().sessionId as string;
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/ask',
    headers: bearer(token),
    payload: { message, sessionId: session, timezone: 'UTC', model: 'arlo_auto' },
  });
  expect(response.statusCode).toBe(200);
  const events = response.payload
    .split('\n\n')
    .filter((block) => block.startsWith('data: ') && block !== 'data: [DONE]')
    .map((block) => JSON.parse(block.slice(6)) as Record<string, unknown>);
  return Object.fromEntries(events.map((event) => [String(event.type), event]));
}

function items(item: ContentItem): ContentItem[] {
  return item.type === 'complex' ? ((item.data ?? []) as ContentItem[]).flatMap(items) : [item];
}

describe('the funnel in the chat', () => {
  it('streams the funnel of a synced account, each step counted once, the biggest drop named', async () => {
    const events = await ask('walk me through the funnel of Alpha Shop for the last 7 days');
    const analytics = events.analytics?.analytics as ContentItem;
    const parts = items(analytics);
    const [shopping] = parts.filter((item) => item.type === 'table');
    const steps = Object.fromEntries(
      ((shopping?.data ?? []) as DataRow[]).map((row) => [row.step, row.count]),
    );
    const sale = ALPHA.ads;
    expect(steps).toEqual({
      Impressions: totalOf(sale, 'impressions', 7),
      'Link clicks': totalOf(sale, 'link', 7),
      'Landing page views': totalOf(sale, 'lpv', 7),
      'Content views': totalOf(sale, 'cv', 7),
      'Adds to cart': totalOf(sale, 'atc', 7),
      'Checkouts initiated': totalOf(sale, 'ci', 7),
      Purchases: totalOf(sale, 'purchases', 7),
    });
    expect(shopping?.columns?.find((c) => c.key === 'continue_rate')?.unit).toBe('percent');
    const text = parts.map((item) => item.content ?? '').join('\n');
    expect(text).toMatch(/The biggest drop is from content views to adds to cart/);
    const insights = events.actionable_insights?.actionable_insights as ContentItem;
    expect(insights.content).toMatch(/adds to cart/);
  });

  it('names the segment behind a rise in cost per result', async () => {
    const events = await ask('why did cpa go up in the last 7 days in Gamma Leads?');
    const text = items(events.analytics?.analytics as ContentItem)
      .map((item) => item.content ?? '')
      .join('\n');
    expect(text).toMatch(
      /\*\*Men\*\* \(gender\) moved CPA most: its CPA rose \+100\.0%, from \$25\.00 to \$50\.00/,
    );
  });
});
