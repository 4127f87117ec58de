import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Answer, answerQuestion } from '../../src/analyst/engine';
import type { Scope } from '../../src/analyst/executor';
import { catalogFromDataset } from '../../src/analyst/parse/catalog-from-dataset';
import { parseQuestion } from '../../src/analyst/parse/parse-question';
import type { Plan } from '../../src/analyst/parse/plan';
import type { AssistantMessage, ContentItem, DataRow } from '../../src/shared/api/answer';
import { loadDataset } from '../../src/warehouse/load';
import { createTestDatabase, type TestDatabase } from '../helpers/database';
import { expectTraced } from '../helpers/evidence';
import {
  ACCOUNTS,
  type AccountSpec,
  ALPHA,
  BETA,
  DELTA,
  EPSILON,
  funnelDataset,
  GAMMA,
  total,
  totalOf,
} from '../helpers/funnel-dataset';

const today = '2026-11-20';
const dataset = funnelDataset(today);
const catalog = catalogFromDataset(dataset);
let testDatabase: TestDatabase;

beforeAll(async () => {
  testDatabase = await createTestDatabase();
  await loadDataset(testDatabase.database.db, dataset);
});
afterAll(() => testDatabase?.drop());

const parse = (question: string) => parseQuestion(question, { catalog, today });
const scopeOf = (...specs: AccountSpec[]): Scope => ({ accountIds: specs.map((spec) => spec.id) });
const ask = (question: string, ...specs: AccountSpec[]) =>
  answerQuestion({ db: testDatabase.database.db, scope: scopeOf(...specs), today }, question);

const [demo, photo, story, promo] = ALPHA.ads as [
  (typeof ALPHA.ads)[0],
  (typeof ALPHA.ads)[0],
  (typeof ALPHA.ads)[0],
  (typeof ALPHA.ads)[0],
];
const guide = ALPHA.more?.ads[0] as (typeof ALPHA.ads)[0];
const sale = ALPHA.ads;

function items(item: ContentItem | undefined): ContentItem[] {
  if (!item) return [];
  return item.type === 'complex' ? ((item.data ?? []) as ContentItem[]).flatMap(items) : [item];
}
const prose = (item: ContentItem | undefined) =>
  items(item)
    .filter((i) => i.type === 'text')
    .map((i) => i.content ?? '')
    .join('\n');
const tables = (message: AssistantMessage) => items(message.analytics).filter((i) => i.type === 'table');
const rowsOf = (message: AssistantMessage) => tables(message).flatMap((t) => (t.data ?? []) as DataRow[]);

function textsOf(item: ContentItem | undefined, out: string[] = []): string[] {
  if (!item) return out;
  if (item.header) out.push(item.header);
  if (item.content) out.push(item.content);
  if (item.type === 'complex') for (const child of (item.data ?? []) as ContentItem[]) textsOf(child, out);
  return out;
}

const names = ACCOUNTS.flatMap((spec) => [
  spec.name,
  spec.campaign.name,
  spec.campaign.adsetName,
  ...spec.ads.map((ad) => ad.name),
  ...(spec.more ? [spec.more.name, spec.more.adsetName, ...spec.more.ads.map((ad) => ad.name)] : []),
]);

/** Every number the answer's texts hold was written through the evidence trail. */
function expectAllTraced(answer: Answer, question: string) {
  const messages = answer.sections ? answer.sections.map((s) => s.message) : [answer.message];
  expectTraced({
    queries: answer.queries,
    evidence: answer.evidence,
    texts: messages.flatMap((m) => [
      ...textsOf(m.analytics),
      ...textsOf(m.reasoning),
      ...textsOf(m.actionable_insights),
      ...m.suggestions,
    ]),
    names,
    constants: [
      'formula factor',
      'anomaly threshold',
      'minimum volume',
      'minimum impressions',
      'advice spend share',
      'minimum spend share',
      'share of the video played',
      'rows asked for',
    ],
    context: question,
  });
}

const percent = (part: number, whole: number) => {
  const value = (part / whole) * 100;
  return `${value >= 10 ? Math.round(value) : value.toFixed(1)}%`;
};

