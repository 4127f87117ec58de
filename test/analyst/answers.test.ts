import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../src/analyst/dates';
import { demoScenario } from '../../src/analyst/demo/generate';
import { type Answer, answerQuestion } from '../../src/analyst/engine';
import { metaCampaigns } from '../../src/server/db/schema';
import { type AssistantMessage, assistantMessageSchema, type ContentItem } from '../../src/shared/api/answer';
import type { GraphInsightRow } from '../../src/warehouse/graph-types';
import { type DemoWarehouse, demoWarehouse } from '../helpers/demo-warehouse';
import { expectTraced } from '../helpers/evidence';

const today = '2026-11-20';
let warehouse: DemoWarehouse;
let rows: GraphInsightRow[];

beforeAll(async () => {
  warehouse = await demoWarehouse(today);
  rows = Object.values(warehouse.dataset.insights).flat();
});
afterAll(() => warehouse.drop());

const ask = (question: string) =>
  answerQuestion({ db: warehouse.db, scope: warehouse.scope, today }, question);

const spike = demoScenario.cpaSpike.campaignName;
const questions = [
  'How much did I spend in the last 7 days?',
  'What is my ROAS for the last 30 days?',
  'cpa this month',
  'What was my CTR last month?',
  'How many leads did I get this month?',
  'spend and cpa last 14 days',
  'What is my CPA?',
  'frequency and reach last 7 days',
  'Top 5 campaigns by spend in the last 30 days',
  'Which 3 campaigns had the highest ROAS in the last 30 days?',
  'worst 5 ads by ctr last 14 days',
  'cheapest ad sets by cpa last 30 days',
  'Which campaigns spent the most last month?',
  'Show daily spend for the last 14 days',
  'weekly clicks for the last 3 months',
  'monthly revenue this year',
  'How did my CPA change compared to the previous 7 days?',
  'Compare spend in the last 30 days with the previous 30 days',
  `How is the campaign '${spike}' performing in the last 7 days?`,
  `Break down ${spike} by ad set for the last 30 days`,
  `What's the total spend for ${demoScenario.leadsAccount.name} in the last 30 days?`,
  'Why did my CPA go up in the last 7 days?',
  'Why did my ROAS drop?',
  'Which ads are showing creative fatigue?',
  'spend last 14 days',
  'Give me a performance report',
  'revenue report',
  'creative report',
  'What is the weather today?',
  'how are my ads',
  // The shapes the understanding work added: each must trace its numbers like the rest.
  `compare ${spike} vs ${demoScenario.spendSurge.campaignName} on cpa last 30 days`,
  `${demoScenario.salesAccount.name} vs ${demoScenario.leadsAccount.name} spend last month`,
  'how are we doing this month?',
  'give me a summary of last week',
  'which ads should I pause?',
  'what campaign should I scale?',
  'where should I move budget?',
  'list ads above $100 spend in the last 7 days with roas below 1',
  'top campaigns by roas with at least $500 spend last 30 days',
  'which weekday has the cheapest cpa, last 60 days',
  'best day for revenue last month',
  'roas per quarter this year',
  'why did spend go up last week?',
  'biggest ctr decline by campaign, last 7 days vs the 7 before',
  'spend on retargeting campaigns last 14 days',
  'spend this month excluding retargeting',
  'lifetime spend',
  'WoW change in roas',
  'which age group has the best roas?',
];

function messagesOf(answer: Answer): AssistantMessage[] {
  return answer.sections ? answer.sections.map((section) => section.message) : [answer.message];
}

function textsOf(item: ContentItem | undefined, out: string[] = []): string[] {
  if (!item) return out;
  if (item.header) out.push(item.header);
  if (item.content) out.push(item.content);
  if (item.type === 'complex') for (const child of (item.data ?? []) as ContentItem[]) textsOf(child, out);
  return out;
}

function allTexts(message: AssistantMessage): string[] {
  return [
    ...textsOf(message.analytics),
    ...textsOf(message.reasoning),
    ...textsOf(message.actionable_insights),
    ...message.suggestions,
  ];
}

