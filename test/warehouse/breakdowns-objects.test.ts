import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readDatasetFolder, writeDatasetFolder } from '../../src/analyst/dataset-folder';
import { queryRows } from '../../src/analyst/warehouse-db';
import { budgetInMajorUnit } from '../../src/warehouse/currency-offset';
import type { GraphBreakdownRow, GraphDataset, GraphInsightRow } from '../../src/warehouse/graph-types';
import { loadDataset } from '../../src/warehouse/load';
import { InvalidInsightRowError, rowSums } from '../../src/warehouse/prepare';
import { breakdownCopyFields, prepareBreakdowns } from '../../src/warehouse/prepare-breakdowns';
import { createTestDatabase, type TestDatabase } from '../helpers/database';
import { graphAccount, graphRow } from '../helpers/graph-rows';

// Meta reports one step of the funnel under several aliases at once; each must count once.
const aliased = (types: string[], value: string) => types.map((action_type) => ({ action_type, value }));

function funnelRow(day: string): GraphInsightRow {
  return {
    ...graphRow({
      account: '7',
      campaign: 'Sale',
      ad: 'Reel A',
      day,
      impressions: 1000,
      clicks: 40,
      spend: '50.00',
      purchases: 2,
      revenue: '180.00',
    }),
    inline_link_clicks: '30',
    actions: [
      ...aliased(['omni_purchase', 'purchase', 'offsite_conversion.fb_pixel_purchase'], '2'),
      ...aliased(['landing_page_view', 'omni_landing_page_view'], '25'),
      ...aliased(['omni_view_content', 'view_content', 'offsite_conversion.fb_pixel_view_content'], '18'),
      ...aliased(['omni_add_to_cart', 'add_to_cart', 'offsite_conversion.fb_pixel_add_to_cart'], '7'),
      ...aliased(
        ['omni_initiated_checkout', 'initiate_checkout', 'offsite_conversion.fb_pixel_initiate_checkout'],
        '4',
      ),
      { action_type: 'video_view', value: '300' },
    ],
    video_thruplay_watched_actions: [{ action_type: 'video_view', value: '90' }],
    video_p100_watched_actions: [{ action_type: 'video_view', value: '40' }],
  };
}

describe('a row read into sums', () => {
  it('counts each funnel step and video play once, whichever aliases Meta sent', () => {
    const sums = rowSums(funnelRow('2026-11-01'), 'row');
    expect(sums).toMatchObject({
      purchases: '2',
      linkClicks: '30',
      landingPageViews: '25',
      contentViews: '18',
      addsToCart: '7',
      checkoutsInitiated: '4',
      videoViews3s: '300',
      thruplays: '90',
      videoP100: '40',
      videoP25: '0',
    });
  });

  it('takes the fallback alias when the preferred one is missing', () => {
    const row = {
      ...funnelRow('2026-11-01'),
      actions: aliased(['offsite_conversion.fb_pixel_add_to_cart'], '5'),
    };
    expect(rowSums(row, 'row')).toMatchObject({ addsToCart: '5', contentViews: '0', purchases: '0' });
  });

  it('names the row and field of a number that does not parse', () => {
    const row = {
      ...funnelRow('2026-11-01'),
      video_thruplay_watched_actions: [{ action_type: 'video_view', value: 'n/a' }],
    };
    expect(() => rowSums(row, 'Insights row for ad 9')).toThrow(
      /Insights row for ad 9: video_thruplay_watched_actions.video_view/,
    );
  });
});

describe('budgets in the currency’s major unit', () => {
  it.each([
    ['19000', 'USD', '190.00'],
    ['850000', 'USD', '8500.00'],
    ['5', 'EUR', '0.05'],
    ['1234', 'GBP', '12.34'],
    ['5000', 'JPY', '5000'],
    ['120000', 'KRW', '120000'],
    [undefined, 'USD', null],
  ])('%s minor units of %s are %s', (minor, currency, major) => {
    expect(budgetInMajorUnit(minor, currency)).toBe(major);
  });

  it('refuses a budget that is not a whole number of minor units', () => {
    expect(() => budgetInMajorUnit('19.5', 'USD')).toThrow(/not a whole number/);
  });
});

