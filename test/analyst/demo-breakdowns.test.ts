import { describe, expect, it } from 'vitest';
import { addDays } from '../../src/analyst/demo/calendar';
import { demoBreakdownScenario, demoScenario, generateDemoData } from '../../src/analyst/demo/generate';
import {
  type BreakdownKey,
  breakdownKeys,
  type GraphAction,
  type GraphBreakdownRow,
  type GraphDataset,
  type GraphInsightRow,
} from '../../src/warehouse/graph-types';

const TODAY = '2026-11-20';
// Every (today, seed) pair the segment stories are checked on: they must not depend on luck.
const STORY_CASES: [string, number | undefined][] = [
  [TODAY, undefined],
  ['2025-03-01', 7],
  ['2024-03-01', 42],
];
const VIDEO_FIELDS = [
  'video_thruplay_watched_actions',
  'video_p25_watched_actions',
  'video_p50_watched_actions',
  'video_p75_watched_actions',
  'video_p95_watched_actions',
  'video_p100_watched_actions',
] as const;
const SEGMENT_VALUES: Record<string, readonly string[]> = {
  age: ['18-24', '25-34', '35-44', '45-54', '55-64', '65+'],
  gender: ['female', 'male', 'unknown'],
  country: ['US', 'CA', 'GB', 'AU'],
  publisher_platform: ['facebook', 'instagram', 'audience_network', 'messenger'],
  device_platform: ['mobile_app', 'mobile_web', 'desktop'],
};

const data = generateDemoData({ today: TODAY });

function count(list: GraphAction[] | undefined, type: string): number {
  return Number(list?.find((action) => action.action_type === type)?.value ?? 0);
}

type AnyRow = GraphInsightRow | GraphBreakdownRow;

function funnel(row: AnyRow) {
  return {
    linkClicks: Number(row.inline_link_clicks),
    landingPageViews: count(row.actions, 'landing_page_view'),
    contentViews: count(row.actions, 'omni_view_content'),
    addsToCart: count(row.actions, 'omni_add_to_cart'),
    checkouts: count(row.actions, 'omni_initiated_checkout'),
    purchases: count(row.actions, 'omni_purchase'),
  };
}

function video(row: AnyRow) {
  return {
    plays: count(row.actions, 'video_view'),
    thruplays: count(row.video_thruplay_watched_actions, 'video_view'),
    p25: count(row.video_p25_watched_actions, 'video_view'),
    p50: count(row.video_p50_watched_actions, 'video_view'),
    p75: count(row.video_p75_watched_actions, 'video_view'),
    p95: count(row.video_p95_watched_actions, 'video_view'),
    p100: count(row.video_p100_watched_actions, 'video_view'),
  };
}

/** Whole numbers of a row (money in cents), keyed by field or action type, for exact sums. */
function wholeNumbers(row: AnyRow): Map<string, number> {
  const numbers = new Map<string, number>([
    ['impressions', Number(row.impressions)],
    ['clicks', Number(row.clicks)],
    ['inline_link_clicks', Number(row.inline_link_clicks)],
    ['spend cents', Math.round(Number(row.spend) * 100)],
  ]);
  for (const action of row.actions ?? []) numbers.set(`action ${action.action_type}`, Number(action.value));
  for (const value of row.action_values ?? []) {
    numbers.set(`value ${value.action_type}`, Math.round(Number(value.value) * 100));
  }
  for (const field of VIDEO_FIELDS) numbers.set(field, count(row[field], 'video_view'));
  return numbers;
}

function sumByAdSetDay(rows: readonly AnyRow[]): Map<string, Map<string, number>> {
  const sums = new Map<string, Map<string, number>>();
  for (const row of rows) {
    const key = `${row.adset_id} ${row.date_start}`;
    const total = sums.get(key) ?? new Map<string, number>();
    for (const [name, value] of wholeNumbers(row)) total.set(name, (total.get(name) ?? 0) + value);
    sums.set(key, total);
  }
  return sums;
}

