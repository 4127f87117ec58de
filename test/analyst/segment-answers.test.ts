import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatChange, formatRate, formatValue } from '../../src/analyst/compose/evidence';
import { type Answer, answerQuestion } from '../../src/analyst/engine';
import type { AssistantMessage, ContentItem, DataRow } from '../../src/shared/api/answer';
import { loadDataset } from '../../src/warehouse/load';
import { createTestDatabase, type TestDatabase } from '../helpers/database';
import { expectTraced } from '../helpers/evidence';
import {
  BREAKDOWNS_FROM,
  type Flat,
  LAST_DAY,
  LEADS,
  SEGMENT_TODAY,
  SHOP,
  type Sums,
  segmentFixture,
  sums,
} from '../helpers/segment-dataset';

const fixture = segmentFixture();
let t: TestDatabase;

beforeAll(async () => {
  t = await createTestDatabase();
  await loadDataset(t.database.db, fixture.dataset);
});
afterAll(() => t?.drop());

const ask = (question: string, history: string[] = []) =>
  answerQuestion(
    { db: t.database.db, scope: { accountIds: [SHOP.id, LEADS.id] }, today: SEGMENT_TODAY },
    question,
    history,
  );

function items(item: ContentItem | undefined): ContentItem[] {
  if (!item) return [];
  return item.type === 'complex' ? (item.data as ContentItem[]).flatMap(items) : [item];
}
const tableRows = (message: AssistantMessage): DataRow[] =>
  items(message.analytics)
    .filter((item) => item.type === 'table')
    .flatMap((item) => item.data as DataRow[]);
const texts = (message: AssistantMessage): string[] =>
  [message.analytics, message.reasoning, message.actionable_insights, message.error]
    .flatMap(items)
    .filter((item) => item.type === 'text')
    .map((item) => item.content ?? '');
const analyticsText = (message: AssistantMessage) =>
  items(message.analytics)
    .filter((item) => item.type === 'text')
    .map((item) => item.content)
    .join('\n');

const names = [
  SHOP.name,
  LEADS.name,
  'Spring Push',
  'Evergreen',
  'Guide Leads',
  '25-34',
  '35-44',
  '45-54',
  '18-24',
];

/** Every number the answer writes rests on a query's rows. */
function traced(answer: Answer, question: string) {
  expectTraced({
    queries: answer.queries,
    evidence: answer.evidence,
    texts: texts(answer.message),
    names,
    constants: ['formula factor', 'minimum volume', 'rows asked for'],
    context: question,
  });
}

/** The last 30 days before the fixture's today. */
const LAST_30 = { from: '2026-10-21', to: LAST_DAY };
const roas = (s: Sums | undefined) => (s ? s.revenue / s.spend : Number.NaN);
const cpa = (s: Sums | undefined) => (s ? s.spend / (s.purchases + s.leads) : Number.NaN);
const money = (value: number) => formatValue(value, 'money', 'USD');
const declines = (message: AssistantMessage) => {
  expect(message.error?.content).toBeTruthy();
  expect(tableRows(message)).toEqual([]);
};

