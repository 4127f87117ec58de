import { describe, expect, it } from 'vitest';
import { generateDemoData } from '../../src/analyst/demo/generate';
import { buildPlan } from '../../src/analyst/parse/build-plan';
import { catalogFromDataset } from '../../src/analyst/parse/catalog-from-dataset';
import { parseQuestion, readConversation } from '../../src/analyst/parse/parse-question';
import type { Plan } from '../../src/analyst/parse/plan';
import { resolveReferences } from '../../src/analyst/parse/references';

// Pure: the catalog comes from the demo data in memory. Today is a Friday; the data ends yesterday.
const today = '2026-11-20';
const catalog = catalogFromDataset(generateDemoData({ today }));
const parse = (question: string, history: string[] = []): Plan =>
  parseQuestion(question, { catalog, today, history });

const LAST_WEEK = { start: '2026-11-09', end: '2026-11-15' };
const YESTERDAY = { start: '2026-11-19', end: '2026-11-19' };
const LAST_MONTH = { start: '2026-10-01', end: '2026-10-31' };
const LAST_7 = { start: '2026-11-13', end: '2026-11-19' };
const LAST_14 = { start: '2026-11-06', end: '2026-11-19' };
const LAST_30 = { start: '2026-10-21', end: '2026-11-19' };
const THIS_MONTH = { start: '2026-11-01', end: '2026-11-19' };
const SEPTEMBER = { start: '2026-09-01', end: '2026-09-30' };
const OCTOBER = LAST_MONTH;
const SALES = expect.arrayContaining(['OUTCOME_SALES']);
const LEADS = expect.arrayContaining(['OUTCOME_LEADS']);

describe('totals: each metric in marketers’ words, slang, typos and no punctuation', () => {
  it.each([
    ['how much did we spend last week', ['spend'], LAST_WEEK],
    ['total spend yesterday', ['spend'], YESTERDAY],
    ['what was our ad spend in october', ['spend'], OCTOBER],
    ['how much money went out in september', ['spend'], SEPTEMBER],
    ['how much have we blown on ads this month', ['spend'], THIS_MONTH],
    ['whats our spend mtd', ['spend'], THIS_MONTH],
    ['SPEND LAST WEEK', ['spend'], LAST_WEEK],
    ['spned last week', ['spend'], LAST_WEEK],
    ['how much did we spedn yesterday', ['spend'], YESTERDAY],
    ["yesterday's spend", ['spend'], YESTERDAY],
    ['last week spend', ['spend'], LAST_WEEK],
    ['spend, last week?!', ['spend'], LAST_WEEK],
    ['spend over the last 2 weeks', ['spend'], LAST_14],
    ['spend between october 1 and october 15', ['spend'], { start: '2026-10-01', end: '2026-10-15' }],
    ['spend from 2026-10-01 to 2026-10-15', ['spend'], { start: '2026-10-01', end: '2026-10-15' }],
    ['spend q3', ['spend'], { start: '2026-07-01', end: '2026-09-30' }],
    ['impressions last 30 days', ['impressions'], LAST_30],
    ['imps last week', ['impressions'], LAST_WEEK],
    ['impresions last week', ['impressions'], LAST_WEEK],
    ['how many impressions did we get yesterday', ['impressions'], YESTERDAY],
    ['how many clicks last month', ['clicks'], LAST_MONTH],
    ['cliks yesterday', ['clicks'], YESTERDAY],
    ['clicks in the past 14 days', ['clicks'], LAST_14],
    ['number of link clicks last week', ['link_clicks'], LAST_WEEK],
    ['outbound clicks this month', ['link_clicks'], THIS_MONTH],
    ['reach last week', ['reach'], LAST_WEEK],
    ['how many people did we reach in october', ['reach'], OCTOBER],
    ['how many unique people saw our ads last 7 days', ['reach'], LAST_7],
    ['how many purchases last month', ['purchases'], LAST_MONTH],
    ['how many sales did we get last week', ['purchases'], LAST_WEEK],
    ['orders last 30 days', ['purchases'], LAST_30],
    ['how many leads did we get this month', ['leads'], THIS_MONTH],
    ['signups in october', ['leads'], OCTOBER],
    ['how many registrations yesterday', ['leads'], YESTERDAY],
    ['conversions last 30 days', ['conversions'], LAST_30],
    ['converions in october', ['conversions'], OCTOBER],
    ['total results last week', ['conversions'], LAST_WEEK],
    ['revenue last month', ['revenue'], LAST_MONTH],
    ['revnue last month', ['revenue'], LAST_MONTH],
    ['purchase value last 30 days', ['revenue'], LAST_30],
    ['how much did we make from ads this month', ['revenue'], THIS_MONTH],
    ['ctr last week', ['ctr'], LAST_WEEK],
    ['click through rate in october', ['ctr'], OCTOBER],
    ['click-thru rate last 30 days', ['ctr'], LAST_30],
    ['cpc last month', ['cpc'], LAST_MONTH],
    ['avg cpc last 14 days', ['cpc'], LAST_14],
    ['what did a click cost us yesterday', ['cpc'], YESTERDAY],
    ['cpm this month', ['cpm'], THIS_MONTH],
    ['cost per mille last week', ['cpm'], LAST_WEEK],
    ['cost per thousand impressions in october', ['cpm'], OCTOBER],
    ['cpa last week', ['cpa'], LAST_WEEK],
    ['cost per acquisition last month', ['cpa'], LAST_MONTH],
    ['cost per result last 7 days', ['cpa'], LAST_7],
    ['cost per purchase last month', ['cost_per_purchase'], LAST_MONTH],
    ['cost per sale last week', ['cost_per_purchase'], LAST_WEEK],
    ['cost per lead this month', ['cost_per_lead'], THIS_MONTH],
    ['cpl last 30 days', ['cost_per_lead'], LAST_30],
    ['roas last week', ['roas'], LAST_WEEK],
    ['Roas Last Month', ['roas'], LAST_MONTH],
    ['retrun on ad spend last week', ['roas'], LAST_WEEK],
    ['roi last month', ['roi'], LAST_MONTH],
    ['return on investment in september', ['roi'], SEPTEMBER],
    ['frequency last 7 days', ['frequency'], LAST_7],
    ['conversion rate last week', ['cvr'], LAST_WEEK],
    ['aov last month', ['aov'], LAST_MONTH],
    ['average order value this month', ['aov'], THIS_MONTH],
    ['engagements last week', ['post_engagements'], LAST_WEEK],
    ['reactions last month', ['post_reactions'], LAST_MONTH],
    ['comments last month', ['post_comments'], LAST_MONTH],
    ['revenue since the start of october', ['revenue'], { start: '2026-10-01', end: '2026-11-19' }],
  ])('%s', (question, metrics, range) => {
    expect(parse(question)).toMatchObject({ kind: 'total', metrics, range });
  });
});

