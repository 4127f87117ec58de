import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayIn } from '../../src/server/demo/seed';
import { createGraphSimulator } from '../../src/server/meta/simulator';
import type { ContentItem, DataRow } from '../../src/shared/api/answer';
import { settledAccounts } from '../helpers/ad-accounts';
import { buildTestApp, type TestApp } from '../helpers/app';
import { ALPHA, funnelDataset, totalOf } from '../helpers/funnel-dataset';
import { type SmtpSink, startSmtpSink } from '../helpers/smtp-sink';
import { bearer, signUpUser } from '../helpers/users';

const APP_ID = '747474';
const APP_SECRET = 'funnel-chat-secret';

let t: TestApp;
let sink: SmtpSink;
let closeSimulator: () => Promise<void>;
let token: string;

// The accounts' time zone is UTC: their "today" is UTC's, and the rows end the day before.
const today = todayIn('UTC');
const dataset = funnelDataset(today);

beforeAll(async () => {
  const simulator = createGraphSimulator({ dataset, appId: APP_ID, appSecret: APP_SECRET, today });
  const listening = await simulator.listen(0, '127.0.0.1');
  closeSimulator = listening.close;
  sink = await startSmtpSink();
  t = await buildTestApp({
    env: {
      SMTP_URL: sink.url,
      META_GRAPH_URL: listening.url,
      META_APP_ID: APP_ID,
      META_APP_SECRET: APP_SECRET,
      META_BACKFILL_DAYS: '40',
    },
  });
  const signedUp = await signUpUser(t.app, sink, 'funnel@example.com');
  const saved = await t.app.inject({
    method: 'POST',
    url: '/auth/save-facebook-permissions',
    headers: bearer(signedUp),
    payload: {
      facebookToken: simulator.issueUserToken({ scopes: ['email', 'public_profile', 'ads_read'] }),
      accounts: dataset.adAccounts.map((a) => ({ account_id: a.account_id, name: a.name })),
    },
  });
  expect(saved.statusCode, saved.body).toBe(200);
  token = saved.json().token;
  const accounts = await settledAccounts(t.app, token);
  expect(accounts.map((a) => a.sync.status)).toEqual(accounts.map(() => 'ok'));
}, 120_000);
afterAll(async () => {
  await t?.close();
  await closeSimulator?.();
  await sink?.close();
});

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
