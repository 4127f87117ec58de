import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoBreakdownScenario, demoScenario, generateDemoData } from '../../src/analyst/demo/generate';
import { appsecretProof, createGraphSimulator, type GraphSimulator } from '../../src/server/meta/simulator';
import type { GraphBreakdownRow, GraphDataset } from '../../src/warehouse/graph-types';

const APP_ID = 'test-app';
const APP_SECRET = 'test-secret';
const TODAY = '2026-11-20';
const WEEK = JSON.stringify({ since: '2026-11-01', until: '2026-11-07' });

// biome-ignore lint/suspicious/noExplicitAny: Graph answers are read loosely; the assertions check their shape.
type Json = Record<string, any>;

interface Running {
  sim: GraphSimulator;
  url: string;
  token: string;
  close(): Promise<void>;
}

async function start(dataset: GraphDataset): Promise<Running> {
  const sim = createGraphSimulator({
    dataset,
    appId: APP_ID,
    appSecret: APP_SECRET,
    today: TODAY,
    asyncPolls: 0,
  });
  const { url, close } = await sim.listen(0);
  return { sim, url, close, token: sim.issueUserToken() };
}

async function getJson(url: string, init?: RequestInit): Promise<{ status: number; body: Json }> {
  const response = await fetch(url, init);
  return { status: response.status, body: (await response.json()) as Json };
}

function graphCall(server: Running) {
  return (path: string, params: Record<string, string> = {}) => {
    const all = {
      ...params,
      access_token: server.token,
      appsecret_proof: appsecretProof(APP_SECRET, server.token),
    };
    return getJson(`${server.url}/v23.0${path}?${new URLSearchParams(all)}`);
  };
}

/** Every row of a paged answer, following `next`, and how many pages it took. */
async function allPages(first: { status: number; body: Json }): Promise<{ rows: Json[]; pages: number }> {
  expect(first.status, JSON.stringify(first.body)).toBe(200);
  let page = first;
  const rows: Json[] = [...page.body.data];
  let pages = 1;
  while (page.body.paging?.next) {
    page = await getJson(page.body.paging.next);
    expect(page.status).toBe(200);
    rows.push(...page.body.data);
    pages++;
  }
  return { rows, pages };
}

function actionCount(list: Json[] | undefined, type: string): number {
  return Number(list?.find((action) => action.action_type === type)?.value ?? 0);
}