describe('several metrics at once, in the order asked', () => {
  it.each([
    ['spend and revenue last week', ['spend', 'revenue']],
    ['spend, clicks and ctr last month', ['spend', 'clicks', 'ctr']],
    ['impressions clicks ctr cpc last 7 days', ['impressions', 'clicks', 'ctr', 'cpc']],
    ['roas and cpa in october', ['roas', 'cpa']],
    ['show me spend, purchases, revenue and roas for last week', ['spend', 'purchases', 'revenue', 'roas']],
    ['leads plus cost per lead this month', ['leads', 'cost_per_lead']],
    ['how much did we spend and how many leads did we get last week', ['spend', 'leads']],
    ['reach and frequency yesterday', ['reach', 'frequency']],
    ['cpm, cpc and ctr in september', ['cpm', 'cpc', 'ctr']],
  ])('%s', (question, metrics) => {
    expect(parse(question)).toMatchObject({ kind: 'total', metrics });
  });
});

describe('rankings: level, direction and how many', () => {
  it.each([
    ['top 5 campaigns by spend last month', 'spend', 'campaign', 'desc', 5],
    ['top 3 ad sets by roas last week', 'roas', 'adset', 'desc', 3],
    ['top 10 ads by ctr in october', 'ctr', 'ad', 'desc', 10],
    ['top two campaigns by spend last week', 'spend', 'campaign', 'desc', 2],
    ['the 3 worst ads by cpa last month', 'cpa', 'ad', 'desc', 3],
    ['5 best ad sets by roas last week', 'roas', 'adset', 'desc', 5],
    ['bottom 5 ads by ctr last week', 'ctr', 'ad', 'asc', 5],
    ['bottom 3 campaigns by roas in october', 'roas', 'campaign', 'asc', 3],
    ['which campaign had the highest spend last week', 'spend', 'campaign', 'desc', 5],
    ['which ad set had the lowest cpc yesterday', 'cpc', 'adset', 'asc', 5],
    ['which ad got the most clicks last week', 'clicks', 'ad', 'desc', 5],
    ['which campaign got the fewest conversions last month', 'conversions', 'campaign', 'asc', 5],
    ['top 5 creatives by ctr', 'ctr', 'ad', 'desc', 5],
  ])('%s', (question, metric, level, direction, limit) => {
    expect(parse(question)).toMatchObject({ kind: 'ranking', metric, level, direction, limit });
  });
  it.each([
    ['best campaigns by roas last 30 days', 'roas', 'campaign', 'desc'],
    ['worst campaigns by cpa last month', 'cpa', 'campaign', 'desc'],
    ['cheapest ad sets by cpa last week', 'cpa', 'adset', 'asc'],
    ['priciest campaigns by cpm this month', 'cpm', 'campaign', 'desc'],
    ['most expensive ads by cpc last month', 'cpc', 'ad', 'desc'],
    ['weakest ad sets by ctr last 14 days', 'ctr', 'adset', 'asc'],
    ['strongest ads by roas last month', 'roas', 'ad', 'desc'],
    ['rank campaigns by roas last month', 'roas', 'campaign', 'desc'],
    ['campaigns ranked from best to worst roas last month', 'roas', 'campaign', 'desc'],
    ['campaigns ranked from worst to best roas last month', 'roas', 'campaign', 'asc'],
    ['campaigns ranked from highest to lowest spend last week', 'spend', 'campaign', 'desc'],
    ['ad sets ranked from cheapest to most expensive cpa', 'cpa', 'adset', 'asc'],
    ['ads sorted lowest to highest cpc', 'cpc', 'ad', 'asc'],
    ['rank my ads by ctr, biggest first', 'ctr', 'ad', 'desc'],
    ['rank ad sets by spend lowest first', 'spend', 'adset', 'asc'],
    ['which campaigns had the best roas in september', 'roas', 'campaign', 'desc'],
    ['which ads are underperforming on ctr', 'ctr', 'ad', 'asc'],
    ['highest roas campaigns last week', 'roas', 'campaign', 'desc'],
    ['lowest cpa ad sets this month', 'cpa', 'adset', 'asc'],
    ['which campaigns drove the most revenue last month', 'revenue', 'campaign', 'desc'],
    ['which ad sets brought in the most leads last week', 'leads', 'adset', 'desc'],
    ['which ads generated the most purchases in october', 'purchases', 'ad', 'desc'],
    ['campaigns with the most impressions last week', 'impressions', 'campaign', 'desc'],
    ['ad sets with the fewest clicks last week', 'clicks', 'adset', 'asc'],
    ['leaderboard of campaigns by revenue this month', 'revenue', 'campaign', 'desc'],
    ['which creative had the best ctr last week', 'ctr', 'ad', 'desc'],
    ['our best ad last week by roas', 'roas', 'ad', 'desc'],
  ])('%s', (question, metric, level, direction) => {
    expect(parse(question)).toMatchObject({ kind: 'ranking', metric, level, direction });
  });
  it.each([
    ['spend by campaign last month', 'spend', 'campaign'],
    ['revenue per ad set last week', 'revenue', 'adset'],
    ['ctr for each ad last 7 days', 'ctr', 'ad'],
    ['spend by account last month', 'spend', 'account'],
    ['list all campaigns by spend last week', 'spend', 'campaign'],
  ])('every row: %s', (question, metric, level) => {
    expect(parse(question)).toMatchObject({ kind: 'ranking', metric, level, limit: 50 });
  });
  it('"best" with no metric is judged by results and says so; "top" alone goes by spend', () => {
    const best = parse('best campaigns last month');
    expect(best).toMatchObject({ kind: 'ranking', metric: 'cpa', direction: 'asc', level: 'campaign' });
    expect(best.kind === 'ranking' && best.notes.join(' ')).toMatch(/cost per result/);
    expect(parse('best performing sales campaigns last month')).toMatchObject({
      metric: 'roas',
      direction: 'desc',
    });
    expect(parse('top campaigns last month')).toMatchObject({ kind: 'ranking', metric: 'spend' });
  });
  it.each([
    ['biggest spenders last month', 'spend', 'desc'],
    ['highest cpc last week', 'cpc', 'desc'],
    ['lowest cpa last month', 'cpa', 'asc'],
  ])('a superlative with no level ranks campaigns and says so: %s', (question, metric, direction) => {
    const plan = parse(question);
    expect(plan).toMatchObject({ kind: 'ranking', level: 'campaign', metric, direction });
    expect(plan.kind === 'ranking' && plan.notes.join(' ')).toMatch(/ranks campaigns/);
  });
  it('a comparative between periods is not a ranking', () => {
    expect(parse('was september a better month than august for roas')).toMatchObject({
      kind: 'total',
      metrics: ['roas'],
      range: SEPTEMBER,
      compare: { start: '2026-08-01', end: '2026-08-31' },
    });
  });
});

