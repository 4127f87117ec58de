import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerQuestion } from '../../src/analyst/engine';
import type { AssistantMessage, ContentItem } from '../../src/shared/api/answer';
import { type DemoWarehouse, demoWarehouse } from '../helpers/demo-warehouse';

const today = '2026-11-20';
let warehouse: DemoWarehouse;

beforeAll(async () => {
  warehouse = await demoWarehouse(today);
});
afterAll(() => warehouse.drop());

const ask = async (question: string) =>
  (await answerQuestion({ db: warehouse.db, scope: warehouse.scope, today }, question)).message;

/** Every section with a title in a part, complex sections opened. */
function titled(item: ContentItem | undefined): ContentItem[] {
  if (!item) return [];
  const own = item.header ? [item] : [];
  const children = item.type === 'complex' && Array.isArray(item.data) ? (item.data as ContentItem[]) : [];
  return [...own, ...children.flatMap(titled)];
}

const sections = (message: AssistantMessage) =>
  [
    message.analytics,
    message.error,
    message.settings,
    message.reasoning,
    message.actionable_insights,
  ].flatMap(titled);

// One question per composer that writes titles: rankings, series (day, week, month, weekday),
// entity, breakdown, side by side, segments, shares, advice, change, why, fatigue, funnel,
// settings, anomalies, overview.
const questions = [
  'Top 5 campaigns by spend in the last 30 days',
  'worst 5 ads by ctr last 14 days',
  'cheapest ad sets by cpa last 30 days',
  'ad sets by hook rate last 30 days',
  'Show daily spend for the last 14 days',
  'weekly clicks for the last 3 months',
  'monthly revenue this year',
  'roas by weekday last 30 days',
  'How is the campaign Black Friday Teaser performing in the last 7 days?',
  'Break down Prospecting - Broad by ad set for the last 30 days',
  'spend by account last month',
  'cpa by gender last 30 days',
  'roas by age group last 30 days',
  'share of spend by platform last 30 days',
  'which ad sets should I scale?',
  'which campaigns should I pause?',
  'How did my CPA change compared to the previous 7 days?',
  'Why did my CPA go up in the last 7 days?',
  'Which ads are showing creative fatigue?',
  'show me the funnel for last month',
  'what are my campaign budgets?',
  'any unusual days in the last 30 days?',
  'how are we doing this month?',
];

describe('section titles', () => {
  it.each(questions)('start upper-case and are never shared by two blocks: %s', async (question) => {
    const message = await ask(question);
    const headers = sections(message).map((item) => item.header ?? '');
    for (const header of headers) expect(header.charAt(0), header).toBe(header.charAt(0).toUpperCase());
    const blocks = sections(message)
      .filter((item) => item.type !== 'text' && item.type !== 'complex')
      .map((item) => item.header);
    expect(new Set(blocks).size, blocks.join(' | ')).toBe(blocks.length);
  });

  it('name a metric in its own case mid-title: "Campaigns by spend", "Campaigns by CPA"', async () => {
    const bySpend = sections(await ask('Top 5 campaigns by spend in the last 30 days'));
    expect(bySpend.map((s) => s.header)).toContain('Campaigns by spend');
    const byCpa = sections(await ask('cheapest campaigns by cpa last 30 days'));
    expect(byCpa.map((s) => s.header)).toContain('Campaigns by CPA');
  });

  it('give a daily series a table "Spend per day" and a chart "Daily spend trend"', async () => {
    const items = sections(await ask('Show daily spend for the last 14 days'));
    expect(items.find((s) => s.type === 'table')?.header).toBe('Spend per day');
    expect(items.find((s) => s.type === 'line_chart')?.header).toBe('Daily spend trend');
  });
});
