import { describe, expect, it } from 'vitest';
import { generateDemoData } from '../../src/analyst/demo/generate';
import { catalogFromDataset } from '../../src/analyst/parse/catalog-from-dataset';
import { parseQuestion } from '../../src/analyst/parse/parse-question';
import type { Plan } from '../../src/analyst/parse/plan';

// Pure parser tests: the catalog comes from the demo data in memory, no database.
const today = '2026-11-20';
const catalog = catalogFromDataset(generateDemoData({ today }));
const parse = (question: string, history: string[] = []): Plan =>
  parseQuestion(question, { catalog, today, history });
const campaigns = catalog.entities.filter((e) => e.level === 'campaign').map((e) => e.name);
const [campaignA = '', campaignB = ''] = [...new Set(campaigns)];

describe('thresholds are conditions, never a sort order', () => {
  it.each([
    ['top campaigns by roas with at least $500 spend', 'gte', 500],
    ['best ads by ctr, only ads with $200+ spend', 'gte', 200],
    ['which campaigns spent more than $3,000 last month', 'gt', 3000],
    ['ad sets with spend over $1k in the last 30 days', 'gt', 1000],
    ['campaigns that spent at least 250 dollars this month ranked by cpa', 'gte', 250],
  ])('%s', (question, op, value) => {
    const plan = parse(question);
    expect(plan.kind).toBe('ranking');
    if (plan.kind !== 'ranking') return;
    expect(plan.having).toContainEqual({ metric: 'spend', op, value });
  });
  it.each([
    ['ads with roas under 1 last week', 'roas', 'lt', 1],
    ['campaigns with more than 20 purchases in october', 'purchases', 'gt', 20],
    ['ad sets with cpa below $40 this month', 'cpa', 'lt', 40],
  ])('%s', (question, metric, op, value) => {
    const plan = parse(question);
    expect(plan.kind === 'ranking' || plan.kind === 'advice').toBe(true);
    expect('having' in plan && plan.having).toContainEqual({ metric, op, value });
  });
  it('"least efficient" ranks the worst first', () => {
    expect(parse('least efficient campaigns by CPA last month')).toMatchObject({
      kind: 'ranking',
      metric: 'cpa',
      direction: 'desc',
    });
    expect(parse('most efficient campaigns by cpa last month')).toMatchObject({
      kind: 'ranking',
      direction: 'asc',
    });
  });
});

describe('words for metrics', () => {
  it.each([
    ['click thru rate last week', 'ctr'],
    ['click-thru rate in october', 'ctr'],
    ['what are we paying per thousand impressions this month', 'cpm'],
    ['what did a click cost us yesterday', 'cpc'],
    ['how much are we paying per lead this month', 'cost_per_lead'],
    ['cost for each purchase in october', 'cost_per_purchase'],
    ['how many ppl saw our ads yesterday', 'reach'],
    ['what did we put into meta ads over the last 10 days', 'spend'],
  ])('%s', (question, metric) => {
    const plan = parse(question);
    expect(plan.kind).toBe('total');
    expect(plan.kind === 'total' && plan.metrics).toContain(metric);
  });
  it('several metrics in one question', () => {
    expect(parse('impressions, clicks and ctr last 7 days')).toMatchObject({
      kind: 'total',
      metrics: ['impressions', 'clicks', 'ctr'],
    });
  });
});

describe('filters by objective and by name fragment', () => {
  it.each([
    ['roas of my sales campaigns last month', 'OUTCOME_SALES'],
    ['spend on sales-objective campaigns last week', 'OUTCOME_SALES'],
    ['cost per lead for lead gen campaigns this month', 'OUTCOME_LEADS'],
    ['clicks from traffic campaigns in october', 'OUTCOME_TRAFFIC'],
  ])('%s', (question, objective) => {
    const plan = parse(question);
    expect('filters' in plan && plan.filters.find((f) => f.dimension === 'objective')?.values).toContain(
      objective,
    );
  });
  it('a word that occurs in names narrows to them; an ordinary word does not', () => {
    const word =
      campaignA
        .split(/\W+/)
        .find((w) => w.length > 4)
        ?.toLowerCase() ?? '';
    const plan = parse(`spend on ${word} campaigns last week`);
    expect('filters' in plan && plan.filters).toContainEqual({
      dimension: 'campaign',
      op: 'contains',
      values: [word],
    });
  });
});

