import { describe, expect, it } from 'vitest';
import { demoScenario, generateDemoData } from '../../src/analyst/demo/generate';
import { catalogFromDataset } from '../../src/analyst/parse/catalog-from-dataset';
import { parseQuestion } from '../../src/analyst/parse/parse-question';
import type { Plan } from '../../src/analyst/parse/plan';
import { editDistance } from '../../src/analyst/text/edit-distance';

// No database: the names catalog is built from the demo data in memory.
const today = '2026-11-20';
const dataset = generateDemoData({ today });
const catalog = catalogFromDataset(dataset);

const parse = (question: string): Plan => parseQuestion(question, { catalog, today });
const last7 = { start: '2026-11-13', end: '2026-11-19' };
const last30 = { start: '2026-10-21', end: '2026-11-19' };

describe('totals and overall ratios', () => {
  it.each([
    ['How much did I spend in the last 7 days?', ['spend'], last7],
    ['how much did i spend last 7 days', ['spend'], last7],
    ['HOW MUCH DID I SPEND IN THE LAST 7 DAYS', ['spend'], last7],
    ['total amount spent past 7 days', ['spend'], last7],
    ['how much money went into ads in the last seven days?', ['spend'], last7],
    ['What was my ad spend over the last 30 days?', ['spend'], last30],
    ['spend l30d', ['spend'], last30],
    ['What is my return on ad spend for the last 30 days?', ['roas'], last30],
    ['roas last 30 days', ['roas'], last30],
    ['whats my retrun on ad spend last 30 days', ['roas'], last30],
    ['cost per acquisition in the last 30 days', ['cpa'], last30],
    ['What was my cost per purchase last 7 days?', ['cost_per_purchase'], last7],
    ['cost per lead last 7 days', ['cost_per_lead'], last7],
    ['cost per result in the past 7 days', ['cpa'], last7],
    ['click-through rate for the last 7 days', ['ctr'], last7],
    ['click through rate last 7 days', ['ctr'], last7],
    ['what was my avg cpc in the last 7 days', ['cpc'], last7],
    ['How many impresions did I get in the last 7 days?', ['impressions'], last7],
    ['How many purchases last 30 days?', ['purchases'], last30],
    ['how many sales did we get in the last 30 days', ['purchases'], last30],
    ['total sales last 30 days', ['revenue'], last30],
    ['how many leads in the last 7 days', ['leads'], last7],
    ['How many convertions in the last 7 days?', ['conversions'], last7],
    ['spend and cpa last 7 days', ['spend', 'cpa'], last7],
    ['what is my frequency in the last 7 days', ['frequency'], last7],
  ])('%s', (question, metrics, range) => {
    const plan = parse(question);
    expect(plan).toMatchObject({ kind: 'total', metrics, range });
  });

  it('uses the last 30 days when no period is named, and says so', () => {
    const plan = parse('What is my CPA?');
    expect(plan).toMatchObject({ kind: 'total', metrics: ['cpa'], range: last30 });
    expect(plan.kind === 'total' && plan.notes[0]).toMatch(/No period was named/);
  });

  it('reads named periods: yesterday, this month, last month, last week, explicit dates', () => {
    expect(parse('total impressions yesterday')).toMatchObject({
      range: { start: '2026-11-19', end: '2026-11-19' },
    });
    // Today has no rows yet, so "this month" runs to yesterday, the latest day with data.
    expect(parse('leads this month')).toMatchObject({ range: { start: '2026-11-01', end: '2026-11-19' } });
    expect(parse('revenue last month')).toMatchObject({ range: { start: '2026-10-01', end: '2026-10-31' } });
    expect(parse('spend last week')).toMatchObject({ range: { start: '2026-11-09', end: '2026-11-15' } });
    expect(parse('spend between October 1 and October 15')).toMatchObject({
      range: { start: '2026-10-01', end: '2026-10-15' },
    });
  });
});

