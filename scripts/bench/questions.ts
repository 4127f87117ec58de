import type { Plan } from '../../src/analyst/parse/plan';
import type { GraphDataset } from '../../src/warehouse/graph-types';

export type Intent =
  | 'total'
  | 'ranking'
  | 'series'
  | 'comparison'
  | 'entity'
  | 'breakdown'
  | 'why'
  | 'fatigue'
  | 'report'
  | 'segment'
  | 'funnel'
  | 'settings';

export interface BenchQuestion {
  intent: Intent;
  text: string;
  /** The plan kind the parser should produce; a different one is reported, since it changes what is measured. */
  expectKind: Plan['kind'];
  /** For lookups and breakdowns: the entity the question names, so a wrong match is visible. */
  expectEntity?: string;
}

/** The names the questions use, taken from the generated data so they always exist. */
export interface Names {
  campaign: string;
  otherCampaign: string;
  adset: string;
  ad: string;
}

export function pickNames(dataset: GraphDataset): Names {
  const rows = Object.values(dataset.insights).flat();
  const first = rows[0];
  if (!first) throw new Error('the generated dataset has no rows');
  const campaigns = [...new Set(rows.map((row) => row.campaign_name))];
  return {
    campaign: first.campaign_name,
    // Half-way down the list, so lookups do not all hit the same campaign.
    otherCampaign: campaigns[Math.floor(campaigns.length / 2)] ?? first.campaign_name,
    adset: first.adset_name,
    ad: first.ad_name,
  };
}

/** Drops one letter from the name's longest word: "Prospecting" → "Prosecting". */
export function withTypo(name: string): string {
  const words = name.split(' ');
  let longest = 0;
  for (const [i, word] of words.entries()) if (word.length > (words[longest]?.length ?? 0)) longest = i;
  const word = words[longest] ?? '';
  const cut = Math.floor(word.length / 2);
  words[longest] = word.slice(0, cut) + word.slice(cut + 1);
  return words.join(' ');
}