describe('time shapes', () => {
  it.each([
    ['which weekday has the cheapest cpa', 'weekday', 'min'],
    ['best day ever for revenue', 'day', 'max'],
    ['highest spend day in september', 'day', 'max'],
    ['when did we spend the most last month', 'day', 'max'],
    ['worst week for roas this quarter', 'week', 'min'],
  ])('%s', (question, grain, pick) => {
    expect(parse(question)).toMatchObject({ kind: 'series', grain, pick });
  });
  it.each([
    ['spend by day of week last 60 days', 'weekday'],
    ['weekly revenue for the last 6 weeks', 'week'],
    ['monthly spend since july', 'month'],
    ['roas per quarter this year', 'quarter'],
    ['daily clicks last 2 weeks', 'day'],
  ])('%s', (question, grain) => {
    expect(parse(question)).toMatchObject({ kind: 'series', grain });
  });
  it('"lifetime" and "all time" start at the first day with data', () => {
    for (const question of ['lifetime spend', 'all time revenue', 'total spend ever']) {
      expect(parse(question)).toMatchObject({ kind: 'total', range: { start: catalog.firstDay } });
    }
  });
  it('week over week and month over month compare two periods', () => {
    expect(parse('WoW change in roas')).toMatchObject({
      kind: 'total',
      compare: { start: '2026-11-06', end: '2026-11-12' },
    });
    expect(parse('MoM revenue')).toMatchObject({
      range: { start: '2026-10-01' },
      compare: { start: '2026-09-01' },
    });
  });
  it('today has no data yet: a total for today is declined, a diagnosis uses the last full days', () => {
    expect(parse('spend today').kind).toBe('decline');
    expect(parse('why did cpa go up today').kind).toBe('why');
  });
});

describe('comparisons, overviews and advice', () => {
  it('named campaigns side by side', () => {
    const plan = parse(`compare ${campaignA} vs ${campaignB} on roas last month`);
    expect(plan).toMatchObject({ kind: 'compare', metrics: ['roas'] });
    expect(plan.kind === 'compare' && plan.groups.map((g) => g.label)).toEqual([campaignA, campaignB]);
  });
  it('two name groups, each with its level word, are set side by side', () => {
    const plan = parse('revenue for the video ads vs the image ads last 30 days');
    expect(plan).toMatchObject({ kind: 'compare', metrics: ['revenue'] });
    expect(plan.kind === 'compare' && plan.groups.map((g) => g.filters)).toEqual([
      [{ dimension: 'ad', op: 'contains', values: ['video'] }],
      [{ dimension: 'ad', op: 'contains', values: ['image'] }],
    ]);
  });
  it.each(['what should I cut to save money?', 'where are we wasting money?'])('advice: %s', (question) => {
    expect(parse(question)).toMatchObject({ kind: 'advice', action: 'pause' });
  });
  it.each([
    'how are my ads doing?',
    'give me a summary of last week',
    'KPIs for this month',
    'quick health check',
  ])('overview: %s', (q) => {
    expect(parse(q).kind).toBe('overview');
  });
  it.each([
    ['which ads should I pause?', 'pause'],
    ['which ad would you switch off first?', 'pause'],
    ['what campaign should I scale', 'scale'],
    ['where should I move budget?', 'move'],
    ['any quick wins?', 'priority'],
  ])('advice: %s', (question, action) => {
    expect(parse(question)).toMatchObject({ kind: 'advice', action });
  });
  it('a rule the user states is applied as stated', () => {
    expect(parse('pause ads with over $100 spend and roas under 1')).toMatchObject({
      kind: 'advice',
      action: 'rule',
      having: [
        { metric: 'spend', op: 'gt', value: 100 },
        { metric: 'roas', op: 'lt', value: 1 },
      ],
    });
  });
});

describe('what ARLO cannot answer is declined, never answered as something else', () => {
  it.each([
    'which hour of the day has the best roas?',
    'how much did I spend on google ads?',
    'which ad sets are stuck in learning',
    'Wie viel habe ich letzte Woche ausgegeben?',
    'roas for the blorptastic segment last week',
  ])('%s', (question) => {
    expect(['decline', 'clarify']).toContain(parse(question).kind);
  });
  it('names the words it could not read', () => {
    expect(parse('spend on wibblequark last week')).toMatchObject({
      kind: 'clarify',
      words: ['wibblequark'],
    });
  });
});