describe('rankings', () => {
  it.each([
    ['Top 5 campaigns by spend in the last 7 days', 'campaign', 'spend', 'desc', 5],
    ['top 3 ad sets by clicks last 30 days', 'adset', 'clicks', 'desc', 3],
    ['Which 3 campaigns had the highest ROAS in the last 30 days?', 'campaign', 'roas', 'desc', 3],
    ['best campaigns by CPA', 'campaign', 'cpa', 'asc', 10],
    ['worst campaigns by cpa last 30 days', 'campaign', 'cpa', 'desc', 10],
    ['top 5 ads by cpa', 'ad', 'cpa', 'asc', 5],
    ['which ads have the lowest ctr', 'ad', 'ctr', 'asc', 10],
    ['bottom 3 ads by ctr', 'ad', 'ctr', 'asc', 3],
    ['Which campaigns spent the most last month?', 'campaign', 'spend', 'desc', 10],
    ['cheapest ad sets by cost per click', 'adset', 'cpc', 'asc', 10],
    ['top ten creatives by clicks', 'ad', 'clicks', 'desc', 10],
    ['which campaign has the best roas', 'campaign', 'roas', 'desc', 5],
    ['top 5 campains by spend', 'campaign', 'spend', 'desc', 5],
    ['TOP 5 ADSETS BY IMPRESSIONS', 'adset', 'impressions', 'desc', 5],
    ['highest cpm campaigns', 'campaign', 'cpm', 'desc', 10],
    ['which account spent the most', 'account', 'spend', 'desc', 5],
  ])('%s', (question, level, metric, direction, limit) => {
    expect(parse(question)).toMatchObject({ kind: 'ranking', level, metric, direction, limit });
  });
});

describe('series', () => {
  it.each([
    ['Show daily spend for the last 14 days', 'day', ['spend']],
    ['plot my daily clicks over the last 7 days', 'day', ['clicks']],
    ['spend per day last 30 days', 'day', ['spend']],
    ['weekly revenue for the last 3 months', 'week', ['revenue']],
    ['monthly spend this year', 'month', ['spend']],
    ['cpa trend over the last 30 days', 'day', ['cpa']],
    ['chart roas by week', 'week', ['roas']],
  ])('%s', (question, grain, metrics) => {
    expect(parse(question)).toMatchObject({ kind: 'series', grain, metrics });
  });
});

describe('comparisons', () => {
  it('compares with the previous period when only that is named', () => {
    expect(parse('How did my CPA change compared to the previous 7 days?')).toMatchObject({
      kind: 'total',
      metrics: ['cpa'],
      range: last7,
      compare: { start: '2026-11-06', end: '2026-11-12' },
    });
  });
  it.each([
    [
      'Compare spend in the last 30 days with the previous 30 days',
      { start: '2026-09-21', end: '2026-10-20' },
    ],
    ['spend last 7 days vs the previous 7 days', { start: '2026-11-06', end: '2026-11-12' }],
    ['cpa this month compared to last month', { start: '2026-10-01', end: '2026-10-31' }],
    ['roas last 7 days versus the period before', { start: '2026-11-06', end: '2026-11-12' }],
  ])('%s', (question, compare) => {
    expect(parse(question)).toMatchObject({ kind: 'total', compare });
  });
});

describe('names, accounts and breakdowns', () => {
  const spike = demoScenario.cpaSpike.campaignName;
  const sales = demoScenario.salesAccount.name;

  it.each([
    `How is the campaign '${spike}' performing in the last 7 days?`,
    `how is ${spike.toLowerCase()} doing last 7 days`,
    `How is "${spike}" performing?`,
    `how is the campaign retargetting - site visitors 30d performing`,
  ])('finds the campaign in: %s', (question) => {
    const plan = parse(question);
    expect(plan.kind).toBe('entity');
    expect(plan.kind === 'entity' && plan.entity).toMatchObject({
      level: 'campaign',
      name: spike,
      ids: [demoScenario.cpaSpike.campaignId],
    });
  });

  it('reads "the ad set X" as a lookup of X, not a ranking of ad sets', () => {
    const adset = dataset.insights[`act_${demoScenario.salesAccount.accountId}`]?.[0]?.adset_name ?? '';
    const plan = parse(`What was the CPA of the ad set ${adset} last month?`);
    expect(plan).toMatchObject({ kind: 'entity', metrics: ['cpa'], entity: { level: 'adset', name: adset } });
  });

  it('scopes a question to one account named in it, without reading its name as a metric', () => {
    const plan = parse(`What's the total spend for ${sales} in the last 30 days?`);
    expect(plan).toMatchObject({
      kind: 'total',
      metrics: ['spend'],
      filters: [{ dimension: 'account', values: [demoScenario.salesAccount.accountId] }],
    });
    const leads = parse(`total spend for ${demoScenario.leadsAccount.name} last 30 days`);
    expect(leads).toMatchObject({
      filters: [{ dimension: 'account', values: [demoScenario.leadsAccount.accountId] }],
    });
  });

  it.each([
    [`Break down ${spike} by ad set for the last 30 days`, 'adset'],
    [`breakdown of ${spike.toLowerCase()} by ad`, 'ad'],
    [`${spike} by ad set`, 'adset'],
    [`split ${spike} by creative`, 'ad'],
  ])('%s', (question, childLevel) => {
    expect(parse(question)).toMatchObject({ kind: 'breakdown', childLevel, entity: { name: spike } });
  });
});

