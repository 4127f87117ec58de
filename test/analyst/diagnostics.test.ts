import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { composePlan } from '../../src/analyst/compose/compose-plan';
import { ComposeContext } from '../../src/analyst/compose/context';
import { type EvidenceEntry, percentChange } from '../../src/analyst/compose/evidence';
import { addDays } from '../../src/analyst/dates';
import { demoScenario } from '../../src/analyst/demo/generate';
import { answerQuestion } from '../../src/analyst/engine';
import { executeQuery, type QueryResult, type ResultRow, type Scope } from '../../src/analyst/executor';
import type { MetricKey } from '../../src/analyst/metrics';
import { loadCatalog } from '../../src/analyst/parse/entities';
import type { Period, Plan } from '../../src/analyst/parse/plan';
import type { AnalyticsQueryInput } from '../../src/analyst/query';
import type { AssistantMessage, ContentItem } from '../../src/shared/api/answer';
import { loadDataset } from '../../src/warehouse/load';
import { type DemoWarehouse, demoWarehouse } from '../helpers/demo-warehouse';
import { expectTraced } from '../helpers/evidence';
import { graphAccount, graphRow } from '../helpers/graph-rows';

const today = '2026-11-20';
let warehouse: DemoWarehouse;

const days = (from: number, to: number, label: string): Period => ({
  start: addDays(today, -from),
  end: addDays(today, -to),
  label,
});
const lastWeek = days(7, 1, 'the last 7 days');
const weekBefore = days(14, 8, 'the previous 7 days');

// A shop that spent only on one day: that day's account-wide spend jumps far above the others.
const spikeAccount = graphAccount('990001', 'Flash Test Shop');
const spikeDay = addDays(today, -10);
const spikeCampaign = 'Flash Sale - One Day';

beforeAll(async () => {
  warehouse = await demoWarehouse(today);
  await loadDataset(warehouse.db, {
    adAccounts: [spikeAccount],
    insights: {
      [spikeAccount.id]: [
        graphRow({
          account: spikeAccount.account_id,
          campaign: spikeCampaign,
          ad: 'Flash Banner',
          day: spikeDay,
          impressions: 150000,
          clicks: 3000,
          spend: '2500.00',
          purchases: 60,
          revenue: '6000.00',
        }),
      ],
    },
  });
});
afterAll(() => warehouse.drop());

type ComposablePlan = Exclude<Plan, { kind: 'report' | 'decline' | 'clarify' | 'refuse' }>;
const base = { filters: [], scopeNames: [], notes: [] };

/** A message with every query it ran and every number it wrote, as the engine's answers carry them. */
interface Composed {
  message: AssistantMessage;
  queries: QueryResult[];
  evidence: EvidenceEntry[];
}

async function compose(
  plan: ComposablePlan,
  question = '',
  scope: Scope = warehouse.scope,
): Promise<Composed> {
  const ctx = new ComposeContext(warehouse.db, scope, await loadCatalog(warehouse.db, scope), today);
  const message = await composePlan(ctx, plan, question);
  return { message, queries: ctx.queries, evidence: ctx.evidence.entries };
}

/** A plain executor query, for the expected answer worked out apart from the composer. */
async function rows(query: AnalyticsQueryInput, scope: Scope = warehouse.scope): Promise<ResultRow[]> {
  return (await executeQuery(warehouse.db, scope, query)).rows;
}

const num = (row: ResultRow | undefined, key: string) => (typeof row?.[key] === 'number' ? row[key] : 0);

function textsOf(item: ContentItem | undefined, out: string[] = []): string[] {
  if (!item) return out;
  if (item.header) out.push(item.header);
  if (item.content) out.push(item.content);
  if (item.type === 'complex') for (const child of (item.data ?? []) as ContentItem[]) textsOf(child, out);
  return out;
}
const analyticsText = (m: AssistantMessage) => textsOf(m.analytics).join('\n');
const insightsText = (m: AssistantMessage) => textsOf(m.actionable_insights).join('\n');
const reasoningText = (m: AssistantMessage) => textsOf(m.reasoning).join('\n');

function tableRows(message: AssistantMessage): Record<string, unknown>[] {
  const items =
    message.analytics.type === 'complex' ? (message.analytics.data as ContentItem[]) : [message.analytics];
  return items
    .filter((item) => item.type === 'table')
    .flatMap((item) => item.data as Record<string, unknown>[]);
}