describe('thresholds in many forms are conditions', () => {
  it.each([
    ['campaigns with roas above 2 last month', [{ metric: 'roas', op: 'gt', value: 2 }]],
    ['ads with ctr under 1% last week', [{ metric: 'ctr', op: 'lt', value: 1 }]],
    ['ad sets that spent over $500 last month', [{ metric: 'spend', op: 'gt', value: 500 }]],
    ['campaigns with more than 50 purchases in october', [{ metric: 'purchases', op: 'gt', value: 50 }]],
    [
      'ads with at least 1000 impressions last week ranked by ctr',
      [{ metric: 'impressions', op: 'gte', value: 1000 }],
    ],
    ['ad sets with cpa less than $30 this month', [{ metric: 'cpa', op: 'lt', value: 30 }]],
    ['campaigns spending north of $2k last month', [{ metric: 'spend', op: 'gt', value: 2000 }]],
    ['ads with a cpc below $1 last 30 days', [{ metric: 'cpc', op: 'lt', value: 1 }]],
    ['campaigns with roas of at least 3x last month', [{ metric: 'roas', op: 'gte', value: 3 }]],
    ['ads with 10+ conversions last month by cpa', [{ metric: 'conversions', op: 'gte', value: 10 }]],
    ['campaigns where cpa is over $50 last month', [{ metric: 'cpa', op: 'gt', value: 50 }]],
    ['ads that spent $100 or more last week', [{ metric: 'spend', op: 'gte', value: 100 }]],
    ['campaigns with ctr >= 2% in october', [{ metric: 'ctr', op: 'gte', value: 2 }]],
    ['ads with frequency above 3 last week', [{ metric: 'frequency', op: 'gt', value: 3 }]],
    [
      'ad sets with spend between $100 and $500 last week',
      [
        { metric: 'spend', op: 'gte', value: 100 },
        { metric: 'spend', op: 'lte', value: 500 },
      ],
    ],
    [
      'which ads spent more than 300 dollars but got zero purchases last month',
      [
        { metric: 'spend', op: 'gt', value: 300 },
        { metric: 'purchases', op: 'lte', value: 0 },
      ],
    ],
    ['ads with no clicks yesterday', [{ metric: 'clicks', op: 'lte', value: 0 }]],
  ])('%s', (question, having) => {
    const plan = parse(question);
    expect(plan.kind).toBe('ranking');
    expect(plan.kind === 'ranking' && plan.having).toEqual(expect.arrayContaining(having));
  });
  it('the threshold metric does not become the sort order', () => {
    expect(parse('ads with at least 1000 impressions last week ranked by ctr')).toMatchObject({
      metric: 'ctr',
    });
    expect(parse('top ad sets by roas with at least $300 spend')).toMatchObject({
      metric: 'roas',
      direction: 'desc',
    });
  });
});

