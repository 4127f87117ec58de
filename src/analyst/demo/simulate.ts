import type { BreakdownKey, GraphBreakdownRow, GraphInsightRow } from '../../warehouse/graph-types';
import { BreakdownWriter } from './breakdowns';
import { dayOfWeek, isoDay } from './calendar';
import {
  type AdIdentity,
  type AdSetIdentity,
  type DailyAdMetrics,
  emptyMetrics,
  toGraphRow,
} from './graph-row';
import type { AccountSpec, AdSpec, CampaignSpec, DayEffect, Effect, Objective } from './model';
import { creativeFormat } from './objects';
import { noise, type Random } from './random';

/** What happens around the click, by objective: the part of the funnel a campaign does not tune. */
interface ObjectiveProfile {
  otherClicksPerLinkClick: number;
  landingPageViewsPerLinkClick: number;
  reactionsPerImpression: number;
  pageLikesPerImpression: number;
  /** Of the landing page views, the share that goes on to view a product (shops only). */
  contentViewsPerLandingPageView: number;
}

const profiles: Record<Objective, ObjectiveProfile> = {
  OUTCOME_SALES: {
    otherClicksPerLinkClick: 0.7,
    landingPageViewsPerLinkClick: 0.74,
    reactionsPerImpression: 0.0016,
    pageLikesPerImpression: 0.00005,
    contentViewsPerLandingPageView: 0.6,
  },
  // Lead ads open an instant form, so few clicks ever reach a landing page.
  OUTCOME_LEADS: {
    otherClicksPerLinkClick: 0.6,
    landingPageViewsPerLinkClick: 0.12,
    reactionsPerImpression: 0.0012,
    pageLikesPerImpression: 0.00008,
    contentViewsPerLandingPageView: 0,
  },
  OUTCOME_TRAFFIC: {
    otherClicksPerLinkClick: 0.45,
    landingPageViewsPerLinkClick: 0.8,
    reactionsPerImpression: 0.001,
    pageLikesPerImpression: 0.00004,
    contentViewsPerLandingPageView: 0.3,
  },
  OUTCOME_AWARENESS: {
    otherClicksPerLinkClick: 1.6,
    landingPageViewsPerLinkClick: 0.6,
    reactionsPerImpression: 0.0025,
    pageLikesPerImpression: 0.0002,
    contentViewsPerLandingPageView: 0.45,
  },
  OUTCOME_ENGAGEMENT: {
    otherClicksPerLinkClick: 2.2,
    landingPageViewsPerLinkClick: 0.55,
    reactionsPerImpression: 0.012,
    pageLikesPerImpression: 0.0006,
    contentViewsPerLandingPageView: 0.3,
  },
};

// Weekly seasonality, Sunday first: budgets pace a little lower at weekends, auctions are dearer
// then, and people buy most on Sunday and Monday evenings.
const SPEND_BY_WEEKDAY = [0.93, 1.04, 1.06, 1.05, 1.02, 0.97, 0.93];
const CPM_BY_WEEKDAY = [1.04, 0.98, 0.97, 0.98, 1.0, 1.02, 1.05];
const CONVERSION_BY_WEEKDAY = [1.07, 1.05, 1.0, 0.99, 0.97, 0.93, 0.98];

/** One ad set's running total for the day being simulated, split into breakdown rows at the day's end. */
interface PreparedAdSet {
  identity: AdSetIdentity;
  day: DailyAdMetrics;
  adsToday: number;
}

interface PreparedAd {
  identity: AdIdentity;
  adSet: PreparedAdSet;
  isVideo: boolean;
  /** How well the video holds viewers against the usual (short cuts hold better). */
  holdFactor: number;
  spendShare: number;
  ctrFactor: number;
  conversionFactor: number;
  startDaysAgo: number;
  effect: Effect | undefined;
}

interface PreparedCampaign {
  spec: CampaignSpec;
  profile: ObjectiveProfile;
  adSets: PreparedAdSet[];
  ads: PreparedAd[];
  /** Phases of slow (multi-week) drifts, so campaigns do not all breathe in step. */
  spendPhase: number;
  cpmPhase: number;
  conversionPhase: number;
  /**
   * Fractional conversions carried from one ad-day to the next: counts stay whole, yet a
   * campaign's total over any window is within one of its expected value, so its CPA only moves
   * when the plan says so instead of by rounding luck.
   */
  conversionCarry: number;
}