function segmentOf(row: GraphBreakdownRow, key: BreakdownKey): string {
  return key
    .split(',')
    .map((field) => row[field as keyof GraphBreakdownRow])
    .join('|');
}

interface SegmentTotals {
  spend: number;
  impressions: number;
  linkClicks: number;
  conversions: number;
  revenue: number;
}

/** Totals per segment over [from, today), conversions = purchases + leads. */
function bySegment(rows: readonly GraphBreakdownRow[], key: BreakdownKey, from: string, today: string) {
  const totals = new Map<string, SegmentTotals>();
  for (const row of rows) {
    if (row.date_start < from || row.date_start >= today) continue;
    const segment = segmentOf(row, key);
    const t = totals.get(segment) ?? { spend: 0, impressions: 0, linkClicks: 0, conversions: 0, revenue: 0 };
    t.spend += Number(row.spend);
    t.impressions += Number(row.impressions);
    t.linkClicks += Number(row.inline_link_clicks);
    t.conversions += count(row.actions, 'omni_purchase') + count(row.actions, 'lead');
    t.revenue += count(row.action_values, 'omni_purchase');
    totals.set(segment, t);
  }
  return totals;
}

function best(totals: Map<string, SegmentTotals>, score: (t: SegmentTotals) => number): string {
  return [...totals].sort((a, b) => score(b[1]) - score(a[1]))[0]?.[0] ?? '';
}

function breakdownRows(dataset: GraphDataset, act: string, key: BreakdownKey): GraphBreakdownRow[] {
  return dataset.breakdowns?.[act]?.[key] ?? [];
}

describe('demo ad rows: funnel and video', () => {
  const rows = Object.values(data.insights).flat();

  it('keeps the funnel in order on every row, each step under all of its aliases', () => {
    const problems: string[] = [];
    for (const row of rows) {
      const f = funnel(row);
      const steps = Object.values(f);
      for (let i = 1; i < steps.length; i++) {
        if ((steps[i] as number) > (steps[i - 1] as number)) problems.push(`${row.ad_id} ${row.date_start}`);
      }
      const aliases: [string, string[]][] = [
        ['landing_page_view', ['omni_landing_page_view']],
        ['omni_view_content', ['view_content', 'offsite_conversion.fb_pixel_view_content']],
        ['omni_add_to_cart', ['add_to_cart', 'offsite_conversion.fb_pixel_add_to_cart']],
        ['omni_initiated_checkout', ['initiate_checkout', 'offsite_conversion.fb_pixel_initiate_checkout']],
      ];
      for (const [main, others] of aliases) {
        for (const other of others) {
          if (count(row.actions, other) !== count(row.actions, main))
            problems.push(`${other} of ${row.ad_id}`);
        }
      }
    }
    expect(problems).toEqual([]);
    const sales = rows.filter((row) => row.account_id === demoScenario.salesAccount.accountId);
    expect(sales.reduce((total, row) => total + funnel(row).contentViews, 0)).toBeGreaterThan(10_000);
    expect(sales.reduce((total, row) => total + funnel(row).checkouts, 0)).toBeGreaterThan(1_000);
  });

  it('sends 3-second plays, ThruPlays and video depths for video ads only, each depth below the last', () => {
    const videoAds = new Set<string>(demoBreakdownScenario.videoAdIds);
    const problems: string[] = [];
    let videoRows = 0;
    for (const row of rows) {
      const v = video(row);
      if (!videoAds.has(row.ad_id)) {
        if (v.plays > 0 || VIDEO_FIELDS.some((field) => row[field] !== undefined)) {
          problems.push(`video fields on ${row.ad_name}`);
        }
        continue;
      }
      videoRows++;
      const depths = [v.plays, v.p25, v.p50, v.p75, v.p95, v.p100];
      for (let i = 1; i < depths.length; i++) {
        if ((depths[i] as number) > (depths[i - 1] as number)) problems.push(`depths of ${row.ad_id}`);
      }
      if (v.thruplays > v.plays || v.plays > Number(row.impressions)) problems.push(`plays of ${row.ad_id}`);
      if (v.plays > 100 && !(v.thruplays > 0 && v.p100 > 0)) problems.push(`no depths on ${row.ad_id}`);
      for (const field of VIDEO_FIELDS) {
        const list = row[field];
        if (list && (list.length !== 1 || list[0]?.action_type !== 'video_view')) problems.push(field);
      }
    }
    expect(problems).toEqual([]);
    expect(videoRows).toBeGreaterThan(2000);
  });
});