describe('a metric by a segment', () => {
  it('ranks the age groups by ROAS from the breakdown rows, and says how far they are from the ad rows', async () => {
    const question = 'ROAS by age group last 30 days';
    const answer = await ask(question);
    const byAge = sums(
      fixture.breakdowns['age,gender'],
      LAST_30.from,
      LAST_30.to,
      (row) => row.segment.age ?? '',
    );
    const rows = tableRows(answer.message);
    expect(rows.map((row) => row.age)).toEqual(
      [...byAge].sort((a, b) => roas(b[1]) - roas(a[1])).map(([age]) => age),
    );
    for (const row of rows) expect(row.roas).toBeCloseTo(roas(byAge.get(String(row.age))), 6);
    for (const row of rows) expect(Object.keys(row)).not.toContain('gender');
    // The note: the segments' spend against the shop's ad rows (the leads account has no breakdowns).
    const segmentSpend = [...byAge.values()].reduce((total, s) => total + s.spend, 0);
    const adSpend =
      sums(
        fixture.adRows,
        LAST_30.from,
        LAST_30.to,
        () => 'all',
        (r) => r.account === SHOP.id,
      ).get('all')?.spend ?? 0;
    const note = analyticsText(answer.message);
    expect(note).toContain(`come to ${money(segmentSpend)} in spend, against ${money(adSpend)}`);
    expect(note).toContain(formatChange(adSpend, segmentSpend));
    expect(note).toMatch(/Southwind Leads has no age and gender breakdown/);
    traced(answer, question);
  });

  it('groups age and gender together as one key, rows carrying both labels', async () => {
    const question = 'which age and gender group had the lowest cost per purchase in the last 30 days?';
    const answer = await ask(question);
    const groups = sums(
      fixture.breakdowns['age,gender'],
      LAST_30.from,
      LAST_30.to,
      (r) => `${r.segment.age}|${r.segment.gender}`,
    );
    const best = [...groups].sort((a, b) => a[1].spend / a[1].purchases - b[1].spend / b[1].purchases)[0];
    const first = tableRows(answer.message)[0];
    expect(`${first?.age}|${first?.gender}`).toBe(best?.[0]);
    expect(first?.cost_per_purchase).toBeCloseTo((best?.[1].spend ?? 0) / (best?.[1].purchases ?? 1), 6);
    traced(answer, question);
  });

  it('answers for the dates the breakdown covers, and names them', async () => {
    const question = 'spend by country in october';
    const answer = await ask(question);
    const byCountry = sums(
      fixture.breakdowns.country,
      '2026-10-01',
      '2026-10-31',
      (r) => r.segment.country ?? '',
    );
    for (const row of tableRows(answer.message))
      expect(row.spend).toBeCloseTo(byCountry.get(String(row.country))?.spend ?? -1, 2);
    expect(analyticsText(answer.message)).toMatch(/covers Oct 11 – Oct 31, 2026 of the period asked/);
    // The ad rows set against it are those of the same days.
    const adSpend =
      sums(
        fixture.adRows,
        BREAKDOWNS_FROM,
        '2026-10-31',
        () => 'all',
        (r) => r.account === SHOP.id,
      ).get('all')?.spend ?? 0;
    expect(analyticsText(answer.message)).toContain(`against ${money(adSpend)}`);
    traced(answer, question);
  });

  it('declines dates the breakdown does not cover, naming the dates it has', async () => {
    const answer = await ask('spend by country from october 1 to october 8');
    declines(answer.message);
    expect(answer.message.error?.content).toMatch(/no country breakdown for .*Oct 1 – Oct 8, 2026/);
    expect(answer.message.error?.content).toMatch(/Oct 11 – Nov 19, 2026/);
  });

  it('never answers with zeros for an account without breakdowns', async () => {
    const answer = await ask('spend by device for Southwind Leads last 30 days');
    declines(answer.message);
    expect(answer.message.error?.content).toMatch(/no device breakdown/);
    expect(answer.message.error?.content).toMatch(/no breakdown rows have been synced/);
    const filtered = await ask('cpa on mobile for Southwind Leads last 30 days');
    declines(filtered.message);
  });
});