export interface SimulationWindow {
  /** Today as days since 1970-01-01: rows end the day before. */
  today: number;
  days: number;
  /** The most recent days that also get breakdown rows (at most `days`). */
  breakdownDays: number;
}

/**
 * The three independent number streams of one account. `main` drives the ad rows as they always
 * were; the funnel steps and video depths added later draw from `funnel`, and the breakdown
 * splits from `segments`, so adding those never moved a figure of the older fields.
 */
export interface AccountStreams {
  main: Random;
  funnel: Random;
  segments: Random;
}

export interface SimulatedAccount {
  insights: GraphInsightRow[];
  breakdowns: Record<BreakdownKey, GraphBreakdownRow[]>;
}

/**
 * Rows for every ad of the account and every day it ran, in date order, then in plan order; and
 * each ad set's day split by every breakdown, in the same order.
 */
export function simulateAccount(
  account: AccountSpec,
  window: SimulationWindow,
  streams: AccountStreams,
): SimulatedAccount {
  const random = streams.main;
  const campaigns = account.campaigns.map((campaign) =>
    prepareCampaign(account, campaign, random, streams.funnel),
  );
  const writer = new BreakdownWriter(streams.segments);
  const rows: GraphInsightRow[] = [];
  for (let epoch = window.today - window.days; epoch < window.today; epoch++) {
    const daysAgo = window.today - epoch;
    const day = isoDay(epoch);
    const weekday = dayOfWeek(epoch);
    const withBreakdowns = daysAgo <= window.breakdownDays;
    for (const campaign of campaigns) {
      const { spec } = campaign;
      if (daysAgo > (spec.startDaysAgo ?? Number.POSITIVE_INFINITY)) continue;
      if (daysAgo <= (spec.stopDaysAgo ?? 0)) continue;
      const campaignEffect = spec.effect?.(daysAgo);
      for (const ad of campaign.ads) {
        if (daysAgo > ad.startDaysAgo) continue;
        const effect = combine(campaignEffect, ad.effect?.(daysAgo));
        const metrics = simulateAdDay(account, campaign, ad, epoch, weekday, effect, random);
        addFunnelAndVideo(metrics, campaign, ad, streams.funnel);
        rows.push(toGraphRow(ad.identity, day, metrics));
        if (withBreakdowns) {
          addInto(ad.adSet.day, metrics);
          ad.adSet.adsToday++;
        }
      }
      for (const adSet of campaign.adSets) {
        if (adSet.adsToday === 0) continue;
        writer.write(adSet.identity, day, adSet.day, adSet.adsToday);
        adSet.day = emptyMetrics();
        adSet.adsToday = 0;
      }
    }
  }
  return { insights: rows, breakdowns: writer.rows };
}

function prepareCampaign(
  account: AccountSpec,
  spec: CampaignSpec,
  random: Random,
  funnelRandom: Random,
): PreparedCampaign {
  const adSetTotal = sum(spec.adSets.map((adSet) => adSet.weight));
  const adSets: PreparedAdSet[] = [];
  const ads: PreparedAd[] = [];
  for (const adSet of spec.adSets) {
    const adTotal = sum(adSet.ads.map((ad) => ad.weight));
    const preparedAdSet: PreparedAdSet = {
      identity: {
        account_id: account.accountId,
        account_name: account.name,
        account_currency: account.currency,
        campaign_id: spec.id,
        campaign_name: spec.name,
        objective: spec.objective,
        adset_id: adSet.id,
        adset_name: adSet.name,
      },
      day: emptyMetrics(),
      adsToday: 0,
    };
    adSets.push(preparedAdSet);
    for (const ad of adSet.ads) {
      ads.push({
        identity: {
          account_id: account.accountId,
          account_name: account.name,
          account_currency: account.currency,
          campaign_id: spec.id,
          campaign_name: spec.name,
          objective: spec.objective,
          adset_id: adSet.id,
          adset_name: adSet.name,
          ad_id: ad.id,
          ad_name: ad.name,
        },
        adSet: preparedAdSet,
        isVideo: creativeFormat(ad.name) === 'VIDEO',
        holdFactor: holdFactorOf(ad.name, funnelRandom),
        spendShare: (adSet.weight / adSetTotal) * (ad.weight / adTotal),
        // Creatives differ: some hook better, some sell better.
        ctrFactor: noise(random, 0.12),
        conversionFactor: noise(random, 0.1),
        startDaysAgo: startOf(ad),
        effect: ad.effect,
      });
    }
  }
  return {
    spec,
    profile: profiles[spec.objective],
    adSets,
    ads,
    spendPhase: random() * 2 * Math.PI,
    cpmPhase: random() * 2 * Math.PI,
    conversionPhase: random() * 2 * Math.PI,
    conversionCarry: random(),
  };
}