describe('Graph API simulator: breakdowns and objects over the demo accounts', () => {
  const dataset = generateDemoData({ today: TODAY });
  const act = `act_${demoScenario.salesAccount.accountId}`;
  let server: Running;
  let graph: ReturnType<typeof graphCall>;

  beforeAll(async () => {
    server = await start(dataset);
    graph = graphCall(server);
  });
  afterAll(() => server.close());

  function sourceRows(key: keyof NonNullable<GraphDataset['breakdowns']>[string]): GraphBreakdownRow[] {
    return (dataset.breakdowns?.[act]?.[key] ?? []).filter(
      (row) => row.date_start >= '2026-11-01' && row.date_start <= '2026-11-07',
    );
  }

  it('serves ad set rows per day and segment with the breakdown fields last, paged', async () => {
    const fields = 'adset_id,impressions,reach,spend,actions,video_p25_watched_actions';
    const { rows, pages } = await allPages(
      await graph(`/${act}/insights`, {
        level: 'adset',
        time_increment: '1',
        breakdowns: 'age,gender',
        fields,
        time_range: WEEK,
        limit: '200',
      }),
    );
    const source = sourceRows('age,gender');
    expect(pages).toBeGreaterThan(1);
    expect(rows).toHaveLength(source.length);
    const byKey = new Map(
      source.map((row) => [`${row.adset_id} ${row.date_start} ${row.age} ${row.gender}`, row]),
    );
    for (const row of rows) {
      expect(Object.keys(row).slice(-4)).toEqual(['date_start', 'date_stop', 'age', 'gender']);
      const original = byKey.get(`${row.adset_id} ${row.date_start} ${row.age} ${row.gender}`);
      expect(row.impressions).toBe(original?.impressions);
      expect(row.reach).toBe(original?.reach);
      expect(row.spend).toBe(original?.spend);
      expect(actionCount(row.actions, 'omni_purchase')).toBe(actionCount(original?.actions, 'omni_purchase'));
      expect(actionCount(row.video_p25_watched_actions, 'video_view')).toBe(
        actionCount(original?.video_p25_watched_actions, 'video_view'),
      );
      expect(row.ad_id).toBeUndefined();
    }
  });

  it('sums segments to coarser levels and to parts of a key (age alone, publisher_platform alone)', async () => {
    const campaigns = await graph(`/${act}/insights`, {
      level: 'campaign',
      breakdowns: 'country',
      fields: 'campaign_id,impressions,spend',
      time_range: WEEK,
      limit: '500',
    });
    expect(campaigns.status).toBe(200);
    const expected = new Map<string, { impressions: number; cents: number }>();
    for (const row of sourceRows('country')) {
      const key = `${row.campaign_id} ${row.country}`;
      const sum = expected.get(key) ?? { impressions: 0, cents: 0 };
      sum.impressions += Number(row.impressions);
      sum.cents += Math.round(Number(row.spend) * 100);
      expected.set(key, sum);
    }
    expect(campaigns.body.data).toHaveLength(expected.size);
    for (const row of campaigns.body.data) {
      const sum = expected.get(`${row.campaign_id} ${row.country}`);
      expect(Number(row.impressions)).toBe(sum?.impressions);
      expect(Math.round(Number(row.spend) * 100)).toBe(sum?.cents);
      expect(row.date_start).toBe('2026-11-01');
      expect(row.date_stop).toBe('2026-11-07');
    }

    const ages = await graph(`/${act}/insights`, {
      level: 'account',
      breakdowns: 'age',
      fields: 'impressions',
      time_range: WEEK,
    });
    expect(ages.body.data.map((row: Json) => row.age).sort()).toEqual(
      [...demoBreakdownScenario.segments.ages].sort(),
    );
    expect(ages.body.data.every((row: Json) => row.gender === undefined)).toBe(true);
    const total = (rows: Json[]) => rows.reduce((sum, row) => sum + Number(row.impressions), 0);
    expect(total(ages.body.data)).toBe(total(sourceRows('age,gender')));

    const platforms = await graph(`/${act}/insights`, {
      level: 'account',
      breakdowns: 'publisher_platform',
      fields: 'impressions',
      time_range: WEEK,
    });
    expect(platforms.body.data.map((row: Json) => row.publisher_platform).sort()).toEqual([
      'audience_network',
      'facebook',
      'instagram',
      'messenger',
    ]);
  });

  it('refuses what Meta refuses: platform_position alone, crossed breakdowns, unknown values', async () => {
    const base = { level: 'adset', fields: 'impressions', time_range: WEEK };
    const alone = await graph(`/${act}/insights`, { ...base, breakdowns: 'platform_position' });
    expect(alone.status).toBe(400);
    expect(alone.body.error).toMatchObject({ code: 100, type: 'OAuthException' });
    expect(alone.body.error.message).toBe(
      '(#100) Current combination of data breakdown columns (action_type, platform_position) is invalid',
    );
    const crossed = await graph(`/${act}/insights`, { ...base, breakdowns: 'age,country' });
    expect(crossed.body.error.message).toMatch(
      /^\(#100\) Current combination .*\(action_type, age, country\) is invalid/,
    );
    const unknown = await graph(`/${act}/insights`, { ...base, breakdowns: 'placement' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.message).toMatch(
      /^\(#100\) breakdowns\[0\] must be one of the following values: .*age/,
    );
    const adLevel = await graph(`/${act}/insights`, { ...base, level: 'ad', breakdowns: 'country' });
    expect(adLevel.status).toBe(400);
    expect(adLevel.body.error.code).toBe(100);
    const paired = await graph(`/${act}/insights`, {
      ...base,
      breakdowns: JSON.stringify(['publisher_platform', 'platform_position']),
    });
    expect(paired.status).toBe(200);
  });

  it('refuses reach by breakdown for ranges that start more than 13 months ago, and only then', async () => {
    const old = JSON.stringify({ since: '2025-10-19', until: '2025-10-25' });
    const params = { level: 'adset', breakdowns: 'device_platform', time_range: old };
    const withReach = await graph(`/${act}/insights`, { ...params, fields: 'impressions,reach' });
    expect(withReach.status).toBe(400);
    expect(withReach.body.error.code).toBe(100);
    expect(withReach.body.error.message).toMatch(
      /^\(#100\) Reach and frequency breakdown data is unavailable for dates older than 13 months/,
    );
    const withFrequency = await graph(`/${act}/insights`, { ...params, fields: 'frequency' });
    expect(withFrequency.status).toBe(400);
    expect((await graph(`/${act}/insights`, { ...params, fields: 'impressions,spend' })).status).toBe(200);
    const { breakdowns: _none, ...plain } = params;
    expect((await graph(`/${act}/insights`, { ...plain, fields: 'impressions,reach' })).status).toBe(200);
    const thirteenMonths = JSON.stringify({ since: '2025-10-20', until: '2025-10-25' });
    const recent = await graph(`/${act}/insights`, {
      ...params,
      time_range: thirteenMonths,
      fields: 'reach',
    });
    expect(recent.status).toBe(200);
  });

  it('runs breakdown reports asynchronously with the same rows as the sync call', async () => {
    const params = {
      level: 'adset',
      breakdowns: 'publisher_platform,platform_position',
      fields: 'adset_id,impressions,spend,actions',
      time_increment: '1',
      time_range: WEEK,
    };
    const created = await getJson(`${server.url}/v23.0/${act}/insights`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        ...params,
        access_token: server.token,
        appsecret_proof: appsecretProof(APP_SECRET, server.token),
      }).toString(),
    });
    const id = created.body.report_run_id as string;
    expect((await graph(`/${id}`)).body.async_status).toBe('Job Completed');
    const results = await allPages(await graph(`/${id}/insights`, { limit: '500' }));
    const sync = await allPages(await graph(`/${act}/insights`, { ...params, limit: '500' }));
    expect(results.rows).toEqual(sync.rows);
    expect(results.rows).toHaveLength(sourceRows('publisher_platform,platform_position').length);
    expect(results.rows[0]).toHaveProperty('platform_position');
  });

  it('sums the video fields of plain ad rows too', async () => {
    const videoAd = demoBreakdownScenario.videoAdIds[0] as string;
    const fields = 'ad_id,video_thruplay_watched_actions,video_p100_watched_actions';
    const { rows } = await allPages(
      await graph(`/${act}/insights`, { level: 'ad', fields, time_range: WEEK, limit: '500' }),
    );
    const row = rows.find((candidate) => candidate.ad_id === videoAd);
    const source = (dataset.insights[act] ?? []).filter(
      (r) => r.ad_id === videoAd && r.date_start >= '2026-11-01' && r.date_start <= '2026-11-07',
    );
    const sum = (field: 'video_thruplay_watched_actions' | 'video_p100_watched_actions') =>
      source.reduce((total, r) => total + actionCount(r[field], 'video_view'), 0);
    expect(row?.video_thruplay_watched_actions).toEqual([
      { action_type: 'video_view', value: String(sum('video_thruplay_watched_actions')) },
    ]);
    expect(actionCount(row?.video_p100_watched_actions, 'video_view')).toBe(
      sum('video_p100_watched_actions'),
    );
  });

  it('pages campaigns with only the fields asked, plus id', async () => {
    const { rows, pages } = await allPages(
      await graph(`/${act}/campaigns`, { fields: 'name,status,daily_budget,lifetime_budget', limit: '2' }),
    );
    const campaigns = dataset.objects?.[act]?.campaigns ?? [];
    expect(pages).toBe(Math.ceil(campaigns.length / 2));
    expect(rows.map((row) => row.id)).toEqual(campaigns.map((campaign) => campaign.id));
    for (const row of rows) {
      expect(
        Object.keys(row).every((key) =>
          ['name', 'status', 'daily_budget', 'lifetime_budget', 'id'].includes(key),
        ),
      ).toBe(true);
    }
    const paused = rows.find((row) => row.id === demoBreakdownScenario.pausedCampaign.campaignId);
    expect(paused).toMatchObject({ status: 'PAUSED', lifetime_budget: expect.stringMatching(/^\d+$/) });
    expect(server.sim.requests.at(-1)?.kind).toBe('campaigns');
  });

  it('answers ad sets with their id alone when no fields are asked, and filters by effective_status', async () => {
    const adsets = await allPages(await graph(`/${act}/adsets`, { limit: '100' }));
    expect(adsets.rows.length).toBe(dataset.objects?.[act]?.adsets.length);
    expect(adsets.rows.every((row) => Object.keys(row).join() === 'id')).toBe(true);
    const paused = await graph(`/${act}/adsets`, {
      fields: 'campaign_id,effective_status',
      effective_status: JSON.stringify(['CAMPAIGN_PAUSED']),
    });
    expect(paused.body.data.length).toBeGreaterThan(0);
    for (const row of paused.body.data) {
      expect(row).toMatchObject({
        campaign_id: demoBreakdownScenario.pausedCampaign.campaignId,
        effective_status: 'CAMPAIGN_PAUSED',
      });
    }
    const bad = await graph(`/${act}/adsets`, { effective_status: JSON.stringify(['SLEEPING']) });
    expect(bad.status).toBe(400);
  });

  it('answers ads with the nested creative selection, and refuses fields the node lacks', async () => {
    const ads = await allPages(
      await graph(`/${act}/ads`, {
        fields: 'name,effective_status,creative{object_type,thumbnail_url,title}',
        limit: '7',
      }),
    );
    expect(ads.rows.length).toBe(dataset.objects?.[act]?.ads.length);
    for (const ad of ads.rows) {
      expect(Object.keys(ad.creative).sort()).toEqual(['id', 'object_type', 'thumbnail_url', 'title']);
      expect(ad.creative.thumbnail_url).toMatch(/^https:\/\//);
    }
    const pausedAd = demoBreakdownScenario.pausedAds.find((ad) => `act_${ad.accountId}` === act);
    expect(ads.rows.find((ad) => ad.id === pausedAd?.adId)?.effective_status).toBe('PAUSED');
    const idOnly = await graph(`/${act}/ads`, { fields: 'creative', limit: '1' });
    expect(Object.keys(idOnly.body.data[0].creative)).toEqual(['id']);
    const unknown = await graph(`/${act}/ads`, { fields: 'name,creative{id,video_length}' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.message).toBe(
      '(#100) Tried accessing nonexisting field (video_length) on node type (AdCreative)',
    );
  });
});

describe('Graph API simulator over a dataset without breakdowns or objects', () => {
  const full = generateDemoData({ today: TODAY, days: 10 });
  const dataset: GraphDataset = { adAccounts: full.adAccounts, insights: full.insights };
  const act = full.adAccounts[0]?.id ?? '';
  let server: Running;

  beforeAll(async () => {
    server = await start(dataset);
  });
  afterAll(() => server.close());

  it('answers breakdown queries and object edges with no rows, and plain insights as before', async () => {
    const graph = graphCall(server);
    const range = JSON.stringify({ since: '2026-11-15', until: '2026-11-19' });
    const broken = await graph(`/${act}/insights`, { level: 'adset', breakdowns: 'age', time_range: range });
    expect(broken.status).toBe(200);
    expect(broken.body.data).toEqual([]);
    const campaigns = await graph(`/${act}/campaigns`, { fields: 'name' });
    expect(campaigns.body).toEqual({ data: [] });
    const plain = await graph(`/${act}/insights`, {
      level: 'account',
      fields: 'impressions',
      time_range: range,
    });
    expect(plain.body.data).toHaveLength(1);
  });
});