describe('demo breakdown rows', () => {
  it.each(breakdownKeys)(
    '%s: segments add up to each ad set’s day, exactly, over the last 62 days',
    (key) => {
      for (const account of data.adAccounts) {
        const rows = breakdownRows(data, account.id, key);
        // The demo keeps 62 days of breakdowns (the whole of last month, always): those days are
        // covered completely, and no earlier day at all.
        const first = [...rows].map((row) => row.date_start).sort()[0] ?? '';
        expect(first).toBe(addDays(TODAY, -62));
        const adRows = (data.insights[account.id] ?? []).filter((row) => row.date_start >= first);
        expect(rows.length).toBeGreaterThan(1000);
        const expected = sumByAdSetDay(adRows);
        const actual = sumByAdSetDay(rows);
        expect([...actual.keys()].sort()).toEqual([...expected.keys()].sort());
        const problems: string[] = [];
        for (const [adSetDay, totals] of expected) {
          const got = actual.get(adSetDay) ?? new Map<string, number>();
          for (const [name, value] of totals) {
            if ((got.get(name) ?? 0) !== value)
              problems.push(`${adSetDay} ${name}: ${got.get(name)} ≠ ${value}`);
          }
          for (const name of got.keys()) if (!totals.has(name)) problems.push(`${adSetDay} extra ${name}`);
        }
        expect(problems.slice(0, 10)).toEqual([]);
      }
    },
  );

  it('uses Meta’s shapes and values: strings, the key’s own fields, reach at most impressions', () => {
    const problems: string[] = [];
    for (const account of data.adAccounts) {
      for (const key of breakdownKeys) {
        const fields = key.split(',');
        for (const row of breakdownRows(data, account.id, key)) {
          const where = `${key} ${row.adset_id} ${row.date_start}`;
          if ('ad_id' in row || 'ad_name' in row) problems.push(`${where}: ad fields`);
          if (row.date_start !== row.date_stop) problems.push(`${where}: dates`);
          for (const field of [
            'age',
            'gender',
            'country',
            'publisher_platform',
            'platform_position',
            'device_platform',
          ]) {
            const value = row[field as keyof GraphBreakdownRow];
            if (fields.includes(field) !== (typeof value === 'string')) problems.push(`${where}: ${field}`);
            const allowed = SEGMENT_VALUES[field];
            if (typeof value === 'string' && allowed && !allowed.includes(value))
              problems.push(`${where}: ${value}`);
          }
          const impressions = Number(row.impressions);
          const reach = Number(row.reach);
          if (!(impressions > 0 && reach >= 1 && reach <= impressions)) problems.push(`${where}: reach`);
          if (!/^\d+\.\d{2}$/.test(row.spend)) problems.push(`${where}: spend ${row.spend}`);
          if (row.ctr !== ((Number(row.clicks) / impressions) * 100).toFixed(6))
            problems.push(`${where}: ctr`);
          if ((row.cpc === undefined) !== (row.clicks === '0')) problems.push(`${where}: cpc`);
          const steps = Object.values(funnel(row));
          for (let i = 1; i < steps.length; i++) {
            if ((steps[i] as number) > (steps[i - 1] as number)) problems.push(`${where}: funnel`);
          }
          const v = video(row);
          if (v.p25 > v.plays || v.p100 > v.p95 || v.thruplays > v.plays) problems.push(`${where}: video`);
        }
      }
    }
    expect(problems.slice(0, 10)).toEqual([]);
  });

  it('places Reels and Stories under their platform', () => {
    const placements = new Set(
      breakdownRows(
        data,
        `act_${demoScenario.salesAccount.accountId}`,
        'publisher_platform,platform_position',
      ).map((row) => `${row.publisher_platform}|${row.platform_position}`),
    );
    for (const placement of [
      'facebook|feed',
      'facebook|facebook_reels',
      'facebook|facebook_stories',
      'instagram|feed',
      'instagram|instagram_reels',
      'instagram|instagram_stories',
      'audience_network|an_classic',
      'messenger|messenger_stories',
    ]) {
      expect(placements).toContain(placement);
    }
  });

  it('gives an ad set named for an age range no delivery outside it', () => {
    const rows = breakdownRows(data, `act_${demoScenario.salesAccount.accountId}`, 'age,gender');
    const named = rows.filter((row) => row.adset_name.endsWith('| US 25-44'));
    expect(named.length).toBeGreaterThan(100);
    expect(new Set(named.map((row) => row.age))).toEqual(new Set(['25-34', '35-44']));
  });
});

