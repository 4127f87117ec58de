import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/analyst/warehouse-db';
import type { GraphBreakdownRow, GraphInsightRow } from '../../src/warehouse/graph-types';
import {
  loadDataset,
  type WarehouseWriter,
  writePreparedInsights,
  writePreparedPages,
} from '../../src/warehouse/load';
import { writePreparedBreakdownPages, writePreparedBreakdowns } from '../../src/warehouse/load-breakdowns';
import { prepareInsights } from '../../src/warehouse/prepare';
import { prepareBreakdowns } from '../../src/warehouse/prepare-breakdowns';
import { createTestDatabase, type TestDatabase } from '../helpers/database';
import { graphAccount } from '../helpers/graph-rows';

// The rows travel to the database as COPY text, where a tab, newline or backslash inside a value
// would split or shift fields: every value below must come back exactly as it went in.
const awkward = [
  'tab\there',
  'new\nline',
  'carriage\rreturn',
  'back\\slash',
  '\\N',
  '\\.',
  'quote " and \' and , comma',
  'unicode: ünïcødé 広告 🚀',
  '',
];

let t: TestDatabase;
let db: WarehouseWriter;

beforeAll(async () => {
  t = await createTestDatabase();
  db = t.database.db;
});
afterAll(async () => {
  await t.drop();
});

function adRow(
  account: string,
  ad: string,
  day: string,
  numbers: Partial<GraphInsightRow> = {},
): GraphInsightRow {
  return {
    account_id: account,
    account_name: `Account ${account}`,
    campaign_id: `${account}-c`,
    campaign_name: 'Campaign',
    adset_id: `${account}-s`,
    adset_name: 'Set',
    ad_id: ad,
    ad_name: `Ad ${ad}`,
    impressions: '1000',
    clicks: '10',
    spend: '0.10',
    date_start: day,
    date_stop: day,
    ...numbers,
  };
}

interface StoredAdDay {
  ad_id: string;
  day: string;
  account_id: string;
  campaign_id: string;
  adset_id: string;
  impressions: string;
  reach: string;
  clicks: string;
  spend: string;
  purchases: string;
  revenue: string;
}

async function adDays(account: string): Promise<StoredAdDay[]> {
  return queryRows<StoredAdDay & Record<string, unknown>>(
    db,
    sql`select ad_id, day::text as day, account_id, campaign_id, adset_id, impressions::text as impressions,
      reach::text as reach, clicks::text as clicks, spend::text as spend, purchases::text as purchases,
      revenue::text as revenue
      from meta_insights_daily where account_id = ${account} order by ad_id, day`,
  );
}

async function campaignDays(
  account: string,
): Promise<{ campaign_id: string; day: string; spend: string; impressions: string }[]> {
  return queryRows(
    db,
    sql`select campaign_id, day::text as day, spend::text as spend, impressions::text as impressions
      from meta_insights_campaign_daily where account_id = ${account} order by campaign_id, day`,
  );
}

