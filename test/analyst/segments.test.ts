import { describe, expect, it } from 'vitest';
import { generateDemoData } from '../../src/analyst/demo/generate';
import { catalogFromDataset } from '../../src/analyst/parse/catalog-from-dataset';
import { parseQuestion } from '../../src/analyst/parse/parse-question';
import type { Plan } from '../../src/analyst/parse/plan';
import { SEGMENT_TODAY, segmentFixture } from '../helpers/segment-dataset';

// Pure parser tests: no database. Ad names in this catalog hold no format word ("Hero clip").
const today = SEGMENT_TODAY;
const catalog = catalogFromDataset(segmentFixture().dataset);
const parse = (question: string, history: string[] = []): Plan =>
  parseQuestion(question, { catalog, today, history });
// The demo accounts name ads "Video - …", "Image - …", "Carousel - …": those words stay name fragments.
const demoCatalog = catalogFromDataset(generateDemoData({ today }));
const parseDemo = (question: string): Plan => parseQuestion(question, { catalog: demoCatalog, today });

type SegmentPlan = Extract<Plan, { kind: 'segment' }>;
const segment = (plan: Plan): SegmentPlan => {
  expect(plan.kind, JSON.stringify(plan)).toBe('segment');
  return plan as SegmentPlan;
};

describe('a metric ranked or listed by a segment', () => {
  it.each([
    ['ROAS by age last month', ['age'], 'roas', 'desc'],
    ['which age group has the best ROAS', ['age'], 'roas', 'desc'],
    ['roas split by age bracket for october', ['age'], 'roas', 'desc'],
    ['which countries are we spending the most in', ['country'], 'spend', 'desc'],
    ['rank placements by roas, top 3', ['placement'], 'roas', 'desc'],
    ['cpa by gender', ['gender'], 'cpa', 'asc'],
    [
      'purchases and conversion rate per device platform in october',
      ['device_platform'],
      'purchases',
      'desc',
    ],
    ["what's my cheapest country for purchases", ['country'], 'cost_per_purchase', 'asc'],
    [
      'which age and gender group had the lowest cost per purchase last month?',
      ['age', 'gender'],
      'cost_per_purchase',
      'asc',
    ],
    ['which device type converts best this month?', ['device_platform'], 'cvr', 'desc'],
    ['ctr per platform last week', ['publisher_platform'], 'ctr', 'desc'],
    ['spend by creative format last 30 days', ['format'], 'spend', 'desc'],
    ['cpm by placment', ['placement'], 'cpm', 'asc'],
    ['demographics breakdown of revenue', ['age', 'gender'], 'revenue', 'desc'],
    ['worst countries by roas', ['country'], 'roas', 'asc'],
    ['which markets have the highest cpc', ['country'], 'cpc', 'desc'],
    ['spend by contries', ['country'], 'spend', 'desc'],
    ['what ad format converts best', ['format'], 'cvr', 'desc'],
    ['which device gets the most clicks last month', ['device_platform'], 'clicks', 'desc'],
    ['which creative format gets the best ctr', ['format'], 'ctr', 'desc'],
  ] as const)('%s', (question, by, metric, direction) => {
    const plan = segment(parse(question));
    expect(plan.by).toEqual(by);
    expect(plan.metric).toBe(metric);
    expect(plan.direction).toBe(direction);
  });

  it('"best performing placement" judges by cost per result and says so', () => {
    const plan = segment(parse('best performing placement'));
    expect(plan).toMatchObject({ by: ['placement'], metric: 'cpa', pick: true });
    expect(plan.notes.join(' ')).toMatch(/No metric was named/);
  });

  it('keeps the limit and the period asked', () => {
    expect(parse('rank placements by roas over the last 14 days, top 3')).toMatchObject({
      kind: 'segment',
      limit: 3,
      range: { start: '2026-11-06', end: '2026-11-19' },
    });
  });

  it('narrows by account and by objective while splitting', () => {
    const plan = segment(parse('which device type converts best for Northwind Shop this month?'));
    expect(plan.filters).toContainEqual({ dimension: 'account', op: 'in', values: ['7001'] });
  });
});

