import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Answer, answerQuestion } from '../../src/analyst/engine';
import { catalogFromDataset } from '../../src/analyst/parse/catalog-from-dataset';
import { parseQuestion } from '../../src/analyst/parse/parse-question';
import type { Plan } from '../../src/analyst/parse/plan';
import {
  type AssistantMessage,
  assistantMessageSchema,
  type ContentItem,
  type DataRow,
} from '../../src/shared/api/answer';
import { formatNumber } from '../../src/shared/number-format';
import { loadDataset } from '../../src/warehouse/load';
import { createTestDatabase, type TestDatabase } from '../helpers/database';
import { expectTraced } from '../helpers/evidence';
import {
  ADS,
  HERO_COPY,
  LEADS,
  LEADS_HERO_BODY,
  OBJECTS_TODAY,
  objectsDataset,
  SHOP,
  spendOf,
  UNSYNCED,
} from '../helpers/objects-dataset';

const today = OBJECTS_TODAY;
const dataset = objectsDataset();
const catalog = catalogFromDataset(dataset);
const parse = (question: string) => parseQuestion(question, { catalog, today });
type SettingsPlan = Extract<Plan, { kind: 'settings' }>;

function settingsPlan(question: string): SettingsPlan {
  const plan = parse(question);
  expect(plan.kind, `${question} → ${JSON.stringify(plan).slice(0, 300)}`).toBe('settings');
  return plan as SettingsPlan;
}