function simulateAdDay(
  account: AccountSpec,
  campaign: PreparedCampaign,
  ad: PreparedAd,
  epoch: number,
  weekday: number,
  effect: DayEffect,
  random: Random,
): DailyAdMetrics {
  const { spec, profile } = campaign;
  const spend =
    spec.dailyBudget *
    ad.spendShare *
    (SPEND_BY_WEEKDAY[weekday] ?? 1) *
    drift(epoch, 0.08, 53, campaign.spendPhase) *
    noise(random, 0.1) *
    (effect.spend ?? 1);
  const spendCents = Math.max(1, Math.round(spend * 100));
  const cpm =
    spec.cpm *
    (CPM_BY_WEEKDAY[weekday] ?? 1) *
    drift(epoch, 0.03, 67, campaign.cpmPhase) *
    noise(random, 0.05) *
    (effect.cpm ?? 1);
  const impressions = Math.max(1, Math.round((spendCents * 10) / cpm));
  const linkCtr = (spec.linkCtrPercent / 100) * ad.ctrFactor * noise(random, 0.07) * (effect.ctr ?? 1);
  const linkClicks = Math.round(impressions * linkCtr);
  const clicks = linkClicks + Math.round(linkClicks * profile.otherClicksPerLinkClick * noise(random, 0.15));
  const frequency = effect.frequency ?? spec.frequency * noise(random, 0.04);
  const reach = Math.min(impressions, Math.max(1, Math.round(impressions / frequency)));

  const expectedConversions =
    linkClicks *
    spec.conversionRate *
    ad.conversionFactor *
    (CONVERSION_BY_WEEKDAY[weekday] ?? 1) *
    drift(epoch, 0.02, 89, campaign.conversionPhase) *
    noise(random, 0.07) *
    (effect.conversionRate ?? 1);
  const carried = expectedConversions + campaign.conversionCarry;
  const conversions = Math.floor(carried);
  campaign.conversionCarry = carried - conversions;

  const reactions = Math.round(impressions * profile.reactionsPerImpression * noise(random, 0.25));
  const isSales = account.conversion === 'purchase';
  const purchases = isSales ? conversions : 0;
  // Carts and checkouts always outnumber purchases, as in a real funnel.
  const checkoutsInitiated = isSales
    ? purchases + Math.round(expectedConversions * 0.7 * noise(random, 0.2))
    : 0;
  // The order of the random draws below is the order they always had: reordering would move every figure.
  return {
    spendCents,
    impressions,
    reach,
    clicks,
    linkClicks,
    landingPageViews: Math.min(
      linkClicks,
      Math.round(linkClicks * profile.landingPageViewsPerLinkClick * noise(random, 0.05)),
    ),
    contentViews: 0,
    videoViews: ad.isVideo ? Math.round(impressions * 0.21 * noise(random, 0.1)) : 0,
    reactions,
    comments: Math.round(reactions * 0.05 * noise(random, 0.3)),
    pageLikes: Math.round(impressions * profile.pageLikesPerImpression * noise(random, 0.3)),
    addsToCart: isSales ? checkoutsInitiated + Math.round(expectedConversions * 1.8 * noise(random, 0.2)) : 0,
    checkoutsInitiated,
    purchases,
    revenueCents: Math.round(purchases * spec.averageOrderValue * noise(random, 0.12) * 100),
    leads: isSales ? 0 : conversions,
    thruplays: 0,
    videoP25: 0,
    videoP50: 0,
    videoP75: 0,
    videoP95: 0,
    videoP100: 0,
  };
}

