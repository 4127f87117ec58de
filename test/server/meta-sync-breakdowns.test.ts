import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../src/analyst/dates';
import { queryRows } from '../../src/server/db/client';
import { todayIn } from '../../src/server/demo/seed';
import { createGraphClient } from '../../src/server/meta/graph';
import {
  createGraphSimulator,
  type GraphSimulator,
  type RecordedRequest,
} from '../../src/server/meta/simulator';
import { type BreakdownKey, breakdownKeys, type GraphDataset } from '../../src/warehouse/graph-types';
import { settledAccounts } from '../helpers/ad-accounts';
import { buildTestApp, type TestApp } from '../helpers/app';
import { type SmtpSink, startSmtpSink } from '../helpers/smtp-sink';
import { SEGMENTS, syncDataset } from '../helpers/sync-dataset';
import { bearer, signUpUser } from '../helpers/users';

const APP_ID = '737373';
const APP_SECRET = 'breakdown-sync-secret';
const TZ = 'America/New_York';
// Longer than 13 months, so the first chunks are too old for reach by breakdown.
const BACKFILL_DAYS = 420;
const USD = '8101';
const JPY = '8102';

let today: string;
let dataset: GraphDataset;
let simulator: GraphSimulator;
let closeSimulator: () => Promise<void>;
let sink: SmtpSink;
let t: TestApp;
let token: string;

beforeAll(async () => {
  today = todayIn(TZ);
  dataset = syncDataset(
    [
      { id: USD, currency: 'USD', spend: '12.34', dailyBudget: '19000', timezone: TZ },
      { id: JPY, currency: 'JPY', spend: '1800', dailyBudget: '5000', timezone: TZ },
    ],
    today,
    BACKFILL_DAYS + 10,
  );
  // Pages of 100: an age and gender chunk (180 rows) spans two.
  simulator = createGraphSimulator({
    dataset,
    appId: APP_ID,
    appSecret: APP_SECRET,
    maxPageSize: 100,
    asyncPolls: 1,
    today,
  });
  const listening = await simulator.listen(0, '127.0.0.1');
  closeSimulator = listening.close;
  sink = await startSmtpSink();
  t = await buildTestApp({
    env: {
      SMTP_URL: sink.url,
      META_GRAPH_URL: listening.url,
      META_APP_ID: APP_ID,
      META_APP_SECRET: APP_SECRET,
      META_BACKFILL_DAYS: String(BACKFILL_DAYS),
    },
  });
  token = await signUpUser(t.app, sink, 'breakdowns@example.com');
});
afterAll(async () => {
  await t?.close();
  await closeSimulator?.();
  await sink?.close();
});

const db = () => t.testDatabase.database.db;
const inject = (method: 'GET' | 'POST', url: string) => t.app.inject({ method, url, headers: bearer(token) });

/** Source rows inside the backfill window, as Meta holds them. */
const windowStart = () => addDays(today, -BACKFILL_DAYS);
const sourceAdRows = (id: string) =>
  (dataset.insights[`act_${id}`] ?? []).filter((r) => r.date_start >= windowStart());
const sourceBreakdownRows = (id: string, key: BreakdownKey) =>
  (dataset.breakdowns?.[`act_${id}`]?.[key] ?? []).filter((r) => r.date_start >= windowStart());

async function storedBreakdowns(id: string) {
  const rows = await queryRows<{ breakdown: string; rows: string; spend: string }>(
    db(),
    sql`select breakdown, count(*)::text as rows, sum(spend)::text as spend
        from meta_insights_breakdown_daily where account_id = ${id} group by breakdown`,
  );
  return Object.fromEntries(rows.map((r) => [r.breakdown, { rows: Number(r.rows), spend: Number(r.spend) }]));
}

const expectedBreakdowns = (id: string) =>
  Object.fromEntries(
    breakdownKeys.map((key) => {
      const rows = sourceBreakdownRows(id, key);
      const spend = rows.reduce((sum, r) => sum + Number(r.spend), 0);
      return [key, { rows: rows.length, spend: Number(spend.toFixed(2)) }];
    }),
  );

async function adRows(id: string) {
  const [row] = await queryRows<{ n: string }>(
    db(),
    sql`select count(*)::text as n from meta_insights_daily where account_id = ${id}`,
  );
  return Number(row?.n);
}

/** `n` months before `day`, read both ways a month can be short (31 March − 1 month): earliest and latest. */
function monthsBefore(day: string, n: number): { earliest: string; latest: string } {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const lastOfMonth = new Date(Date.UTC(y, m - 1 - n + 1, 0)).getUTCDate();
  const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  return {
    earliest: iso(Date.UTC(y, m - 1 - n, Math.min(d, lastOfMonth))),
    latest: iso(Date.UTC(y, m - 1 - n, d)),
  };
}