/** Every number in the texts was written through the evidence trail, and each entry rests on query rows. */
function expectTraceable({ message, queries, evidence }: Composed, names: string[]) {
  const checked = expectTraced({
    queries,
    evidence,
    texts: [
      ...textsOf(message.analytics),
      ...textsOf(message.reasoning),
      ...textsOf(message.actionable_insights),
    ],
    names,
    constants: [
      'formula factor',
      'anomaly threshold',
      'minimum impressions',
      'minimum spend share',
      'minimum volume',
    ],
    zeroIsComputed: true,
  });
  expect(checked).toBeGreaterThan(0);
}

let entityNames: string[] = [];
beforeAll(async () => {
  const catalog = await loadCatalog(warehouse.db, {
    accountIds: [...warehouse.scope.accountIds, spikeAccount.account_id],
  });
  entityNames = catalog.entities.map((entity) => entity.name);
});

/** Ads ranked by (frequency now ÷ before) × (CTR before ÷ now), among ads with 1,000+ impressions in both. */
async function expectedFatigueRanking(now: Period, before: { start: string; end: string }) {
  const ads = (range: { start: string; end: string }) =>
    rows({ metrics: ['frequency', 'ctr', 'impressions'], dimensions: ['ad'], time: { range } });
  const [a, b] = await Promise.all([ads(now), ads(before)]);
  return a
    .flatMap((row) => {
      const earlier = b.find((r) => r.ad === row.ad);
      if (!earlier || num(row, 'impressions') < 1000 || num(earlier, 'impressions') < 1000) return [];
      if (!num(row, 'ctr') || !num(earlier, 'ctr')) return [];
      const score =
        (num(row, 'frequency') / num(earlier, 'frequency')) * (num(earlier, 'ctr') / num(row, 'ctr'));
      return score > 1 ? [{ ad: String(row.ad), score }] : [];
    })
    .sort((x, y) => y.score - x.score);
}

describe('creative fatigue', () => {
  it('ranks against a window three weeks back and names the ad that fatigued most', async () => {
    const answer = await answerQuestion(
      { db: warehouse.db, scope: warehouse.scope, today },
      'Which ads are showing creative fatigue?',
    );
    const message = answer.message;
    // The same week, three weeks earlier: before the demo ad began to tire.
    const baseline = { start: addDays(today, -28), end: addDays(today, -22) };
    const expected = await expectedFatigueRanking(lastWeek, baseline);
    expect(expected[0]?.ad).toBe(demoScenario.fatiguedAd.adName);
    expect(tableRows(message).map((row) => row.ad)).toEqual(expected.slice(0, 5).map((e) => e.ad));
    expect(analyticsText(message)).toContain(
      `**${demoScenario.fatiguedAd.adName}** shows the strongest fatigue`,
    );
    expect(analyticsText(message)).toMatch(
      /Flagged \(frequency up and CTR down by 20% or more\): \*\*Video - Trail Tested #301\*\*\./,
    );
    expect(reasoningText(message)).toContain('Oct 23 – Oct 29, 2026');
    expect(insightsText(message)).toContain(`Refresh **${demoScenario.fatiguedAd.adName}**`);
    expectTraceable(answer, entityNames);
  });

  it('still names what to replace first when no ad crosses both thresholds', async () => {
    // Weeks before the demo ad began to tire: nothing is flagged, but something leads.
    const range = days(60, 54, 'an early week');
    const plan: ComposablePlan = {
      ...base,
      kind: 'fatigue',
      range,
      compare: days(67, 61, 'the week before'),
    };
    const composed = await compose(plan);
    const expected = await expectedFatigueRanking(range, {
      start: addDays(today, -81),
      end: addDays(today, -75),
    });
    const top = expected[0]?.ad ?? '';
    expect(top).not.toBe('');
    expect(analyticsText(composed.message)).toContain(`**${top}** shows the strongest fatigue`);
    expect(analyticsText(composed.message)).toContain('No ad crosses both thresholds');
    expect(insightsText(composed.message)).toContain(`Replace **${top}** first`);
    expectTraceable(composed, entityNames);
  });

  it('keeps a comparison window the reader chose', async () => {
    const chosen = days(45, 39, 'the week I picked');
    const composed = await compose({ ...base, kind: 'fatigue', range: lastWeek, compare: chosen });
    expect(reasoningText(composed.message)).toContain('**Compared with:** the week I picked');
    const expected = await expectedFatigueRanking(lastWeek, chosen);
    expect(tableRows(composed.message)[0]?.ad).toBe(expected[0]?.ad);
  });
});