describe('named segment values side by side', () => {
  it.each([
    ['Instagram vs Facebook CPA', 'publisher_platform', [['instagram'], ['facebook']]],
    [
      'facebook feed vs instagram stories: cpm',
      'placement',
      [['facebook|feed'], ['instagram|instagram_stories']],
    ],
    ['UK vs US cost per purchase', 'country', [['GB'], ['US']]],
    ['cost per purchase in the UK compared with the US over the last 30 days', 'country', [['GB'], ['US']]],
    ['do men or women convert cheaper for us?', 'gender', [['male'], ['female']]],
    ['18-24 vs 25-34 roas', 'age', [['18-24'], ['25-34']]],
    ['mobile vs desktop', 'device_platform', [['mobile_app', 'mobile_web'], ['desktop']]],
    ['video vs static images cpa', 'format', [['VIDEO'], ['PHOTO']]],
    ['video creatives against static images: cpa in october', 'format', [['VIDEO'], ['PHOTO']]],
    ['canada or australia, which is cheaper per click', 'country', [['CA'], ['AU']]],
    ['britain versus america roas', 'country', [['GB'], ['US']]],
    ['women vs men ctr last week', 'gender', [['female'], ['male']]],
    ['ig vs fb cpm', 'publisher_platform', [['instagram'], ['facebook']]],
    ['mobile app vs mobile web conversion rate', 'device_platform', [['mobile_app'], ['mobile_web']]],
  ] as const)('%s', (question, dimension, values) => {
    const plan = segment(parse(question));
    expect(plan.sides?.map((side) => side.filters[0]?.values)).toEqual(values);
    expect(plan.sides?.every((side) => side.filters[0]?.dimension === dimension)).toBe(true);
  });

  it('Reels vs Feed groups each surface across platforms', () => {
    const plan = segment(parse('Reels vs Feed cpm'));
    expect(plan.sides?.map((side) => side.label)).toEqual(['Reels', 'Feeds']);
    expect(plan.sides?.[0]?.filters[0]?.values).toEqual([
      'facebook|facebook_reels',
      'instagram|instagram_reels',
    ]);
    expect(plan.sides?.[1]?.filters[0]?.values).toEqual(['facebook|feed', 'instagram|feed']);
  });

  it('a platform against a placement becomes its placements', () => {
    const plan = segment(parse('instagram vs facebook feed ctr'));
    expect(plan.sides?.[0]?.filters[0]).toMatchObject({ dimension: 'placement' });
    expect(plan.sides?.[0]?.filters[0]?.values).toContain('instagram|instagram_stories');
    expect(plan.sides?.[1]?.filters[0]?.values).toEqual(['facebook|feed']);
  });

  it('the word joining the sides is not a period comparison', () => {
    const plan = segment(parse('UK vs US roas last month'));
    expect(plan).toMatchObject({ range: { start: '2026-10-01', end: '2026-10-31' } });
    expect('compare' in plan).toBe(false);
  });
});

describe('"us" is a pronoun unless it plainly names the country', () => {
  it.each([
    'do men or women convert cheaper for us?',
    'what did a click cost us yesterday',
    'give us the spend for yesterday',
    'show us roas by age',
  ])('%s has no US', (question) => {
    expect(JSON.stringify(parse(question))).not.toMatch(/"US"/);
  });
  it.each([
    'spend in the US last month',
    'US spend last month',
    'uk vs us roas',
    'cpa in the u.s. this month',
    'spend in the USA last week',
  ])('%s is the United States', (question) => {
    expect(JSON.stringify(parse(question))).toMatch(/"US"/);
  });
});

describe('a share of the total', () => {
  it.each([
    [
      'how much of our spend goes to Audience Network?',
      ['publisher_platform'],
      'spend',
      ['audience_network'],
    ],
    ['what % of purchases come from mobile', ['device_platform'], 'purchases', ['mobile_app', 'mobile_web']],
    ['share of spend by placement', ['placement'], 'spend', []],
    ['what percentage of revenue came from women last month', ['gender'], 'revenue', ['female']],
    ['what share of clicks comes from desktop', ['device_platform'], 'clicks', ['desktop']],
    ['spend split by country as a percentage', ['country'], 'spend', []],
    [
      'how much of our spend went to instagram stories',
      ['placement'],
      'spend',
      ['instagram|instagram_stories'],
    ],
    ['proportion of impressions by age group', ['age'], 'impressions', []],
    ['how many of our purchases came from the uk', ['country'], 'purchases', ['GB']],
    [
      'what portion of spend is on reels',
      ['placement'],
      'spend',
      ['facebook|facebook_reels', 'instagram|instagram_reels'],
    ],
  ] as const)('%s', (question, by, metric, parts) => {
    const plan = segment(parse(question));
    expect(plan.by).toEqual(by);
    expect(plan.metric).toBe(metric);
    expect(plan.share?.parts.flatMap((part) => part.filters[0]?.values ?? [])).toEqual(parts);
  });
});

