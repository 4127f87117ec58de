import type { ComposeContext } from './compose/context';
import { percentChange } from './compose/evidence';
import { previousPeriod } from './dates';
import type { ResultRow } from './executor';
import { objectiveWords } from './objectives';
import type { Filters, Period } from './parse/plan';

/** Changes smaller than this are noise, not news (reports use a 20% threshold). */
export const ANOMALY_THRESHOLD = 0.2;
/** A campaign must carry this share of its group's spend and this many conversions before we judge it. */
export const MIN_SPEND_SHARE = 0.05;
export const MIN_CONVERSIONS = 3;

export interface Recommendation {
  /** Lower comes first: a campaign going dark, then sudden jumps, then scale-or-fix advice. */
  priority: number;
  /** Within a priority: the money the advice is about. */
  impact: number;
  text: string;
}

const num = (row: ResultRow | undefined, key: string): number =>
  typeof row?.[key] === 'number' ? (row[key] as number) : 0;

const metrics = ['spend', 'conversions', 'cpa'] as const;

/**
 * Data-backed advice at campaign level. Campaigns are judged against their peers, the campaigns
 * of the same objective and currency: a lead is cheaper than a purchase, so one average CPA over
 * both would call every sales campaign a loser. Each sentence quotes the figures it rests on.
 */
export async function campaignRecommendations(
  ctx: ComposeContext,
  range: Period,
  filters: Filters,
  compareWith?: { start: string; end: string },
): Promise<Recommendation[]> {
  const previous = compareWith ?? previousPeriod(range);
  const [now, before, peers] = await Promise.all([
    ctx.run({ metrics: [...metrics], dimensions: ['campaign'], filters, time: { range } }),
    ctx.run({ metrics: [...metrics], dimensions: ['campaign'], filters, time: { range: previous } }),
    // Peer averages come from the executor too, so they trace to a query like every other figure.
    ctx.run({ metrics: [...metrics], dimensions: ['objective'], filters, time: { range } }),
  ]);
  const objectiveOf = (row: ResultRow) =>
    ctx.catalog.objectiveByCampaign.get(String(row.campaign_id)) ?? 'UNKNOWN';
  const groupOf = (row: ResultRow) => `${objectiveOf(row)}|${row.currency ?? ''}`;
  const peerOf = (row: ResultRow) =>
    peers.rows.find((peer) => `${peer.objective}|${peer.currency ?? ''}` === groupOf(row));

  const out: Recommendation[] = [];
  for (const row of now.rows) {
    const peer = peerOf(row);
    const peerSpend = num(peer, 'spend');
    if (peerSpend <= 0 || num(row, 'spend') < peerSpend * MIN_SPEND_SHARE) continue;
    const earlier = before.rows.find((candidate) => candidate.campaign_id === row.campaign_id);
    const advice = scaleOrFix(ctx, row, peer) ?? undefined;
    if (advice) out.push(advice);
    const jump = cpaJump(ctx, row, earlier);
    if (jump) out.push(jump);
  }
  for (const earlier of before.rows) {
    const stillRunning = now.rows.some(
      (row) => row.campaign_id === earlier.campaign_id && num(row, 'spend') > 0,
    );
    const peerSpend = num(peerOf(earlier), 'spend');
    if (!stillRunning && num(earlier, 'spend') > 0 && num(earlier, 'spend') >= peerSpend * MIN_SPEND_SHARE) {
      out.push({
        priority: 0,
        impact: num(earlier, 'spend'),
        text: `**${earlier.campaign}** stopped spending: ${ctx.value(earlier, 'spend')} in the previous period, nothing in this one. Make sure that was intended.`,
      });
    }
  }
  return out.sort((a, b) => a.priority - b.priority || b.impact - a.impact);
}

function scaleOrFix(
  ctx: ComposeContext,
  row: ResultRow,
  peer: ResultRow | undefined,
): Recommendation | undefined {
  const cpa = num(row, 'cpa');
  const conversions = num(row, 'conversions');
  const average = num(peer, 'cpa');
  if (!peer || num(peer, 'conversions') === 0 || average <= 0) return undefined;
  const name = `**${row.campaign}**`;
  const peers = `the average of ${ctx.value(peer, 'cpa')} for ${objectiveWords(String(peer.objective), 'similar')} campaigns`;
  if (conversions >= MIN_CONVERSIONS && cpa <= average * (1 - ANOMALY_THRESHOLD)) {
    return {
      priority: 2,
      impact: num(row, 'spend'),
      text: `Scale ${name}: CPA ${ctx.value(row, 'cpa')}, ${ctx.evidence.change(average, cpa)} against ${peers}, on ${ctx.value(row, 'conversions')} conversions. Raise its budget step by step while CPA holds.`,
    };
  }
  if (conversions === 0) {
    return {
      priority: 2,
      impact: num(row, 'spend'),
      text: `Fix or pause ${name}: ${ctx.value(row, 'spend')} spent with no conversions while its peers converted. Check its tracking and offer, or move the budget.`,
    };
  }
  if (cpa >= average * (1 + ANOMALY_THRESHOLD)) {
    return {
      priority: 2,
      impact: num(row, 'spend'),
      text: `Fix or cut ${name}: CPA ${ctx.value(row, 'cpa')}, ${ctx.evidence.change(average, cpa)} against ${peers}, on ${ctx.value(row, 'spend')} of spend. Tighten its targeting or shift budget to cheaper campaigns.`,
    };
  }
  return undefined;
}