/** Per-campaign values of a metric in two periods, for working out the expected driver by hand. */
async function byCampaign(metric: MetricKey, now: Period, before: Period) {
  const query = (range: Period) =>
    rows({
      metrics: [metric, 'spend', 'impressions', 'clicks'],
      dimensions: ['campaign'],
      time: { range: { start: range.start, end: range.end } },
    });
  const [a, b] = await Promise.all([query(now), query(before)]);
  const names = [...new Set([...a, ...b].map((r) => String(r.campaign)))];
  return names.map((name) => {
    const n = a.find((r) => r.campaign === name);
    const p = b.find((r) => r.campaign === name);
    return { name, now: n, before: p, delta: num(n, metric) - num(p, metric) };
  });
}

describe('why a sum changed', () => {
  it.each([
    ['spend', demoScenario.spendSurge.campaignName],
    ['leads', demoScenario.spendSurge.campaignName],
    ['conversions', undefined],
    ['purchases', undefined],
  ] as const)('names the campaign that contributed most to the %s move', async (metric, story) => {
    const campaigns = await byCampaign(metric, lastWeek, weekBefore);
    const total = campaigns.reduce((sum, c) => sum + c.delta, 0);
    const direction = Math.sign(total) || 1;
    const expected = [...campaigns].sort((x, y) => y.delta * direction - x.delta * direction)[0];
    if (story) expect(expected?.name).toBe(story);
    const composed = await compose({
      ...base,
      kind: 'change',
      metric,
      level: 'campaign',
      range: lastWeek,
      compare: weekBefore,
    });
    const text = analyticsText(composed.message);
    expect(text).toContain(`**${expected?.name}** drove most of it`);
    expect(text).toContain('of the net change');
    expect(tableRows(composed.message)[0]?.campaign).toBe(expected?.name);
    expect(insightsText(composed.message)).toContain(`Look at **${expected?.name}** first`);
    expectTraceable(composed, entityNames);
  });

  it('says so when the metric moved the other way than the question assumed, and counts a stopped campaign', async () => {
    // The promo stopped at the start of this window: spend fell, whatever the question says.
    const range = days(14, 8, 'the week the promo stopped');
    const compare = days(21, 15, 'the week before');
    const campaigns = await byCampaign('spend', range, compare);
    const total = campaigns.reduce((sum, c) => sum + c.delta, 0);
    expect(total).toBeLessThan(0);
    const expected = [...campaigns].sort((x, y) => x.delta - y.delta)[0];
    expect(expected?.name).toBe(demoScenario.stoppedCampaign.campaignName);
    const composed = await compose(
      { ...base, kind: 'change', metric: 'spend', level: 'campaign', range, compare },
      'why did spend go up',
    );
    const text = analyticsText(composed.message);
    expect(text).toContain('Spend did not go up: it fell');
    expect(text).toContain(`**${expected?.name}** drove most of it`);
    expect(text).toMatch(/→ none/);
    expectTraceable(composed, entityNames);
  });
});

describe('why a ratio changed', () => {
  it.each(['ctr', 'cpm', 'cpc'] as const)(
    'names the campaign with real volume whose own %s moved most in the direction of the total',
    async (metric) => {
      const campaigns = await byCampaign(metric, lastWeek, weekBefore);
      const [totalNow] = await rows({ metrics: [metric, 'spend'], time: { range: lastWeek } });
      const [totalBefore] = await rows({ metrics: [metric], time: { range: weekBefore } });
      const direction = Math.sign(num(totalNow, metric) - num(totalBefore, metric)) || 1;
      const floor = metric === 'cpc' ? { key: 'clicks', min: 20 } : { key: 'impressions', min: 1000 };
      const expected = campaigns
        .filter(
          (c) =>
            num(c.before, metric) > 0 &&
            num(c.now, floor.key) >= floor.min &&
            num(c.before, floor.key) >= floor.min &&
            num(c.now, 'spend') >= num(totalNow, 'spend') * 0.05,
        )
        .map((c) => ({ name: c.name, change: percentChange(num(c.before, metric), num(c.now, metric)) }))
        .sort((x, y) => y.change * direction - x.change * direction)[0];
      const composed = await compose({
        ...base,
        kind: 'change',
        metric,
        level: 'campaign',
        range: lastWeek,
        compare: weekBefore,
      });
      expect(tableRows(composed.message)[0]?.campaign).toBe(expected?.name);
      if (expected && expected.change * direction > 0)
        expect(analyticsText(composed.message)).toContain(
          `among campaigns with real volume is **${expected.name}**`,
        );
      expectTraceable(composed, entityNames);
    },
  );

  it('explains a CTR move by the mix when delivery shifted away from a campaign that clicked well', async () => {
    // The promo (a campaign with a higher CTR than the rest) stopped between these two weeks.
    const range = days(14, 8, 'the week the promo stopped');
    const compare = days(21, 15, 'the week before');
    const [before] = await rows({ metrics: ['ctr'], time: { range: compare } });
    const promo = (await byCampaign('ctr', range, compare)).find(
      (c) => c.name === demoScenario.stoppedCampaign.campaignName,
    );
    expect(promo?.now).toBeUndefined();
    expect(num(promo?.before, 'ctr')).toBeGreaterThan(num(before, 'ctr'));
    const composed = await compose({
      ...base,
      kind: 'change',
      metric: 'ctr',
      level: 'campaign',
      range,
      compare,
    });
    const text = analyticsText(composed.message);
    expect(text).toContain('Most of the move is mix');
    expect(text).toContain(
      `**${demoScenario.stoppedCampaign.campaignName}** took a smaller share of impressions`,
    );
    expectTraceable(composed, entityNames);
  });
});