describe('every answer', () => {
  it('has the three sections in the shared contract, with raw numbers in tables', async () => {
    for (const question of questions) {
      const answer = await ask(question);
      for (const message of messagesOf(answer)) {
        expect(() => assistantMessageSchema.parse(message), question).not.toThrow();
        expect(message.sender).toBe('lynceus');
        expect(message.suggestions.length, question).toBeLessThanOrEqual(3);
      }
    }
  });

  it('writes no number that the executor did not compute (every figure traces to a query)', async () => {
    const names = [
      ...new Set(rows.flatMap((row) => [row.account_name, row.campaign_name, row.adset_name, row.ad_name])),
      // Meta's age groups are labels, as names are.
      ...['13-17', '18-24', '25-34', '35-44', '45-54', '55-64', '65+'],
    ].sort((a, b) => b.length - a.length);
    let checkedNumbers = 0;
    for (const question of questions) {
      const answer = await ask(question);
      checkedNumbers += expectTraced({
        queries: answer.queries,
        evidence: answer.evidence,
        texts: messagesOf(answer).flatMap(allTexts),
        names,
        constants: [
          'formula factor',
          'anomaly threshold',
          'minimum volume',
          'minimum impressions',
          // Rules stated in answers: the advice's spend share, a user's own threshold.
          'advice spend share',
          'minimum spend share',
          'threshold you set',
          'rows asked for',
        ],
        context: question,
      });
    }
    expect(checkedNumbers).toBeGreaterThan(300);
  });
});

/** Sums straight from the generated Graph rows, in plain JS: an independent check on the SQL. */
function sumRows(
  field: 'spend' | 'clicks',
  start: string,
  end: string,
  filter: (row: GraphInsightRow) => boolean = () => true,
) {
  const cents = rows
    .filter((row) => row.date_start >= start && row.date_start <= end && filter(row))
    .reduce((sum, row) => sum + Math.round(Number(row[field]) * 100), 0);
  return cents / 100;
}

function analyticsRows(message: AssistantMessage): Record<string, unknown>[] {
  const items =
    message.analytics.type === 'complex' ? (message.analytics.data as ContentItem[]) : [message.analytics];
  return items
    .filter((item) => item.type === 'table')
    .flatMap((item) => item.data as Record<string, unknown>[]);
}

describe('determinism', () => {
  it('gives the same answer twice, however its concurrent queries finish', async () => {
    for (const question of ['Give me a performance report', 'Why did my CPA go up in the last 7 days?']) {
      const first = await ask(question);
      const second = await ask(question);
      expect(second.sections ?? second.message).toEqual(first.sections ?? first.message);
      expect(second.evidence).toEqual(first.evidence);
      expect(second.queries.map((q) => q.sql)).toEqual(first.queries.map((q) => q.sql));
    }
  });
});

describe('figures match the generated data', () => {
  it('totals', async () => {
    const answer = await ask('How much did I spend in the last 7 days?');
    expect(analyticsRows(answer.message)[0]?.spend).toBeCloseTo(
      sumRows('spend', addDays(today, -7), addDays(today, -1)),
      6,
    );
  });

  it('rankings, in order', async () => {
    const answer = await ask('Top 3 campaigns by clicks in the last 30 days');
    const byCampaign = new Map<string, number>();
    for (const row of rows.filter((r) => r.date_start >= addDays(today, -30) && r.date_start < today)) {
      byCampaign.set(row.campaign_name, (byCampaign.get(row.campaign_name) ?? 0) + Number(row.clicks));
    }
    const expected = [...byCampaign.entries()].sort((a, b) => b[1] - a[1]).slice(0, 3);
    expect(analyticsRows(answer.message).map((row) => [row.campaign, row.clicks])).toEqual(expected);
  });

  it('daily series, one point per day', async () => {
    const answer = await ask('show daily spend for the last 7 days');
    const points = analyticsRows(answer.message);
    expect(points).toHaveLength(7);
    for (const point of points) {
      expect(point.spend).toBeCloseTo(sumRows('spend', String(point.day), String(point.day)), 6);
    }
  });
});

describe('the stories in the demo data are found', () => {
  it('"why did CPA go up" points at the campaign whose conversion rate fell', async () => {
    const answer = await ask('Why did my CPA go up in the last 7 days?');
    const table = analyticsRows(answer.message);
    expect(table[0]?.campaign).toBe(spike);
    expect(Number(table[0]?.cvr_change)).toBeLessThan(-20);
    expect(textsOf(answer.message.actionable_insights).join('\n')).toContain(spike);
  });

  it('creative fatigue flags the ad whose frequency rose while CTR fell', async () => {
    const answer = await ask('Which ads are showing creative fatigue?');
    const flagged = analyticsRows(answer.message).map((row) => row.ad);
    expect(flagged).toContain(demoScenario.fatiguedAd.adName);
    expect(flagged).not.toContain(undefined);
    expect(textsOf(answer.message.actionable_insights).join('\n')).toContain(
      `Refresh **${demoScenario.fatiguedAd.adName}**`,
    );
  });

  it('a campaign that stopped spending is called out', async () => {
    const answer = await ask('spend last 14 days');
    expect(textsOf(answer.message.actionable_insights).join('\n')).toContain(
      `**${demoScenario.stoppedCampaign.campaignName}** stopped spending`,
    );
  });

  it('a steady campaign is not flagged as an anomaly', async () => {
    const answer = await ask('How much did I spend in the last 7 days?');
    expect(textsOf(answer.message.actionable_insights).join('\n')).not.toContain(
      `Watch **${demoScenario.steadyCampaign.campaignName}**`,
    );
  });
});