/** The values a plan narrows a segment to: a filter, or the one segment a total is about. */
function narrowedTo(plan: Plan, dimension: string): readonly string[] | undefined {
  if (plan.kind === 'segment' && plan.sides?.length === 1)
    return plan.sides[0]?.filters.find((f) => f.dimension === dimension)?.values;
  return 'filters' in plan ? plan.filters.find((f) => f.dimension === dimension)?.values : undefined;
}

describe('segment values narrow ordinary questions', () => {
  it.each([
    ['CPA on Instagram last month', 'segment', 'publisher_platform', ['instagram']],
    ['spend in Canada this month', 'segment', 'country', ['CA']],
    ['top campaigns by ROAS on mobile', 'ranking', 'device_platform', ['mobile_app', 'mobile_web']],
    ['ad sets with the lowest cpa among women', 'ranking', 'gender', ['female']],
    ['daily spend on audience network last 2 weeks', 'series', 'publisher_platform', ['audience_network']],
    ['ctr for 25-34 year olds last month', 'segment', 'age', ['25-34']],
    ['roas on desktop in october', 'segment', 'device_platform', ['desktop']],
    [
      'how much did we spend on instagram reels last week',
      'segment',
      'placement',
      ['instagram|instagram_reels'],
    ],
    ['cpm on the facebook feed yesterday', 'segment', 'placement', ['facebook|feed']],
    ['revenue from the UK last 30 days', 'segment', 'country', ['GB']],
    ['spend on video creatives last month', 'total', 'format', ['VIDEO']],
    ['cpa on instagram this month vs last month', 'total', 'publisher_platform', ['instagram']],
    ['cpa excluding audience network last month', 'total', 'publisher_platform', ['audience_network']],
  ] as const)('%s', (question, kind, dimension, values) => {
    const plan = parse(question);
    expect(plan.kind, JSON.stringify(plan)).toBe(kind);
    expect(narrowedTo(plan, dimension)).toEqual(values);
  });

  it('an exclusion is read as one', () => {
    const plan = parse('cpa excluding audience network last month');
    expect('filters' in plan && plan.filters).toContainEqual({
      dimension: 'publisher_platform',
      op: 'not_in',
      values: ['audience_network'],
    });
  });

  it('the segment joins the reasoning scope', () => {
    const plan = parse('top campaigns by cpa on Instagram last month');
    expect('scopeNames' in plan && plan.scopeNames).toContain('Instagram');
  });

  it.each([
    'top ads by roas on mobile',
    'which ads have the best ctr on instagram last week',
    'best creatives for women last month',
  ])('an ad-level list within a segment is declined naming why: %s', (question) => {
    const plan = parse(question);
    expect(plan.kind).toBe('decline');
    expect(plan.kind === 'decline' && plan.message).toMatch(/per ad set, not per ad/);
  });

  it.each([
    ['ROAS by age in the UK', /age group and country as separate breakdowns/],
    ['spend by country and device', /country and device as separate breakdowns/],
    ['cpa by gender on instagram', /gender and platform as separate breakdowns/],
    [
      'mobile vs desktop roas in canada',
      /country and device as separate breakdowns|device and country as separate breakdowns/,
    ],
    [
      'placements by ctr for women',
      /gender and placement as separate breakdowns|placement and gender as separate breakdowns/,
    ],
    ['roas by format on mobile', /per ad set, not per creative format/],
    ['which age group spends most on reels', /age group and placement as separate breakdowns/],
    ['spend per country per device', /separate breakdowns/],
    ['instagram cpa by age', /separate breakdowns/],
    ['device split in the UK', /separate breakdowns/],
  ])('two breakdowns crossed are declined, each offered alone: %s', (question, message) => {
    const plan = parse(question);
    expect(plan.kind, JSON.stringify(plan)).toBe('decline');
    if (plan.kind !== 'decline') return;
    expect(plan.message).toMatch(message);
    expect(plan.suggestions.length).toBeGreaterThanOrEqual(2);
  });
});

