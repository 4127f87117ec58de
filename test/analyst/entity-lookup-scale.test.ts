import { describe, expect, it } from 'vitest';
import { findEntities, normalise } from '../../src/analyst/parse/entities';
import { agencyCatalog } from '../helpers/agency-catalog';

/**
 * Name lookup in an agency's catalog (24 clients, about 15,000 names). The expected matches were
 * recorded from the lookup as it was before it was made fast, so these prove it still finds the
 * same names, at the same places, for exact, misspelt, partial, quoted and absent names alike.
 * "~" marks a match read through a typo; "@i+n" is where it sits in the normalised question.
 */
const cases: [string, string[]][] = [
  [
    'Spend and ROAS for Harboline Bath - Advantage+ Shopping last 14 days',
    ['~campaign: Harborline Bath - Advantage+ Shopping @19+33'],
  ],
  [
    'Spend and ROAS for Harborline Bath - Advantage+ Shopping last 14 days',
    ['campaign: Harborline Bath - Advantage+ Shopping @19+34'],
  ],
  [
    'How did Northwind Kitchen - Prospecting - Broad do yesterday?',
    ['campaign: Northwind Kitchen - Prospecting - Broad @8+35'],
  ],
  [
    'CPA of Bluefin Bedding - Retargeting - Cart Abandoners | US 25-44 this month',
    ['adset: Bluefin Bedding - Retargeting - Cart Abandoners | US 25-44 @7+52'],
  ],
  [
    'show me Cedarpeak Video - Product Demo #1001 last week',
    ['ad: Cedarpeak Video - Product Demo #1001 @8+33'],
  ],
  [
    'spend for the account Driftwood Harborline Home Goods last 30 days',
    ['account: Driftwood Harborline Home Goods @22+31'],
  ],
  [
    'SPEND FOR EMBERLY LIGHTING - PROSPECTING - LOOKALIKE 1% LAST 7 DAYS',
    ['campaign: Emberly Lighting - Prospecting - Lookalike 1% @10+41'],
  ],
  [
    'roas for foxglove outdoor living - advantage+ shopping',
    ['campaign: Foxglove Outdoor Living - Advantage+ Shopping @9+42'],
  ],
  [
    'Spend for Nortwind Kitchen - Prospecting - Broad yesterday',
    ['~campaign: Northwind Kitchen - Prospecting - Broad @10+34'],
  ],
  [
    'ctr of Granit Bedding - Retargeting - Site Visitors last month',
    ['~campaign: Granite Bedding - Retargeting - Site Visitors @7+40'],
  ],
  [
    'How is Hollowell Bath - Prospecting - Lookalke 1% doing',
    ['~campaign: Hollowell Bath - Prospecting - Lookalike 1% @7+38'],
  ],
  [
    'Spend for Ironbarrk Lighting - Advantage+ Shopping last 14 days',
    ['~campaign: Ironbark Lighting - Advantage+ Shopping @10+37'],
  ],
  [
    'roas of Juniperr Kitchen - Retargeting - Cart Abandoners',
    ['~campaign: Juniper Kitchen - Retargeting - Cart Abandoners @8+44'],
  ],
  ['spend for Kestrel Bathh - Prospecting - Broad', ['~campaign: Kestrel Bath - Prospecting - Broad @10+31']],
  ['Spend for Lumen Bedidng - Advantage+ Shopping this week', []],
  ['cpm of Meirdian Outdoor Living - Prospecting - Broad', []],
  ['How did Nimbus Kithcen - Retargeting - Site Visitors do', []],
  [
    'spend for Oakhurst Lightinf - Prospecting - Broad last 14 days',
    ['~campaign: Oakhurst Lighting - Prospecting - Broad @10+35'],
  ],
  ['spend for Pinecrest Bath last 14 days', []],
  ['how is Quarry Kitchen - Prospecting doing', []],
  ['Redwater Advantage+ Shopping spend', []],
  [
    "spend for 'Saltmarsh Bedding - Prospecting - Broad' last 14 days",
    ['campaign: Saltmarsh Bedding - Prospecting - Broad @11+35'],
  ],
  [
    'spend for "Tidewell Kitchen - Advantage+ Shopping" last 7 days',
    ['campaign: Tidewell Kitchen - Advantage+ Shopping @10+35'],
  ],
  ["roas of the campaign 'Umbra Bath - Retargeting - Site Vistors'", []],
  [
    'spend for Vantage Lighting - Advantage+ Shopping | Advantage+ Audience last 14 days',
    ['adset: Vantage Lighting - Advantage+ Shopping | Advantage+ Audience @10+54'],
  ],
  [
    'spend for ad set Willowby Bath - Prospecting - Broad | US 45-64 yesterday',
    ['adset: Willowby Bath - Prospecting - Broad | US 45-64 @17+40'],
  ],
  [
    'cpa of Harborline Kitchen - Prospecting - Lookalike 1% | Lookalike 2% Purchasers',
    ['adset: Harborline Kitchen - Prospecting - Lookalike 1% | Lookalike 2% Purchasers @7+67'],
  ],
  [
    'spend for Northwnd Bedding - Retargeting - Site Visitors | US 25-44',
    ['~campaign: Northwind Bedding - Retargeting - Site Visitors @10+42'],
  ],
  ['spend for Bluefin Image - Lifestyle #1002 last 14 days', ['ad: Bluefin Image - Lifestyle #1002 @10+28']],
  ['ctr of Cedarpeak Carousel - Bestsellers #1203', ['ad: Cedarpeak Carousel - Bestsellers #1203 @7+35']],
  [
    'how did Driftwood Video - UGC Testimonial #1500 do',
    ['ad: Driftwood Video - UGC Testimonial #1500 @8+36'],
  ],
  ['spend for Emberly Vidoe - Product Demo #1406 last week', []],
  [
    'compare Foxglove Bath - Advantage+ Shopping vs Granite Bath - Advantage+ Shopping last 14 days',
    [
      'campaign: Foxglove Bath - Advantage+ Shopping @8+32',
      'campaign: Granite Bath - Advantage+ Shopping @44+31',
    ],
  ],
  [
    'Hollowel Kitchen - Prospecting - Broad vs Ironbark Kitchen - Prospecting - Broad',
    [
      '~campaign: Hollowell Kitchen - Prospecting - Broad @0+34',
      'campaign: Ironbark Kitchen - Prospecting - Broad @38+34',
    ],
  ],
  ['Spend and ROAS last 14 days', []],
  ['which campaigns had the best ROAS last month?', []],
  ['top 5 ads by spend this week', []],
  ['how much did we spend yesterday', []],
  ['cpa by ad set for the last 30 days compared with the 30 days before', []],
  ['what is my frequency and reach this quarter', []],
  ['spend by placement and by age last 14 days', []],
  ['show me the ads with the highest ctr but the lowest conversion rate in the last two weeks', []],
];

