import type { BreakdownKey, GraphBreakdownRow } from '../../warehouse/graph-types';
import { allocate } from './allocate';
import { type AdSetIdentity, type DailyAdMetrics, toBreakdownRow } from './graph-row';
import { noise, type Random } from './random';
import { type BreakdownPlan, breakdownPlans, reachesAge } from './segments';

const MAX_SEGMENTS = Math.max(...breakdownPlans.map((plan) => plan.segments.length));

/** Whole-number parts of one ad set's day, one array per metric, reused for every split. */
class Parts {
  readonly impressions = new Int32Array(MAX_SEGMENTS);
  readonly spend = new Int32Array(MAX_SEGMENTS);
  readonly linkClicks = new Int32Array(MAX_SEGMENTS);
  readonly otherClicks = new Int32Array(MAX_SEGMENTS);
  readonly landingPageViews = new Int32Array(MAX_SEGMENTS);
  readonly contentViews = new Int32Array(MAX_SEGMENTS);
  readonly addsToCart = new Int32Array(MAX_SEGMENTS);
  readonly checkouts = new Int32Array(MAX_SEGMENTS);
  readonly purchases = new Int32Array(MAX_SEGMENTS);
  readonly revenue = new Int32Array(MAX_SEGMENTS);
  readonly leads = new Int32Array(MAX_SEGMENTS);
  readonly clicks = new Int32Array(MAX_SEGMENTS);
  readonly videoViews = new Int32Array(MAX_SEGMENTS);
  readonly thruplays = new Int32Array(MAX_SEGMENTS);
  readonly p25 = new Int32Array(MAX_SEGMENTS);
  readonly p50 = new Int32Array(MAX_SEGMENTS);
  readonly p75 = new Int32Array(MAX_SEGMENTS);
  readonly p95 = new Int32Array(MAX_SEGMENTS);
  readonly p100 = new Int32Array(MAX_SEGMENTS);
  readonly reactions = new Int32Array(MAX_SEGMENTS);
  readonly comments = new Int32Array(MAX_SEGMENTS);
  readonly pageLikes = new Int32Array(MAX_SEGMENTS);
  readonly room = new Int32Array(MAX_SEGMENTS);
  readonly weights = new Float64Array(MAX_SEGMENTS);
}

/**
 * Splits each ad set's day (the sum of its ads' rows) over the segments of every breakdown, as
 * `GET /act_<id>/insights?level=adset&time_increment=1&breakdowns=<KEY>` would return it. Every
 * count and every cent of a day adds up to the ad set's total exactly; the funnel stays in order
 * within each segment (link clicks ≥ landing page views ≥ content views ≥ carts ≥ checkouts ≥
 * purchases). Segments differ by plan (see segments.ts); each ad set leans a little its own way.
 */
export class BreakdownWriter {
  readonly rows = {} as Record<BreakdownKey, GraphBreakdownRow[]>;
  private readonly parts = new Parts();
  private readonly leanings = new Map<string, Float64Array[]>();

  constructor(
    private readonly random: Random,
    private readonly plans: readonly BreakdownPlan[] = breakdownPlans,
  ) {
    for (const plan of plans) this.rows[plan.key] = [];
  }

  /** `ads` is how many ads the day's total sums: people seen by two ads count once in a segment. */
  write(adSet: AdSetIdentity, day: string, totals: DailyAdMetrics, ads: number): void {
    if (totals.impressions === 0) return;
    const leanings = this.leaningsOf(adSet);
    for (const [index, plan] of this.plans.entries()) {
      this.split(adSet, day, totals, ads, plan, leanings[index] as Float64Array);
    }
  }

  /** Each ad set's own lean on the plan's shares (its audience, its creatives), fixed for its life. */
  private leaningsOf(adSet: AdSetIdentity): Float64Array[] {
    let leanings = this.leanings.get(adSet.adset_id);
    if (!leanings) {
      leanings = this.plans.map((plan) =>
        Float64Array.from(plan.segments, (segment) => {
          const reached =
            segment.fields.age === undefined || reachesAge(adSet.adset_name, segment.fields.age);
          return reached ? segment.share * noise(this.random, 0.1) : 0;
        }),
      );
      this.leanings.set(adSet.adset_id, leanings);
    }
    return leanings;
  }