describe('anomalies', () => {
  const range = days(14, 1, 'the last 14 days');
  const compare = days(28, 15, 'the previous 14 days');

  it('singles out the day whose spend jumped and the campaign that started', async () => {
    const scope = { accountIds: [...warehouse.scope.accountIds, spikeAccount.account_id] };
    const daily = await rows({ metrics: ['spend'], time: { range, grain: 'day' } }, scope);
    const sorted = daily.map((row) => num(row, 'spend')).sort((a, b) => a - b);
    const median = sorted[Math.floor((sorted.length - 1) / 2)] ?? 0;
    const farOff = daily.filter((row) => Math.abs(num(row, 'spend') - median) >= median * 0.4);
    expect(farOff.map((row) => row.day)).toEqual([spikeDay]);

    const composed = await compose({ ...base, kind: 'anomalies', range, compare }, '', scope);
    const text = analyticsText(composed.message);
    expect(text).toMatch(/1 day stands out/);
    expect(text).toContain(`- Nov 10, 2026: $`);
    expect(text).toContain(`**${spikeCampaign}** started spending`);
    expectTraceable(composed, entityNames);
  });

  it('lists the campaigns that stopped or moved, biggest first, and none that held steady', async () => {
    const campaigns = await byCampaign('spend', range, compare);
    const stopped = campaigns.filter((c) => num(c.before, 'spend') > 0 && !c.now).map((c) => c.name);
    expect(stopped).toEqual([demoScenario.stoppedCampaign.campaignName]);
    const composed = await compose({ ...base, kind: 'anomalies', range, compare });
    const moves = tableRows(composed.message);
    expect(moves[0]).toMatchObject({ campaign: stopped[0], move: 'stopped' });
    const surge = moves.find((row) => row.campaign === demoScenario.spendSurge.campaignName);
    expect(surge?.move).toBe('spend moved');
    expect(Number(surge?.spend_change)).toBeGreaterThan(20);
    const spike = moves.find((row) => row.campaign === demoScenario.cpaSpike.campaignName);
    expect(spike?.move).toBe('CPA moved');
    expect(moves.map((row) => row.campaign)).not.toContain(demoScenario.steadyCampaign.campaignName);
    expect(analyticsText(composed.message)).toContain('No day in the last 14 days');
    expect(insightsText(composed.message)).toContain(`**${stopped[0]}** stopped spending`);
    expectTraceable(composed, entityNames);
  });

  it('says plainly when nothing moved', async () => {
    // A steady campaign on its own, week against week, well before any story in the demo data.
    const steady = [
      { dimension: 'campaign' as const, op: 'in' as const, values: [demoScenario.steadyCampaign.campaignId] },
    ];
    const composed = await compose({
      ...base,
      filters: steady,
      kind: 'anomalies',
      range: days(50, 37, 'two quiet weeks'),
      compare: days(64, 51, 'the two weeks before'),
    });
    const text = analyticsText(composed.message);
    expect(text).toContain('No day in two quiet weeks');
    expect(text).toContain('No campaign stopped or started spending');
    expectTraceable(composed, entityNames);
  });
});