describe('reading questions about settings', () => {
  it.each([
    ['which ads are paused?', 'ad', ['paused']],
    ['are any of my campaigns currently paused or in learning?', 'campaign', ['paused']],
    ['list active ad sets', 'adset', ['active']],
    ["ads that aren't delivering because they or their campaign are paused", 'ad', ['inactive', 'paused']],
    ["what's running right now", 'campaign', ['active']],
    ['which campaigns are off', 'campaign', ['paused']],
    ['show me all the live ads', 'ad', ['active']],
    ['any campaigns switched off?', 'campaign', ['paused']],
    ['which adsets r paused', 'adset', ['paused']],
    ['what campaigns are active at the moment', 'campaign', ['active']],
    ['is the Alpha Prospecting campaign live', 'campaign', ['active']],
    ['campaign statuses', 'campaign', ['any']],
    ['which ads are not delivering', 'ad', ['inactive']],
    ['which campaigns did we pause', 'campaign', ['paused']],
    ['list inactive campaigns', 'campaign', ['inactive']],
    ['are there any disapproved ads', 'ad', ['disapproved']],
    ['Are all my ads approved?', 'ad', ['disapproved']],
    ['is anything paused?', 'campaign', ['paused']],
    ['Which of my ad sets have been paused?', 'adset', ['paused']],
    ["show me everything that's turned on", 'campaign', ['active']],
  ])('status: %s', (question, level, status) => {
    const plan = settingsPlan(question);
    expect(plan.topic).toBe('status');
    expect(plan.level).toBe(level);
    expect(plan.ask.status).toEqual(status);
  });

  it('names the learning phase as the part it cannot answer', () => {
    const plan = settingsPlan('are any of my campaigns currently paused or in learning?');
    expect(plan.unavailable.join(' ')).toMatch(/learning phase/);
    expect(settingsPlan('which ads are paused?').unavailable).toEqual([]);
  });

  it.each([
    ["what's the daily budget of Alpha Prospecting?", 'daily', 'Alpha Prospecting'],
    ['lifetime budget on Gamma Sale', 'lifetime', 'Gamma Sale'],
    ['daily budget currently set on Alpha Prospecting', 'daily', 'Alpha Prospecting'],
    ['how much is Alpha Prospecting budgeted per day', 'daily', 'Alpha Prospecting'],
    ['whats the budjet on gamma sale', undefined, 'Gamma Sale'],
    ['is Beta Retargeting using CBO?', undefined, 'Beta Retargeting'],
    ['How much are we budgeting for Alpha Prospecting each day?', 'daily', 'Alpha Prospecting'],
    ['what is the budget for Epsilon Leads', undefined, 'Epsilon Leads'],
  ])('budget of one campaign: %s', (question, kind, subject) => {
    const plan = settingsPlan(question);
    expect(plan.topic).toBe('budget');
    expect(plan.ask.budget).toBe(kind);
    expect(plan.subject?.name).toBe(subject);
  });

  it.each([
    ['budgets of all campaigns', 'campaign', undefined],
    ['which campaign has the biggest budget', 'campaign', 'desc'],
    ['smallest budget campaign', 'campaign', 'asc'],
    ['what are my ad set budgets', 'adset', undefined],
    ['show me campaign budgets for the leads account', 'campaign', undefined],
    ['total daily budget across campaigns', 'campaign', undefined],
  ])('budget lists: %s', (question, level, order) => {
    const plan = settingsPlan(question);
    expect(plan.topic).toBe('budget');
    expect(plan.level).toBe(level);
    expect(plan.order).toBe(order);
    expect(plan.subject).toBeUndefined();
  });

  it.each([
    ['are my campaigns pacing?', undefined],
    ['spend vs daily budget yesterday', undefined],
    ['spend vs budget this week', undefined],
    ['which campaigns underspend their budget', 'under'],
    ['which campaigns are overspending', 'over'],
    ['how much budget is left on Gamma Sale', undefined],
    ['how much of the budget was spent last week', undefined],
    ['budget utilization last 7 days', undefined],
    ['is Alpha Prospecting hitting its daily budget', undefined],
    ['are we under pacing this month?', 'under'],
    ['budget spent this month', undefined],
    ['how much can Gamma Sale still spend', undefined],
    ['are we spending our full budgets', undefined],
  ])('pacing: %s', (question, pace) => {
    const plan = settingsPlan(question);
    expect(plan.topic).toBe('pacing');
    expect(plan.ask.pace).toBe(pace);
  });

  it('pacing over a named period, else the last 7 days', () => {
    expect(settingsPlan('spend vs daily budget yesterday').range).toMatchObject({
      start: '2026-11-19',
      end: '2026-11-19',
    });
    expect(settingsPlan('are my campaigns pacing?').range).toMatchObject({
      start: '2026-11-13',
      end: '2026-11-19',
    });
  });

  it.each([
    ['which bid strategy does Alpha Prospecting use', 'campaign', [], ['bid_strategy']],
    ['which campaigns run on a cost cap', 'campaign', ['COST_CAP'], ['bid_strategy']],
    [
      'which optimization goal and bid cap are the alpha ad sets using?',
      'adset',
      [],
      ['bid_strategy', 'optimization_goal'],
    ],
    ['what bid strategy are we using', 'campaign', [], ['bid_strategy']],
    ['what are my ad sets optimizing for', 'adset', [], ['optimization_goal']],
    ['optimisation goal of each ad set', 'adset', [], ['optimization_goal']],
    ['are any campaigns on a roas goal', 'campaign', ['LOWEST_COST_WITH_MIN_ROAS'], ['bid_strategy']],
    ['do any ad sets have bid caps', 'adset', ['LOWEST_COST_WITH_BID_CAP'], ['bid_strategy']],
    ['which campaigns use lowest cost bidding', 'campaign', ['LOWEST_COST_WITHOUT_CAP'], ['bid_strategy']],
    ['bid strat for gamma sale', 'campaign', [], ['bid_strategy']],
    ['performance goal of the lead gen ad sets', 'adset', [], ['optimization_goal']],
  ])('bidding: %s', (question, level, strategies, fields) => {
    const plan = settingsPlan(question);
    expect(plan.topic).toBe('bidding');
    expect(plan.level).toBe(level);
    expect(plan.ask.strategies).toEqual(strategies);
    expect([...plan.ask.bid].sort()).toEqual(fields);
  });

  it('reads an optimization goal to filter by, and a bid amount as not synced', () => {
    expect(settingsPlan('which ad sets optimize for reach').ask.goals).toEqual(['REACH']);
    expect(settingsPlan("what's the cost cap amount on Gamma Sale").unavailable.join(' ')).toMatch(
      /bid amounts/,
    );
    // "Lowest cost per lead" is a metric, not the lowest-cost bid strategy.
    expect(parse('which campaign has the lowest cost per lead').kind).toBe('ranking');
  });

  it.each([
    ['show the primary text and CTA of my top-spending ad', ['body', 'call_to_action'], 'spend'],
    ['what headline does Hero Video run with', ['title'], undefined],
    [
      'show me the copy and thumbnail of my best ad',
      ['title', 'body', 'call_to_action', 'thumbnail_url'],
      'cpa',
    ],
    [
      'creative table for last month',
      ['thumbnail_url', 'format', 'title', 'body', 'call_to_action'],
      undefined,
    ],
    ['show my creatives with thumbnails', ['thumbnail_url'], undefined],
    ["what's the CTA on Boot Photo", ['call_to_action'], undefined],
    ['which ads use shop now', ['call_to_action'], undefined],
    ['what does the Carousel Picks ad say', ['title', 'body', 'call_to_action'], undefined],
    ['headlines of my top 5 ads by ctr', ['title'], 'ctr'],
    ['give me the ad copy for the worst ad by cpa', ['title', 'body', 'call_to_action'], 'cpa'],
    ['primary text for my top 3 ads last week', ['body'], 'spend'],
    ['list ads with their headlines and ctas', ['call_to_action', 'title'], undefined],
    [
      'what does Boot Photo look like',
      ['thumbnail_url', 'format', 'title', 'body', 'call_to_action'],
      undefined,
    ],
    [
      'Show me the creative for Sale Reel',
      ['thumbnail_url', 'format', 'title', 'body', 'call_to_action'],
      undefined,
    ],
  ])('copy: %s', (question, fields, pickMetric) => {
    const plan = settingsPlan(question);
    expect(plan.topic).toBe('copy');
    expect(plan.level).toBe('ad');
    expect([...plan.ask.copy].sort()).toEqual([...fields].sort());
    expect(plan.pick?.metric).toBe(pickMetric);
  });

  it('ranks the best ad the way rankings do, and a named ad needs no ranking', () => {
    expect(settingsPlan('show me the copy and thumbnail of my best ad').pick).toEqual({
      metric: 'cpa',
      direction: 'asc',
      limit: 1,
    });
    expect(settingsPlan('headlines of my top 5 ads by ctr').pick).toEqual({
      metric: 'ctr',
      direction: 'desc',
      limit: 5,
    });
    expect(settingsPlan('what headline does Hero Video run with').subject?.name).toBe('Hero Video');
    expect(settingsPlan('which ads use shop now').ask.ctas).toEqual(['SHOP_NOW']);
  });

  it('reads settings questions in a conversation', () => {
    const history = ['which campaigns are paused?'];
    const budget = parseQuestion("what's the daily budget of Alpha Prospecting", { catalog, today, history });
    expect(budget).toMatchObject({
      kind: 'settings',
      topic: 'budget',
      subject: { name: 'Alpha Prospecting' },
    });
    const next = parseQuestion('and Gamma Sale?', {
      catalog,
      today,
      history: ['daily budget of Alpha Prospecting'],
    });
    expect(next).toMatchObject({ kind: 'settings', topic: 'budget', subject: { name: 'Gamma Sale' } });
    const spend = parseQuestion('and their spend last month?', { catalog, today, history });
    expect(spend).toMatchObject({ kind: 'settings', topic: 'status', metrics: ['spend'] });
  });

  it.each([
    'how big is the audience the Beta Retargeting campaign retargets?',
    'what is my audience size',
    'potential reach of Alpha Prospecting',
    'which ad sets are in learning',
    'what targeting does Alpha Prospecting | Broad use',
    'what frequency cap should i set',
    'what are the quality rankings of my ads',
    'which landing page does Hero Video link to',
    'what attribution window are my ad sets on',
    "what's my account spending limit",
    // A status word only narrows what cannot be answered: no list of active campaigns instead.
    "what's the audience size of my active campaigns",
  ])('still declined: %s', (question) => {
    expect(parse(question).kind).toBe('decline');
  });

  it.each([
    'which ads should I pause?',
    'which ads should be paused',
    'where should I move budget?',
    'which ad sets deserve more budget',
    'how should i reallocate budget',
  ])('advice about budgets and pausing stays advice: %s', (question) => {
    expect(parse(question).kind).toBe('advice');
  });
});