describe('a share of the total', () => {
  it('gives the value, its share, and a pie of every platform', async () => {
    const question = 'how much of our spend goes to audience network in the last 30 days?';
    const answer = await ask(question);
    const byPlatform = sums(
      fixture.breakdowns['publisher_platform,platform_position'],
      LAST_30.from,
      LAST_30.to,
      (r) => r.segment.publisher_platform ?? '',
    );
    const part = byPlatform.get('audience_network')?.spend ?? 0;
    const whole = [...byPlatform.values()].reduce((total, s) => total + s.spend, 0);
    const text = analyticsText(answer.message);
    expect(text).toContain(money(part));
    expect(text).toContain(formatRate(part, whole));
    const pie = items(answer.message.analytics).find((item) => item.type === 'pie_chart');
    const slice = ((pie?.data ?? []) as DataRow[]).find(
      (row) => row.publisher_platform === 'audience_network',
    );
    expect(slice?.share).toBeCloseTo((part / whole) * 100, 6);
    expect(pie?.columns?.find((c) => c.key === 'share')?.unit).toBe('percent');
    traced(answer, question);
  });

  it('adds up a group of values: mobile is app and web', async () => {
    const question = 'what % of purchases come from mobile in the last 30 days';
    const answer = await ask(question);
    const byDevice = sums(
      fixture.breakdowns.device_platform,
      LAST_30.from,
      LAST_30.to,
      (r) => r.segment.device_platform ?? '',
    );
    const mobile =
      (byDevice.get('mobile_app')?.purchases ?? 0) + (byDevice.get('mobile_web')?.purchases ?? 0);
    const whole = [...byDevice.values()].reduce((total, s) => total + s.purchases, 0);
    expect(analyticsText(answer.message)).toContain(formatRate(mobile, whole));
    traced(answer, question);
  });
});

describe('named values side by side', () => {
  it('sets two countries side by side, rows keyed by country', async () => {
    const question = 'UK vs US cost per purchase in the last 30 days';
    const answer = await ask(question);
    const byCountry = sums(
      fixture.breakdowns.country,
      LAST_30.from,
      LAST_30.to,
      (r) => r.segment.country ?? '',
    );
    const rows = tableRows(answer.message);
    expect(rows.map((row) => row.country).sort()).toEqual(['GB', 'US']);
    for (const row of rows) {
      const s = byCountry.get(String(row.country));
      expect(row.cost_per_purchase).toBeCloseTo((s?.spend ?? 0) / (s?.purchases ?? 1), 6);
    }
    traced(answer, question);
  });

  it('groups Reels and Feeds across platforms', async () => {
    const question = 'Reels vs Feed cpm last 30 days';
    const answer = await ask(question);
    const surface = (r: Flat) =>
      r.segment.platform_position?.endsWith('_reels')
        ? 'Reels'
        : r.segment.platform_position === 'feed'
          ? 'Feeds'
          : 'other';
    const bySurface = sums(
      fixture.breakdowns['publisher_platform,platform_position'],
      LAST_30.from,
      LAST_30.to,
      surface,
    );
    for (const row of tableRows(answer.message)) {
      const s = bySurface.get(String(row.name));
      expect(row.cpm).toBeCloseTo(((s?.spend ?? 0) / (s?.impressions ?? 1)) * 1000, 6);
    }
    expect(tableRows(answer.message).map((row) => row.name)).toEqual(['Reels', 'Feeds']);
    traced(answer, question);
  });

  it('sets video against images from the ads’ creative format, over every account', async () => {
    const question = 'video vs static images cpa in the last 30 days';
    const answer = await ask(question);
    const format = (r: Flat) =>
      r.ad === 'Hero clip' || r.ad === 'Guide clip' ? 'VIDEO' : r.ad?.endsWith('still') ? 'PHOTO' : 'SHARE';
    const byFormat = sums(fixture.adRows, LAST_30.from, LAST_30.to, format);
    for (const row of tableRows(answer.message))
      expect(row.cpa).toBeCloseTo(cpa(byFormat.get(String(row.format))), 6);
    expect(
      tableRows(answer.message)
        .map((row) => row.format)
        .sort(),
    ).toEqual(['PHOTO', 'VIDEO']);
    traced(answer, question);
  });
});

