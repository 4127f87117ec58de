import { describe, expect, it } from 'vitest';
import { addDays } from '../../src/analyst/demo/calendar';
import { demoScenario, demoScenarioDates, generateDemoData } from '../../src/analyst/demo/generate';
import type { GraphAction, GraphDataset, GraphInsightRow } from '../../src/warehouse/graph-types';

const TODAY = '2026-11-20';
const PURCHASE_ALIASES = ['omni_purchase', 'purchase', 'offsite_conversion.fb_pixel_purchase'];
const LEAD_ALIASES = ['lead', 'onsite_conversion.lead_grouped'];
const NUMBER_FIELDS = [
  'impressions',
  'reach',
  'frequency',
  'clicks',
  'inline_link_clicks',
  'spend',
  'cpc',
  'cpm',
  'ctr',
] as const;
const DECIMAL = /^\d+(\.\d+)?$/;
// Every (today, seed) pair the scenario checks run on: the stories must not depend on luck.
const SCENARIO_CASES: [string, number | undefined][] = [
  [TODAY, undefined],
  ['2025-03-01', 7],
  ['2024-03-01', 42],
];

const defaultData = generateDemoData({ today: TODAY });

function allRows(data: GraphDataset): GraphInsightRow[] {
  return Object.values(data.insights).flat();
}

function actionValue(list: GraphAction[] | undefined, type: string): number {
  return Number(list?.find((action) => action.action_type === type)?.value ?? 0);
}

/** Purchases or leads, read from the first alias only (the others are the same conversions). */
function conversions(row: GraphInsightRow): number {
  return actionValue(row.actions, 'omni_purchase') + actionValue(row.actions, 'lead');
}

interface Totals {
  spend: number;
  impressions: number;
  reach: number;
  clicks: number;
  linkClicks: number;
  conversions: number;
}

function totals(rows: GraphInsightRow[]): Totals {
  const t: Totals = { spend: 0, impressions: 0, reach: 0, clicks: 0, linkClicks: 0, conversions: 0 };
  for (const row of rows) {
    t.spend += Number(row.spend);
    t.impressions += Number(row.impressions);
    t.reach += Number(row.reach);
    t.clicks += Number(row.clicks);
    t.linkClicks += Number(row.inline_link_clicks);
    t.conversions += conversions(row);
  }
  return t;
}

// Ratios always come from window sums, never from averaging daily ratios.
const cpa = (t: Totals) => t.spend / t.conversions;
const ctr = (t: Totals) => t.clicks / t.impressions;
const cpm = (t: Totals) => (t.spend / t.impressions) * 1000;
const conversionRate = (t: Totals) => t.conversions / t.linkClicks;

/** Totals of the last 7 days (today-7..today-1) and of the 7 days before (today-14..today-8). */
function weekOverWeek(rows: GraphInsightRow[], today: string): { previous: Totals; last: Totals } {
  const lastStart = addDays(today, -7);
  const previousStart = addDays(today, -14);
  return {
    previous: totals(rows.filter((r) => r.date_start >= previousStart && r.date_start < lastStart)),
    last: totals(rows.filter((r) => r.date_start >= lastStart && r.date_start < today)),
  };
}

function rowsOf(data: GraphDataset, accountId: string, keep: (row: GraphInsightRow) => boolean) {
  return (data.insights[`act_${accountId}`] ?? []).filter(keep);
}

describe('generateDemoData determinism', () => {
  it('gives the same bytes for the same options and different data for another seed', () => {
    const again = generateDemoData({ today: TODAY });
    expect(again).toEqual(defaultData);
    expect(JSON.stringify(again)).toBe(JSON.stringify(defaultData));

    const reseeded = generateDemoData({ today: TODAY, seed: 1 });
    expect(reseeded).not.toEqual(defaultData);
    const spendOf = (data: GraphDataset) => allRows(data).map((row) => row.spend);
    expect(spendOf(reseeded)).not.toEqual(spendOf(defaultData));
  });
});

