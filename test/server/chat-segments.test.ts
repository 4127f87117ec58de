import { eq, sql } from 'drizzle-orm';
import { describe } from 'vitest';
import { addDays } from '../../src/analyst/dates';
import { generateDemoData } from '../../src/analyst/demo/generate';
import { users } from '../../src/server/db/schema';
import { DEMO_TIME_ZONE, todayIn } from '../../src/server/demo/seed';
import type { ContentItem, DataRow } from '../../src/shared/api/answer';
import type { GraphBreakdownRow } from '../../src/warehouse/graph-types';
import { loadDataset } from '../../src/warehouse/load';
import { settledAccounts } from '../helpers/ad-accounts';
import type { TestApp } from '../helpers/app';
import { expect, test as it, SYNCED_SETUP_MS } from '../helpers/fixtures';
import { graphRow } from '../helpers/graph-rows';
import { bearer } from '../helpers/users';

// Demo mode on a synced database: the user comes connected, the demo's data synced.
it.override({ appDatabase: 'synced' });

let t: TestApp;
let token: string;
const today = todayIn(DEMO_TIME_ZONE);
const accounts = generateDemoData({ today }).adAccounts;
const account = accounts[0]?.account_id ?? '';

/** Country rows for the last 7 days, spend fixed by hand: GB a quarter, US the rest. */
const week = Array.from({ length: 7 }, (_, i) => addDays(today, -7 + i));
const spendOf = { US: 90, GB: 30 } as const;
const deviceSpend = { mobile_app: 70, desktop: 50 } as const;

function breakdownRow(day: string, spend: number, fields: Record<string, string>): GraphBreakdownRow {
  const {
    ad_id: _id,
    ad_name: _name,
    ...row
  } = graphRow({
    account,
    campaign: 'Segment Test',
    ad: 'none',
    day,
    impressions: spend * 100,
    clicks: spend,
    spend: spend.toFixed(2),
    purchases: 1,
    revenue: (spend * 2).toFixed(2),
  });
  return { ...row, ...fields };
}

type Event = Record<string, unknown> & { type: string };

it.beforeAll(async ({ app, connectUser }) => {
  t = app;
  const user = await connectUser();
  token = user.token;
  const synced = await settledAccounts(t.app, token);
  expect(synced.map((a) => a.sync.status)).toEqual(synced.map(() => 'ok'));
  // This test's own breakdown rows, whatever the demo sync wrote: the figures are known by hand.
  const db = t.testDatabase.database.db;
  // Pro: more questions than a free day allows.
  await db.update(users).set({ userType: 'pro' }).where(eq(users.id, user.id));
  // Its per-account sums too: the loader rebuilds them only for the days it loads.
  await db.execute(sql`delete from meta_insights_breakdown_daily`);
  await db.execute(sql`delete from meta_insights_breakdown_account_daily`);
  await loadDataset(db, {
    adAccounts: accounts,
    insights: {},
    breakdowns: {
      [`act_${account}`]: {
        country: week.flatMap((day) =>
          Object.entries(spendOf).map(([country, spend]) => breakdownRow(day, spend, { country })),
        ),
        device_platform: week.flatMap((day) =>
          Object.entries(deviceSpend).map(([device, spend]) =>
            breakdownRow(day, spend, { device_platform: device }),
          ),
        ),
      },
    },
  });
}, SYNCED_SETUP_MS);

async function newSession(): Promise<string> {
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/new-chat',
    headers: bearer(token),
    payload: {},
  });
  expect(created.statusCode, created.body).toBe(200);
  return created.json().sessionId as string;
}

async function ask(sessionId: string, message: string): Promise<Event[]> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/ask',
    headers: bearer(token),
    payload: { message, sessionId, timezone: 'UTC', model: 'arlo_auto' },
  });
  expect(response.statusCode, response.body).toBe(200);
  const blocks = response.payload.split('\n\n').filter((block) => block.startsWith('data: '));
  return blocks.slice(0, -1).map((block) => JSON.parse(block.slice(6)) as Event);
}

function rows(events: Event[], type = 'table'): DataRow[] {
  const analytics = events.find((event) => event.type === 'analytics')?.analytics as ContentItem | undefined;
  const flat = (item: ContentItem | undefined): ContentItem[] =>
    !item ? [] : item.type === 'complex' ? (item.data as ContentItem[]).flatMap(flat) : [item];
  return flat(analytics)
    .filter((item) => item.type === type)
    .flatMap((item) => item.data as DataRow[]);
}

describe('segment questions in the chat', () => {
  it('answers by country, then a follow-up by device, from the breakdown rows', async () => {
    const session = await newSession();
    const byCountry = rows(await ask(session, 'spend by country last 7 days'));
    expect(byCountry.map((row) => [row.country, row.spend])).toEqual([
      ['US', spendOf.US * 7],
      ['GB', spendOf.GB * 7],
    ]);
    const byDevice = rows(await ask(session, 'and by device?'));
    expect(byDevice.map((row) => [row.device_platform, row.spend])).toEqual([
      ['mobile_app', deviceSpend.mobile_app * 7],
      ['desktop', deviceSpend.desktop * 7],
    ]);
  });

  it('gives a share with a pie chart', async () => {
    const events = await ask(await newSession(), 'how much of our spend went to the UK in the last 7 days?');
    const pie = rows(events, 'pie_chart');
    expect(pie.find((row) => row.country === 'GB')?.share).toBeCloseTo(25, 6);
    const text = JSON.stringify(events.find((event) => event.type === 'analytics'));
    expect(text).toContain('25%');
  });

  it('declines dates with no breakdown rows, with no figures', async () => {
    const events = await ask(
      await newSession(),
      `spend by country from ${addDays(today, -60)} to ${addDays(today, -50)}`,
    );
    const analytics = events.find((event) => event.type === 'analytics');
    expect((analytics?.error as ContentItem | null)?.content).toMatch(/no country breakdown/);
    expect(rows(events)).toEqual([]);
  });
});