describe('diagnosis, fatigue and reports', () => {
  it.each([
    'Why did my CPA go up?',
    'why did cpa increase last week',
    'why is my cost per acquisition so high',
    'what caused the cpa spike',
    'Why did my ROAS drop?',
  ])('%s', (question) => {
    const plan = parse(question);
    expect(plan.kind).toBe('why');
    expect(plan.kind === 'why' && plan.metric).toBe(/roas/i.test(question) ? 'roas' : 'cpa');
  });

  it.each([
    'Which ads are showing creative fatigue?',
    'are any of my creatives fatigued',
    'which ads need a refresh',
    'ad fatigue last 7 days',
  ])('%s', (question) => {
    expect(parse(question).kind).toBe('fatigue');
  });

  it.each([
    ['Give me a performance report', 'performance'],
    ['weekly performance review', 'performance'],
    ['revenue report for the last 30 days', 'revenue'],
    ['creative report', 'creative'],
  ])('%s', (question, report) => {
    expect(parse(question)).toMatchObject({ kind: 'report', report });
  });
});

describe('questions it cannot or should not answer', () => {
  it.each([
    'What is the weather in Paris?',
    'tell me a joke',
    'who won the world cup',
    'write me a poem about cats',
  ])('declines without figures: %s', (question) => {
    expect(['refuse', 'decline']).toContain(parse(question).kind);
  });
  it.each(['how are my ads', 'tell me about my campaigns budget stuff please?', ''])(
    'asks to clarify: %s',
    (question) => {
      expect(['clarify', 'ranking', 'total', 'overview', 'settings']).toContain(parse(question).kind);
    },
  );
  it('never guesses a metric from an unrelated ads question', () => {
    expect(parse('what do you think about my marketing').kind).toBe('clarify');
  });
});

describe('edit distance', () => {
  /** The textbook full-matrix optimal string alignment distance, to check the banded one against. */
  function plainDistance(a: string, b: string): number {
    const d = Array.from({ length: a.length + 1 }, (_, i) =>
      Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
    );
    for (let i = 1; i <= a.length; i++) {
      for (let j = 1; j <= b.length; j++) {
        const row = d[i] as number[];
        const prev = d[i - 1] as number[];
        row[j] = Math.min(
          (prev[j] as number) + 1,
          (row[j - 1] as number) + 1,
          (prev[j - 1] as number) + (a[i - 1] === b[j - 1] ? 0 : 1),
        );
        if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
          row[j] = Math.min(row[j] as number, ((d[i - 2] as number[])[j - 2] as number) + 1);
        }
      }
    }
    return (d[a.length] as number[])[b.length] as number;
  }

  it('agrees with the full matrix within the limit, and says "too far" past it', () => {
    let seed = 7;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed / 2147483648;
    };
    const word = () =>
      Array.from({ length: Math.floor(random() * 12) }, () => 'abcd '[Math.floor(random() * 5)]).join('');
    for (let n = 0; n < 3000; n++) {
      const a = word();
      const b = random() < 0.5 ? word() : a.slice(0, Math.floor(random() * a.length)) + word().slice(0, 2);
      const exact = plainDistance(a, b);
      expect(editDistance(a, b)).toBe(exact);
      for (const limit of [0, 1, 2, 3]) {
        const bounded = editDistance(a, b, limit);
        if (exact <= limit) expect(bounded).toBe(exact);
        else expect(bounded).toBeGreaterThan(limit);
      }
    }
  });

  it('counts a swap of two letters as one edit', () => {
    expect(editDistance('campaign', 'campiagn')).toBe(1);
    expect(editDistance('', 'abc')).toBe(3);
  });
});

describe('misspelt names', () => {
  it('finds a name typed with a few typos, and not a window that only shares its words', () => {
    const spike = demoScenario.cpaSpike.campaignName;
    expect(parse('how is retargting site visitors 30d doing')).toMatchObject({
      kind: 'entity',
      entity: { level: 'campaign', name: spike },
    });
    expect(parse('how is prospcting broad doing')).toMatchObject({
      entity: { level: 'campaign', name: 'Prospecting - Broad' },
    });
    expect(parse('spend for the site visitors campaign in the last 30 days').kind).not.toBe('entity');
  });
});