describe('filters: objectives, name fragments, exclusions and named scopes', () => {
  const filtersOf = (plan: Plan) => ('filters' in plan ? plan.filters : []);
  it.each([
    ['spend on sales campaigns last month', SALES],
    ['roas for my sales campaigns in october', SALES],
    ['top sales campaigns by roas last month', SALES],
    ['conversion campaigns cpa last week', SALES],
    ['leads from lead gen campaigns last week', LEADS],
    ['cost per lead for leads campaigns this month', LEADS],
    ['clicks from traffic campaigns last week', expect.arrayContaining(['OUTCOME_TRAFFIC'])],
    ['impressions on awareness campaigns last month', expect.arrayContaining(['OUTCOME_AWARENESS'])],
    ['reach of brand awareness campaigns in october', expect.arrayContaining(['OUTCOME_AWARENESS'])],
    ['engagement campaigns spend last week', expect.arrayContaining(['OUTCOME_ENGAGEMENT'])],
  ])('objective: %s', (question, values) => {
    expect(filtersOf(parse(question))).toContainEqual({ dimension: 'objective', op: 'in', values });
  });
  it.each([
    ['spend on retargeting campaigns last month', 'campaign', 'contains', 'retargeting'],
    ['roas of prospecting campaigns last week', 'campaign', 'contains', 'prospecting'],
    ['cpa for lookalike ad sets last month', 'adset', 'contains', 'lookalike'],
    ['ctr of video ads last week', 'ad', 'contains', 'video'],
    ['carousel ads ctr in october', 'ad', 'contains', 'carousel'],
    ['spend on image ads last month', 'ad', 'contains', 'image'],
    ['webinar campaigns cost per lead last month', 'campaign', 'contains', 'webinar'],
    ['revenue from ads with bestsellers in the name last 30 days', 'ad', 'contains', 'bestsellers'],
    ["campaigns with 'sale' in the name spend last month", 'campaign', 'contains', 'sale'],
    ['end of season sale roas last month', 'campaign', 'contains', 'end of season sale'],
    ['promo spend last week', 'campaign', 'contains', 'promo'],
    ['carousel spend last month', 'ad', 'contains', 'carousel'],
    ['founder story roas', 'ad', 'contains', 'founder story'],
    ['spend excluding retargeting last month', 'campaign', 'not_contains', 'retargeting'],
    ['roas without prospecting campaigns last week', 'campaign', 'not_contains', 'prospecting'],
    ['ctr of all ads except video ads last week', 'ad', 'not_contains', 'video'],
    ['top campaigns by roas excluding retargeting last month', 'campaign', 'not_contains', 'retargeting'],
  ])('name fragment: %s', (question, dimension, op, value) => {
    expect(filtersOf(parse(question))).toContainEqual({ dimension, op, values: [value] });
  });
  it('a fragment with a ranking keeps both', () => {
    expect(parse('top 5 carousel ads by ctr last month')).toMatchObject({
      kind: 'ranking',
      metric: 'ctr',
      level: 'ad',
      limit: 5,
      filters: [{ dimension: 'ad', op: 'contains', values: ['carousel'] }],
    });
    expect(parse('retargeting ad sets by roas last week')).toMatchObject({ kind: 'ranking', level: 'adset' });
  });
  it.each([
    ['spend for Summit Gear Co last month', 'in'],
    ['roas in Northwind Learning this month', 'in'],
    ['spend last month excluding Summit Gear Co', 'not_in'],
  ])('account: %s', (question, op) => {
    expect(filtersOf(parse(question)).find((f) => f.dimension === 'account')?.op).toBe(op);
  });
  it.each([
    ['cpa for Prospecting - Broad last week', 'Prospecting - Broad', ['cpa']],
    ['prospecting broad spend last week', 'Prospecting - Broad', ['spend']],
    ['spend on Retargeting - Site Visitors 30d yesterday', 'Retargeting - Site Visitors 30d', ['spend']],
    ['ctr of Carousel - Bestsellers #102 last week', 'Carousel - Bestsellers #102', ['ctr']],
  ])('one named entity: %s', (question, name, metrics) => {
    expect(parse(question)).toMatchObject({ kind: 'entity', entity: { name }, metrics });
  });
  it.each([
    ['ads in Prospecting - Broad by ctr last month', 'ad', 'ctr'],
    ['ad sets in Lead Gen - Webinar Registrations by cost per lead last month', 'adset', 'cost_per_lead'],
    ['break down Prospecting - Broad by ad set', 'adset', 'spend'],
  ])('an entity broken down: %s', (question, childLevel, metric) => {
    expect(parse(question)).toMatchObject({ kind: 'breakdown', childLevel, metric });
  });
  it('a word that occurs only in an account name is asked about, not guessed', () => {
    expect(parse('summit spend last week')).toMatchObject({ kind: 'clarify', words: ['summit'] });
  });
  it('a word opening unrelated names at two levels is asked about, not guessed', () => {
    // "Video - …" ads and the "Video Viewers 50%" ad set: which one is meant cannot be told.
    expect(parse('roas of video last week')).toMatchObject({ kind: 'clarify', words: ['video'] });
    expect(parse('roas of video ads last week')).toMatchObject({ kind: 'total' });
  });
  it('an ordinary word inside some name does not become a filter', () => {
    expect(filtersOf(parse('which ads had a high ctr last week'))).toEqual([]);
  });
});