describe('follow-ups read against the conversation', () => {
  const first = 'spend in the last 14 days';
  it('changes the period', () => {
    expect(parse('and last month?', [first])).toMatchObject({
      kind: 'total',
      metrics: ['spend'],
      range: { start: '2026-10-01', end: '2026-10-31' },
    });
  });
  it('changes the metric', () => {
    expect(parse('what about roas?', [first])).toMatchObject({
      kind: 'total',
      metrics: ['roas'],
      range: { start: '2026-11-06' },
    });
  });
  it('changes the level', () => {
    expect(parse('break that down by campaign', [first])).toMatchObject({
      kind: 'ranking',
      level: 'campaign',
      metric: 'spend',
    });
  });
  it('adds a filter', () => {
    const plan = parse(`only ${campaignA}`, [first]);
    expect(plan).toMatchObject({ kind: 'entity', metrics: ['spend'] });
  });
  it('asks why', () => {
    expect(parse('why?', ['cpa last 7 days']).kind).toBe('why');
  });
  it('a new question is not a follow-up', () => {
    expect(parse('impressions in september', [first])).toMatchObject({
      kind: 'total',
      metrics: ['impressions'],
      range: { start: '2026-09-01' },
    });
  });
});

describe('readings found by probing with our own questions', () => {
  it('"losing money" is a return under the spend, worst first', () => {
    expect(parse('which campaigns are losing money')).toMatchObject({
      kind: 'ranking',
      level: 'campaign',
      metric: 'roas',
      direction: 'asc',
      having: [{ metric: 'roas', op: 'lt', value: 1 }],
    });
  });
  it('the biggest mover at a level is a change at that level, not the account decomposition', () => {
    expect(parse('which adset had the biggest jump in cpa week over week')).toMatchObject({
      kind: 'change',
      metric: 'cpa',
      level: 'adset',
    });
    expect(parse('why did cpa go up last week').kind).toBe('why');
  });
  it('two periods with no metric named compare the key figures', () => {
    expect(parse('compare this month to last month')).toMatchObject({
      kind: 'overview',
      compare: { start: '2026-10-01', end: '2026-10-31' },
    });
  });
  it('"between campaigns" groups by campaign', () => {
    expect(parse("what's the split of spend between campaigns last month")).toMatchObject({
      kind: 'ranking',
      level: 'campaign',
      metric: 'spend',
    });
  });
  it('"since X launched" runs from the first day with data', () => {
    expect(parse(`spend since ${campaignA} launched`)).toMatchObject({
      kind: 'entity',
      range: { start: catalog.firstDay },
    });
  });
  it('"trending" asks for a series, and is not corrected into "spending"', () => {
    expect(parse('how is cpc trending this month')).toMatchObject({ kind: 'series', metrics: ['cpc'] });
  });
});

describe('a follow-up that names no period keeps the comparison', () => {
  it('"and for X only" after a comparison compares X the same way', () => {
    const account = catalog.entities.find((e) => e.level === 'account')?.name ?? '';
    expect(parse(`and for ${account} only`, ['revenue in september', 'vs august?'])).toMatchObject({
      range: { start: '2026-09-01', end: '2026-09-30' },
      compare: { start: '2026-08-01', end: '2026-08-31' },
      scopeNames: [account],
    });
  });
});

describe('"lead campaigns" next to a lead metric', () => {
  it('in a ranking by cost per lead, are the campaigns that bring leads, whatever their objective', () => {
    const plan = parse('lead campaigns ranked from cheapest to priciest cost per lead, october');
    expect(plan).toMatchObject({ kind: 'ranking', metric: 'cost_per_lead', direction: 'asc' });
    expect('filters' in plan && plan.filters.some((f) => f.dimension === 'objective')).toBe(false);
    expect('notes' in plan && plan.notes.join(' ')).toMatch(/campaigns that bring them/);
  });
  it('in a total, or as "lead gen" / "lead-objective", mean the objective', () => {
    for (const question of [
      'cost per lead for lead campaigns last month',
      'rank lead gen campaigns by cost per lead',
    ]) {
      const plan = parse(question);
      expect(
        'filters' in plan && plan.filters.find((f) => f.dimension === 'objective')?.values,
        question,
      ).toContain('OUTCOME_LEADS');
    }
  });
});