describe('answers about settings', () => {
  let database: TestDatabase;
  const everyAccount = { accountIds: [SHOP.id, LEADS.id, UNSYNCED.id] };
  const synced = { accountIds: [SHOP.id, LEADS.id] };
  const names = [
    ...new Set(ADS.flatMap((a) => [a.campaign, a.adset, a.ad])),
    SHOP.name,
    LEADS.name,
    UNSYNCED.name,
  ].sort((a, b) => b.length - a.length);

  beforeAll(async () => {
    database = await createTestDatabase();
    await loadDataset(database.database.db, dataset);
  });
  afterAll(() => database.drop());

  async function ask(question: string, scope = synced): Promise<Answer> {
    const answer = await answerQuestion({ db: database.database.db, scope, today }, question);
    expect(() => assistantMessageSchema.parse(answer.message)).not.toThrow();
    expectTraced({
      queries: answer.queries,
      evidence: answer.evidence,
      texts: allTexts(answer.message),
      names,
      constants: ['formula factor', 'pacing threshold', 'minimum volume', 'rows asked for'],
      context: question,
    });
    return answer;
  }

  it('lists paused ads with why they do not deliver, and only those', async () => {
    const { message } = await ask('which ads are paused?');
    const text = analyticsText(message);
    expect(text).toMatch(/2 of your 7 ads are paused/);
    expect(text).toContain('**Boot Photo**');
    expect(text).toContain('**Old Static**');
    expect(text).toMatch(/1 is paused itself \(\*\*Boot Photo\*\*\)/);
    expect(text).toMatch(/1 is under a paused campaign \(\*\*Delta Archive\*\*\)/);
    const rows = tableRows(message);
    expect(rows.map((row) => row.ad).sort()).toEqual(['Boot Photo', 'Old Static']);
    expect(rows.find((row) => row.ad === 'Old Static')?.effective_status).toBe(
      'Campaign paused (CAMPAIGN_PAUSED)',
    );
    expect(message.error).toBeUndefined();
    // An ad with results but no settings is named as left out, never given a status.
    expect(message.reasoning.content).toMatch(/\*\*Ghost Ad\*\* has results but no settings/);
  });

  it('answers the paused part and names the learning phase in the error section', async () => {
    const { message } = await ask('are any of my campaigns currently paused or in learning?');
    expect(analyticsText(message)).toMatch(/1 of your 5 campaigns is paused: \*\*Delta Archive\*\*/);
    expect(tableRows(message).map((row) => row.campaign)).toEqual(['Delta Archive']);
    expect(message.error?.content).toMatch(/learning phase/);
  });

  it('answers a budget asked beside an audience size, naming what it cannot answer', async () => {
    const { message } = await ask("what's the daily budget and audience size of Alpha Prospecting?");
    expect(analyticsText(message)).toContain('$100.00');
    expect(message.error?.content).toMatch(/audience sizes/);
  });

  it('shows spend over the last 7 days beside each active campaign', async () => {
    const { message } = await ask('list active campaigns');
    const rows = tableRows(message);
    expect(rows.map((row) => row.campaign).sort()).toEqual([
      'Alpha Prospecting',
      'Beta Retargeting',
      'Epsilon Leads',
      'Gamma Sale',
    ]);
    const alpha = rows.find((row) => row.campaign === 'Alpha Prospecting');
    expect(alpha?.spend).toBeCloseTo(
      spendOf((a) => a.campaign === 'Alpha Prospecting', '2026-11-13', '2026-11-19'),
      2,
    );
  });

  it('names the accounts whose settings were never read, and declines when none were', async () => {
    const partial = await ask('which campaigns are paused', everyAccount);
    expect(partial.message.error?.content).toMatch(/no settings for Unsynced Shop/);
    expect(analyticsText(partial.message)).toContain('Delta Archive');
    expect(analyticsText(partial.message)).not.toContain('Zeta Unsynced');
    const none = await ask('what is the daily budget of Zeta Unsynced', { accountIds: [UNSYNCED.id] });
    expect(none.message.error?.content).toMatch(/no campaign, ad set or ad settings for Unsynced Shop/);
    expect(figuresIn(none.message.analytics)).toBe(false);
  });

  it('gives a campaign budget in the account currency', async () => {
    const { message } = await ask("what's the daily budget of Alpha Prospecting?");
    expect(analyticsText(message)).toMatch(
      /\*\*Alpha Prospecting\*\* has a daily budget of \$100\.00, set on the campaign/,
    );
    expect(tableRows(message)[0]).toMatchObject({ daily_budget: 100, currency: 'USD' });
    const columns = tableColumns(message);
    expect(columns.find((c) => c.key === 'daily_budget')?.unit).toBe('money');
    const euros = await ask('daily budget of Epsilon Leads');
    expect(analyticsText(euros.message)).toContain('€30.00');
  });

  it('gives a lifetime budget with its schedule', async () => {
    const { message } = await ask('lifetime budget on Gamma Sale');
    expect(analyticsText(message)).toMatch(
      /lifetime budget of \$3,000\.00 for Nov 1 – Nov 30, 2026 \(30 days, about \$100\.00 a day\)/,
    );
    const daily = await ask('daily budget of Gamma Sale');
    expect(analyticsText(daily.message)).toMatch(/It has no daily budget/);
  });

  it('says when the budget sits on the ad sets, and shows theirs', async () => {
    const { message } = await ask('what is the budget for Beta Retargeting');
    const text = analyticsText(message);
    expect(text).toMatch(/has no campaign budget: campaign budget optimization is off/);
    expect(text).toContain('daily budget of $65.00 in all');
    expect(text).toContain('Beta Retargeting | Cart: a daily budget of $40.00');
    expect(text).toContain('Beta Retargeting | Viewers: a daily budget of $25.00');
    const adset = await ask('budget of the Alpha Prospecting | Broad ad set');
    expect(analyticsText(adset.message)).toMatch(
      /has no budget of its own: its campaign \*\*Alpha Prospecting\*\* has a daily budget of \$100\.00/,
    );
  });

  it('ranks budgets, spreading a lifetime budget over its schedule', async () => {
    const { message } = await ask('which campaign has the biggest budget', { accountIds: [SHOP.id] });
    // Alpha's $100.00 a day ties Gamma's $3,000 over 30 days; Beta's ad sets add up to $65.00.
    const rows = tableRows(message).filter((row) => row.adset === undefined);
    expect(rows.map((row) => row.budget_per_day)).toEqual([100, 100, 65, 50]);
    expect(rows.at(-1)?.campaign).toBe('Delta Archive');
  });

  it('paces daily budgets over the period and lifetime budgets to date', async () => {
    const { message } = await ask('are my campaigns pacing?');
    const rows = tableRows(message);
    const alphaSpend = spendOf((a) => a.campaign === 'Alpha Prospecting', '2026-11-13', '2026-11-19');
    const alpha = rows.find((row) => row.campaign === 'Alpha Prospecting');
    expect(alpha).toMatchObject({ budget_for_period: 700, pace: 'Under' });
    expect(alpha?.spend).toBeCloseTo(alphaSpend, 2);
    expect(alpha?.budget_used).toBeCloseTo((alphaSpend / 700) * 100, 6);
    const cart = rows.find((row) => row.adset === 'Beta Retargeting | Cart');
    expect(cart).toMatchObject({ budget_for_period: 280, budget_level: 'Ad set' });
    // Gamma Sale: Nov 1 – Nov 30 on $3,000; 19 of 30 days gone by Nov 19.
    const gammaSpend = spendOf((a) => a.campaign === 'Gamma Sale', '2026-11-01', '2026-11-19');
    const gamma = rows.find((row) => row.campaign === 'Gamma Sale');
    expect(gamma?.budget_for_period).toBeCloseTo((3000 * 19) / 30, 6);
    expect(gamma).toMatchObject({ days_left: 11, budget_left: 3000 - gammaSpend });
    const text = analyticsText(message);
    expect(text).toContain(`spent ${formatNumber(alphaSpend, 'money', 'USD')} of $700.00 (7 days × $100.00)`);
    expect(text).toContain('after 19 of 30 days');
    expect(text).toMatch(/Not delivering, so not paced: \*\*Delta Archive \(paused\)\*\*/);
    expect(rows.some((row) => row.campaign === 'Delta Archive')).toBe(false);
  });

  it('lists only the budgets under pace when asked which underspend', async () => {
    const { message } = await ask('which campaigns underspend their budget');
    expect(tableRows(message).every((row) => row.pace === 'Under')).toBe(true);
  });

  it('names campaigns on a cost cap, including one whose ad set uses it', async () => {
    const { message } = await ask('which of our campaigns run on a cost cap bid strategy?');
    expect(
      tableRows(message)
        .map((row) => row.campaign)
        .sort(),
    ).toEqual(['Beta Retargeting', 'Epsilon Leads', 'Gamma Sale']);
    expect(analyticsText(message)).toContain('Cost per result goal (cost cap) (`COST_CAP`)');
  });

  it('gives ad sets their goal and the bid strategy they inherit from the campaign', async () => {
    const { message } = await ask('which optimization goal and bid cap are the alpha ad sets using?');
    const text = analyticsText(message);
    expect(text).toContain('Conversions (offsite conversions) (`OFFSITE_CONVERSIONS`)');
    expect(text).toContain('Highest volume (lowest cost, no cap) (`LOWEST_COST_WITHOUT_CAP`)');
    expect(text).toMatch(/inherits the campaign's bid strategy/);
    expect(tableRows(message).map((row) => row.set_on)).toEqual([
      'Campaign (inherited)',
      'Campaign (inherited)',
    ]);
    expect(message.error).toBeUndefined();
  });

  it("names a headline, and each version of copy that differs between an ad's namesakes", async () => {
    const headline = await ask('what headline does Hero Video run with');
    expect(analyticsText(headline.message)).toContain(`Headline: “${HERO_COPY.title}”`);
    expect(analyticsText(headline.message)).not.toMatch(/differs/);
    const copy = await ask('show the primary text of Hero Video');
    const text = analyticsText(copy.message);
    expect(text).toMatch(/primary text differs between its ads \(2 versions\)/);
    expect(text).toContain(`“${HERO_COPY.body}”`);
    expect(text).toContain(`“${LEADS_HERO_BODY}”`);
  });

  it("shows the top-spending ad's copy, ranked as rankings rank ads (namesakes as one)", async () => {
    const { message } = await ask('show the primary text and CTA button of my top-spending ad', {
      accountIds: [SHOP.id],
    });
    // Hero Video runs in two ad sets: (30 + 22) a day beats Sale Reel's 80 a day since Nov 1.
    const hero = spendOf((a) => a.ad === 'Hero Video' && a.account === SHOP.id, '2026-10-21', '2026-11-19');
    const reel = spendOf((a) => a.ad === 'Sale Reel', '2026-10-21', '2026-11-19');
    expect(hero).toBeGreaterThan(reel);
    const text = analyticsText(message);
    expect(text).toMatch(/\*\*Hero Video\*\* is your top-spending ad/);
    expect(text).toContain(formatNumber(hero, 'money', 'USD'));
    expect(text).toContain(`Primary text: “${HERO_COPY.body}”`);
    expect(text).toContain('Call to action: Shop now (`SHOP_NOW`)');
  });

  it('builds a creative table with thumbnails, formats and copy', async () => {
    const { message } = await ask('show my creatives with thumbnails this month', { accountIds: [SHOP.id] });
    const columns = tableColumns(message);
    expect(columns.find((c) => c.key === 'thumbnail_url')).toMatchObject({
      unit: 'image',
      label: 'Thumbnail',
    });
    const rows = tableRows(message);
    const reel = rows.find((row) => row.ad === 'Sale Reel');
    expect(reel).toMatchObject({ format: 'VIDEO', title: 'Black Friday Starts Now' });
    expect(reel?.spend).toBeCloseTo(
      spendOf((a) => a.ad === 'Sale Reel', '2026-11-01', '2026-11-19'),
      2,
    );
    // Hook and hold rates are for videos only.
    expect(rows.find((row) => row.ad === 'Carousel Picks')?.hook_rate).toBeNull();
    expect(rows.map((row) => row.ad)).not.toContain('Zeta Ad');
  });

  it('lists the ads using a call to action', async () => {
    const { message } = await ask('which ads use learn more');
    expect(tableRows(message).map((row) => row.ad)).toEqual(['Boot Photo']);
  });
});

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
    ...textsOf(message.error),
  ];
}

function analyticsText(message: AssistantMessage): string {
  return textsOf(message.analytics).join('\n');
}

function tables(message: AssistantMessage): ContentItem[] {
  const items =
    message.analytics.type === 'complex' ? (message.analytics.data as ContentItem[]) : [message.analytics];
  return items.filter((item) => item.type === 'table');
}

function tableRows(message: AssistantMessage): DataRow[] {
  return (tables(message)[0]?.data ?? []) as DataRow[];
}

function tableColumns(message: AssistantMessage) {
  return tables(message)[0]?.columns ?? [];
}

/** Any number in the analytics: table cells, or digits in its text. */
function figuresIn(item: ContentItem): boolean {
  const rows = tables({ analytics: item } as AssistantMessage).flatMap((t) => (t.data ?? []) as DataRow[]);
  if (rows.some((row) => Object.values(row).some((v) => typeof v === 'number'))) return true;
  return /\d/.test(textsOf(item).join(' '));
}