describe.each(STORY_CASES)('segment stories over the last 30 days, today %s seed %s', (today, seed) => {
  const dataset = generateDemoData({ today, seed });
  const from = addDays(today, -30);
  const stories = demoBreakdownScenario.segments;
  const accounts = dataset.adAccounts.map((account) => account.id);
  const sales = `act_${demoScenario.salesAccount.accountId}`;
  const cpa = (t: SegmentTotals) => -t.spend / t.conversions;

  /** Totals per age (part 0) or gender (part 1) of the age,gender rows. */
  function byAgeOrGender(act: string, part: 0 | 1): Map<string, SegmentTotals> {
    const totals = new Map<string, SegmentTotals>();
    for (const [segment, t] of bySegment(
      breakdownRows(dataset, act, 'age,gender'),
      'age,gender',
      from,
      today,
    )) {
      const value = segment.split('|')[part] as string;
      const sum = totals.get(value);
      totals.set(value, sum ? addTotals(sum, t) : { ...t });
    }
    return totals;
  }

  it('the planned age band has the best ROAS (shop) and cost per result (both accounts)', () => {
    expect(best(byAgeOrGender(sales, 0), (t) => t.revenue / t.spend)).toBe(stories.bestAgeBand);
    for (const act of accounts) expect(best(byAgeOrGender(act, 0), cpa), act).toBe(stories.bestAgeBand);
  });

  it('women convert more cheaply than men, and bring the shop a better ROAS', () => {
    const menAndWomen = (act: string) => {
      const byGender = byAgeOrGender(act, 1);
      byGender.delete('unknown');
      return byGender;
    };
    expect(best(menAndWomen(sales), (t) => t.revenue / t.spend)).toBe(stories.bestGender);
    for (const act of accounts) expect(best(menAndWomen(act), cpa), act).toBe(stories.bestGender);
  });

  it('the planned country has the lowest cost per result', () => {
    for (const act of accounts) {
      const totals = bySegment(breakdownRows(dataset, act, 'country'), 'country', from, today);
      expect(best(totals, cpa), act).toBe(stories.cheapestCountryByCpa);
    }
  });

  it('Instagram Reels has the cheapest CPM', () => {
    const { publisher_platform, platform_position } = stories.cheapestPlacementByCpm;
    for (const act of accounts) {
      const key = 'publisher_platform,platform_position';
      const totals = bySegment(breakdownRows(dataset, act, key), key, from, today);
      expect(
        best(totals, (t) => -t.spend / t.impressions),
        act,
      ).toBe(`${publisher_platform}|${platform_position}`);
    }
  });

  it('the app brings the most conversions, desktop the best conversion rate', () => {
    for (const act of accounts) {
      const totals = bySegment(
        breakdownRows(dataset, act, 'device_platform'),
        'device_platform',
        from,
        today,
      );
      expect(
        best(totals, (t) => t.conversions),
        act,
      ).toBe(stories.topDeviceByConversions);
      expect(
        best(totals, (t) => t.conversions / t.linkClicks),
        act,
      ).toBe(stories.bestDeviceByConversionRate);
    }
  });
});