  private split(
    adSet: AdSetIdentity,
    day: string,
    t: DailyAdMetrics,
    ads: number,
    plan: BreakdownPlan,
    leaning: Float64Array,
  ): void {
    const { segments } = plan;
    const n = segments.length;
    const p = this.parts;
    const w = p.weights;
    const r = this.random;

    for (let i = 0; i < n; i++) w[i] = ((leaning[i] as number) * noise(r, 0.08)) / segOf(segments, i).cpm;
    allocate(t.impressions, w, null, n, r, p.impressions);
    for (let i = 0; i < n; i++) w[i] = (p.impressions[i] as number) * segOf(segments, i).cpm;
    allocate(t.spendCents, w, null, n, r, p.spend);

    for (let i = 0; i < n; i++) w[i] = (p.impressions[i] as number) * segOf(segments, i).ctr;
    allocate(t.linkClicks, w, p.impressions, n, r, p.linkClicks);
    for (let i = 0; i < n; i++) p.room[i] = (p.impressions[i] as number) - (p.linkClicks[i] as number);
    allocate(t.clicks - t.linkClicks, w, p.room, n, r, p.otherClicks);
    for (let i = 0; i < n; i++) p.clicks[i] = (p.linkClicks[i] as number) + (p.otherClicks[i] as number);

    // The funnel is split from the bottom up: each step is the step below plus its own extra
    // units, so it stays in order without caps. (Capping each step by the one above instead would
    // push lone purchases into the biggest segments, which have room most often.)
    for (let i = 0; i < n; i++) w[i] = (p.linkClicks[i] as number) * segOf(segments, i).cvr;
    allocate(t.purchases, w, p.linkClicks, n, r, p.purchases);
    stepUp(t.checkoutsInitiated - t.purchases, w, p.purchases, p.linkClicks, n, r, p, p.checkouts);
    stepUp(t.addsToCart - t.checkoutsInitiated, w, p.checkouts, p.linkClicks, n, r, p, p.addsToCart);
    allocate(t.leads, w, p.clicks, n, r, p.leads);
    for (let i = 0; i < n; i++) w[i] = (p.purchases[i] as number) * segOf(segments, i).aov;
    allocate(t.revenueCents, w, null, n, r, p.revenue);
    for (let i = 0; i < n; i++) w[i] = (p.linkClicks[i] as number) * segOf(segments, i).lpv;
    stepUp(t.landingPageViews - t.addsToCart, w, p.addsToCart, p.linkClicks, n, r, p, p.landingPageViews);
    stepUp(t.contentViews - t.addsToCart, w, p.addsToCart, p.landingPageViews, n, r, p, p.contentViews);

    for (let i = 0; i < n; i++) w[i] = (p.impressions[i] as number) * segOf(segments, i).hook;
    allocate(t.videoViews, w, p.impressions, n, r, p.videoViews);
    for (let i = 0; i < n; i++) w[i] = (p.videoViews[i] as number) * segOf(segments, i).hold;
    allocate(t.thruplays, w, p.videoViews, n, r, p.thruplays);
    allocate(t.videoP100, w, p.videoViews, n, r, p.p100);
    stepUp(t.videoP95 - t.videoP100, w, p.p100, p.videoViews, n, r, p, p.p95);
    stepUp(t.videoP75 - t.videoP95, w, p.p95, p.videoViews, n, r, p, p.p75);
    stepUp(t.videoP50 - t.videoP75, w, p.p75, p.videoViews, n, r, p, p.p50);
    stepUp(t.videoP25 - t.videoP50, w, p.p50, p.videoViews, n, r, p, p.p25);

    for (let i = 0; i < n; i++) w[i] = p.impressions[i] as number;
    allocate(t.reactions, w, null, n, r, p.reactions);
    allocate(t.comments, w, null, n, r, p.comments);
    allocate(t.pageLikes, w, null, n, r, p.pageLikes);

    // Unique people per impression of the ad set; its ads reach some of the same people.
    const reachPerImpression = (t.reach / t.impressions) * (ads > 1 ? 0.88 : 1);
    const out = this.rows[plan.key];
    for (let i = 0; i < n; i++) {
      const impressions = p.impressions[i] as number;
      // Meta sends no row for a segment the ad set did not reach that day.
      if (impressions === 0) continue;
      const reach = Math.round(impressions * reachPerImpression * noise(r, 0.03));
      const metrics: DailyAdMetrics = {
        spendCents: p.spend[i] as number,
        impressions,
        reach: Math.min(impressions, Math.max(1, reach)),
        clicks: p.clicks[i] as number,
        linkClicks: p.linkClicks[i] as number,
        landingPageViews: p.landingPageViews[i] as number,
        contentViews: p.contentViews[i] as number,
        videoViews: p.videoViews[i] as number,
        reactions: p.reactions[i] as number,
        comments: p.comments[i] as number,
        pageLikes: p.pageLikes[i] as number,
        addsToCart: p.addsToCart[i] as number,
        checkoutsInitiated: p.checkouts[i] as number,
        purchases: p.purchases[i] as number,
        revenueCents: p.revenue[i] as number,
        leads: p.leads[i] as number,
        thruplays: p.thruplays[i] as number,
        videoP25: p.p25[i] as number,
        videoP50: p.p50[i] as number,
        videoP75: p.p75[i] as number,
        videoP95: p.p95[i] as number,
        videoP100: p.p100[i] as number,
      };
      out.push(toBreakdownRow(adSet, day, metrics, segOf(segments, i).fields));
    }
  }
}

/** `out` = `below` plus `extra` units split by `weights`, each part at most its `ceiling`. */
function stepUp(
  extra: number,
  weights: Float64Array,
  below: Int32Array,
  ceiling: Int32Array,
  n: number,
  random: Random,
  parts: Parts,
  out: Int32Array,
): void {
  for (let i = 0; i < n; i++) parts.room[i] = (ceiling[i] as number) - (below[i] as number);
  allocate(extra, weights, parts.room, n, random, out);
  for (let i = 0; i < n; i++) out[i] = (out[i] as number) + (below[i] as number);
}

function segOf(segments: BreakdownPlan['segments'], i: number) {
  return segments[i] as BreakdownPlan['segments'][number];
}
