import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { levelSharePie, levelSharesOf } from '../../src/analyst/compose/level-shares';
import { demoScenario, generateDemoData } from '../../src/analyst/demo/generate';
import { type Answer, answerQuestion } from '../../src/analyst/engine';
import { catalogFromDataset } from '../../src/analyst/parse/catalog-from-dataset';
import { parseQuestion } from '../../src/analyst/parse/parse-question';
import type { Plan } from '../../src/analyst/parse/plan';
import type { AssistantMessage, ContentItem, DataRow } from '../../src/shared/api/answer';
import type { GraphInsightRow } from '../../src/warehouse/graph-types';
import { type DemoWarehouse, demoWarehouse } from '../helpers/demo-warehouse';
import { expectTraced } from '../helpers/evidence';

const today = '2026-11-20';
const catalog = catalogFromDataset(generateDemoData({ today }));
const parse = (question: string): Plan => parseQuestion(question, { catalog, today });

type Ranking = Extract<Plan, { kind: 'ranking' }>;
function shareOf(question: string): Ranking {
  const plan = parse(question);
  expect(plan.kind, question).toBe('ranking');
  const ranking = plan as Ranking;
  expect(ranking.share, question).toBe(true);
  return ranking;
}

describe('a share of the total across the account’s own levels', () => {
  it.each([
    ['What share of spend went to each campaign last month?', 'campaign', 'spend'],
    ['what share of spend went to each campaign', 'campaign', 'spend'],
    ['percentage of purchases by ad set', 'adset', 'purchases'],
    ['what % of conversions came from each ad set', 'adset', 'conversions'],
    ['how is my budget split across campaigns', 'campaign', 'spend'],
    ['how is our budget distributed between ad sets last month', 'adset', 'spend'],
    ['spend mix by campaign', 'campaign', 'spend'],
    ['which campaigns make up most of my spend as a percentage', 'campaign', 'spend'],
    ['break down revenue share by ad', 'ad', 'revenue'],
    ['pie chart of spend by campaign', 'campaign', 'spend'],
    ['show spend by campaign as a pie', 'campaign', 'spend'],
    ['spend by campaign as a percentage of the total', 'campaign', 'spend'],
    ['proportion of impressions per ad set last 7 days', 'adset', 'impressions'],
    ['share of clicks across ads this month', 'ad', 'clicks'],
    ['what portion of leads comes from each campaign', 'campaign', 'leads'],
    ['how much of my revenue came from each campaign last month', 'campaign', 'revenue'],
    ['share of spend by account last month', 'account', 'spend'],
    ['share of spend by objective', 'objective', 'spend'],
    ['distribution of purchases by campaign', 'campaign', 'purchases'],
    ['spend share per campaign', 'campaign', 'spend'],
    ['campaign share of spend', 'campaign', 'spend'],
    ['ad set share of purchases last month', 'adset', 'purchases'],
    ['% of spend per campaign', 'campaign', 'spend'],
    ['campaign spend breakdown in percent', 'campaign', 'spend'],
    ['what fraction of revenue did each ad generate', 'ad', 'revenue'],
    ['how much of the budget does each campaign take', 'campaign', 'spend'],
    ['what share of the budget goes to each ad set', 'adset', 'spend'],
    ['spend distribution across ad sets', 'adset', 'spend'],
    ['which campaign takes the biggest share of spend', 'campaign', 'spend'],
    ['split of spend between campaigns', 'campaign', 'spend'],
    ['each campaign as a % of total spend', 'campaign', 'spend'],
    ['how are purchases distributed across ad sets', 'adset', 'purchases'],
    ['what proportion of clicks did each ad get last week', 'ad', 'clicks'],
    ['what percentage of spend is going to each campaign this month', 'campaign', 'spend'],
    ['how much of total spend is each ad set', 'adset', 'spend'],
    ['what percentage of link clicks goes to each ad', 'ad', 'link_clicks'],
  ])('"%s" is each %s’s %s with its share', (question, level, metric) => {
    const plan = shareOf(question);
    expect(plan.level).toBe(level);
    expect(plan.metric).toBe(metric);
    expect(plan.direction).toBe('desc');
  });

  it('keeps every row unless a number of rows is asked', () => {
    expect(shareOf('share of spend by ad').limit).toBe(0);
    expect(shareOf('top 3 campaigns share of spend').limit).toBe(3);
  });

  it.each([
    ['share of CPA by campaign', /share of CPA: CPA is a ratio/],
    ['what percentage of ROAS comes from each ad set', /share of ROAS: ROAS is a ratio/],
    ['ctr share by ad', /share of CTR: CTR is a ratio/],
    ['share of reach by campaign', /reach counts unique people/],
    // Over Meta's breakdowns too: a share of a ratio is never answered as a share of spend.
    [
      'What share of CPA comes from each placement last 30 days?',
      /each placement's share of CPA: CPA is a ratio/,
    ],
    ['what percentage of ROAS comes from each age group', /share of ROAS: ROAS is a ratio/],
    ['CTR split by device as a pie', /each device's share of CTR: CTR is a ratio/],
    ['how much of our CPA comes from Audience Network', /share of CPA: CPA is a ratio/],
    ['share of reach by country', /reach counts unique people/],
  ])('declines "%s", naming why, rather than answer something else', (question, why) => {
    const plan = parse(question);
    expect(plan.kind, question).toBe('decline');
    expect(plan.kind === 'decline' && plan.message).toMatch(why);
  });

  it.each([
    'spend by campaign',
    'spend by campaign last month',
    'top 5 campaigns by purchases',
    'share of budget spent',
    'what share of my budget has been spent this month',
    'what share of adds to cart become purchases',
    'Share of spend by placement last 30 days',
    'What percentage of my purchases came from each age group',
    'how much of our spend goes to Audience Network',
    'how is my daily budget set per campaign',
  ])('"%s" is not a share across levels', (question) => {
    const plan = parse(question);
    expect(plan.kind === 'ranking' && plan.share, question).toBeFalsy();
  });
});

let warehouse: DemoWarehouse;
let rows: GraphInsightRow[];
beforeAll(async () => {
  warehouse = await demoWarehouse(today);
  rows = Object.values(warehouse.dataset.insights).flat();
});
afterAll(() => warehouse.drop());

const ask = (question: string, history: string[] = []) =>
  answerQuestion({ db: warehouse.db, scope: warehouse.scope, today }, question, history);

function items(item: ContentItem | undefined): ContentItem[] {
  if (!item) return [];
  return item.type === 'complex' ? (item.data as ContentItem[]).flatMap(items) : [item];
}
const allTexts = (message: AssistantMessage) =>
  [message.analytics, message.reasoning, message.actionable_insights, message.error]
    .flatMap(items)
    .filter((item) => item.type === 'text')
    .map((item) => item.content ?? '');

function traced(answer: Answer, question: string) {
  const names = [
    ...new Set(rows.flatMap((row) => [row.account_name, row.campaign_name, row.adset_name, row.ad_name])),
  ].sort((a, b) => b.length - a.length);
  expectTraced({
    queries: answer.queries,
    evidence: answer.evidence,
    texts: allTexts(answer.message),
    names,
    constants: ['formula factor', 'minimum volume', 'rows asked for', 'shares add up to the whole'],
    context: question,
  });
}

/** Spend per campaign in October, straight from the demo's insight rows. */
function octoberBy(key: 'campaign_name' | 'adset_name', field: 'spend'): Map<string, number> {
  const out = new Map<string, number>();
  for (const row of rows) {
    if (row.date_start < '2026-10-01' || row.date_start > '2026-10-31') continue;
    const value = Number(row[field] ?? 0);
    out.set(row[key], (out.get(row[key]) ?? 0) + value);
  }
  return out;
}

describe('the answer to a share across campaigns', () => {
  it('gives every campaign’s spend and share, a pie, and the total in the text', async () => {
    const question = 'What share of spend went to each campaign last month?';
    const answer = await ask(question);
    const shown = items(answer.message.analytics);
    const table = shown.find((item) => item.type === 'table');
    const pie = shown.find((item) => item.type === 'pie_chart');
    const data = (table?.data ?? []) as DataRow[];
    const expected = [...octoberBy('campaign_name', 'spend')].filter(([, spend]) => spend > 0);
    const whole = expected.reduce((total, [, spend]) => total + spend, 0);

    expect(data.map((row) => row.campaign).sort()).toEqual(expected.map(([name]) => name).sort());
    for (const row of data) {
      const spend = expected.find(([name]) => name === row.campaign)?.[1] ?? Number.NaN;
      expect(row.spend).toBeCloseTo(spend, 2);
      expect(row.share).toBeCloseTo((spend / whole) * 100, 4);
    }
    expect(data.reduce((total, row) => total + Number(row.share), 0)).toBeCloseTo(100, 6);
    expect(table?.columns?.find((c) => c.key === 'share')).toEqual({
      key: 'share',
      label: 'Share',
      unit: 'percent',
    });
    expect(pie?.header).toBe('Share of spend by campaign');
    expect(pie?.columns?.find((c) => c.key === 'share')?.unit).toBe('percent');
    expect((pie?.data ?? []) as DataRow[]).toHaveLength(data.length);
    const headline = allTexts(answer.message)[0] ?? '';
    expect(headline).toContain(
      `$${whole.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`,
    );
    expect(headline).toContain('100%');
    traced(answer, question);
  });

  it('writes only traced numbers for other phrasings and levels', async () => {
    for (const question of [
      'percentage of purchases by ad set last month',
      'how is my budget split across campaigns',
      'break down revenue share by ad',
      'share of spend by account last month',
    ]) {
      const answer = await ask(question);
      expect(
        items(answer.message.analytics).some((item) => item.type === 'pie_chart'),
        question,
      ).toBe(true);
      traced(answer, question);
    }
  });

  it('turns a list into shares when asked after it: "as a share?", "what share went to each ad set?"', async () => {
    for (const next of ['as a share?', 'what share went to each ad set?']) {
      const answer = await ask(next, ['spend by campaign last month']);
      const pie = items(answer.message.analytics).find((item) => item.type === 'pie_chart');
      expect(pie?.header, next).toMatch(/^Share of spend by (campaign|ad set)$/);
    }
  });

  it('keeps the share on follow-ups: "and by ad set?" and a narrowed scope', async () => {
    const first = 'What share of spend went to each campaign last month?';
    const byAdSet = await ask('and by ad set?', [first]);
    const pie = items(byAdSet.message.analytics).find((item) => item.type === 'pie_chart');
    expect(pie?.header).toBe('Share of spend by ad set');
    const table = items(byAdSet.message.analytics).find((item) => item.type === 'table');
    const data = (table?.data ?? []) as DataRow[];
    const expected = [...octoberBy('adset_name', 'spend')].filter(([, spend]) => spend > 0);
    expect(data.length).toBe(expected.length);
    expect(data.reduce((total, row) => total + Number(row.share), 0)).toBeCloseTo(100, 6);

    const account = demoScenario.leadsAccount.name;
    const narrowed = await ask(`only for ${account}`, [first]);
    const narrowedTable = items(narrowed.message.analytics).find((item) => item.type === 'table');
    const narrowedRows = (narrowedTable?.data ?? []) as DataRow[];
    expect(narrowedRows.length).toBeGreaterThan(0);
    expect(narrowedRows.length).toBeLessThan(expected.length);
    expect(narrowedRows.reduce((total, row) => total + Number(row.share), 0)).toBeCloseTo(100, 6);
    traced(narrowed, `only for ${account}`);
  });
});

describe('shares of money in two currencies', () => {
  it('are each of their own currency’s total, and get no pie', () => {
    const data = [
      { campaign: 'A', spend: 30, currency: 'USD' },
      { campaign: 'B', spend: 10, currency: 'USD' },
      { campaign: 'C', spend: 50, currency: 'EUR' },
    ];
    const shares = levelSharesOf(data, 'spend');
    expect(data.map((row) => shares.get(row))).toEqual([75, 25, 100]);
    expect(levelSharePie(data, 'campaign', 'spend', shares)).toBeUndefined();
    const counts = [
      { campaign: 'A', clicks: 30, currency: 'USD' },
      { campaign: 'C', clicks: 10, currency: 'EUR' },
    ];
    const countShares = levelSharesOf(counts, 'clicks');
    expect(counts.map((row) => countShares.get(row))).toEqual([75, 25]);
    expect(levelSharePie(counts, 'campaign', 'clicks', countShares)?.type).toBe('pie_chart');
  });
});