/**
 * The funnel step between the landing page and the cart, and how far viewers watch a video ad,
 * drawn from the funnel stream. Also keeps the funnel in order where rounding small numbers could
 * put more carts than landing page views.
 */
function addFunnelAndVideo(
  m: DailyAdMetrics,
  campaign: PreparedCampaign,
  ad: PreparedAd,
  random: Random,
): void {
  if (m.landingPageViews < m.addsToCart) m.landingPageViews = Math.min(m.linkClicks, m.addsToCart);
  const browsing = Math.max(0, m.landingPageViews - m.addsToCart);
  const share = campaign.profile.contentViewsPerLandingPageView;
  m.contentViews =
    share > 0
      ? Math.min(m.landingPageViews, m.addsToCart + Math.round(browsing * share * noise(random, 0.08)))
      : m.addsToCart;
  if (!ad.isVideo || m.videoViews === 0) return;
  const hold = ad.holdFactor;
  const plays = m.videoViews;
  m.thruplays = Math.min(plays, Math.round(plays * 0.4 * hold * noise(random, 0.06)));
  m.videoP25 = Math.min(plays, Math.round(plays * 0.62 * Math.sqrt(hold) * noise(random, 0.04)));
  m.videoP50 = Math.min(m.videoP25, Math.round(m.videoP25 * 0.68 * hold * noise(random, 0.04)));
  m.videoP75 = Math.min(m.videoP50, Math.round(m.videoP50 * 0.73 * noise(random, 0.04)));
  m.videoP95 = Math.min(m.videoP75, Math.round(m.videoP75 * 0.7 * noise(random, 0.04)));
  m.videoP100 = Math.min(m.videoP95, Math.round(m.videoP95 * 0.9 * noise(random, 0.03)));
}

/** Short cuts and Reels keep viewers to the end more often than long films. */
function holdFactorOf(adName: string, random: Random): number {
  const drawn = noise(random, 0.1);
  if (/\b15s\b/.test(adName)) return 1.25 * drawn;
  if (/\b30s\b/.test(adName)) return 0.8 * drawn;
  if (/\bReel\b/.test(adName)) return 1.1 * drawn;
  return drawn;
}

function addInto(total: DailyAdMetrics, m: DailyAdMetrics): void {
  total.spendCents += m.spendCents;
  total.impressions += m.impressions;
  total.reach += m.reach;
  total.clicks += m.clicks;
  total.linkClicks += m.linkClicks;
  total.landingPageViews += m.landingPageViews;
  total.contentViews += m.contentViews;
  total.videoViews += m.videoViews;
  total.reactions += m.reactions;
  total.comments += m.comments;
  total.pageLikes += m.pageLikes;
  total.addsToCart += m.addsToCart;
  total.checkoutsInitiated += m.checkoutsInitiated;
  total.purchases += m.purchases;
  total.revenueCents += m.revenueCents;
  total.leads += m.leads;
  total.thruplays += m.thruplays;
  total.videoP25 += m.videoP25;
  total.videoP50 += m.videoP50;
  total.videoP75 += m.videoP75;
  total.videoP95 += m.videoP95;
  total.videoP100 += m.videoP100;
}

/** A slow swell of ±`amplitude` over `period` days: markets drift, they do not jump. */
function drift(epoch: number, amplitude: number, period: number, phase: number): number {
  return 1 + amplitude * Math.sin((2 * Math.PI * epoch) / period + phase);
}

function combine(a: DayEffect | undefined, b: DayEffect | undefined): DayEffect {
  if (!a) return b ?? {};
  if (!b) return a;
  return {
    spend: (a.spend ?? 1) * (b.spend ?? 1),
    cpm: (a.cpm ?? 1) * (b.cpm ?? 1),
    ctr: (a.ctr ?? 1) * (b.ctr ?? 1),
    conversionRate: (a.conversionRate ?? 1) * (b.conversionRate ?? 1),
    frequency: b.frequency ?? a.frequency,
  };
}

function startOf(ad: AdSpec): number {
  return ad.startDaysAgo ?? Number.POSITIVE_INFINITY;
}

function sum(values: number[]): number {
  return values.reduce((total, value) => total + value, 0);
}