describe('ad-day rows written through COPY', () => {
  it('stores every id and number exactly as given, whatever characters the ids hold', async () => {
    const account = '9001';
    const rows = awkward.map((text, i) =>
      adRow(account, `ad ${i} ${text}`, `2026-10-0${(i % 9) + 1}`, {
        campaign_id: `camp ${text}`,
        adset_id: `set ${text}`,
        ad_name: `name ${text}`,
        impressions: '123456789012345678901234567890',
        reach: i === 0 ? '' : '7',
        clicks: '0',
        spend: i % 2 ? '0.10' : '1234567.000001',
        actions: [{ action_type: 'omni_purchase', value: '3' }],
        action_values: [{ action_type: 'omni_purchase', value: '99.90' }],
      }),
    );
    await loadDataset(db, {
      adAccounts: [graphAccount(account, 'Tricky')],
      insights: { [`act_${account}`]: rows },
    });

    const stored = await adDays(account);
    const expected = rows
      .map((row, i) => ({
        ad_id: row.ad_id,
        day: row.date_start,
        account_id: account,
        campaign_id: row.campaign_id,
        adset_id: row.adset_id,
        impressions: '123456789012345678901234567890',
        reach: i === 0 ? '0' : '7',
        clicks: '0',
        spend: i % 2 ? '0.10' : '1234567.000001',
        purchases: '3',
        revenue: '99.90',
      }))
      .sort((a, b) => (a.ad_id < b.ad_id ? -1 : a.ad_id > b.ad_id ? 1 : 0));
    expect(stored.map((row) => row.ad_id).sort()).toEqual(expected.map((row) => row.ad_id).sort());
    const byAd = new Map(stored.map((row) => [row.ad_id, row]));
    for (const row of expected) expect(byAd.get(row.ad_id)).toEqual(row);
    const names = await queryRows<{ id: string; name: string }>(
      db,
      sql`select id, name from meta_ads where account_id = ${account}`,
    );
    expect(new Map(names.map((row) => [row.id, row.name]))).toEqual(
      new Map(rows.map((row) => [row.ad_id, row.ad_name])),
    );
  });

  it('leaves the same rows when the same rows are loaded twice', async () => {
    const account = '9002';
    const rows = ['2026-10-01', '2026-10-02', '2026-10-03'].flatMap((day) =>
      ['a', 'b'].map((ad) => adRow(account, `${account}-${ad}`, day, { spend: '12.34' })),
    );
    const dataset = { adAccounts: [graphAccount(account, 'Twice')], insights: { [`act_${account}`]: rows } };
    await loadDataset(db, dataset);
    const once = { ads: await adDays(account), campaigns: await campaignDays(account) };
    await loadDataset(db, dataset);
    expect({ ads: await adDays(account), campaigns: await campaignDays(account) }).toEqual(once);
    expect(once.ads).toHaveLength(6);
    expect(once.campaigns.map((row) => row.spend)).toEqual(['24.68', '24.68', '24.68']);
  });

  it('replaces a day whose numbers changed on a re-sync, roll-ups included', async () => {
    const account = '9003';
    const account_ = graphAccount(account, 'Changed');
    const day = (d: string, spend: string) =>
      ['a', 'b'].map((ad) =>
        adRow(account, `${account}-${ad}`, d, { spend, impressions: spend === '1.00' ? '100' : '250' }),
      );
    await writePreparedInsights(
      db,
      account_,
      prepareInsights([...day('2026-10-01', '1.00'), ...day('2026-10-02', '1.00')]),
    );
    await writePreparedInsights(db, account_, prepareInsights(day('2026-10-02', '2.50')));

    expect((await adDays(account)).map((row) => [row.ad_id, row.day, row.spend, row.impressions])).toEqual([
      [`${account}-a`, '2026-10-01', '1.00', '100'],
      [`${account}-a`, '2026-10-02', '2.50', '250'],
      [`${account}-b`, '2026-10-01', '1.00', '100'],
      [`${account}-b`, '2026-10-02', '2.50', '250'],
    ]);
    expect(await campaignDays(account)).toEqual([
      { campaign_id: `${account}-c`, day: '2026-10-01', spend: '2.00', impressions: '200' },
      { campaign_id: `${account}-c`, day: '2026-10-02', spend: '5.00', impressions: '500' },
    ]);
  });

  it('writes nothing of a page that fails midway: the earlier rows and their roll-ups stay as they were', async () => {
    const account = '9004';
    const account_ = graphAccount(account, 'Atomic');
    await writePreparedInsights(
      db,
      account_,
      prepareInsights([adRow(account, `${account}-a`, '2026-10-01')]),
    );
    const before = { ads: await adDays(account), campaigns: await campaignDays(account) };

    // The same ad and day twice in one page: the COPY takes both, the upsert after it refuses.
    const twice = prepareInsights([
      adRow(account, `${account}-a`, '2026-10-01', { spend: '9.00' }),
      adRow(account, `${account}-b`, '2026-10-02', { spend: '9.00' }),
      adRow(account, `${account}-b`, '2026-10-02', { spend: '8.00' }),
    ]);
    await expect(writePreparedInsights(db, account_, twice)).rejects.toThrow();
    expect({ ads: await adDays(account), campaigns: await campaignDays(account) }).toEqual(before);

    // A row the COPY itself refuses, after rows it accepted.
    const good = prepareInsights([
      adRow(account, `${account}-a`, '2026-10-01', { spend: '7.00' }),
      adRow(account, `${account}-c`, '2026-10-03', { spend: '7.00' }),
    ]);
    const broken = { ...good, copy: good.copy.replace(/\t7\.00\t(?![\s\S]*\t7\.00\t)/, '\tseven\t') };
    expect(broken.copy).not.toBe(good.copy);
    await expect(writePreparedInsights(db, account_, broken)).rejects.toThrow();
    expect({ ads: await adDays(account), campaigns: await campaignDays(account) }).toEqual(before);

    // The connection is still usable: the next write goes through.
    await writePreparedInsights(db, account_, good);
    expect((await adDays(account)).map((row) => row.spend)).toEqual(['7.00', '7.00']);
    expect((await campaignDays(account)).map((row) => row.spend)).toEqual(['7.00', '7.00']);
  });

  it('keeps no rows whose roll-ups could not be written', async () => {
    // A campaign id already rolled up under another account: the rows copy in fine, then the
    // campaign-day roll-up refuses the second (campaign, day), after the rows are in.
    const [first, second] = ['9010', '9011'];
    const row = (account: string) => ({
      ...adRow(account, `${account}-a`, '2026-10-06'),
      campaign_id: 'shared-c',
    });
    await writePreparedInsights(db, graphAccount(first, 'First'), prepareInsights([row(first)]));
    await expect(
      writePreparedInsights(db, graphAccount(second, 'Second'), prepareInsights([row(second)])),
    ).rejects.toThrow();
    expect(await adDays(second)).toEqual([]);
    const accounts = await queryRows<{ id: string }>(
      db,
      sql`select id from meta_ad_accounts where id = ${second}`,
    );
    expect(accounts).toEqual([]);
  });

  it('writes a chunk of pages in one go, or none of it when a page fails', async () => {
    const account = '9009';
    const account_ = graphAccount(account, 'Chunk');
    const page = (day: string, spend: string) =>
      prepareInsights(['a', 'b'].map((ad) => adRow(account, `${account}-${ad}`, day, { spend })));
    const broken = page('2026-10-04', '4.00');
    broken.copy = broken.copy.replace('\t4.00\t', '\tfour\t');
    await expect(
      writePreparedPages(db, account_, [page('2026-10-01', '1.00'), page('2026-10-03', '3.00'), broken]),
    ).rejects.toThrow();
    expect(await adDays(account)).toEqual([]);
    expect(await campaignDays(account)).toEqual([]);

    const written = await writePreparedPages(db, account_, [
      page('2026-10-01', '1.00'),
      page('2026-10-03', '3.00'),
    ]);
    expect(written).toBe(4);
    expect((await campaignDays(account)).map((row) => [row.day, row.spend])).toEqual([
      ['2026-10-01', '2.00'],
      ['2026-10-03', '6.00'],
    ]);
  });

  it('writes inside a transaction the caller opened, and rolls back with it', async () => {
    const account = '9005';
    const account_ = graphAccount(account, 'Nested');
    await db.transaction(async (tx) => {
      await writePreparedInsights(
        tx,
        account_,
        prepareInsights([adRow(account, `${account}-a`, '2026-10-01')]),
      );
      await writePreparedInsights(
        tx,
        account_,
        prepareInsights([adRow(account, `${account}-b`, '2026-10-01')]),
      );
    });
    expect((await adDays(account)).map((row) => row.ad_id)).toEqual([`${account}-a`, `${account}-b`]);

    await expect(
      db.transaction(async (tx) => {
        await writePreparedInsights(
          tx,
          account_,
          prepareInsights([adRow(account, `${account}-c`, '2026-10-02')]),
        );
        throw new Error('caller gives up');
      }),
    ).rejects.toThrow('caller gives up');
    expect((await adDays(account)).map((row) => row.ad_id)).toEqual([`${account}-a`, `${account}-b`]);
    expect((await campaignDays(account)).map((row) => row.day)).toEqual(['2026-10-01']);
  });
});