describe('funnel and video metrics are read like any other metric', () => {
  it.each<[string, Plan['kind'], string]>([
    ['add-to-cart count for october', 'total', 'adds_to_cart'],
    ['how many landing page views last 7 days', 'total', 'landing_page_views'],
    ['LPVs yesterday?', 'total', 'landing_page_views'],
    ['cost per initiated checkout this month', 'total', 'cost_per_checkout_initiated'],
    ['what did we pay per checkout started last week', 'total', 'cost_per_checkout_initiated'],
    ['thruplays past 30 days', 'total', 'thruplays'],
    ['how many thru plays did we get', 'total', 'thruplays'],
    ['whats our thumbstop rate this month', 'total', 'hook_rate'],
    ['hold rate for the Spring Sale campaign', 'entity', 'hold_rate'],
    ['3-second video plays and cost per thruplay for Spring Sale this month', 'entity', 'video_views_3s'],
    ['cost per add to cart by campaign', 'ranking', 'cost_per_add_to_cart'],
    ['weekly landing page views', 'series', 'landing_page_views'],
    ['content views and adds to cart last week by campaign', 'ranking', 'content_views'],
    ['how many carts last month', 'total', 'adds_to_cart'],
    ['checkouts initiated in the last 14 days', 'total', 'checkouts_initiated'],
    ['video completions last month', 'total', 'video_p100'],
    ['p75 views by ad', 'ranking', 'video_p75'],
    ['which video ad hooked viewers best over the last 14 days', 'ranking', 'hook_rate'],
  ])('%s', (question, kind, metric) => {
    const plan = parse(question);
    expect(plan.kind).toBe(kind);
    const first = 'metric' in plan ? plan.metric : 'metrics' in plan ? plan.metrics[0] : undefined;
    expect(first).toBe(metric);
  });

  it('reads "video" next to a video metric as the creative format, not the name "Video - …"', () => {
    const videoFormat = JSON.stringify({ dimension: 'format', op: 'in', values: ['VIDEO'] });
    for (const question of [
      'hook rate of my video ads',
      'cost per view for video ads',
      'which video ad hooked viewers best over the last 14 days',
      'which video had the best hold rate last month',
      'thruplays for our videos last week',
      'cost per thruplay on video creatives',
    ]) {
      // As a filter or as the one format a split shows: either way the format, never a name.
      const plan = JSON.stringify(parse(question));
      expect(plan, question).toContain(videoFormat);
      expect(plan, question).not.toMatch(/"dimension":"ad","op":"contains"/);
    }
    expect(parse('which video had the best hold rate last month')).toMatchObject({
      kind: 'ranking',
      level: 'ad',
    });
  });

  it('keeps completed checkouts as purchases, "check out" as a verb, and names as names', () => {
    expect(parse('how many checkouts completed (purchases) in september')).toMatchObject({
      kind: 'total',
      metrics: ['purchases'],
    });
    const checkOut = parse('checkout my best campaigns');
    expect('metric' in checkOut && checkOut.metric).not.toBe('checkouts_initiated');
    const named = parse('cpa of the Spring Sale campaign last week');
    expect(named).toMatchObject({ kind: 'entity', metrics: ['cpa'] });
  });

  it('declines what Meta has but ARLO does not sync, naming it', () => {
    for (const question of [
      'average watch time of my videos',
      'how long do people watch our videos',
      'thruplay rate last month',
      'add payment info count last week',
    ]) {
      const plan = parse(question);
      expect(plan.kind, question).toBe('decline');
    }
    const watch = parse('avg watch time by ad');
    expect(watch.kind === 'decline' && watch.message).toMatch(/video_avg_time_watched_actions/);
  });
});