describe('follow-ups', () => {
  it.each([
    [['ROAS by age last month', 'and by gender?'], ['gender'], 'roas'],
    [['CPA last month', 'break that down by country'], ['country'], 'cpa'],
    [['spend last 7 days', 'by placement'], ['placement'], 'spend'],
    [['roas by device last month', 'what about by platform'], ['publisher_platform'], 'roas'],
    [['ROAS by age last month', 'and in september?'], ['age'], 'roas'],
    [['ROAS by age last month', 'what about cpa?'], ['age'], 'cpa'],
    [['spend by placement last month', 'as a share'], ['placement'], 'spend'],
    [['top campaigns by roas last month', 'and by age?'], ['age'], 'roas'],
    [['men vs women cpa', 'and by age?'], ['age'], 'cpa'],
    [['cpa by gender last week', 'split it by device instead'], ['device_platform'], 'cpa'],
  ] as const)('%j', (turns, by, metric) => {
    const plan = segment(parse(turns[1], [turns[0]]));
    expect(plan.by).toEqual(by);
    expect(plan.metric).toBe(metric);
  });

  it.each([
    [['top campaigns by roas last month', 'only Instagram'], 'ranking', 'publisher_platform'],
    [['CPA on Instagram last month', 'what about mobile?'], 'segment', 'device_platform'],
    [['spend last month', 'just the UK'], 'segment', 'country'],
    [['cpa last 7 days', 'and on desktop?'], 'segment', 'device_platform'],
  ] as const)('a segment value narrows or replaces: %j', (turns, kind, dimension) => {
    const plan = parse(turns[1], [turns[0]]);
    expect(plan.kind).toBe(kind);
    const filters = [
      ...('filters' in plan ? plan.filters : []),
      ...(plan.kind === 'segment' ? (plan.sides ?? []).flatMap((side) => side.filters) : []),
    ];
    expect(filters.map((f) => f.dimension).filter((d) => d !== 'account')).toEqual([dimension]);
  });

  it('a split by campaign after a split by age drops the age split', () => {
    expect(parse('by campaign', ['ROAS by age last month'])).toMatchObject({
      kind: 'ranking',
      level: 'campaign',
    });
  });
});

describe('what stays unavailable is declined, naming it', () => {
  it.each([
    ['at what hour of the day do our ads convert best?', /hour of day/],
    ['cpc by hour', /hour of day/],
    ['iphone vs android users: ctr over the last 14 days', /operating system/],
    ['how many purchases came from ios', /operating system/],
    ['tablet vs desktop roas', /device model/],
    ['spend by state last month', /region, state or city/],
    ['which cities convert best', /region, state or city/],
    ['roas by dma', /country breakdown only/],
    ['cpa in california vs texas', /region, state or city/],
    ['spend in europe last month', /region, state or city/],
    ['how do millennials respond to our ads', /audience trait/],
  ])('%s', (question, message) => {
    const plan = parse(question);
    expect(plan.kind).toBe('decline');
    expect(plan.kind === 'decline' && plan.message).toMatch(message);
  });
});

describe('words that only look like segments', () => {
  it.each([
    ['how much cash went out the door on facebook in the past 2 weeks', 'total'],
    ['facebook spend last week', 'total'],
    ['what did we put into meta ads over the last 10 days', 'total'],
    ['how many men and women clicked', 'segment'],
  ])('%s', (question, kind) => {
    expect(parse(question).kind).toBe(kind);
  });

  it.each([
    ['carousel vs video ads: clicks over the last 14 days', 'compare'],
    ['total spend on video ads this month', 'total'],
    ['image or carousel ads, which has better ctr last week', 'compare'],
  ])('formats named in ad names stay name fragments: %s', (question, kind) => {
    const plan = parseDemo(question);
    expect(plan.kind).toBe(kind);
    expect(JSON.stringify(plan)).toMatch(/"contains"/);
    expect(JSON.stringify(plan)).not.toMatch(/"format"/);
  });
});
