import { describe, expect, it } from 'vitest';
import { generateDemoData } from '../../src/analyst/demo/generate';
import { catalogFromDataset } from '../../src/analyst/parse/catalog-from-dataset';
import { parseQuestion, readConversation } from '../../src/analyst/parse/parse-question';
import type { Plan } from '../../src/analyst/parse/plan';

// Questions that once got a confident answer to a different question, each read the way it was asked.
// Pure parser tests: the catalog comes from the demo data in memory, no database.
const today = '2026-11-20';
const catalog = catalogFromDataset(generateDemoData({ today }));
const parse = (question: string, history: string[] = []): Plan =>
  parseQuestion(question, { catalog, today, history });
const filtersOf = (plan: Plan) => ('filters' in plan ? plan.filters : []);
const lastWeek = { start: '2026-11-09', end: '2026-11-15' };

describe('name fragments keep their filter', () => {
  it('a fragment written without its punctuation still matches the names ("advantage+ audience")', () => {
    const plan = parse('roas of the advantage+ audience ad sets last 30 days');
    expect(filtersOf(plan)).toContainEqual({
      dimension: 'adset',
      op: 'contains',
      values: ['Advantage+ Audience'],
    });
  });
  it('a fragment spelt with a dash in the names ("Video - Founder Story ads")', () => {
    const values = filtersOf(parse('spend on video founder story ads last month')).flatMap((f) => f.values);
    expect(values).toContain('Video - Founder Story');
  });
  it('"us 25-44 ad sets" narrows to those ad sets instead of being dropped', () => {
    const plan = parse('cpa for us 25-44 ad sets');
    expect(plan).toMatchObject({ kind: 'total', metrics: ['cpa'] });
    expect(filtersOf(plan)).toContainEqual({ dimension: 'adset', op: 'contains', values: ['US 25-44'] });
  });
  it('two loose names joined by "vs" are set side by side, not both required', () => {
    const plan = parse('spend free course vs trail guides last month');
    expect(plan).toMatchObject({ kind: 'compare', metrics: ['spend'] });
    if (plan.kind !== 'compare') return;
    expect(plan.groups.map((g) => g.label)).toEqual(['Free Course campaigns', 'Trail Guides campaigns']);
  });
  it('"the learning account" names that account', () => {
    const plan = parse('cpm for the learning account this month');
    expect(plan).toMatchObject({ kind: 'total', metrics: ['cpm'] });
    const ids = catalog.entities.filter((e) => e.name === 'Northwind Learning').map((e) => e.id);
    expect(filtersOf(plan)).toContainEqual({ dimension: 'account', op: 'in', values: ids });
  });
  it('a why question about a named campaign is about that campaign', () => {
    const plan = parse('why did cpa go up for prospecting - broad last week');
    expect(plan).toMatchObject({ kind: 'why', metric: 'cpa', scopeNames: ['Prospecting - Broad'] });
    expect(filtersOf(plan).some((f) => f.dimension === 'campaign' && f.op === 'in')).toBe(true);
  });
});

describe('periods and shapes are not silently replaced', () => {
  it('"lw vs pw" is last week against the week before', () => {
    expect(parse('roas lw vs pw')).toMatchObject({
      kind: 'total',
      range: lastWeek,
      compare: { start: '2026-11-02', end: '2026-11-08' },
    });
  });
  it('a report for a named month covers that month', () => {
    expect(parse('give me a report for last month')).toMatchObject({
      kind: 'overview',
      range: { start: '2026-10-01', end: '2026-10-31' },
    });
  });
  it('a series split by account as well is declined, not answered as one line', () => {
    expect(parse('spend per account per month since july').kind).toBe('decline');
  });
  it('"trend" next to a named grain', () => {
    expect(parse('cpa trend by week last 2 months')).toMatchObject({ kind: 'series', grain: 'week' });
  });
  it('"what % of spend" is named back rather than answered as spend', () => {
    expect(parse('what % of spend went to retargeting last month').kind).toBe('clarify');
  });
  it('"wats" is chat spelling, not a concept', () => {
    expect(parse('wats our roas this month')).toMatchObject({ kind: 'total', metrics: ['roas'] });
  });
});

describe('follow-ups change what they say and keep the rest', () => {
  it('a name fragment replaces the campaign named before ("and promo?")', () => {
    const plan = parse('and promo?', ['spend for prospecting - broad last week']);
    expect(plan).toMatchObject({ kind: 'total', metrics: ['spend'], range: lastWeek });
    expect(filtersOf(plan)).toEqual([{ dimension: 'campaign', op: 'contains', values: ['promo'] }]);
  });
  it('"the month before" a calendar month is the calendar month before', () => {
    expect(parse('and the month before?', ['roas by campaign last month'])).toMatchObject({
      kind: 'ranking',
      range: { start: '2026-09-01', end: '2026-09-30' },
    });
  });
  it('"worst?" turns the ranking around', () => {
    expect(parse('worst?', ['best ad set by roas last 30 days'])).toMatchObject({
      kind: 'ranking',
      level: 'adset',
      metric: 'roas',
      direction: 'asc',
    });
  });
  it('"weekly instead" changes the grain', () => {
    expect(parse('weekly instead', ['daily spend last 14 days'])).toMatchObject({
      kind: 'series',
      grain: 'week',
    });
  });
  it('"by campaign" after a daily series ranks campaigns', () => {
    expect(parse('by campaign', ['daily spend last 14 days'])).toMatchObject({
      kind: 'ranking',
      level: 'campaign',
    });
  });
  it('"vs image ads" sets the new fragment beside the earlier one, same metric and period', () => {
    const plan = parse('vs image ads', ['ctr for carousel ads last month']);
    expect(plan).toMatchObject({
      kind: 'compare',
      metrics: ['ctr'],
      range: { start: '2026-10-01', end: '2026-10-31' },
    });
    if (plan.kind !== 'compare') return;
    expect(plan.groups.map((g) => g.label)).toEqual(['Carousel ads', 'Image ads']);
  });
  it('"its CPA" after "the second one" points at the same row of the same ranking', () => {
    const history = ['top 5 ads by spend last 30 days', 'whats the ctr of the second one'];
    const { reading } = readConversation('and its cpa', { catalog, today, history });
    expect(reading.ordinal).toBe(2);
    expect(reading.rankingSource?.metrics).toEqual(['spend']);
  });
});