describe('the funnel question', () => {
  it.each([
    'where does my funnel leak?',
    'walk me through the october funnel of the sales campaigns: landing page views, content views, carts, checkouts, purchases',
    'funnel for Spring Sale last month',
    'show the conversion funnel',
    'where do people drop off',
    'whats our cart abandonment rate last week',
    'add to cart rate last week',
    'checkout rate this month',
    'sales funnel for october pls',
    'where are we losing customers between click and purchase',
    'show me the purchase funnel step by step',
    'conversion path for the last 14 days',
    'funel for last month',
    'what % of add to carts become purchases',
    'how many clicks turn into landing page views',
    'drop off between add to cart and checkout',
    'funnel by campaign last month',
  ])('%s', (question) => {
    expect(parse(question)).toMatchObject({ kind: 'funnel', funnel: 'conversion' });
  });

  it.each([
    'video retention last month',
    'what is the completion rate of my videos',
    'where do viewers stop watching',
    'video funnel for the last 7 days',
    'how far do people watch our videos',
  ])('video: %s', (question) => {
    expect(parse(question)).toMatchObject({ kind: 'funnel', funnel: 'video' });
  });

  it.each([
    'top funnel campaigns spend',
    'why did conversions drop off last week',
    'spend on top of funnel campaigns',
    'how many adds to cart last week',
  ])('not a funnel: %s', (question) => {
    expect(parse(question).kind).not.toBe('funnel');
  });

  it('walks each step with the share that continues, the cost per step and the biggest drop named', async () => {
    const question = 'where does my funnel leak in the last 7 days?';
    const answer = await ask(question, ALPHA);
    const text = prose(answer.message.analytics);
    // Alpha mixes a sales and a lead campaign: one funnel per path.
    const [shopping, leads] = tables(answer.message);
    const steps = (shopping?.data ?? []) as DataRow[];
    const expected = {
      Impressions: totalOf(sale, 'impressions', 7),
      'Link clicks': totalOf(sale, 'link', 7),
      'Landing page views': totalOf(sale, 'lpv', 7),
      'Content views': totalOf(sale, 'cv', 7),
      'Adds to cart': totalOf(sale, 'atc', 7),
      'Checkouts initiated': totalOf(sale, 'ci', 7),
      Purchases: totalOf(sale, 'purchases', 7),
    };
    expect(Object.fromEntries(steps.map((row) => [row.step, row.count]))).toEqual(expected);
    const atc = steps.find((row) => row.step === 'Adds to cart');
    expect(atc?.continue_rate).toBeCloseTo((expected['Adds to cart'] / expected['Content views']) * 100, 6);
    expect(atc?.cost_per_step).toBeCloseTo(totalOf(sale, 'spend', 7) / expected['Adds to cart'], 6);
    expect(text).toContain(
      `The biggest drop is from content views to adds to cart: ${percent(expected['Adds to cart'], expected['Content views'])} continue`,
    );
    const leadSteps = (leads?.data ?? []) as DataRow[];
    expect(leadSteps.map((row) => row.step)).toEqual([
      'Impressions',
      'Link clicks',
      'Landing page views',
      'Leads',
    ]);
    expect(leadSteps.at(-1)?.count).toBe(total(guide, 'leads', 7));
    expect(text).toContain(
      `landing page views to leads: ${percent(total(guide, 'leads', 7), total(guide, 'lpv', 7))}`,
    );
    expect(prose(answer.message.actionable_insights)).toMatch(/adds? to cart/i);
    expectAllTraced(answer, question);
  });

  it('leaves steps the pixel does not send out of the chain, and says they are not tracked', async () => {
    const question = 'show the conversion funnel for the last 7 days';
    const answer = await ask(question, BETA);
    const steps = rowsOf(answer.message).map((row) => row.step);
    expect(steps).toEqual(['Impressions', 'Link clicks', 'Landing page views', 'Purchases']);
    const text = prose(answer.message.analytics);
    expect(text).toMatch(/Not tracked: content views, adds to cart and checkouts initiated/);
    const [ad] = BETA.ads as [(typeof BETA.ads)[0]];
    expect(text).toContain(
      `landing page views to purchases: ${percent(total(ad, 'purchases', 7), total(ad, 'lpv', 7))} continue`,
    );
    expectAllTraced(answer, question);
  });

  it('walks a lead account from the click to the lead, without cart steps', async () => {
    const answer = await ask('funnel for the last 7 days', GAMMA);
    const [ad] = GAMMA.ads as [(typeof GAMMA.ads)[0]];
    expect(rowsOf(answer.message).map((row) => [row.step, row.count])).toEqual([
      ['Impressions', total(ad, 'impressions', 7)],
      ['Link clicks', total(ad, 'link', 7)],
      ['Landing page views', total(ad, 'lpv', 7)],
      ['Leads', total(ad, 'leads', 7)],
    ]);
    expect(prose(answer.message.analytics)).toMatch(
      /content views, adds to cart and checkouts are not part of this funnel/i,
    );
  });

  it('sets each step beside the period compared with, and the result’s change', async () => {
    const question = 'funnel for the last 7 days vs the previous 7 days';
    const answer = await ask(question, GAMMA);
    const [ad] = GAMMA.ads as [(typeof GAMMA.ads)[0]];
    const leads = rowsOf(answer.message).find((row) => row.step === 'Leads');
    expect(leads).toMatchObject({ count: total(ad, 'leads', 7), count_before: total(ad, 'leads', 14, 8) });
    const text = prose(answer.message.analytics);
    const change = ((total(ad, 'leads', 7) - total(ad, 'leads', 14, 8)) / total(ad, 'leads', 14, 8)) * 100;
    expect(text).toContain(
      `leads ${total(ad, 'leads', 14, 8)} → ${total(ad, 'leads', 7)} (${change.toFixed(1).replace('-', '−')}%)`,
    );
    expectAllTraced(answer, question);
  });

  it('adds each step per campaign, ad set or ad when asked "by"', async () => {
    const answer = await ask('funnel by ad for the last 7 days', ALPHA);
    const byAd = tables(answer.message).find((t) => t.header === 'Funnel steps by ad');
    const rows = (byAd?.data ?? []) as DataRow[];
    for (const ad of [...sale, guide]) {
      const row = rows.find((r) => r.ad === ad.name);
      expect(row, ad.name).toMatchObject({
        adds_to_cart: total(ad, 'atc', 7),
        landing_page_views: total(ad, 'lpv', 7),
        leads: total(ad, 'leads', 7),
      });
    }
  });

  it('walks a video from the impression to the end, over video ads only', async () => {
    const question = 'video retention in the last 7 days';
    const answer = await ask(question, ALPHA);
    const videos = [demo, story];
    const steps = Object.fromEntries(rowsOf(answer.message).map((row) => [row.step, row.count]));
    expect(steps).toEqual({
      Impressions: totalOf(videos, 'impressions', 7),
      'Three-second plays': totalOf(videos, 'vv', 7),
      'Plays to 25%': totalOf(videos, 'p25', 7),
      'Plays to 50%': totalOf(videos, 'p50', 7),
      'Plays to 75%': totalOf(videos, 'p75', 7),
      'Plays to 95%': totalOf(videos, 'p95', 7),
      'Plays to 100%': totalOf(videos, 'p100', 7),
    });
    const hook = (totalOf(videos, 'vv', 7) / totalOf(videos, 'impressions', 7)) * 100;
    expect(prose(answer.message.analytics)).toContain(`Hook rate ${hook.toFixed(2)}%`);
    expectAllTraced(answer, question);
  });
});