/** A realistic mix across every intent the engine answers. */
export function questionMix(names: Names): BenchQuestion[] {
  const { campaign, otherCampaign, adset, ad } = names;
  return [
    // Totals
    { intent: 'total', text: 'How much did I spend in the last 7 days?', expectKind: 'total' },
    { intent: 'total', text: 'What was my ROAS in the last 30 days?', expectKind: 'total' },
    { intent: 'total', text: 'What is my CPA this month?', expectKind: 'total' },
    { intent: 'total', text: 'What was our CTR last month?', expectKind: 'total' },
    { intent: 'total', text: 'How are we doing?', expectKind: 'overview' },
    // Rankings at every level
    { intent: 'ranking', text: 'Top 5 campaigns by ROAS in the last 30 days', expectKind: 'ranking' },
    { intent: 'ranking', text: 'Worst 5 ads by CTR in the last 14 days', expectKind: 'ranking' },
    { intent: 'ranking', text: 'Which ad sets have the cheapest CPA?', expectKind: 'ranking' },
    {
      intent: 'ranking',
      text: 'Which campaigns had the most purchases last 90 days?',
      expectKind: 'ranking',
    },
    { intent: 'ranking', text: 'Top 10 ads by spend this year', expectKind: 'ranking' },
    // Series
    { intent: 'series', text: 'Daily spend over the last 30 days', expectKind: 'series' },
    { intent: 'series', text: 'Weekly clicks over the last 90 days', expectKind: 'series' },
    { intent: 'series', text: 'Monthly revenue this year', expectKind: 'series' },
    { intent: 'series', text: `Daily ROAS for ${campaign} in the last 60 days`, expectKind: 'series' },
    // Comparisons
    { intent: 'comparison', text: 'CPA compared to the previous 7 days', expectKind: 'total' },
    { intent: 'comparison', text: 'Spend last 30 days vs the previous 30 days', expectKind: 'total' },
    { intent: 'comparison', text: 'How did ROAS change this week versus last week?', expectKind: 'total' },
    // Lookups by name (one with a typo)
    { intent: 'entity', text: `How is ${campaign} doing?`, expectKind: 'entity', expectEntity: campaign },
    {
      intent: 'entity',
      text: `Spend and ROAS for ${withTypo(otherCampaign)} last 14 days`,
      expectKind: 'entity',
      expectEntity: otherCampaign,
    },
    {
      intent: 'entity',
      text: `CPA of ${adset} last month`,
      expectKind: 'entity',
      expectEntity: adset,
    },
    {
      intent: 'entity',
      text: `How did the ad "${ad}" perform last week compared to the week before?`,
      expectKind: 'entity',
      expectEntity: ad,
    },
    // Breakdowns
    {
      intent: 'breakdown',
      text: `Break down ${campaign} by ad set`,
      expectKind: 'breakdown',
      expectEntity: campaign,
    },
    {
      intent: 'breakdown',
      text: `Break down ROAS of ${otherCampaign} by ad in the last 30 days`,
      expectKind: 'breakdown',
      expectEntity: otherCampaign,
    },
    // Over Meta's breakdowns (read from the breakdown rows, one key each)
    { intent: 'segment', text: 'ROAS by age group in the last 30 days', expectKind: 'segment' },
    { intent: 'segment', text: 'Which country has the cheapest CPA last month?', expectKind: 'segment' },
    { intent: 'segment', text: 'CPM by placement over the last 14 days', expectKind: 'segment' },
    { intent: 'segment', text: 'Instagram vs Facebook CPA last 30 days', expectKind: 'segment' },
    { intent: 'segment', text: 'Share of spend by device this month', expectKind: 'segment' },
    { intent: 'segment', text: 'Men or women: who converts cheaper?', expectKind: 'segment' },
    { intent: 'segment', text: 'CPA by creative format last 30 days', expectKind: 'segment' },
    // Funnel, video and settings
    { intent: 'funnel', text: 'Where does my funnel leak last month?', expectKind: 'funnel' },
    { intent: 'total', text: 'Hook rate and hold rate in the last 7 days', expectKind: 'total' },
    { intent: 'settings', text: 'Which campaigns are paused?', expectKind: 'settings' },
    {
      intent: 'settings',
      text: 'Are my campaigns pacing to their daily budgets this week?',
      expectKind: 'settings',
    },
    // Diagnoses
    { intent: 'why', text: 'Why did my CPA go up?', expectKind: 'why' },
    { intent: 'why', text: 'Why did ROAS drop last week?', expectKind: 'why' },
    { intent: 'fatigue', text: 'Which ads are fatigued?', expectKind: 'fatigue' },
    // Reports (several sections, each a full answer)
    { intent: 'report', text: 'Performance report', expectKind: 'report' },
    { intent: 'report', text: 'Revenue report for the account', expectKind: 'report' },
    { intent: 'report', text: 'Creative report', expectKind: 'report' },
  ];
}

/** Empty when the plan is what the question means to measure; otherwise what went wrong. */
export function planMismatch(question: BenchQuestion, plan: Plan): string {
  if (plan.kind !== question.expectKind) return `parsed as ${plan.kind}, expected ${question.expectKind}`;
  if (question.expectEntity && 'entity' in plan && plan.entity.name !== question.expectEntity)
    return `matched "${plan.entity.name}", expected "${question.expectEntity}"`;
  return '';
}

/** What the chat benchmarks' users ask over the demo data (bench:chat and bench:load). */
export const chatQuestions = [
  'How much did I spend in the last 7 days?',
  'Top 5 campaigns by spend in the last 30 days',
  'What was my ROAS last week?',
  'Which ads have the best CTR in the last 14 days?',
  'Why did CPA go up this week?',
  'Spend by day in the last 30 days',
];
