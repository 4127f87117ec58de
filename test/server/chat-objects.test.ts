import { inArray, sql } from 'drizzle-orm';
import { describe } from 'vitest';
import { metaAds, metaAdsets, metaCampaigns } from '../../src/server/db/schema';
import type { ContentItem, DataRow } from '../../src/shared/api/answer';
import { settledAccounts } from '../helpers/ad-accounts';
import type { TestApp } from '../helpers/app';
import { expect, test as it, SYNCED_SETUP_MS } from '../helpers/fixtures';
import { bearer } from '../helpers/users';

// Demo mode on a synced database: the user comes connected, the demo's settings synced.
it.override({ appDatabase: 'synced' });

let t: TestApp;
let token: string;
let accountIds: string[];
let campaigns: { id: string; name: string }[];

it.beforeAll(async ({ app, connectUser }) => {
  t = app;
  token = (await connectUser()).token;
  const accounts = await settledAccounts(t.app, token);
  expect(accounts.map((a) => a.sync.status)).toEqual(accounts.map(() => 'ok'));
  accountIds = accounts.map((a) => a.account_id);
  const db = t.testDatabase.database.db;
  campaigns = await db
    .select({ id: metaCampaigns.id, name: metaCampaigns.name })
    .from(metaCampaigns)
    .where(inArray(metaCampaigns.accountId, accountIds))
    .orderBy(metaCampaigns.name);
  expect(campaigns.length).toBeGreaterThan(1);
}, SYNCED_SETUP_MS);

/** The settings as a sync would leave them: one campaign paused with a budget, the rest active. */
async function setSettings(paused: { id: string }, read: boolean) {
  const db = t.testDatabase.database.db;
  const stamp = read ? sql`now()` : sql`null`;
  await db
    .update(metaCampaigns)
    .set({
      status: sql`case when ${metaCampaigns.id} = ${paused.id} then 'PAUSED' else 'ACTIVE' end`,
      effectiveStatus: sql`case when ${metaCampaigns.id} = ${paused.id} then 'PAUSED' else 'ACTIVE' end`,
      dailyBudget: sql`case when ${metaCampaigns.id} = ${paused.id} then 123.45 else 50 end`,
      settingsAt: stamp,
    })
    .where(inArray(metaCampaigns.accountId, accountIds));
  await db.update(metaAdsets).set({ settingsAt: stamp }).where(inArray(metaAdsets.accountId, accountIds));
  await db.update(metaAds).set({ settingsAt: stamp }).where(inArray(metaAds.accountId, accountIds));
}

async function ask(message: string) {
  const session = (
    await t.app.inject({ method: 'GET', url: '/api/sessions/current', headers: bearer(token) })
  ).json().sessionId as string;
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/ask',
    headers: bearer(token),
    payload: { message, sessionId: session, timezone: 'America/New_York', model: 'arlo_auto' },
  });
  expect(response.statusCode).toBe(200);
  const analytics = response.payload
    .split('\n\n')
    .filter((block) => block.startsWith('data: ') && block !== 'data: [DONE]')
    .map((block) => JSON.parse(block.slice(6)) as Record<string, unknown>)
    .find((event) => event.type === 'analytics') as {
    analytics: ContentItem;
    error: { content: string } | null;
  };
  const items = analytics.analytics.type === 'complex' ? (analytics.analytics.data as ContentItem[]) : [];
  return {
    text: items.map((item) => item.content ?? '').join('\n'),
    rows: items.filter((item) => item.type === 'table').flatMap((item) => item.data as DataRow[]),
    error: analytics.error,
  };
}

describe('settings questions in the chat', () => {
  it('lists the paused campaign and gives its budget from the synced settings', async () => {
    const [paused] = campaigns as [{ id: string; name: string }];
    await setSettings(paused, true);
    const list = await ask('which campaigns are paused right now?');
    expect(list.error).toBeNull();
    expect(list.text).toContain(`**${paused.name}**`);
    expect(list.rows.map((row) => row.campaign)).toEqual([paused.name]);
    const budget = await ask(`what's the daily budget of ${paused.name}?`);
    expect(budget.text).toContain('$123.45');
  });

  it('declines, naming the accounts, while no settings were read', async () => {
    const [paused] = campaigns as [{ id: string; name: string }];
    await setSettings(paused, false);
    const answer = await ask('which campaigns are paused?');
    expect(answer.error?.content).toMatch(/has no campaign, ad set or ad settings for/);
    expect(answer.rows).toEqual([]);
    expect(answer.text).not.toMatch(/\d/);
  });
});