describe('demo size shape', () => {
  it('lists two USD ad accounts as /me/adaccounts does, each with its insights', () => {
    expect(defaultData.adAccounts).toEqual([
      {
        account_id: demoScenario.salesAccount.accountId,
        id: `act_${demoScenario.salesAccount.accountId}`,
        name: 'Summit Gear Co',
        account_status: 1,
        currency: 'USD',
        timezone_name: 'America/New_York',
      },
      {
        account_id: demoScenario.leadsAccount.accountId,
        id: `act_${demoScenario.leadsAccount.accountId}`,
        name: 'Northwind Learning',
        account_status: 1,
        currency: 'USD',
        timezone_name: 'America/Los_Angeles',
      },
    ]);
    expect(Object.keys(defaultData.insights).sort()).toEqual(defaultData.adAccounts.map((a) => a.id).sort());
    for (const account of defaultData.adAccounts) {
      expect(account.account_id).toMatch(/^\d+$/);
      const rows = defaultData.insights[account.id] ?? [];
      expect(rows.every((row) => row.account_id === account.account_id)).toBe(true);
      expect(rows.every((row) => row.account_name === account.name)).toBe(true);
    }
  });

  it('has campaigns of every objective, 2-3 ad sets each and 2-4 ads per ad set', () => {
    const rows = allRows(defaultData);
    expect(new Set(rows.map((r) => r.objective))).toEqual(
      new Set([
        'OUTCOME_SALES',
        'OUTCOME_LEADS',
        'OUTCOME_TRAFFIC',
        'OUTCOME_AWARENESS',
        'OUTCOME_ENGAGEMENT',
      ]),
    );
    const campaignsPerAccount = defaultData.adAccounts.map(
      (account) => new Set((defaultData.insights[account.id] ?? []).map((r) => r.campaign_id)).size,
    );
    expect(campaignsPerAccount).toEqual([6, 4]);
    const adSetsPerCampaign = new Map<string, Set<string>>();
    const adsPerAdSet = new Map<string, Set<string>>();
    for (const row of rows) {
      adSetsPerCampaign.set(
        row.campaign_id,
        (adSetsPerCampaign.get(row.campaign_id) ?? new Set()).add(row.adset_id),
      );
      adsPerAdSet.set(row.adset_id, (adsPerAdSet.get(row.adset_id) ?? new Set()).add(row.ad_id));
    }
    for (const adSets of adSetsPerCampaign.values()) expect([2, 3]).toContain(adSets.size);
    for (const ads of adsPerAdSet.values()) expect([2, 3, 4]).toContain(ads.size);
  });

  it('spends roughly $200-$600 a day per account', () => {
    for (const account of defaultData.adAccounts) {
      const perDay = new Map<string, number>();
      for (const row of defaultData.insights[account.id] ?? []) {
        perDay.set(row.date_start, (perDay.get(row.date_start) ?? 0) + Number(row.spend));
      }
      expect(perDay.size).toBe(180);
      expect(Math.min(...perDay.values())).toBeGreaterThan(200);
      expect(Math.max(...perDay.values())).toBeLessThan(600);
    }
  });
});