describe('named comparisons side by side', () => {
  it.each([
    [
      'Prospecting - Broad vs Retargeting - Site Visitors 30d last month',
      ['Prospecting - Broad', 'Retargeting - Site Visitors 30d'],
      LAST_MONTH,
    ],
    [
      'Prospecting - Broad versus Promo - End of Season Sale roas in october',
      ['Prospecting - Broad', 'Promo - End of Season Sale'],
      OCTOBER,
    ],
    [
      'Prospecting - Broad or Retargeting - Site Visitors 30d, which had better roas last week',
      ['Prospecting - Broad', 'Retargeting - Site Visitors 30d'],
      LAST_WEEK,
    ],
    [
      'Prospecting - Broad against Promo - End of Season Sale spend last week',
      ['Prospecting - Broad', 'Promo - End of Season Sale'],
      LAST_WEEK,
    ],
    [
      'how does Prospecting - Broad compare with Retargeting - Site Visitors 30d',
      ['Prospecting - Broad', 'Retargeting - Site Visitors 30d'],
      LAST_30,
    ],
    [
      'Prospecting - Broad next to Retargeting - Site Visitors 30d roas last 7 days',
      ['Prospecting - Broad', 'Retargeting - Site Visitors 30d'],
      LAST_7,
    ],
    [
      'put Prospecting - Broad and Retargeting - Site Visitors 30d side by side yesterday',
      ['Prospecting - Broad', 'Retargeting - Site Visitors 30d'],
      YESTERDAY,
    ],
    [
      'compare Prospecting - Broad, Retargeting - Site Visitors 30d and Promo - End of Season Sale last month',
      ['Prospecting - Broad', 'Retargeting - Site Visitors 30d', 'Promo - End of Season Sale'],
      LAST_MONTH,
    ],
    [
      'Summit Gear Co vs Northwind Learning spend last month',
      ['Summit Gear Co', 'Northwind Learning'],
      LAST_MONTH,
    ],
    [
      'compare Summit Gear Co and Northwind Learning on ctr last week',
      ['Summit Gear Co', 'Northwind Learning'],
      LAST_WEEK,
    ],
    [
      'Webinar | US Professionals 25-54 vs Webinar | Retarget Course Visitors 60d cpl last month',
      ['Webinar | US Professionals 25-54', 'Webinar | Retarget Course Visitors 60d'],
      LAST_MONTH,
    ],
    [
      'Carousel - Bestsellers #102 compared with Video - Founder Story #101 ctr last week',
      ['Carousel - Bestsellers #102', 'Video - Founder Story #101'],
      LAST_WEEK,
    ],
    ['carousel vs video ads ctr last month', ['Carousel ads', 'Video ads'], LAST_MONTH],
    ['image or carousel ads, which has better ctr last week', ['Image ads', 'Carousel ads'], LAST_WEEK],
    [
      'retargeting vs prospecting campaigns roas last month',
      ['Retargeting campaigns', 'Prospecting campaigns'],
      LAST_MONTH,
    ],
  ])('%s', (question, labels, range) => {
    const plan = parse(question);
    expect(plan).toMatchObject({ kind: 'compare', range });
    expect(plan.kind === 'compare' && plan.groups.map((g) => g.label)).toEqual(labels);
  });
  it('the metric asked for is the one compared', () => {
    expect(parse('compare Prospecting - Broad and Promo - End of Season Sale on roas')).toMatchObject({
      kind: 'compare',
      metrics: ['roas'],
    });
  });
});

describe('period comparisons', () => {
  it.each([
    ['spend this week vs last week', { start: '2026-11-16', end: '2026-11-19' }, LAST_WEEK],
    ['spend last week vs the week before', LAST_WEEK, { start: '2026-11-02', end: '2026-11-08' }],
    ['roas last month vs the month before', LAST_MONTH, SEPTEMBER],
    ['revenue this month compared to last month', THIS_MONTH, LAST_MONTH],
    ['cpa last 7 days vs previous 7 days', LAST_7, { start: '2026-11-06', end: '2026-11-12' }],
    [
      'spend last 14 days compared with the 14 days before',
      LAST_14,
      { start: '2026-10-23', end: '2026-11-05' },
    ],
    ['ctr october vs september', OCTOBER, SEPTEMBER],
    ['revenue september versus october', SEPTEMBER, OCTOBER],
    ['roas q3 vs q2', { start: '2026-07-01', end: '2026-09-30' }, { start: '2026-04-01', end: '2026-06-30' }],
    [
      'spend this quarter vs last quarter',
      { start: '2026-10-01', end: '2026-11-19' },
      { start: '2026-07-01', end: '2026-09-30' },
    ],
    ['spend wow', LAST_7, { start: '2026-11-06', end: '2026-11-12' }],
    ['week over week roas', LAST_7, { start: '2026-11-06', end: '2026-11-12' }],
    ['revenue mom', LAST_MONTH, SEPTEMBER],
    ['month over month cpa change', LAST_MONTH, SEPTEMBER],
    ['spend last 30 days vs the previous 30 days', LAST_30, { start: '2026-09-21', end: '2026-10-20' }],
    ['cpa compared to the previous period', LAST_30, { start: '2026-09-21', end: '2026-10-20' }],
    ['how did spend change vs last week', { start: '2026-11-16', end: '2026-11-19' }, LAST_WEEK],
    ['is roas up or down vs last month', THIS_MONTH, LAST_MONTH],
    ['revenue yoy', LAST_30, { start: '2025-10-21', end: '2025-11-19' }],
    ['revenue last month year over year', LAST_MONTH, { start: '2025-10-01', end: '2025-10-31' }],
  ])('%s', (question, range, compare) => {
    expect(parse(question)).toMatchObject({ kind: 'total', range, compare });
  });
  it('a year-earlier period before the data starts says so', () => {
    const plan = parse('spend yoy');
    expect(plan.kind === 'total' && plan.notes.join(' ')).toMatch(/year-earlier period has no figures/);
  });
  it('"over the last 2 weeks" is a period, not a comparison', () => {
    expect(parse('spend over the last 2 weeks')).not.toHaveProperty('compare');
  });
});