function breakdownRow(
  adsetId: string,
  day: string,
  fields: Partial<GraphBreakdownRow>,
  spend: string,
): GraphBreakdownRow {
  return {
    account_id: '7',
    account_name: 'Shop',
    campaign_id: 'c1',
    campaign_name: 'Sale',
    adset_id: adsetId,
    adset_name: 'Sale | Set',
    impressions: '500',
    clicks: '20',
    spend,
    date_start: day,
    date_stop: day,
    actions: aliased(['omni_purchase', 'purchase'], '1'),
    ...fields,
  };
}

describe('breakdown rows prepared', () => {
  it('refuses a row without its own segment, which would overwrite a sibling', () => {
    const row = breakdownRow('s1', '2026-11-01', { publisher_platform: 'instagram' }, '5.00');
    expect(() => prepareBreakdowns([row], 'publisher_platform,platform_position')).toThrow(
      InvalidInsightRowError,
    );
    expect(() => prepareBreakdowns([row], 'publisher_platform,platform_position')).toThrow(
      /platform_position is missing/,
    );
  });

  it('counts purchases once per segment, not once per alias', () => {
    const prepared = prepareBreakdowns(
      [breakdownRow('s1', '2026-11-01', { country: 'US' }, '5.00')],
      'country',
    );
    const [row] = prepared.copy.trimEnd().split('\n');
    const fields = row?.split('\t') ?? [];
    expect(prepared.rows).toBe(1);
    expect(fields[breakdownCopyFields.indexOf('purchases')]).toBe('1');
    expect(fields[breakdownCopyFields.indexOf('segment')]).toBe('US');
  });
});

