import type { GraphInsightRow } from '../../warehouse/graph-types';
import { dayOfWeek, isoDay } from './calendar';
import { type AdIdentity, type DailyAdMetrics, toGraphRow } from './graph-row';
import type { AccountSpec, AdSpec, CampaignSpec, DayEffect, Effect, Objective } from './model';
import { noise, type Random } from './random';

/** What happens around the click, by objective: the part of the funnel a campaign does not tune. */
interface ObjectiveProfile {
  otherClicksPerLinkClick: number;
  landingPageViewsPerLinkClick: number;
  reactionsPerImpression: number;
  pageLikesPerImpression: number;
}

const profiles: Record<Objective, ObjectiveProfile> = {
  OUTCOME_SALES: {
    otherClicksPerLinkClick: 0.7,
    landingPageViewsPerLinkClick: 0.74,
    reactionsPerImpression: 0.0016,
    pageLikesPerImpression: 0.00005,
  },
  // Lead ads open an instant form, so few clicks ever reach a landing page.
  OUTCOME_LEADS: {
    otherClicksPerLinkClick: 0.6,
    landingPageViewsPerLinkClick: 0.12,
    reactionsPerImpression: 0.0012,
    pageLikesPerImpression: 0.00008,
  },
  OUTCOME_TRAFFIC: {
    otherClicksPerLinkClick: 0.45,
    landingPageViewsPerLinkClick: 0.8,
    reactionsPerImpression: 0.001,
    pageLikesPerImpression: 0.00004,
  },
  OUTCOME_AWARENESS: {
    otherClicksPerLinkClick: 1.6,
    landingPageViewsPerLinkClick: 0.6,
    reactionsPerImpression: 0.0025,
    pageLikesPerImpression: 0.0002,
  },
  OUTCOME_ENGAGEMENT: {
    otherClicksPerLinkClick: 2.2,
    landingPageViewsPerLinkClick: 0.55,
    reactionsPerImpression: 0.012,
    pageLikesPerImpression: 0.0006,
  },
};

// Weekly seasonality, Sunday first: budgets pace a little lower at weekends, auctions are dearer
// then, and people buy most on Sunday and Monday evenings.
const SPEND_BY_WEEKDAY = [0.93, 1.04, 1.06, 1.05, 1.02, 0.97, 0.93];
const CPM_BY_WEEKDAY = [1.04, 0.98, 0.97, 0.98, 1.0, 1.02, 1.05];
const CONVERSION_BY_WEEKDAY = [1.07, 1.05, 1.0, 0.99, 0.97, 0.93, 0.98];

interface PreparedAd {
  identity: AdIdentity;
  isVideo: boolean;
  spendShare: number;
  ctrFactor: number;
  conversionFactor: number;
  startDaysAgo: number;
  effect: Effect | undefined;
}

interface PreparedCampaign {
  spec: CampaignSpec;
  profile: ObjectiveProfile;
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
}

/** Rows for every ad of the account and every day it ran, in date order, then in plan order. */
export function simulateAccount(
  account: AccountSpec,
  window: SimulationWindow,
  random: Random,
): GraphInsightRow[] {
  const campaigns = account.campaigns.map((campaign) => prepareCampaign(account, campaign, random));
  const rows: GraphInsightRow[] = [];
  for (let epoch = window.today - window.days; epoch < window.today; epoch++) {
    const daysAgo = window.today - epoch;
    const day = isoDay(epoch);
    const weekday = dayOfWeek(epoch);
    for (const campaign of campaigns) {
      const { spec } = campaign;
      if (daysAgo > (spec.startDaysAgo ?? Number.POSITIVE_INFINITY)) continue;
      if (daysAgo <= (spec.stopDaysAgo ?? 0)) continue;
      const campaignEffect = spec.effect?.(daysAgo);
      for (const ad of campaign.ads) {
        if (daysAgo > ad.startDaysAgo) continue;
        const effect = combine(campaignEffect, ad.effect?.(daysAgo));
        const metrics = simulateAdDay(account, campaign, ad, epoch, weekday, effect, random);
        rows.push(toGraphRow(ad.identity, day, metrics));
      }
    }
  }
  return rows;
}

function prepareCampaign(account: AccountSpec, spec: CampaignSpec, random: Random): PreparedCampaign {
  const adSetTotal = sum(spec.adSets.map((adSet) => adSet.weight));
  const ads: PreparedAd[] = [];
  for (const adSet of spec.adSets) {
    const adTotal = sum(adSet.ads.map((ad) => ad.weight));
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
        isVideo: ad.name.startsWith('Video'),
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
    videoViews: ad.isVideo ? Math.round(impressions * 0.21 * noise(random, 0.1)) : 0,
    reactions,
    comments: Math.round(reactions * 0.05 * noise(random, 0.3)),
    pageLikes: Math.round(impressions * profile.pageLikesPerImpression * noise(random, 0.3)),
    addsToCart: isSales ? checkoutsInitiated + Math.round(expectedConversions * 1.8 * noise(random, 0.2)) : 0,
    checkoutsInitiated,
    purchases,
    revenueCents: Math.round(purchases * spec.averageOrderValue * noise(random, 0.12) * 100),
    leads: isSales ? 0 : conversions,
  };
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