describe('time shapes', () => {
  it.each([
    ['daily spend last 2 weeks', 'day', LAST_14],
    ['spend per day last week', 'day', LAST_WEEK],
    ['weekly revenue last 2 months', 'week', { start: '2026-09-01', end: '2026-10-31' }],
    ['roas by week since september', 'week', { start: '2026-09-01', end: '2026-11-19' }],
    ['monthly spend this year', 'month', { start: '2026-01-01', end: '2026-11-19' }],
    ['spend by month since june', 'month', { start: '2026-06-01', end: '2026-11-19' }],
    ['quarterly revenue this year', 'quarter', { start: '2026-01-01', end: '2026-11-19' }],
    ['ctr by day of week last 60 days', 'weekday', { start: '2026-09-21', end: '2026-11-19' }],
    ['spend trend last 30 days', 'day', LAST_30],
    ['roas over time since july', 'week', { start: '2026-07-01', end: '2026-11-19' }],
    ['chart revenue by week in october', 'week', OCTOBER],
  ])('%s', (question, grain, range) => {
    expect(parse(question)).toMatchObject({ kind: 'series', grain, range });
  });
  it.each([
    ['which day of the week has the best roas', 'weekday', 'max'],
    ['best day for revenue last month', 'day', 'max'],
    ['worst day for cpa in october', 'day', 'max'],
    ['highest spend day this month', 'day', 'max'],
    ['which week had the most purchases', 'week', 'max'],
    ['best month for roas this year', 'month', 'max'],
    ['worst week for ctr since august', 'week', 'min'],
    ['when did we spend the most', 'day', 'max'],
    ['when did we get the most leads last month', 'day', 'max'],
    ['when was cpa the lowest last month', 'day', 'min'],
    ['what day did we spend the most', 'day', 'max'],
  ])('%s', (question, grain, pick) => {
    expect(parse(question)).toMatchObject({ kind: 'series', grain, pick });
  });
  it.each([
    ['lifetime spend', 'spend'],
    ['all time revenue', 'revenue'],
    ['roas since launch', 'roas'],
    ['total spend to date', 'spend'],
    ['clicks since day one', 'clicks'],
  ])('all time starts on the first day with data: %s', (question, metric) => {
    expect(parse(question)).toMatchObject({
      kind: 'total',
      metrics: [metric],
      range: { start: catalog.firstDay, end: '2026-11-19' },
    });
  });
  it.each([
    ['spend since september 1', { start: '2026-09-01', end: '2026-11-19' }],
    ['how much have we spent so far this year', { start: '2026-01-01', end: '2026-11-19' }],
    ['spend year to date', { start: '2026-01-01', end: '2026-11-19' }],
    ['clicks since 2026-10-15', { start: '2026-10-15', end: '2026-11-19' }],
  ])('since / so far: %s', (question, range) => {
    expect(parse(question)).toMatchObject({ kind: 'total', range });
  });
});

describe('overviews', () => {
  it.each([
    ['how are we doing', LAST_7],
    ['how are we doing this month', THIS_MONTH],
    ['how did last week go', LAST_WEEK],
    ['how was last week', LAST_WEEK],
    ['give me a summary', LAST_7],
    ['summary of last month', LAST_MONTH],
    ['kpis', LAST_7],
    ['our kpis last week', LAST_WEEK],
    ['snapshot of the account', LAST_7],
    ['quick snapshot for yesterday', YESTERDAY],
    ['account overview this month', THIS_MONTH],
    ['how are things', LAST_7],
    ["how's it going with the ads", LAST_7],
    ["what's the state of play", LAST_7],
    ['how did we do in october', OCTOBER],
    ['how are the campaigns doing', LAST_7],
    ['how are my campaigns performing this month', THIS_MONTH],
    ['recap of last week please', LAST_WEEK],
  ])('%s', (question, range) => {
    expect(parse(question)).toMatchObject({ kind: 'overview', range });
  });
  it('an overview of one account is narrowed to it', () => {
    const plan = parse('how is Summit Gear Co doing');
    expect(plan).toMatchObject({ kind: 'overview' });
    expect(plan.kind === 'overview' && plan.filters[0]).toMatchObject({ dimension: 'account', op: 'in' });
  });
  it('how one campaign did is about that campaign', () => {
    expect(parse('how did Promo - End of Season Sale do last month')).toMatchObject({
      kind: 'entity',
      entity: { name: 'Promo - End of Season Sale' },
      range: LAST_MONTH,
    });
  });
});

describe('advice', () => {
  it.each([
    ['which ads should i pause', 'pause', 'ad'],
    ['what should i turn off', 'pause', 'ad'],
    ['which campaigns should we kill', 'pause', 'campaign'],
    ['any ads i should stop', 'pause', 'ad'],
    ['what should i scale', 'scale', 'campaign'],
    ['which ad sets deserve more budget', 'scale', 'adset'],
    ['where should i put more money', 'scale', 'campaign'],
    ['how should i reallocate budget', 'move', 'campaign'],
    ['shift budget between campaigns', 'move', 'campaign'],
    ['quick wins', 'priority', 'campaign'],
    ['what should i do', 'priority', 'campaign'],
    ['what should i fix first', 'priority', 'campaign'],
    ['what would you change', 'priority', 'campaign'],
    ['any recommendations for this month', 'priority', 'campaign'],
  ])('%s', (question, action, level) => {
    expect(parse(question)).toMatchObject({ kind: 'advice', action, level });
  });
  it.each([
    ['pause any ad with cpa over $50', [{ metric: 'cpa', op: 'gt', value: 50 }]],
    [
      'flag ads with ctr under 0.5% and spend over $100',
      [
        { metric: 'ctr', op: 'lt', value: 0.5 },
        { metric: 'spend', op: 'gt', value: 100 },
      ],
    ],
    [
      'turn off anything with roas below 1 and spend above $200',
      [
        { metric: 'roas', op: 'lt', value: 1 },
        { metric: 'spend', op: 'gt', value: 200 },
      ],
    ],
  ])('a rule the user states: %s', (question, having) => {
    expect(parse(question)).toMatchObject({ kind: 'advice', action: 'rule', having });
  });
  it.each(['which creatives need a refresh', 'which ads are fatigued', 'any creative fatigue'])(
    'fatigue: %s',
    (question) => {
      expect(parse(question).kind).toBe('fatigue');
    },
  );
  it('pausing a named ad is a change ARLO cannot make', () => {
    expect(parse('pause Carousel - Bestsellers #102').kind).toBe('decline');
    expect(parse('please turn off Prospecting - Broad').kind).toBe('decline');
  });
});

describe('why questions', () => {
  it.each([
    ['why did cpa go up last week', 'cpa', LAST_WEEK],
    ['why is my cpa so high', 'cpa', LAST_7],
    ['why did roas drop', 'roas', LAST_7],
    ['what happened to roas last week', 'roas', LAST_WEEK],
    ['explain the cpa spike', 'cpa', LAST_7],
    ["what's behind the roas decline", 'roas', LAST_7],
    ['why did cost per lead rise', 'cpa', LAST_7],
  ])('%s', (question, metric, range) => {
    expect(parse(question)).toMatchObject({ kind: 'why', metric, range });
  });
  it.each([
    ['what drove the increase in spend', 'spend'],
    ['why did spend go up last week', 'spend'],
    ['why is ctr down', 'ctr'],
    ['why did cpm go up last week', 'cpm'],
    // Counts and revenue are sums: the campaigns that moved them are the answer.
    ['why did conversions drop', 'conversions'],
    ['what caused the drop in revenue', 'revenue'],
    ['why are we getting fewer leads', 'leads'],
  ])('other metrics are explained by what changed: %s', (question, metric) => {
    expect(parse(question)).toMatchObject({ kind: 'change', metric, level: 'campaign' });
  });
});