describe('reports', () => {
  it('are ordered sections (overview, campaigns, anomalies, creatives, budget), each with three parts', async () => {
    const answer = await ask('Give me a performance report');
    expect(answer.sections?.map((section) => section.title)).toEqual([
      'Overview: last 30 days',
      'Overview: last 7 days',
      'Campaigns',
      'Anomalies',
      'Creatives',
      'Budget',
    ]);
    for (const section of answer.sections ?? []) {
      expect(section.message.isReportSection).toBe(true);
      expect(section.message.reportQuestion).toBe('Give me a performance report');
      expect(textsOf(section.message.reasoning).join('')).toContain('Period');
    }
  });
});

describe('questions outside the engine', () => {
  it('refuses a question that is not about ads, with no numbers and three suggestions', async () => {
    const answer = await ask('What is the weather today?');
    expect(['refuse', 'decline']).toContain(answer.plan.kind);
    expect(answer.queries).toHaveLength(0);
    expect(answer.message.suggestions).toHaveLength(3);
  });
});

describe('the names catalog under a data version', () => {
  it('is read once per version: names a sync adds appear under the next version', async () => {
    const accountId = warehouse.scope.accountIds[0] ?? '';
    const question = 'How is the campaign Winter Launch Zeta doing in the last 7 days?';
    const at = (dataVersion: string) =>
      answerQuestion({ db: warehouse.db, scope: warehouse.scope, today, dataVersion }, question);
    expect((await at('v1')).plan.kind).not.toBe('entity');
    await warehouse.db.insert(metaCampaigns).values({
      id: '990000000000001',
      accountId,
      name: 'Winter Launch Zeta',
      objective: 'OUTCOME_SALES',
    });
    try {
      // Same version: the cached catalog, which predates the campaign.
      expect((await at('v1')).plan.kind).not.toBe('entity');
      // Without a version, or under a new one, the names are read again.
      expect((await ask(question)).plan).toMatchObject({
        kind: 'entity',
        entity: { name: 'Winter Launch Zeta' },
      });
      expect((await at('v2')).plan).toMatchObject({ kind: 'entity', entity: { name: 'Winter Launch Zeta' } });
    } finally {
      await warehouse.db.delete(metaCampaigns).where(eq(metaCampaigns.id, '990000000000001'));
    }
  });
});

describe('the analytics part first', () => {
  it.each([
    'Top 5 campaigns by spend in the last 30 days',
    'Why did CPA go up this week?',
    'Spend by day in the last 30 days',
  ])('hands it over once, as the finished answer has it: %s', async (question) => {
    const seen: { analytics: ContentItem; suggestions: string[] }[] = [];
    const answer = await answerQuestion(
      {
        db: warehouse.db,
        scope: warehouse.scope,
        today,
        onAnalytics: (analytics, suggestions) => {
          seen.push({ analytics, suggestions });
        },
      },
      question,
    );
    expect(seen).toHaveLength(1);
    expect(seen[0]?.analytics).toEqual(answer.message.analytics);
    expect(seen[0]?.suggestions).toEqual(answer.message.suggestions);
  });

  it('leaves reports to their section by section stream', async () => {
    let calls = 0;
    const answer = await answerQuestion(
      { db: warehouse.db, scope: warehouse.scope, today, onAnalytics: () => void calls++ },
      'Give me a performance report',
    );
    expect(answer.sections?.length).toBeGreaterThan(1);
    expect(calls).toBe(0);
  });
});

describe('the question as read', () => {
  it('states a follow-up as it was resolved, at the top of the reasoning', async () => {
    const answer = await answerQuestion(
      { db: warehouse.db, scope: warehouse.scope, today },
      'what about roas?',
      ['top 3 campaigns by spend last month'],
    );
    expect(answer.message.reasoning.content).toMatch(
      /^- \*\*Read as:\*\* top 3 campaigns by ROAS \(highest first\), last month/,
    );
  });
  it('is left out of a decline', async () => {
    const answer = await ask('which hour of the day has the best roas?');
    expect(answer.message.error).toBeDefined();
    expect(answer.message.reasoning.content).not.toMatch(/Read as/);
  });
});