describe('entity lookup in an agency catalog', () => {
  const catalog = agencyCatalog();

  it('holds about 15,000 names at every level', () => {
    expect(catalog.entities.length).toBeGreaterThan(15_000);
    expect(new Set(catalog.entities.map((e) => e.level))).toEqual(
      new Set(['account', 'campaign', 'adset', 'ad']),
    );
  });

  it.each(cases)('%s', (question, expected) => {
    const found = findEntities(normalise(question), catalog).map(
      (m) => `${m.exact ? '' : '~'}${m.level}: ${m.name} @${m.index}+${m.length}`,
    );
    expect(found).toEqual(expected);
  });

  it('gives every match the ids and accounts of its name', () => {
    const [match] = findEntities(normalise('spend for Harboline Bath - Advantage+ Shopping'), catalog);
    const campaign = catalog.entities.find(
      (e) => e.level === 'campaign' && e.name === 'Harborline Bath - Advantage+ Shopping',
    );
    expect(match?.ids).toEqual([campaign?.id]);
    expect(match?.accountIds).toEqual([campaign?.accountId]);
  });

  it('reads the same question the same way twice', () => {
    const question = normalise('Spend for Nortwind Kitchen - Prospecting - Broad yesterday');
    expect(findEntities(question, catalog)).toEqual(findEntities(question, catalog));
  });
});