describe('breakdown rows written through COPY', () => {
  function breakdownRow(account: string, country: string, spend: string): GraphBreakdownRow {
    return { ...adRow(account, 'unused', '2026-10-01', { spend }), country };
  }

  it('stores awkward segment values exactly, and a second load leaves the same rows', async () => {
    const account = '9006';
    const rows = awkward
      .filter((text) => text !== '')
      .map((text, i) => breakdownRow(account, `c${i} ${text}`, '0.10'));
    await writePreparedBreakdowns(db, account, 'country', prepareBreakdowns(rows, 'country'));
    const read = () =>
      queryRows<{ country: string; segment: string; spend: string; gender: string }>(
        db,
        sql`select country, segment, spend::text as spend, gender from meta_insights_breakdown_daily
          where account_id = ${account} and breakdown = 'country' order by country`,
      );
    const first = await read();
    expect(first.map((row) => row.country).sort()).toEqual(rows.map((row) => row.country).sort());
    expect(
      first.every((row) => row.segment === row.country && row.spend === '0.10' && row.gender === ''),
    ).toBe(true);

    await writePreparedBreakdowns(db, account, 'country', prepareBreakdowns(rows, 'country'));
    expect(await read()).toEqual(first);

    const placement = {
      ...breakdownRow(account, 'unused', '0.20'),
      publisher_platform: 'instagram',
      platform_position: 'reels',
    };
    await writePreparedBreakdowns(
      db,
      account,
      'publisher_platform,platform_position',
      prepareBreakdowns([placement], 'publisher_platform,platform_position'),
    );
    const [stored] = await queryRows<Record<string, string>>(
      db,
      sql`select segment, age, gender, country, publisher_platform, platform_position, device_platform
        from meta_insights_breakdown_daily
        where account_id = ${account} and breakdown = 'publisher_platform,platform_position'`,
    );
    expect(stored).toEqual({
      segment: 'instagram|reels',
      age: '',
      gender: '',
      country: '',
      publisher_platform: 'instagram',
      platform_position: 'reels',
      device_platform: '',
    });

    const changed = rows.map((row) => ({ ...row, spend: '3.30' }));
    await writePreparedBreakdowns(db, account, 'country', prepareBreakdowns(changed, 'country'));
    expect((await read()).map((row) => row.spend)).toEqual(first.map(() => '3.30'));
  });

  it('writes a chunk of pages of one key in one go, or none of it when a page fails', async () => {
    const account = '9012';
    const row = (day: string, country: string) => ({
      ...adRow(account, 'unused', day, { spend: '1.00' }),
      country,
    });
    const first = prepareBreakdowns([row('2026-10-01', 'US'), row('2026-10-01', 'FR')], 'country');
    const second = prepareBreakdowns([row('2026-10-01', 'DE'), row('2026-10-02', 'US')], 'country');
    const broken = prepareBreakdowns([row('2026-10-03', 'US')], 'country');
    broken.copy = broken.copy.replace('\t1.00\t', '\tone\t');
    await expect(
      writePreparedBreakdownPages(db, account, 'country', [first, second, broken]),
    ).rejects.toThrow();
    const segments = () =>
      queryRows<{ day: string; segment: string; spend: string }>(
        db,
        sql`select day::text as day, segment, spend::text as spend from meta_insights_breakdown_account_daily
          where account_id = ${account} and breakdown = 'country' order by day, segment`,
      );
    expect(await segments()).toEqual([]);

    expect(await writePreparedBreakdownPages(db, account, 'country', [first, second])).toBe(4);
    expect(await segments()).toEqual([
      { day: '2026-10-01', segment: 'DE', spend: '1.00' },
      { day: '2026-10-01', segment: 'FR', spend: '1.00' },
      { day: '2026-10-01', segment: 'US', spend: '1.00' },
      { day: '2026-10-02', segment: 'US', spend: '1.00' },
    ]);
  });
});