describe('anomalies', () => {
  it.each([
    ['any anomalies', LAST_30, { start: '2026-09-21', end: '2026-10-20' }, undefined],
    ['anything unusual last week', LAST_WEEK, { start: '2026-11-02', end: '2026-11-08' }, undefined],
    ['any outliers last month', LAST_MONTH, undefined, undefined],
    ['spikes in spend', LAST_30, undefined, 'spend'],
    ['any anomalies in cpa this month', THIS_MONTH, undefined, 'cpa'],
    ['anything weird going on', LAST_30, undefined, undefined],
    [
      'did anything strange happen yesterday',
      YESTERDAY,
      { start: '2026-11-18', end: '2026-11-18' },
      undefined,
    ],
    [
      'any unusual spikes or drops last 14 days',
      LAST_14,
      { start: '2026-10-23', end: '2026-11-05' },
      undefined,
    ],
  ])('%s', (question, range, compare, metric) => {
    const plan = parse(question);
    expect(plan).toMatchObject({ kind: 'anomalies', range, ...(compare ? { compare } : {}) });
    expect(plan.kind === 'anomalies' && plan.metric).toBe(metric);
  });
  it('anomalies in one campaign are narrowed to it', () => {
    const plan = parse('anything unusual in Prospecting - Broad last week');
    expect(plan).toMatchObject({ kind: 'anomalies', range: LAST_WEEK });
    expect(plan.kind === 'anomalies' && plan.filters[0]).toMatchObject({ dimension: 'campaign', op: 'in' });
  });
  it('"why" still wins over a spike', () => {
    expect(parse('why did cpa spike last week').kind).toBe('why');
  });
});

describe('follow-ups over two to four turns', () => {
  it.each([
    [['spend last week', 'what about last month'], { kind: 'total', metrics: ['spend'], range: LAST_MONTH }],
    [['spend last week', 'and revenue?'], { kind: 'total', metrics: ['revenue'], range: LAST_WEEK }],
    [['spend last week', 'and roas too'], { kind: 'total', metrics: ['spend', 'roas'] }],
    [
      ['spend last week', 'by campaign'],
      { kind: 'ranking', level: 'campaign', metric: 'spend', range: LAST_WEEK },
    ],
    [['spend last week', 'break it down by ad set'], { kind: 'ranking', level: 'adset', metric: 'spend' }],
    [['spend last week', 'same but daily'], { kind: 'series', grain: 'day', range: LAST_WEEK }],
    [['spend last month', 'same but weekly'], { kind: 'series', grain: 'week', range: LAST_MONTH }],
    [
      ['spend last week', 'only prospecting'],
      { kind: 'total', filters: [{ dimension: 'campaign', op: 'contains', values: ['prospecting'] }] },
    ],
    [
      ['spend last week', 'without retargeting'],
      { kind: 'total', filters: [{ dimension: 'campaign', op: 'not_contains', values: ['retargeting'] }] },
    ],
    [
      ['spend last week', 'exclude Prospecting - Broad'],
      { kind: 'total', filters: [{ dimension: 'campaign', op: 'not_in' }] },
    ],
    [
      ['spend last week', 'only Summit Gear Co'],
      { kind: 'total', filters: [{ dimension: 'account', op: 'in' }] },
    ],
    [
      ['spend last week', 'and the week before?'],
      { kind: 'total', range: { start: '2026-11-02', end: '2026-11-08' } },
    ],
    [
      ['spend last week', 'compare that with the week before'],
      { kind: 'total', range: LAST_WEEK, compare: { start: '2026-11-02', end: '2026-11-08' } },
    ],
    [['spend this month', 'vs last month'], { kind: 'total', range: THIS_MONTH, compare: LAST_MONTH }],
    [['spend this month', 'how does that compare to last month'], { kind: 'total', compare: LAST_MONTH }],
    [['cpa last 7 days', 'why?'], { kind: 'why', metric: 'cpa', range: LAST_7 }],
    [['roas last month', 'why did it drop'], { kind: 'why', metric: 'roas', range: LAST_MONTH }],
    [['cpa last 7 days', 'why?', 'what should i do about it'], { kind: 'advice', action: 'priority' }],
    [['top 5 campaigns by roas last month', 'and by spend?'], { kind: 'ranking', metric: 'spend', limit: 5 }],
    [
      ['top 5 campaigns by roas last month', 'what about ad sets'],
      { kind: 'ranking', level: 'adset', metric: 'roas' },
    ],
    [['top 5 campaigns by roas last month', 'just the top 3'], { kind: 'ranking', limit: 3 }],
    [['top 5 campaigns by roas last month', 'and the worst?'], { kind: 'ranking', direction: 'asc' }],
    [
      ['top 5 campaigns by roas last month', 'only sales campaigns'],
      { kind: 'ranking', filters: [{ dimension: 'objective', values: SALES }] },
    ],
    [['daily spend last 2 weeks', 'and clicks?'], { kind: 'series', grain: 'day', metrics: ['clicks'] }],
    [['daily spend last 2 weeks', 'make it weekly'], { kind: 'series', grain: 'week', range: LAST_14 }],
    [
      ['spend by ad set last month', 'only the prospecting ones'],
      { kind: 'ranking', level: 'adset', filters: [{ op: 'contains', values: ['prospecting'] }] },
    ],
    [['how are we doing', 'what about last month'], { kind: 'overview', range: LAST_MONTH }],
    [
      ['spend last week', 'what about yesterday', 'and the day before'],
      { kind: 'total', range: { start: '2026-11-18', end: '2026-11-18' } },
    ],
    [
      ['roas last month', 'same for Northwind Learning'],
      { kind: 'total', filters: [{ dimension: 'account' }] },
    ],
    [
      ['ctr of video ads last week', 'and carousel ads?'],
      { kind: 'total', filters: [{ dimension: 'ad', values: ['carousel'] }] },
    ],
    [
      ['ctr of video ads last week', 'what about image'],
      { kind: 'total', filters: [{ dimension: 'ad', values: ['image'] }] },
    ],
    [
      ['Prospecting - Broad spend last week', 'what about that campaign’s roas'],
      { kind: 'entity', metrics: ['roas'], entity: { name: 'Prospecting - Broad' } },
    ],
    [
      [
        'Prospecting - Broad spend last week',
        'and Retargeting - Site Visitors 30d?',
        'put the two side by side',
      ],
      { kind: 'compare', range: LAST_WEEK },
    ],
    [
      ['roas by campaign last month', 'which one was best', 'why did it drop'],
      { kind: 'why', metric: 'roas', range: LAST_MONTH },
    ],
  ])('%j', (turns, expected) => {
    const question = turns.at(-1) ?? '';
    expect(parse(question, turns.slice(0, -1))).toMatchObject(expected);
  });
});