describe('row format', () => {
  const rows = allRows(defaultData);

  it('sends every number as a string that parses to a finite number', () => {
    expect(rows.length).toBeGreaterThan(5000);
    const problems: string[] = [];
    for (const row of rows) {
      const where = `${row.ad_id} on ${row.date_start}`;
      for (const field of NUMBER_FIELDS) {
        const value = row[field];
        // Meta cannot compute a cost per click without clicks, so it leaves cpc out.
        if (field === 'cpc' && row.clicks === '0' && value === undefined) continue;
        if (typeof value !== 'string' || !DECIMAL.test(value) || !Number.isFinite(Number(value))) {
          problems.push(`${field} of ${where}: ${JSON.stringify(value)}`);
        }
      }
      for (const action of [
        ...(row.actions ?? []),
        ...(row.action_values ?? []),
        ...(row.purchase_roas ?? []),
      ]) {
        if (!DECIMAL.test(action.value) || !(Number(action.value) > 0)) {
          problems.push(`${action.action_type} of ${where}: ${action.value}`);
        }
      }
      if (!/^\d+\.\d{2}$/.test(row.spend)) problems.push(`spend of ${where}: ${row.spend}`);
      if (row.date_stop !== row.date_start) problems.push(`dates of ${where}`);
    }
    expect(problems).toEqual([]);
  });

  it('computes ctr, cpc, cpm and frequency from the row’s own numbers, to 6 decimals', () => {
    const problems: string[] = [];
    for (const row of rows) {
      const spend = Number(row.spend);
      const impressions = Number(row.impressions);
      const clicks = Number(row.clicks);
      const reach = Number(row.reach);
      const expected = {
        ctr: ((clicks / impressions) * 100).toFixed(6),
        cpm: ((spend / impressions) * 1000).toFixed(6),
        frequency: (impressions / reach).toFixed(6),
        cpc: clicks > 0 ? (spend / clicks).toFixed(6) : undefined,
      };
      const actual = { ctr: row.ctr, cpm: row.cpm, frequency: row.frequency, cpc: row.cpc };
      if (JSON.stringify(actual) !== JSON.stringify(expected)) {
        problems.push(`${row.ad_id} on ${row.date_start}: ${JSON.stringify(actual)}`);
      }
      if (reach > impressions || Number(row.inline_link_clicks) > clicks) {
        problems.push(`${row.ad_id} on ${row.date_start}: reach or link clicks too high`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('reports purchases under three equal aliases, leads under two, and the usual engagement actions', () => {
    let purchaseRows = 0;
    let leadRows = 0;
    for (const row of rows) {
      const purchases = PURCHASE_ALIASES.map((type) => actionValue(row.actions, type));
      const revenue = PURCHASE_ALIASES.map((type) => actionValue(row.action_values, type));
      const leads = LEAD_ALIASES.map((type) => actionValue(row.actions, type));
      expect(new Set(purchases).size).toBe(1);
      expect(new Set(revenue).size).toBe(1);
      expect(new Set(leads).size).toBe(1);
      expect(actionValue(row.actions, 'link_click')).toBe(Number(row.inline_link_clicks));
      if (purchases[0]) {
        purchaseRows += 1;
        expect(row.account_id).toBe(demoScenario.salesAccount.accountId);
        expect(revenue[0]).toBeGreaterThan(0);
        expect(actionValue(row.actions, 'add_to_cart')).toBeGreaterThanOrEqual(purchases[0]);
        expect(Number(row.purchase_roas?.[0]?.value)).toBeCloseTo((revenue[0] ?? 0) / Number(row.spend), 5);
      } else {
        expect(row.action_values).toBeUndefined();
        expect(row.purchase_roas).toBeUndefined();
      }
      if (leads[0]) leadRows += 1;
      const types = (row.actions ?? []).map((action) => action.action_type);
      expect(new Set(types).size).toBe(types.length);
    }
    expect(purchaseRows).toBeGreaterThan(500);
    expect(leadRows).toBeGreaterThan(1000);
    const types = new Set(rows.flatMap((row) => (row.actions ?? []).map((a) => a.action_type)));
    for (const type of [
      'landing_page_view',
      'post_engagement',
      'page_engagement',
      'post_reaction',
      'comment',
    ]) {
      expect(types).toContain(type);
    }
  });
});

describe('calendar', () => {
  it.each(['2026-11-20', '2025-03-01', '2024-03-01', '2027-01-01'])('ends the day before %s', (today) => {
    const rows = allRows(generateDemoData({ today, days: 30 }));
    const dates = [...new Set(rows.map((row) => row.date_start))].sort();
    expect(dates.at(-1)).toBe(addDays(today, -1));
    expect(dates[0]).toBe(addDays(today, -30));
    expect(dates).toHaveLength(30);
    expect(rows.some((row) => row.date_start >= today)).toBe(false);
  });

  it('walks over a leap day and a year end', () => {
    const leap = new Set(
      allRows(generateDemoData({ today: '2024-03-01', days: 3 })).map((r) => r.date_start),
    );
    expect([...leap].sort()).toEqual(['2024-02-27', '2024-02-28', '2024-02-29']);
    const newYear = new Set(
      allRows(generateDemoData({ today: '2027-01-01', days: 2 })).map((r) => r.date_start),
    );
    expect([...newYear].sort()).toEqual(['2026-12-30', '2026-12-31']);
  });

  it('rejects an impossible today and a bad number of days', () => {
    expect(() => generateDemoData({ today: '2025-02-29' })).toThrow(RangeError);
    expect(() => generateDemoData({ today: '20261120' })).toThrow(RangeError);
    expect(() => generateDemoData({ today: TODAY, days: 0 })).toThrow(RangeError);
  });
});

describe.each(SCENARIO_CASES)('scenarios with today %s and seed %s', (today, seed) => {
  const data = generateDemoData({ today, seed });

  it('CPA spike: CPA up ≥40% week over week because the conversion rate fell, CTR and CPM steady', () => {
    const { accountId, campaignId } = demoScenario.cpaSpike;
    const { previous, last } = weekOverWeek(
      rowsOf(data, accountId, (r) => r.campaign_id === campaignId),
      today,
    );
    expect(cpa(last) / cpa(previous)).toBeGreaterThanOrEqual(1.4);
    expect(conversionRate(last) / conversionRate(previous)).toBeLessThanOrEqual(0.7);
    expect(Math.abs(ctr(last) / ctr(previous) - 1)).toBeLessThan(0.1);
    expect(Math.abs(cpm(last) / cpm(previous) - 1)).toBeLessThan(0.1);
    expect(Math.abs(last.spend / previous.spend - 1)).toBeLessThan(0.15);
  });

  it('fatigued ad: daily frequency climbs from ~1.3 to above 3 while CTR falls ≥30%', () => {
    const { accountId, adId } = demoScenario.fatiguedAd;
    const rows = rowsOf(data, accountId, (r) => r.ad_id === adId);
    const fortnight = rows.filter((r) => r.date_start >= addDays(today, -14));
    expect(fortnight.map((r) => r.date_start)).toEqual(
      Array.from({ length: 14 }, (_, i) => addDays(today, i - 14)),
    );
    const frequencies = fortnight.map((r) => Number(r.impressions) / Number(r.reach));
    expect(frequencies[0]).toBeLessThan(1.45);
    expect(frequencies.at(-1)).toBeGreaterThan(3);
    for (let i = 1; i < frequencies.length; i++) {
      expect(frequencies[i]).toBeGreaterThan(frequencies[i - 1] ?? 0);
    }
    const { previous, last } = weekOverWeek(rows, today);
    expect(ctr(last) / ctr(previous)).toBeLessThanOrEqual(0.7);
    expect(last.impressions / last.reach).toBeGreaterThan(previous.impressions / previous.reach + 0.8);
  });

  it('spend surge: spend of the last 7 days ≥1.8× the 7 before', () => {
    const { accountId, campaignId } = demoScenario.spendSurge;
    const { previous, last } = weekOverWeek(
      rowsOf(data, accountId, (r) => r.campaign_id === campaignId),
      today,
    );
    expect(last.spend / previous.spend).toBeGreaterThanOrEqual(1.8);
    expect(Math.abs(cpa(last) / cpa(previous) - 1)).toBeLessThan(0.15);
  });

  it('stopped campaign: rows until the day before it stopped, none in the last 10 days', () => {
    const { accountId, campaignId, stoppedDaysAgo } = demoScenario.stoppedCampaign;
    const rows = rowsOf(data, accountId, (r) => r.campaign_id === campaignId);
    expect(rows.length).toBeGreaterThan(100);
    const lastDay = rows
      .map((r) => r.date_start)
      .sort()
      .at(-1);
    expect(lastDay).toBe(addDays(today, -stoppedDaysAgo - 1));
    expect(demoScenarioDates(today)).toMatchObject({
      stoppedOn: addDays(today, -stoppedDaysAgo),
      stoppedCampaignLastDay: lastDay,
    });
    expect(rows.some((r) => r.date_start >= addDays(today, -10))).toBe(false);
  });

  it('every other campaign stays within ±15% CPA and ±25% spend week over week', () => {
    const storyCampaigns = new Set<string>([
      demoScenario.cpaSpike.campaignId,
      demoScenario.spendSurge.campaignId,
      demoScenario.stoppedCampaign.campaignId,
    ]);
    const checkedCpa: string[] = [];
    for (const [accountKey, accountRows] of Object.entries(data.insights)) {
      const campaignIds = new Set(accountRows.map((r) => r.campaign_id));
      for (const campaignId of campaignIds) {
        if (storyCampaigns.has(campaignId)) continue;
        const { previous, last } = weekOverWeek(
          accountRows.filter((r) => r.campaign_id === campaignId),
          today,
        );
        const label = `${accountKey} ${campaignId}`;
        expect(last.spend / previous.spend, label).toBeGreaterThan(0.8);
        expect(last.spend / previous.spend, label).toBeLessThan(1.25);
        expect(Math.abs(ctr(last) / ctr(previous) - 1), label).toBeLessThan(0.15);
        expect(Math.abs(cpm(last) / cpm(previous) - 1), label).toBeLessThan(0.15);
        // Upper-funnel campaigns (traffic, awareness, engagement) report no purchases or leads.
        if (previous.conversions === 0 && last.conversions === 0) continue;
        expect(Math.abs(cpa(last) / cpa(previous) - 1), label).toBeLessThan(0.15);
        checkedCpa.push(campaignId);
      }
    }
    expect(checkedCpa).toContain(demoScenario.steadyCampaign.campaignId);
    expect(checkedCpa).toContain(demoScenario.fatiguedAd.campaignId);
    expect(checkedCpa).toHaveLength(4);
  });
});

describe('large size', () => {
  it('has 25 campaigns × 4 ad sets × 5 ads, every ad every day for a year', () => {
    const data = generateDemoData({ today: TODAY, size: 'large' });
    expect(data.adAccounts).toHaveLength(1);
    const account = data.adAccounts[0];
    const rows = data.insights[account?.id ?? ''] ?? [];
    expect(rows).toHaveLength(182_500);
    expect(new Set(rows.map((r) => r.campaign_id)).size).toBe(25);
    expect(new Set(rows.map((r) => r.adset_id)).size).toBe(100);
    expect(new Set(rows.map((r) => r.ad_id)).size).toBe(500);
    expect(new Set(rows.map((r) => r.date_start)).size).toBe(365);
    expect(rows.at(-1)?.date_start).toBe(addDays(TODAY, -1));
    expect(rows[0]?.date_start).toBe(addDays(TODAY, -365));
    const purchases = rows.reduce((total, row) => total + conversions(row), 0);
    const spend = totals(rows).spend;
    // A believable shop: cost per purchase in the tens of dollars.
    expect(spend / purchases).toBeGreaterThan(15);
    expect(spend / purchases).toBeLessThan(80);
  });
});