describe('video and funnel figures', () => {
  it('totals adds to cart, landing page views and cost per checkout from the synced actions, once each', async () => {
    const answer = await ask(
      'adds to cart, landing page views and cost per checkout in the last 7 days',
      ALPHA,
    );
    const [row] = rowsOf(answer.message);
    expect(row?.adds_to_cart).toBe(totalOf([...sale, guide], 'atc', 7));
    expect(row?.landing_page_views).toBe(totalOf([...sale, guide], 'lpv', 7));
    expect(row?.cost_per_checkout_initiated).toBeCloseTo(
      totalOf([...sale, guide], 'spend', 7) / totalOf(sale, 'ci', 7),
      6,
    );
  });

  it('ranks video ads by hook rate among ads whose creative is a video, whatever their name', async () => {
    const question = 'which video ad hooked viewers best over the last 14 days';
    const answer = await ask(question, ALPHA);
    const ranked = rowsOf(answer.message).map((row) => [row.ad, row.hook_rate]);
    const hook = (ad: typeof demo) => (total(ad, 'vv', 14) / total(ad, 'impressions', 14)) * 100;
    expect(ranked.map(([ad]) => ad)).toEqual(['Clip - Story', 'Clip - Demo']);
    expect(ranked[0]?.[1]).toBeCloseTo(hook(story), 6);
    expect(ranked[1]?.[1]).toBeCloseTo(hook(demo), 6);
    expect(ranked.map(([ad]) => ad)).not.toContain(promo.name);
    expect(ranked.map(([ad]) => ad)).not.toContain(photo.name);
    expectAllTraced(answer, question);
  });

  it.each([
    'hook rate in the last 7 days',
    'whats our thumbstop rate over the last 7 days',
    'hook rate of our videos last 7 days',
  ])('counts video ads only in a hook rate: %s', async (question) => {
    const answer = await ask(question, ALPHA);
    // Image, link and carousel ads have impressions but no plays: they are left out of the rate.
    const videos = [...sale, guide].filter((ad) => !['PHOTO', 'SHARE', 'STATUS'].includes(ad.format ?? ''));
    const [row] = rowsOf(answer.message);
    expect(row?.hook_rate).toBeCloseTo(
      (totalOf(videos, 'vv', 7) / totalOf(videos, 'impressions', 7)) * 100,
      6,
    );
    expect(row?.hook_rate).not.toBeCloseTo(
      (totalOf([...sale, guide], 'vv', 7) / totalOf([...sale, guide], 'impressions', 7)) * 100,
      2,
    );
    if (!/videos/.test(question))
      expect(prose(answer.message.reasoning)).toMatch(/Hook rate counts video ads only/);
    expectAllTraced(answer, question);
  });

  it('gives one hold rate for a campaign’s ads taken together', async () => {
    const answer = await ask('video hold rate for the Spring Sale ads in the last 7 days', ALPHA);
    expect(answer.plan.kind).toBe('entity');
    const [row] = rowsOf(answer.message);
    expect(row?.hold_rate).toBeCloseTo((totalOf(sale, 'thru', 7) / totalOf(sale, 'vv', 7)) * 100, 6);
  });

  it('declines average watch time with no figures', async () => {
    const answer = await ask('average watch time on my videos last week', ALPHA);
    expect(answer.message.error?.content).toMatch(/watch time/);
    expect(rowsOf(answer.message)).toEqual([]);
  });
});

