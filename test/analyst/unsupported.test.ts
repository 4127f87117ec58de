import { describe, expect, it } from 'vitest';
import { normalise } from '../../src/analyst/parse/entities';
import { findUnsupported, type UnsupportedKind } from '../../src/analyst/parse/unsupported';

function check(question: string) {
  return findUnsupported(normalise(question), question);
}

// [question, kind, what the message must name]
const declined: [string, UnsupportedKind, RegExp][] = [
  // Other platforms and data sources
  ['How is my Google Ads ROAS this month?', 'platform', /Google Ads isn't connected/],
  ['google vs facebook cpc last week', 'platform', /Google Ads/],
  ['what does GA4 say about conversions', 'platform', /Google Analytics/],
  ['sessions from google analytics last month', 'platform', /Google Analytics/],
  ['tiktok spend yesterday', 'platform', /TikTok/],
  ['how r my tik tok ads doing', 'platform', /TikTok/],
  ['Pinterest CTR last 30 days', 'platform', /Pinterest/],
  ['snapchat roas', 'platform', /Snapchat/],
  ['linkedin lead gen cost per lead', 'platform', /LinkedIn/],
  ['how are my twitter ads doing', 'platform', /X \(Twitter\)/],
  ['youtube ads views this week', 'platform', /YouTube/],
  ['bing ads spend', 'platform', /Microsoft Ads/],
  ['amazon ads acos last month', 'platform', /Amazon Ads/],
  ['reddit ads ctr', 'platform', /Reddit/],
  ['shopify conversion rate', 'platform', /Shopify isn't connected/],
  ['klaviyo revenue last week', 'platform', /Klaviyo/],
  ['mailchimp open rate', 'platform', /Mailchimp/],
  ['deals created in hubspot from meta leads', 'platform', /HubSpot/],
  ['salesforce pipeline from facebook', 'platform', /CRM/],
  ['stripe revenue this month', 'platform', /Stripe/],
  ['how did my email campaigns do last week', 'platform', /email and SMS aren't connected/],
  ['organic reach on instagram last month', 'platform', /organic and SEO/],
  ['how is our SEO doing', 'platform', /organic and SEO/],
  ['compare tiktok and pinterest spend', 'platform', /TikTok and Pinterest aren't connected/],
  ['website bounce rate last week', 'platform', /website analytics/],
  ['klavio flows revenue', 'platform', /Klaviyo/],
  ['whats our shopfiy revenue', 'platform', /Shopify/],
  ['meta vs tiktok roas this month', 'platform', /TikTok/],
  ['roas on x ads vs facebook', 'platform', /X \(Twitter\)/],
  // Breakdowns ARLO does not have: the hour, the operating system, places finer than a country
  ['cpc by hour of day', 'breakdown', /hour of day/],
  ['what time of day do my ads convert best', 'breakdown', /hour of day/],
  ['should i use dayparting', 'breakdown', /hour of day/],
  ['iphone vs android ctr', 'breakdown', /device/],
  ['how many purchases came from ios', 'breakdown', /operating system/],
  ['tablet vs phone cpc', 'breakdown', /device model/],
  ['results per region', 'breakdown', /region/],
  ['which cities convert best', 'breakdown', /city/],
  ['cpa by state', 'breakdown', /state/],
  ['spend by dma last month', 'breakdown', /country breakdown only/],
  ['roas in europe vs north america', 'breakdown', /region/],
  ['how do millennials respond to our ads', 'breakdown', /age groups/],
  ['where do my customers come from', 'breakdown', /region/],
  // Funnel events and video fields ARLO does not sync
  ['how many adds of payment info last week', 'funnel', /adds of payment info/],
  ['add payment info rate by campaign', 'funnel', /payment info/],
  ['wishlist adds this month', 'funnel', /wishlist/],
  ['how many site searches did the ads drive', 'funnel', /site searches/],
  ['average watch time on my videos', 'video', /watch time.*video_avg_time_watched_actions/],
  ['how long do people watch our videos', 'video', /watch time/],
  ['avg view duration by ad last month', 'video', /watch time/],
  ['thruplay rate last month', 'video', /ThruPlay rate/],
  ['2-second continuous video views yesterday', 'video', /continuous video plays/],
  // Settings ARLO still does not read (status, budgets, bidding and copy are answered)
  ['which ad sets are in learning', 'object', /learning phase/],
  ['is Prospecting stuck in learning limited', 'object', /learning phase/],
  ['what is my audience size', 'object', /audience sizes/],
  ['potential reach of the retargeting ad set', 'object', /audience sizes/],
  ['how big is the audience the cart abandoners campaign retargets?', 'object', /audience sizes/],
  ['what targeting does the broad ad set use', 'object', /targeting/],
  ['who are we targeting in the broad ad set', 'object', /targeting/],
  ['what frequency cap should i set', 'object', /frequency caps/],
  ['what are the quality rankings of my ads', 'object', /relevance diagnostics/],
  ['which landing page converts best', 'object', /landing pages/],
  ['what url does the hero ad link to', 'object', /landing pages/],
  ['which attribution window do my ad sets use', 'object', /attribution/],
  ["what's my account spending limit", 'object', /spending limits/],
  // Other languages
  ['Wie viel habe ich letzte Woche für Meta Ads ausgegeben?', 'language', /English/],
  ['Qual foi o meu ROAS no mês passado?', 'language', /English/],
  ['¿Cuánto gasté en Facebook la semana pasada?', 'language', /English/],
  ["Combien j'ai dépensé sur Instagram le mois dernier ?", 'language', /English/],
  ['Quanto ho speso la settimana scorsa?', 'language', /English/],
  ['Hoeveel heb ik vorige maand uitgegeven aan advertenties?', 'language', /English/],
  ['Сколько я потратил на рекламу в прошлом месяце?', 'language', /English/],
  ['先月の広告費はいくらですか', 'language', /English/],
  // About ads, but nothing ARLO's data can settle
  ['what is the average CTR benchmark for the outdoor industry', 'unavailable', /benchmarks/],
  ['is my cpc good compared to the industry', 'unavailable', /benchmarks/],
  ["what's a good roas for ecommerce", 'unavailable', /benchmarks/],
  ['what are my competitors spending on ads', 'unavailable', /competitors/],
  ['show me competitor ads from the ad library', 'unavailable', /competitors/],
  ['what will my ROAS be next month', 'unavailable', /forecast/],
  ['forecast spend for december', 'unavailable', /forecast/],
  ['predict my conversions next week', 'unavailable', /forecast/],
  ['what if i double my budget', 'unavailable', /forecast/],
  ['how much profit did we make last month', 'unavailable', /profit/],
  ['which campaigns are profitable', 'unavailable', /profit/],
  ['what is my margin on facebook sales', 'unavailable', /margins/],
  ['what is the LTV of customers from meta', 'unavailable', /lifetime value/],
  ['new vs returning customers last month', 'unavailable', /new customers from returning/],
  ['how many new customers did we get last month', 'unavailable', /new customers from returning/],
  ['new buyers in october', 'unavailable', /new customers from returning/],
  ['is my pixel firing correctly', 'unavailable', /pixel/],
  ['pause my campaign X for me', 'unavailable', /read-only/],
  ['increase the budget', 'unavailable', /read-only/],
  ['please turn off the worst ads', 'unavailable', /read-only/],
  ['can you launch a new campaign', 'unavailable', /read-only/],
  ['could you raise the bids on my best ad set', 'unavailable', /read-only/],
  ['can you pause them', 'unavailable', /read-only/],
  // Not about ads at all
  ['write ad copy for me', 'off_topic', /write or design ads/],
  ['generate 5 new headlines for my summer sale', 'off_topic', /write or design ads/],
  ["what's the weather in denver", 'off_topic', /the weather/],
  ['tell me a joke', 'off_topic', /jokes/],
  ['should i buy bitcoin', 'off_topic', /stocks and crypto/],
  ['what is the stock price of meta', 'off_topic', /stocks and crypto/],
  ['what is the capital of france', 'off_topic', /general questions/],
  ['yo whats the weather like tmrw', 'off_topic', /the weather/],
  ['draft an email to my boss about the Q4 plan', 'off_topic', /write or design ads/],
  ['how will my campaigns do next month', 'unavailable', /forecast/],
  ['change my daily budget to 50', 'unavailable', /read-only/],
];

const answerable = [
  // Campaign, ad set and ad settings ARLO reads
  "what's the daily budget of the prospecting campaign",
  'lifetime budget for each campaign',
  'how much budget is left this month',
  'which ads are paused',
  'which ads are running right now',
  'why is my campaign not delivering',
  'what bid strategy am i using',
  'which campaigns have a cost cap',
  'what is the optimization goal of each ad set',
  'which headline performs best',
  'show me the primary text of my top ads',
  'which call to action gets the most clicks',
  'do thumbnails with faces work better',
  'How much did we spend on video ads last month?',
  'top 3 UGC ads by CTR',
  'which ads should I pause?',
  'where should I move budget?',
  'should I shift budget from prospecting to retargeting?',
  'budget reallocation ideas based on roas',
  'carousel vs video ads: clicks over the last 14 days',
  'image ads vs video ads ctr',
  'total spend on Reel ads this month',
  'spend on Reel - How To #123',
  'spend on Acme Outdoor US last week',
  'roas in the last 30 days',
  'how are my facebook ads doing',
  // Funnel and video metrics ARLO syncs
  'how many add to carts last week',
  'cost per add to cart this month',
  'ATC rate by campaign',
  'landing page views yesterday',
  'cost per LPV last 7 days',
  'content views this month',
  'how many initiated checkouts did we get',
  'checkout rate last month',
  'where does my funnel leak',
  'where do people drop off',
  'thruplays last week',
  'cost per thruplay by ad',
  '3-second video plays yesterday',
  'how many video views did we get',
  'what is my hook rate',
  'hold rate for the brand film',
  'video completion rate last month',
  'p75 views by ad',
  'how many hooked viewers',
  'thruplys by campaign',
  'lead form completion rate',
  'instagram and facebook spend last week',
  'spend on instagram last month',
  'how did meta ads do this week',
  'messenger ads cpc',
  "what's my ROI",
  'cost per lead for lead campaigns',
  'which day of the week is cheapest',
  'best day for revenue',
  'budget spent this month',
  'how much of the budget was spent last week',
  'how many purchases this month',
  'what was my CPM in october',
  'why did cpa go up',
  'which creatives need a refresh',
  'which ads are fatigued',
  'what was my conversion rate last month',
  'link clicks yesterday',
  'cost per purchase by campaign',
  'revenue and roas last week vs the week before',
  'show me daily spend for the last 2 weeks',
  'weekly ctr trend over the last 3 months',
  'monthly revenue this year',
  'compare this month to last month',
  'top 5 campaigns by roas',
  'worst performing ad sets by cpa',
  'which audiences have the lowest cpa',
  'prospecting vs retargeting roas',
  'how is retargeting doing',
  'frequency of my ads last week',
  'reach last month',
  'impressions and clicks in the last 7 days',
  'how much did it cost us last week',
  'give us the spend for yesterday',
  'what did we spend in october',
  'spend in the past 90 days',
  'ctr in november vs october',
  'which campaign had the highest cpc last week',
  'post engagements by ad',
  'how many leads did the webinar campaign get',
  'what is my aov',
  'average order value this month',
  'leads from the free course signup campaign',
  'how are things going',
  'show all campaigns',
  'list my ad sets',
  'what happened to roas yesterday',
  'why did roas drop last week',
  'cpm trend since the start of the month',
  'spend month to date',
  'what were my top ads in q3',
  'is my cpa higher than last month',
  'how many sales did we get yesterday',
  'what was the cost per result for lead gen campaigns',
  'summary of account performance',
  'weekly report',
  'total conversions by objective',
  'which objective gets the best roas',
  'how much did the summer sale campaign earn',
  'compare spend across accounts',
  'spend on the Lookalike 2% Purchasers ad set',
  'how much did the Video - Founder Story ad spend',
  'how many checkouts completed (purchases) in september',
  'why did conversions drop off last week',
  'checkout my best campaigns',
  'compare new and old creatives',
  'show me the top x ads',
  'remove the lead campaigns',
  'change the campaign to Summer Sale',
  'make it a chart',
  'can you break it down by ad set',
  'only for the leads account',
  'which ad would you switch off first?',
  'if I had an extra $1k to spend, which campaign gets it?',
  'best ad set to put more money behind',
  'how do I bring my cpa down this week?',
  'are we making money on meta this month? roi please',
  'what creative should I replace first?',
  'conversion rate on the cart abandoners campaign fell apart this week, why?',
  'spend on US campaigns',
  'how did my ads do in the us account last week',
  'roas of my retargeting audiences',
  'top funnel campaigns spend',
  "what's going on with roas",
  'is my roas going up',
  'results for the last 24 hours',
  'how much cash went out the door on facebook in the past 2 weeks',
  'roas in october for the ad set Prospecting - Broad | US 25-44 vs Prospecting - Broad | Lookalike 1%',
  'daily purchases for Black Friday Teaser since it launched',
  'how much of our spend went to the Video Viewers 50% ad set',
  'Las Vegas and Los Angeles campaigns spend',
  // Segments ARLO has: the segment rules read them before these cues
  'ROAS by age group last month',
  'which age bracket converts best',
  'spend by age and gender',
  'male vs female cpa',
  'spend by country',
  'which countries have the cheapest cpc',
  'performance by placement',
  'publisher platform breakdown',
  'spend by device',
  'mobile vs desktop conversion rate',
];

describe('findUnsupported declines', () => {
  it.each(declined)('%s → %s', (question, kind, names) => {
    const found = check(question);
    expect(found?.kind).toBe(kind);
    expect(found?.message).toMatch(names);
  });

  it('covers every kind with enough phrasings', () => {
    expect(declined.length).toBeGreaterThanOrEqual(80);
    const kinds = new Set(declined.map(([, kind]) => kind));
    expect(kinds.size).toBe(8);
  });
});

describe('findUnsupported leaves answerable questions alone', () => {
  it.each(answerable)('%s', (question) => {
    expect(check(question)).toBeUndefined();
  });

  it('has enough answerable phrasings', () => {
    expect(answerable.length).toBeGreaterThanOrEqual(60);
  });

  it('keeps an English question with one accented name in English', () => {
    expect(check('How much did we spend on the Café Olé campaign last week?')).toBeUndefined();
  });
});

describe('findUnsupported replies', () => {
  it.each(declined)('%s: honest reply without figures and 2–3 suggestions', (question) => {
    const found = check(question);
    expect(found?.message).not.toMatch(/\d/);
    expect(found?.suggestions.length).toBeGreaterThanOrEqual(2);
    expect(found?.suggestions.length).toBeLessThanOrEqual(3);
  });

  it('gives spans that cover the cue in the normalised text', () => {
    const text = normalise('ROAS by hour of day last month');
    const found = findUnsupported(text, 'ROAS by hour of day last month');
    const [start, end] = found?.spans[0] ?? [0, 0];
    expect(text.slice(start, end)).toBe('by hour');
  });

  it('names every breakdown asked for and the data missing for each', () => {
    const found = check('cpa by hour of day and by city');
    expect(found?.message).toMatch(/hour of day or region, state or city/);
    expect(found?.message).toMatch(/per day, not per hour.* and ARLO has Meta's country breakdown only/);
    expect(found?.spans).toHaveLength(2);
  });

  it('leads the suggestions with the metric the question asked about', () => {
    expect(check('CTR by city')?.suggestions[0]).toBe('Which campaigns had the highest CTR last month?');
    expect(check('cpa on iphone')?.suggestions[0]).toBe('Which campaigns had the lowest CPA last month?');
  });

  it('reads cues across names blanked out by the caller', () => {
    const text = normalise('spend on summer sale by city').replace('summer sale', '           ');
    expect(findUnsupported(text, 'spend on summer sale by city')?.kind).toBe('breakdown');
    expect(findUnsupported('how many adds   of payment   info', 'how many adds of payment info')?.kind).toBe(
      'funnel',
    );
  });

  it('reads guards in the whole question when the caller blanked the words they need', () => {
    const question = 'how much of the budget was spent last week';
    expect(findUnsupported('how much of the budget was       last week', question)).toBeUndefined();
    expect(findUnsupported('what s my profit and     ', "what's my profit and ROI")).toBeUndefined();
    expect(findUnsupported('what s my spending limit', "what's my spending limit")?.kind).toBe('object');
  });

  it('returns for a long crafted question', () => {
    const long = `${'what was my spend and roas in the last 7 days for us '.repeat(38)}by hour`;
    expect(long.length).toBeGreaterThan(2000);
    expect(findUnsupported(normalise(long), long)?.kind).toBe('breakdown');
    const noCue = 'how much did we spend on ads in the last 30 days '.repeat(45);
    expect(findUnsupported(normalise(noCue), noCue)).toBeUndefined();
  });
});