function addTotals(a: SegmentTotals, b: SegmentTotals): SegmentTotals {
  return {
    spend: a.spend + b.spend,
    impressions: a.impressions + b.impressions,
    linkClicks: a.linkClicks + b.linkClicks,
    conversions: a.conversions + b.conversions,
    revenue: a.revenue + b.revenue,
  };
}

describe('demo objects', () => {
  const sales = `act_${demoScenario.salesAccount.accountId}`;

  it('lists every campaign, ad set and ad of the insights, with Meta’s statuses', () => {
    for (const account of data.adAccounts) {
      const objects = data.objects?.[account.id];
      const rows = data.insights[account.id] ?? [];
      expect(new Set(objects?.campaigns.map((c) => c.id))).toEqual(new Set(rows.map((r) => r.campaign_id)));
      expect(new Set(objects?.adsets.map((s) => s.id))).toEqual(new Set(rows.map((r) => r.adset_id)));
      expect(new Set(objects?.ads.map((a) => a.id))).toEqual(new Set(rows.map((r) => r.ad_id)));
      const statuses = new Set(
        [...(objects?.campaigns ?? []), ...(objects?.adsets ?? []), ...(objects?.ads ?? [])].map(
          (o) => `${o.status}/${o.effective_status}`,
        ),
      );
      for (const status of statuses) {
        expect(['ACTIVE/ACTIVE', 'PAUSED/PAUSED', 'ACTIVE/CAMPAIGN_PAUSED']).toContain(status);
      }
    }
    const objects = data.objects?.[sales];
    const paused = objects?.campaigns.find((c) => c.id === demoBreakdownScenario.pausedCampaign.campaignId);
    expect(paused).toMatchObject({ status: 'PAUSED', effective_status: 'PAUSED' });
    const children = objects?.ads.filter((a) => a.campaign_id === paused?.id) ?? [];
    expect(children.length).toBeGreaterThan(0);
    expect(children.every((a) => a.effective_status === 'CAMPAIGN_PAUSED')).toBe(true);
    for (const ad of demoBreakdownScenario.pausedAds) {
      const found = data.objects?.[`act_${ad.accountId}`]?.ads.find((a) => a.id === ad.adId);
      expect(found).toMatchObject({ status: 'PAUSED', effective_status: 'PAUSED', name: ad.adName });
    }
    expect(demoBreakdownScenario.pausedAds.length).toBeGreaterThan(0);
  });

  it('budgets in cents on the campaign or on its ad sets, never both, and as the scenario says', () => {
    for (const account of data.adAccounts) {
      const objects = data.objects?.[account.id];
      for (const campaign of objects?.campaigns ?? []) {
        const adSets = objects?.adsets.filter((s) => s.campaign_id === campaign.id) ?? [];
        const onCampaign = campaign.daily_budget !== undefined || campaign.lifetime_budget !== undefined;
        const onAdSets = adSets.some((s) => s.daily_budget !== undefined || s.lifetime_budget !== undefined);
        expect(onCampaign !== onAdSets, campaign.name).toBe(true);
        for (const budget of [
          campaign.daily_budget,
          campaign.lifetime_budget,
          ...adSets.map((s) => s.daily_budget),
        ]) {
          if (budget !== undefined) expect(budget).toMatch(/^\d+00$/);
        }
        expect(campaign.start_time).toMatch(/^\d{4}-\d{2}-\d{2}T00:00:00[+-]\d{4}$/);
        if (campaign.lifetime_budget) expect(campaign.stop_time).toMatch(/T23:59:00[+-]\d{4}$/);
        for (const adSet of adSets) expect(adSet.bid_strategy).toBeTruthy();
      }
    }
    for (const planned of demoBreakdownScenario.budgets) {
      const objects = data.objects?.[`act_${planned.accountId}`];
      const holder = planned.adSetId
        ? objects?.adsets.find((s) => s.id === planned.adSetId)
        : objects?.campaigns.find((c) => c.id === planned.campaignId);
      const cents = (value: number | undefined) =>
        value === undefined ? undefined : String(Math.round(value * 100));
      expect(holder?.daily_budget).toBe(cents(planned.dailyBudget));
      expect(holder?.lifetime_budget).toBe(cents(planned.lifetimeBudget));
    }
  });

  it('paces daily budgets: a week of spend is 80–105% of the budget, the surge included', () => {
    const lastWeek = addDays(TODAY, -7);
    for (const account of data.adAccounts) {
      const objects = data.objects?.[account.id];
      const rows = (data.insights[account.id] ?? []).filter((row) => row.date_start >= addDays(TODAY, -3));
      const weekRows = (data.insights[account.id] ?? []).filter((row) => row.date_start >= lastWeek);
      for (const campaign of objects?.campaigns ?? []) {
        if (campaign.status !== 'ACTIVE') continue;
        const adSets = objects?.adsets.filter((s) => s.campaign_id === campaign.id) ?? [];
        const daily =
          Number(campaign.daily_budget ?? adSets.reduce((t, s) => t + Number(s.daily_budget), 0)) / 100;
        // The surge raised the budget three days ago; the rest have had theirs all week.
        const surge = campaign.id === demoScenario.spendSurge.campaignId;
        const window = surge ? rows : weekRows;
        const spend = window
          .filter((r) => r.campaign_id === campaign.id)
          .reduce((t, r) => t + Number(r.spend), 0);
        const pacing = spend / (surge ? 3 : 7) / daily;
        expect(pacing, campaign.name).toBeGreaterThan(0.8);
        expect(pacing, campaign.name).toBeLessThan(1.05);
      }
    }
  });

  it('describes each creative: format from the ad’s name, an https thumbnail, title, body, call to action', () => {
    for (const account of data.adAccounts) {
      for (const ad of data.objects?.[account.id]?.ads ?? []) {
        const expected = /^Video|Reel/.test(ad.name) ? 'VIDEO' : /^Image/.test(ad.name) ? 'PHOTO' : 'SHARE';
        expect(ad.creative?.object_type, ad.name).toBe(expected);
        expect(ad.creative?.thumbnail_url).toMatch(/^https:\/\/scontent\.xx\.fbcdn\.net\/v\/.+\.jpg\?/);
        expect(ad.creative?.title).toBeTruthy();
        expect(ad.creative?.body).toBeTruthy();
        expect(ad.creative?.call_to_action_type).toMatch(/^[A-Z_]+$/);
      }
    }
  });
});

describe('large size breakdowns and objects', () => {
  const large = generateDemoData({ today: TODAY, size: 'large' });
  const account = large.adAccounts[0];
  const act = account?.id ?? '';

  it('splits the last 90 days of every ad set by every key, adding up exactly', () => {
    const adRows = (large.insights[act] ?? []).filter((row) => row.date_start >= addDays(TODAY, -90));
    const expected = sumByAdSetDay(adRows);
    for (const key of breakdownKeys) {
      const rows = breakdownRows(large, act, key);
      expect(rows[0]?.date_start, key).toBe(addDays(TODAY, -90));
      const actual = sumByAdSetDay(rows);
      expect(actual.size, key).toBe(100 * 90);
      for (const [adSetDay, totals] of expected) {
        const got = actual.get(adSetDay);
        for (const [name, value] of totals)
          if (got?.get(name) !== value) expect(`${adSetDay} ${name}`).toBe('');
      }
    }
    expect(large.objects?.[act]?.campaigns).toHaveLength(25);
    expect(large.objects?.[act]?.adsets).toHaveLength(100);
    expect(large.objects?.[act]?.ads).toHaveLength(500);
  });
});