function cpaJump(
  ctx: ComposeContext,
  row: ResultRow,
  earlier: ResultRow | undefined,
): Recommendation | undefined {
  const before = num(earlier, 'cpa');
  const after = num(row, 'cpa');
  const enough = num(earlier, 'conversions') >= MIN_CONVERSIONS && num(row, 'conversions') >= MIN_CONVERSIONS;
  if (!earlier || !enough || before <= 0 || percentChange(before, after) < ANOMALY_THRESHOLD * 100)
    return undefined;
  return {
    priority: 1,
    impact: num(row, 'spend'),
    text: `Watch **${row.campaign}**: CPA rose ${ctx.evidence.change(before, after)} against the previous period (${ctx.value(earlier, 'cpa')} → ${ctx.value(row, 'cpa')}). Ask “why did CPA go up?” to see what moved.`,
  };
}

/** A campaign whose delivery or cost moved past the anomaly threshold between two periods. */
export interface CampaignMove {
  kind: 'stopped' | 'started' | 'spend' | 'cpa';
  campaign: string;
  before: ResultRow | undefined;
  now: ResultRow | undefined;
  /** The money the move is about: what it spends now, or spent before it stopped. */
  impact: number;
}

const moveOrder: Record<CampaignMove['kind'], number> = { stopped: 0, started: 0, spend: 1, cpa: 2 };

/**
 * Campaigns that stopped or started spending, or whose spend or CPA moved by the anomaly threshold
 * or more, against the period before. Only campaigns with a real share of their currency's spend
 * count, and CPA only on enough conversions in both periods; a dark campaign comes first.
 */
export async function campaignMoves(
  ctx: ComposeContext,
  range: Period,
  filters: Filters,
  compareWith?: { start: string; end: string },
): Promise<CampaignMove[]> {
  const previous = compareWith ?? previousPeriod(range);
  // The same queries as the recommendations, so an answer that shows both runs them once.
  const [now, before] = await Promise.all([
    ctx.run({ metrics: [...metrics], dimensions: ['campaign'], filters, time: { range } }),
    ctx.run({ metrics: [...metrics], dimensions: ['campaign'], filters, time: { range: previous } }),
  ]);
  const totalSpend = (rows: ResultRow[], currency: ResultRow['currency'] | undefined) =>
    rows.filter((row) => row.currency === currency).reduce((sum, row) => sum + num(row, 'spend'), 0);
  const matters = (row: ResultRow | undefined, rows: ResultRow[]) =>
    row !== undefined &&
    num(row, 'spend') > 0 &&
    num(row, 'spend') >= totalSpend(rows, row.currency) * MIN_SPEND_SHARE;
  const ids = [...new Set([...before.rows, ...now.rows].map((row) => row.campaign_id))];
  const moves: CampaignMove[] = [];
  for (const id of ids) {
    const after = now.rows.find((row) => row.campaign_id === id);
    const earlier = before.rows.find((row) => row.campaign_id === id);
    const campaign = String((after ?? earlier)?.campaign);
    const base = { campaign, before: earlier, now: after };
    const spentBefore = num(earlier, 'spend') > 0;
    const spentNow = num(after, 'spend') > 0;
    if (spentBefore && !spentNow) {
      if (matters(earlier, before.rows))
        moves.push({ ...base, kind: 'stopped', impact: num(earlier, 'spend') });
      continue;
    }
    if (!spentBefore && spentNow) {
      if (matters(after, now.rows)) moves.push({ ...base, kind: 'started', impact: num(after, 'spend') });
      continue;
    }
    if (!spentBefore || !(matters(after, now.rows) || matters(earlier, before.rows))) continue;
    const moved = (key: 'spend' | 'cpa') =>
      num(earlier, key) > 0 &&
      Math.abs(percentChange(num(earlier, key), num(after, key))) >= ANOMALY_THRESHOLD * 100;
    if (moved('spend')) moves.push({ ...base, kind: 'spend', impact: num(after, 'spend') });
    const converting =
      num(earlier, 'conversions') >= MIN_CONVERSIONS && num(after, 'conversions') >= MIN_CONVERSIONS;
    if (converting && moved('cpa')) moves.push({ ...base, kind: 'cpa', impact: num(after, 'spend') });
  }
  return moves.sort(
    (a, b) =>
      moveOrder[a.kind] - moveOrder[b.kind] || b.impact - a.impact || a.campaign.localeCompare(b.campaign),
  );
}