const breakdownReads = (requests: RecordedRequest[]) =>
  requests.filter((r) => (r.kind === 'insights' || r.kind === 'insights_async') && r.query.breakdowns);
const rangeOf = (r: RecordedRequest) =>
  JSON.parse(r.query.time_range ?? '{}') as { since: string; until: string };
const fieldsOf = (r: RecordedRequest) => (r.query.fields ?? '').split(',');
const edgeReads = (requests: RecordedRequest[], edge: string) =>
  requests.filter((r) => r.method === 'GET' && new RegExp(`/act_\\d+/${edge}$`).test(r.path));

describe('a backfill with breakdowns and settings', () => {
  let before: number;

  beforeAll(async () => {
    before = simulator.requests.length;
    const saved = await t.app.inject({
      method: 'POST',
      url: '/auth/save-facebook-permissions',
      headers: bearer(token),
      payload: {
        facebookToken: simulator.issueUserToken({ scopes: ['email', 'public_profile', 'ads_read'] }),
        accounts: dataset.adAccounts.map((a) => ({ account_id: a.account_id, name: a.name })),
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    token = saved.json().token;
    const accounts = await settledAccounts(t.app, token);
    expect(accounts.map((a) => a.sync)).toEqual([
      expect.objectContaining({ status: 'ok', last_error: null }),
      expect.objectContaining({ status: 'ok', last_error: null }),
    ]);
  }, 120_000);

  it('stores every ad row and every breakdown row of every key, each once', async () => {
    for (const id of [USD, JPY]) {
      expect(await adRows(id)).toBe(sourceAdRows(id).length);
      expect(await storedBreakdowns(id)).toEqual(expectedBreakdowns(id));
    }
    // Every ad set and day has each key's segments.
    const [segments] = await queryRows<{ n: string }>(
      db(),
      sql`select count(distinct segment)::text as n from meta_insights_breakdown_daily
          where account_id = ${USD} and breakdown = 'publisher_platform,platform_position'`,
    );
    expect(Number(segments?.n)).toBe(SEGMENTS['publisher_platform,platform_position'].length);
  });

  it('reads the breakdowns as report runs, each key on its own and never a lone platform_position', async () => {
    const reads = breakdownReads(simulator.requests.slice(before));
    expect(new Set(reads.map((r) => r.query.breakdowns))).toEqual(new Set(breakdownKeys));
    expect(reads.every((r) => r.kind === 'insights_async' && r.query.level === 'adset')).toBe(true);
    expect(reads.every((r) => r.query.time_increment === '1')).toBe(true);
    expect(reads.some((r) => fieldsOf(r).includes('ad_id'))).toBe(false);
  });

  it('asks no reach with breakdowns for ranges starting more than 13 months ago, and stores it as 0 there', async () => {
    const { earliest, latest } = monthsBefore(today, 13);
    const reads = breakdownReads(simulator.requests.slice(before));
    const old = reads.filter((r) => rangeOf(r).since < earliest);
    const recent = reads.filter((r) => rangeOf(r).since >= latest);
    expect(old.length).toBeGreaterThan(0);
    expect(recent.length).toBeGreaterThan(0);
    for (const read of old) {
      expect(fieldsOf(read)).not.toContain('reach');
      expect(fieldsOf(read)).not.toContain('frequency');
      expect(fieldsOf(read)).toContain('impressions');
    }
    for (const read of recent) expect(fieldsOf(read)).toContain('reach');

    const reach = await queryRows<{ old: boolean; zero: string; total: string }>(
      db(),
      sql`select day < ${earliest}::date as old, count(*) filter (where reach = 0)::text as zero,
            count(*)::text as total
          from meta_insights_breakdown_daily where account_id = ${USD} and (day < ${earliest} or day >= ${latest})
          group by 1`,
    );
    const oldDays = reach.find((r) => r.old);
    const recentDays = reach.find((r) => !r.old);
    expect(Number(oldDays?.total)).toBeGreaterThan(0);
    expect(oldDays?.zero).toBe(oldDays?.total);
    expect(Number(recentDays?.total)).toBeGreaterThan(0);
    expect(recentDays?.zero).toBe('0');
    // Ad rows have no such limit: their reach is kept for old days too.
    const [adReach] = await queryRows<{ zero: string }>(
      db(),
      sql`select count(*) filter (where reach = 0)::text as zero from meta_insights_daily where account_id = ${USD}`,
    );
    expect(adReach?.zero).toBe('0');
  });

  it('fills the funnel and video sums of the ad rows', async () => {
    const [sums] = await queryRows<Record<string, string>>(
      db(),
      sql`select sum(landing_page_views)::text as lpv, sum(adds_to_cart)::text as atc,
            sum(video_views_3s)::text as v3, sum(thruplays)::text as tp, sum(video_p100)::text as p100
          from meta_insights_daily where account_id = ${USD}`,
    );
    const n = sourceAdRows(USD).length;
    expect(sums).toEqual({
      lpv: String(20 * n),
      atc: String(6 * n),
      v3: String(300 * n),
      tp: String(120 * n),
      p100: String(60 * n),
    });
  });

  it('stores the settings: status, budgets in the major unit, bidding and the creative', async () => {
    const campaigns = await queryRows<Record<string, string | null>>(
      db(),
      sql`select account_id, status, daily_budget::text as daily_budget, lifetime_budget::text as lifetime_budget,
            bid_strategy, settings_at is not null as read
          from meta_campaigns where account_id in (${USD}, ${JPY}) order by account_id`,
    );
    expect(campaigns).toEqual([
      {
        account_id: USD,
        status: 'ACTIVE',
        daily_budget: '190.00',
        lifetime_budget: null,
        bid_strategy: 'LOWEST_COST_WITHOUT_CAP',
        read: true,
      },
      {
        account_id: JPY,
        status: 'ACTIVE',
        daily_budget: '5000',
        lifetime_budget: null,
        bid_strategy: 'LOWEST_COST_WITHOUT_CAP',
        read: true,
      },
    ]);
    const adsets = await queryRows<{ name: string; effective_status: string; optimization_goal: string }>(
      db(),
      sql`select name, effective_status, optimization_goal from meta_adsets where account_id = ${USD} order by name`,
    );
    expect(adsets).toEqual([
      { name: 'Set 1', effective_status: 'ACTIVE', optimization_goal: 'OFFSITE_CONVERSIONS' },
      { name: 'Set 2', effective_status: 'PAUSED', optimization_goal: 'OFFSITE_CONVERSIONS' },
    ]);
    const [ad] = await queryRows<Record<string, string>>(
      db(),
      sql`select format, thumbnail_url, title, body, call_to_action from meta_ads
          where account_id = ${USD} order by id limit 1`,
    );
    expect(ad).toEqual({
      format: 'VIDEO',
      thumbnail_url: `https://example.com/thumbs/${USD}0101.jpg`,
      title: 'Trail shoes',
      body: 'Light, grippy, ready.',
      call_to_action: 'SHOP_NOW',
    });
    const reads = simulator.requests.slice(before);
    for (const edge of ['campaigns', 'adsets', 'ads']) expect(edgeReads(reads, edge)).toHaveLength(2);
    expect(edgeReads(reads, 'ads')[0]?.query.fields).toContain('creative{');
  });
});

describe('a refresh', () => {
  it('re-reads the last 28 days of every breakdown and the settings, picking up a paused campaign', async () => {
    const campaign = dataset.objects?.[`act_${USD}`]?.campaigns[0];
    if (!campaign) throw new Error('no campaign');
    const beforeRows = await storedBreakdowns(USD);
    // The advertiser pauses the campaign and raises its budget in Ads Manager.
    Object.assign(campaign, { status: 'PAUSED', effective_status: 'PAUSED', daily_budget: '25050' });
    const before = simulator.requests.length;
    expect((await inject('POST', `/api/accounts/${USD}/sync`)).statusCode).toBe(200);
    const [account] = (await settledAccounts(t.app, token)).filter((a) => a.account_id === USD);
    expect(account?.sync).toMatchObject({ status: 'ok', last_error: null });

    const reads = simulator.requests.slice(before);
    const breakdowns = breakdownReads(reads);
    expect(new Set(breakdowns.map((r) => r.query.breakdowns))).toEqual(new Set(breakdownKeys));
    for (const read of breakdowns) {
      expect(read.kind).toBe('insights');
      expect(rangeOf(read)).toEqual({ since: addDays(today, -28), until: today });
      expect(fieldsOf(read)).toContain('reach');
    }
    expect(edgeReads(reads, 'campaigns')).toHaveLength(1);
    const [stored] = await queryRows<{ status: string; effective_status: string; daily_budget: string }>(
      db(),
      sql`select status, effective_status, daily_budget::text as daily_budget from meta_campaigns
          where id = ${campaign.id}`,
    );
    expect(stored).toEqual({ status: 'PAUSED', effective_status: 'PAUSED', daily_budget: '250.50' });
    expect(await storedBreakdowns(USD)).toEqual(beforeRows);
  });
});

describe('a settings read that fails', () => {
  it('keeps the synced rows, shows the failure, counts the data as fresh, and the next sync clears it', async () => {
    const rowsBefore = { ad: await adRows(USD), breakdowns: await storedBreakdowns(USD) };
    const syncState = async () =>
      (
        await queryRows<{ last_success_at: string; cursor: string | null }>(
          db(),
          sql`select last_success_at::text, cursor::text from meta_sync_state where account_id = ${USD}`,
        )
      )[0];
    const lastSuccess = (await syncState())?.last_success_at ?? '';
    // More failures than the client's retries: the campaigns edge stays down for this sync.
    simulator.injectFault({ kind: 'server_error', status: 503, times: 20, match: 'campaigns' });
    await inject('POST', `/api/accounts/${USD}/sync`);
    let [account] = (await settledAccounts(t.app, token)).filter((a) => a.account_id === USD);
    simulator.clearFaults();
    expect(account?.sync.status).toBe('error');
    expect(account?.sync.last_error).toMatch(
      /^Performance data is up to date, but campaign, ad set and ad settings could not be read from Facebook: /,
    );
    // The rows the sync read are in, and the account counts as freshly synced: answers do not wait
    // for a retry, which is a refresh (never a new backfill).
    expect(await adRows(USD)).toBe(rowsBefore.ad);
    expect(await storedBreakdowns(USD)).toEqual(rowsBefore.breakdowns);
    const state = await syncState();
    expect(new Date(state?.last_success_at ?? 0).getTime()).toBeGreaterThan(new Date(lastSuccess).getTime());
    expect(state?.cursor).toBeNull();

    await inject('POST', `/api/accounts/${USD}/sync`);
    [account] = (await settledAccounts(t.app, token)).filter((a) => a.account_id === USD);
    expect(account?.sync).toMatchObject({ status: 'ok', last_error: null });
  });
});

describe('a first import cut off in the middle of a chunk', () => {
  it('resumes at that chunk, for its ad rows and its breakdowns, and ends with every row once', async () => {
    const since = windowStart();
    const cursor = addDays(since, 60);
    // What a process killed mid-chunk leaves: the cursor at the chunk it was on (it moves once the
    // chunk's ad rows and breakdowns are all written), the chunk's ad rows half written, none of
    // its breakdown rows, nothing later, and a lease its dead owner will never renew.
    await db().execute(sql`update meta_sync_state set status = 'running', kind = 'backfill',
      since = ${since}, until = ${today}, cursor = ${cursor}, last_success_at = null,
      lease_owner = ${randomUUID()}, lease_until = now() - interval '1 second' where account_id = ${JPY}`);
    await db().execute(
      sql`delete from meta_insights_daily where account_id = ${JPY} and day >= ${addDays(cursor, 15)}`,
    );
    await db().execute(
      sql`delete from meta_insights_breakdown_daily where account_id = ${JPY} and day >= ${cursor}`,
    );
    await db().execute(
      sql`delete from meta_insights_campaign_daily where account_id = ${JPY} and day >= ${addDays(cursor, 15)}`,
    );
    const before = simulator.requests.length;
    await t.app.meta.sync.runDue();
    const [account] = (await settledAccounts(t.app, token)).filter((a) => a.account_id === JPY);
    expect(account?.sync).toMatchObject({ status: 'ok', last_error: null });
    const finished = t.logs.filter((line) => line.msg === 'meta sync finished' && line.accountId === JPY);
    expect(finished.at(-1)).toMatchObject({ resumed: true });

    const reads = simulator.requests.slice(before).filter((r) => r.path.includes(`act_${JPY}/insights`));
    const starts = reads.filter((r) => r.query.time_increment === '1').map((r) => rangeOf(r).since);
    expect(starts.length).toBeGreaterThan(0);
    expect(starts.every((day) => day >= cursor)).toBe(true);
    expect(starts).toContain(cursor);
    expect(await adRows(JPY)).toBe(sourceAdRows(JPY).length);
    expect(await storedBreakdowns(JPY)).toEqual(expectedBreakdowns(JPY));
  }, 120_000);
});

describe('the Graph client', () => {
  it('refuses platform_position without publisher_platform before asking Meta', async () => {
    const graph = createGraphClient({ baseUrl: 'http://127.0.0.1:9', appId: APP_ID, appSecret: APP_SECRET });
    await expect(
      graph.insights(
        USD,
        {
          level: 'adset',
          fields: ['impressions'],
          since: today,
          until: today,
          timeIncrement: 1,
          breakdowns: ['platform_position'],
        },
        'any-token',
      ),
    ).rejects.toThrow(/platform_position needs publisher_platform/);
  });
});