describe('segment values narrowing ordinary questions', () => {
  it('CPA on Instagram reads the placement rows of Instagram, and says they are estimates', async () => {
    const question = 'CPA on Instagram last 30 days';
    const answer = await ask(question);
    const instagram = sums(
      fixture.breakdowns['publisher_platform,platform_position'],
      LAST_30.from,
      LAST_30.to,
      () => 'all',
      (r) => r.segment.publisher_platform === 'instagram',
    ).get('all');
    const row = tableRows(answer.message)[0];
    expect(row?.publisher_platform).toBe('instagram');
    expect(row?.cpa).toBeCloseTo(cpa(instagram), 6);
    expect(analyticsText(answer.message)).toMatch(/\*\*Instagram\*\* in the last 30 days/);
    expect(analyticsText(answer.message)).toMatch(/Meta's placement breakdown, which Meta estimates/);
    traced(answer, question);
  });

  it('says a filtered list is read from Meta’s estimates, naming the segment', async () => {
    const answer = await ask('cpa by campaign on instagram last 30 days');
    expect(answer.message.reasoning.content).toMatch(/Meta's placement breakdown, which Meta estimates/);
    expect(answer.message.reasoning.content).toMatch(/Filtered to:\*\* Instagram/);
  });

  it('ranks campaigns within a segment from the breakdown rows', async () => {
    const question = 'top campaigns by ROAS on mobile in the last 30 days';
    const answer = await ask(question);
    const byCampaign = sums(
      fixture.breakdowns.device_platform,
      LAST_30.from,
      LAST_30.to,
      (r) => r.campaign,
      (r) => r.segment.device_platform !== 'desktop',
    );
    const rows = tableRows(answer.message);
    expect(rows.map((row) => row.campaign)).toEqual(
      [...byCampaign].sort((a, b) => roas(b[1]) - roas(a[1])).map(([c]) => c),
    );
    for (const row of rows) expect(row.roas).toBeCloseTo(roas(byCampaign.get(String(row.campaign))), 6);
    traced(answer, question);
  });

  it.each([
    ['ROAS by age in the UK', /separate breakdowns/],
    ['top ads by ctr on instagram last week', /per ad set, not per ad/],
    ['at what hour of the day do our ads convert best?', /hour of day/],
    ['iphone vs android users: ctr over the last 14 days', /operating system/],
  ])('declines %s with no figures', async (question, message) => {
    const answer = await ask(question);
    declines(answer.message);
    expect(answer.message.error?.content).toMatch(message);
  });
});

describe('follow-ups in a conversation', () => {
  it('"and by gender?" splits the same question by gender', async () => {
    const answer = await ask('and by gender?', ['ROAS by age group last 30 days']);
    const byGender = sums(
      fixture.breakdowns['age,gender'],
      LAST_30.from,
      LAST_30.to,
      (r) => r.segment.gender ?? '',
    );
    const rows = tableRows(answer.message);
    expect(rows.map((row) => row.gender).sort()).toEqual(['female', 'male']);
    for (const row of rows) expect(row.roas).toBeCloseTo(roas(byGender.get(String(row.gender))), 6);
  });

  it('"the first one" names the top segment of the split before', async () => {
    const byCountry = sums(
      fixture.breakdowns.country,
      LAST_30.from,
      LAST_30.to,
      (r) => r.segment.country ?? '',
    );
    const top = [...byCountry].sort((a, b) => b[1].spend - a[1].spend)[0];
    const answer = await ask("what's the roas of the first one?", ['spend by country last 30 days']);
    const rows = tableRows(answer.message);
    expect(rows.map((row) => row.country)).toEqual([top?.[0]]);
    expect(rows[0]?.roas).toBeCloseTo(roas(top?.[1]), 6);
    // "Break it down by device" is a new split, not a row of the old one.
    const split = await ask('break it down by device', ['spend by country last 30 days']);
    expect(
      tableRows(split.message)
        .map((row) => row.device_platform)
        .sort(),
    ).toEqual(['desktop', 'mobile_app', 'mobile_web']);
  });

  it('"what about mobile?" moves a filtered question to another segment', async () => {
    const answer = await ask('what about mobile?', ['CPA on Instagram last 30 days']);
    const mobile = sums(
      fixture.breakdowns.device_platform,
      LAST_30.from,
      LAST_30.to,
      () => 'all',
      (r) => r.segment.device_platform !== 'desktop',
    ).get('all');
    expect(tableRows(answer.message)[0]?.cpa).toBeCloseTo(cpa(mobile), 6);
  });
});