describe('a dataset with breakdowns and objects, loaded', () => {
  let t: TestDatabase;
  let dir: string;
  const dataset: GraphDataset = {
    adAccounts: [graphAccount('7', 'Shop'), graphAccount('8', 'Yen Shop', 'JPY')],
    insights: {
      act_7: [funnelRow('2026-11-01'), funnelRow('2026-11-02')],
      act_8: [
        graphRow({
          account: '8',
          campaign: 'Tokyo',
          ad: 'Photo',
          day: '2026-11-01',
          impressions: 100,
          clicks: 3,
          spend: '900',
        }),
      ],
    },
    breakdowns: {
      act_7: {
        'age,gender': [
          breakdownRow('Sale | Set', '2026-11-01', { age: '25-34', gender: 'female' }, '30.00'),
          breakdownRow('Sale | Set', '2026-11-01', { age: '25-34', gender: 'male' }, '20.00'),
        ],
        country: [breakdownRow('Sale | Set', '2026-11-01', { country: 'US' }, '50.00')],
      },
    },
    objects: {
      act_7: {
        campaigns: [
          {
            id: 'c1',
            name: 'Sale',
            status: 'PAUSED',
            effective_status: 'PAUSED',
            daily_budget: '19000',
            bid_strategy: 'COST_CAP',
            start_time: '2026-07-01T00:00:00-0400',
          },
        ],
        adsets: [
          {
            id: 's9',
            name: 'Never spent',
            campaign_id: 'c1',
            status: 'ACTIVE',
            effective_status: 'CAMPAIGN_PAUSED',
            optimization_goal: 'OFFSITE_CONVERSIONS',
          },
        ],
        ads: [
          {
            id: 'a9',
            name: 'Carousel',
            adset_id: 's9',
            campaign_id: 'c1',
            status: 'ACTIVE',
            effective_status: 'CAMPAIGN_PAUSED',
            creative: {
              id: 'cr9',
              object_type: 'SHARE',
              thumbnail_url: 'https://scontent.xx.fbcdn.net/t.jpg',
              title: 'Pack light',
              body: 'Go far',
              call_to_action_type: 'SHOP_NOW',
            },
          },
        ],
      },
      act_8: { campaigns: [{ id: 'j1', name: 'Tokyo', lifetime_budget: '500000' }], adsets: [], ads: [] },
    },
  };

  beforeAll(async () => {
    t = await createTestDatabase();
    dir = await mkdtemp(path.join(tmpdir(), 'arlo-folder-'));
    await writeDatasetFolder(dir, dataset);
    // Through the folder and back, as `arlo ask --data` reads it; loaded twice to prove it is idempotent.
    const read = await readDatasetFolder(dir);
    await loadDataset(t.database.db, read);
    await loadDataset(t.database.db, read);
  });
  afterAll(async () => {
    await t?.drop();
    await rm(dir, { recursive: true, force: true });
  });

  it('reads back from the folder exactly what was written', async () => {
    const read = await readDatasetFolder(dir);
    expect(read.breakdowns).toEqual(dataset.breakdowns);
    expect(read.objects).toEqual(dataset.objects);
  });

  it('stores each funnel step once per row and day on both insights tables', async () => {
    for (const table of ['meta_insights_daily', 'meta_insights_campaign_daily']) {
      const [row] = await queryRows<Record<string, string>>(
        t.database.db,
        sql`select sum(adds_to_cart)::text as carts, sum(checkouts_initiated)::text as checkouts, sum(landing_page_views)::text as lpv,
          sum(thruplays)::text as thruplays, sum(purchases)::text as purchases from ${sql.raw(table)} where account_id = '7'`,
      );
      expect(row).toEqual({ carts: '14', checkouts: '8', lpv: '50', thruplays: '180', purchases: '4' });
    }
  });

  it('keeps each breakdown key’s rows apart, once each however often they are loaded', async () => {
    const rows = await queryRows<{ breakdown: string; segment: string; spend: string }>(
      t.database.db,
      sql`select breakdown, segment, spend::text as spend from meta_insights_breakdown_daily order by breakdown, segment`,
    );
    expect(rows).toEqual([
      { breakdown: 'age,gender', segment: '25-34|female', spend: '30.00' },
      { breakdown: 'age,gender', segment: '25-34|male', spend: '20.00' },
      { breakdown: 'country', segment: 'US', spend: '50.00' },
    ]);
  });

  it('stores settings with budgets in major units, including objects that never spent', async () => {
    const campaigns = await queryRows<Record<string, string | null>>(
      t.database.db,
      sql`select id, status, daily_budget::text as daily, lifetime_budget::text as lifetime, bid_strategy,
        to_char(start_time at time zone 'UTC', 'YYYY-MM-DD HH24:MI') as start from meta_campaigns where id in ('c1', 'j1') order by id`,
    );
    expect(campaigns).toEqual([
      {
        id: 'c1',
        status: 'PAUSED',
        daily: '190.00',
        lifetime: null,
        bid_strategy: 'COST_CAP',
        start: '2026-07-01 04:00',
      },
      { id: 'j1', status: null, daily: null, lifetime: '500000', bid_strategy: null, start: null },
    ]);
    const [ad] = await queryRows<Record<string, string | null>>(
      t.database.db,
      sql`select format, title, body, call_to_action, thumbnail_url, effective_status, settings_at is not null as read from meta_ads where id = 'a9'`,
    );
    expect(ad).toMatchObject({
      format: 'SHARE',
      title: 'Pack light',
      body: 'Go far',
      call_to_action: 'SHOP_NOW',
      effective_status: 'CAMPAIGN_PAUSED',
      read: true,
    });
    const [adset] = await queryRows<Record<string, string | null>>(
      t.database.db,
      sql`select optimization_goal, account_id from meta_adsets where id = 's9'`,
    );
    expect(adset).toEqual({ optimization_goal: 'OFFSITE_CONVERSIONS', account_id: '7' });
  });

  it('marks objects only named by insights rows as having no settings read', async () => {
    const rows = await queryRows<{ id: string; read: boolean }>(
      t.database.db,
      sql`select id, settings_at is not null as read from meta_ads where account_id = '8'`,
    );
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((row) => !row.read)).toBe(true);
  });
});