describe('references to a row of the last ranking', () => {
  // The engine re-runs the earlier ranking; here its rows are the campaign names in catalog order,
  // cut at the ranking's limit as the engine's query is.
  const campaigns = [...new Set(catalog.entities.filter((e) => e.level === 'campaign').map((e) => e.name))];
  const ask = async (turns: string[]) => {
    const context = { catalog, today, history: turns.slice(0, -1) };
    const { reading, previous } = readConversation(turns.at(-1) ?? '', context);
    const resolved = await resolveReferences(reading, previous, context, async (ranking) =>
      campaigns.slice(0, ranking.limit),
    );
    return buildPlan(resolved, context);
  };
  it.each([
    [['top 5 campaigns by roas last month', 'the top one, what was its cpa'], campaigns[0], 'entity'],
    [['top 5 campaigns by roas last month', 'what about the second one'], campaigns[1], 'entity'],
    [['top 5 campaigns by roas last month', 'break the first one down by ad set'], campaigns[0], 'breakdown'],
    [['top 2 campaigns by spend last week', 'the first one', 'the other one'], campaigns[1], 'entity'],
    [['top 3 campaigns by ctr last week', 'tell me more about that campaign'], campaigns[0], 'entity'],
    [['top 3 campaigns by ctr last week', 'the last one'], campaigns[2] ?? '', 'entity'],
  ])('%j', async (turns, name, kind) => {
    const plan = await ask(turns);
    expect(plan.kind).toBe(kind);
    expect('entity' in plan && plan.entity.name).toBe(name);
  });
});

describe('declines: what ARLO cannot answer is never answered as something else', () => {
  it.each([
    'how much did we spend on google ads last month',
    'tiktok roas last week',
    'compare meta vs google',
    'linkedin cpc',
    'what is our audience size',
    'which ad sets are in learning',
    'what frequency cap should we set',
    // Funnel and video data ARLO still lacks.
    'average watch time of our videos',
    'thruplay rate last month',
    '¿cuánto gastamos la semana pasada?',
    'combien avons-nous dépensé hier',
    "what's the weather in paris",
    'write me a poem',
    'tell me a joke',
    'increase the budget of Prospecting - Broad by 20%',
    'create a new campaign',
    'new vs returning customers',
    'what hour of the day converts best',
    'iphone vs android ctr',
    'roas by city last month',
    'spend today',
  ])('%s', (question) => {
    expect(parse(question).kind).toBe('decline');
  });
  it.each([
    ['roas for the blorptastic segment last week', ['blorptastic']],
    ['spend on snorkelwidget campaigns', ['snorkelwidget']],
    ['ads with spend near 500 last week', ['near', '500']],
  ])('unknown words are named back: %s', (question, words) => {
    const plan = parse(question);
    expect(plan.kind).toBe('clarify');
    expect(plan.kind === 'clarify' && plan.words).toEqual(expect.arrayContaining(words));
  });
});

describe('"today" and "this week" on a Monday, before any of the week has data', () => {
  const monday = '2026-11-23';
  const mondayCatalog = catalogFromDataset(generateDemoData({ today: monday }));
  const onMonday = (question: string) => parseQuestion(question, { catalog: mondayCatalog, today: monday });
  it('the demo data ends the day before', () => {
    expect(mondayCatalog.lastDay).toBe('2026-11-22');
  });
  it('a diagnosis for this week looks at the last full days and compares them with the days before', () => {
    const plan = onMonday('why did CPA go up this week?');
    expect(plan).toMatchObject({
      kind: 'why',
      metric: 'cpa',
      range: { start: '2026-11-16', end: '2026-11-22' },
      compare: { start: '2026-11-09', end: '2026-11-15' },
    });
    expect(plan.kind === 'why' && plan.notes.join(' ')).toMatch(/no data yet/);
  });
  it.each(['spend today', 'spend this week', 'how many clicks so far this week', 'roas today'])(
    'a figure for days with no data is declined: %s',
    (question) => {
      const plan = onMonday(question);
      expect(plan.kind).toBe('decline');
      expect(plan.kind === 'decline' && plan.message).toMatch(/no data yet/);
    },
  );
  it('an overview of this week uses the last full days and says so', () => {
    const plan = onMonday('how are we doing this week');
    expect(plan).toMatchObject({ kind: 'overview', range: { end: '2026-11-22' } });
    expect(plan.kind === 'overview' && plan.notes.join(' ')).toMatch(/no data yet/);
  });
});