describe('why a cost per result moved, by segment', () => {
  it.each([
    'why did CPA go up last week?',
    'why is my cpa higher in the last 7 days',
    'what caused the cpa spike this week',
    'explain the jump in cost per lead over the last 7 days',
    'whats behind the higher cost per result vs the week before',
    'why did cost per purchase rise?',
    'cpa went up, why',
    'reason for the cpa increase last 7 days',
    'why are my leads more expensive this week',
    'why did roas drop last week',
  ])('%s', (question) => {
    expect(parse(question).kind).toBe('why');
  });

  it('names the segment whose cost per result moved the total most, from both periods', async () => {
    const question = 'why did CPA go up in the last 7 days?';
    const answer = await ask(question, GAMMA);
    const text = prose(answer.message.analytics);
    // Men: $50 a day for two leads a day, then one: $25.00 → $50.00.
    expect(text).toMatch(
      /\*\*Men\*\* \(gender\) moved CPA most: its CPA rose \+100\.0%, from \$25\.00 to \$50\.00/,
    );
    const segmentTable = tables(answer.message).find((t) => t.header?.startsWith('CPA by gender'));
    const men = ((segmentTable?.data ?? []) as DataRow[]).find((row) => row.gender === 'male');
    expect(men).toMatchObject({ cpa_before: 25, cpa: 50, cpa_change: 100 });
    expect(prose(answer.message.actionable_insights)).toMatch(/\*\*Men\*\* \(gender\)/);
    expect(prose(answer.message.reasoning)).toMatch(/\*\*Segments:\*\*/);
    expectAllTraced(answer, question);
  });

  it('says nothing about segments when the breakdown rows do not cover both periods', async () => {
    const answer = await ask('why did CPA go up in the last 7 days?', DELTA);
    expect(prose(answer.message.analytics)).toMatch(/CPA rose \+25\.0%/);
    expect(prose(answer.message.analytics)).not.toMatch(/By segment|gender|age group/);
    expect(prose(answer.message.reasoning)).not.toMatch(/Segments/);
  });
});

describe('creative fatigue with hook and hold rates', () => {
  it('flags a video seen more often whose hook fades, with both windows’ hook and hold rates', async () => {
    const question = 'which ads are fatigued?';
    const answer = await ask(question, EPSILON);
    const [tired] = EPSILON.ads as [(typeof EPSILON.ads)[0]];
    const hook = (from: number, to: number) =>
      ((total(tired, 'vv', from, to) / total(tired, 'impressions', from, to)) * 100).toFixed(2);
    const text = prose(answer.message.analytics);
    expect(text).toMatch(/^\*\*Clip - Tired\*\* shows the strongest fatigue/);
    expect(text).toContain(`hook rate ${hook(28, 22)}% → ${hook(7, 1)}%`);
    expect(text).toMatch(
      /Flagged \(frequency up and CTR \(or, for a video, its hook rate\) down by 20% or more\): \*\*Clip - Tired\*\*/,
    );
    const [row] = rowsOf(answer.message);
    expect(row).toMatchObject({ ad: 'Clip - Tired', hook_rate_before: 30, hook_rate: 15, hold_rate: 30 });
    expect(rowsOf(answer.message).map((r) => r.ad)).not.toContain('Photo - Fine');
    expect(prose(answer.message.actionable_insights)).toMatch(/Clip - Tired.*hook rate fell −50\.0%/);
    expectAllTraced(answer, question);
  });

  it('adds the video sections to the Creative report only where ads are known to be videos', async () => {
    const withVideo = await ask('creative report', ALPHA);
    const titles = withVideo.sections?.map((s) => s.title) ?? [];
    expect(titles).toContain('Video hooks');
    const hooks = withVideo.sections?.find((s) => s.title === 'Video hooks');
    expect(rowsOf(hooks?.message as AssistantMessage).map((r) => r.ad)).toEqual([
      'Clip - Story',
      'Clip - Demo',
    ]);
    expectAllTraced(withVideo, 'creative report');
    const without = await ask('creative report', BETA);
    expect(without.sections?.map((s) => s.title)).not.toContain('Video hooks');
  });
});
