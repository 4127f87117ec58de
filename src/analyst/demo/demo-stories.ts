import { demoAccounts, demoScenario } from './demo-accounts';
import type { AccountSpec } from './model';
import { northwindLearning } from './northwind-learning';
import {
  adSetDailyBudgetCents,
  campaignDailyBudgetCents,
  creativeFormat,
  lifetimeBudgetCents,
  PACING,
  settingsOf,
} from './objects';
import { summitGear } from './summit-gear';

interface PlannedBudget {
  accountId: string;
  campaignId: string;
  campaignName: string;
  /** Set for an ad set budget; a campaign budget leaves both unset. */
  adSetId?: string;
  adSetName?: string;
  /** In the account currency's MAJOR unit (dollars), as ARLO stores them. */
  dailyBudget?: number;
  lifetimeBudget?: number;
  bidStrategy: string;
}

function budgetsOf(account: AccountSpec): PlannedBudget[] {
  const budgets: PlannedBudget[] = [];
  for (const campaign of account.campaigns) {
    const base = {
      accountId: account.accountId,
      campaignId: campaign.id,
      campaignName: campaign.name,
      bidStrategy: settingsOf(campaign).bidStrategy,
    };
    const daily = campaignDailyBudgetCents(campaign);
    const lifetime = lifetimeBudgetCents(campaign);
    if (daily !== undefined) budgets.push({ ...base, dailyBudget: daily / 100 });
    if (lifetime !== undefined) budgets.push({ ...base, lifetimeBudget: lifetime / 100 });
    for (const adSet of campaign.adSets) {
      const adSetDaily = adSetDailyBudgetCents(campaign, adSet);
      if (adSetDaily !== undefined) {
        budgets.push({ ...base, adSetId: adSet.id, adSetName: adSet.name, dailyBudget: adSetDaily / 100 });
      }
    }
  }
  return budgets;
}

function pausedAds() {
  const paused = [];
  for (const account of demoAccounts) {
    for (const campaign of account.campaigns) {
      for (const adSet of campaign.adSets) {
        for (const ad of adSet.ads) {
          if (!ad.paused) continue;
          paused.push({
            accountId: account.accountId,
            campaignId: campaign.id,
            campaignName: campaign.name,
            adSetId: adSet.id,
            adSetName: adSet.name,
            adId: ad.id,
            adName: ad.name,
          });
        }
      }
    }
  }
  return paused;
}

function videoAds(account: AccountSpec) {
  return account.campaigns.flatMap((campaign) =>
    campaign.adSets.flatMap((adSet) =>
      adSet.ads.filter((ad) => creativeFormat(ad.name) === 'VIDEO').map((ad) => ad.id),
    ),
  );
}

/**
 * Ground truth for the breakdowns, funnel, video and settings of the 'demo' size. The segment
 * stories hold in both accounts over any window of 30 days or more (ROAS where there is revenue,
 * cost per result everywhere); the settings are the same whatever the date.
 */
export const demoBreakdownScenario = {
  segments: {
    /** Highest ROAS and lowest cost per purchase or lead of the six age bands. */
    bestAgeBand: '35-44',
    /** Women: higher ROAS and lower cost per result than men. */
    bestGender: 'female',
    /** Lowest cost per purchase or lead of the countries (US, CA, GB, AU). */
    cheapestCountryByCpa: 'CA',
    /** Lowest CPM of the placements; Facebook Reels is the second cheapest. */
    cheapestPlacementByCpm: { publisher_platform: 'instagram', platform_position: 'instagram_reels' },
    /** Most purchases and leads, and most spend. */
    topDeviceByConversions: 'mobile_app',
    /** Highest conversion rate (conversions per link click), and the dearest CPM. */
    bestDeviceByConversionRate: 'desktop',
    ages: ['18-24', '25-34', '35-44', '45-54', '55-64', '65+'],
    genders: ['female', 'male', 'unknown'],
    countries: ['US', 'CA', 'GB', 'AU'],
    devices: ['mobile_app', 'mobile_web', 'desktop'],
  },
  /** Stopped 14 days ago: status PAUSED; its ad sets and ads ACTIVE with effective_status CAMPAIGN_PAUSED. */
  pausedCampaign: demoScenario.stoppedCampaign,
  /** Paused on their own this morning (status and effective_status PAUSED); they ran through yesterday. */
  pausedAds: pausedAds(),
  /** Budgets as set in Ads Manager, sized so spend runs at about `pacing` of a daily budget. */
  pacing: PACING,
  budgets: [...budgetsOf(summitGear), ...budgetsOf(northwindLearning)],
  /** Ads whose creative object_type is VIDEO: only these have 3-second plays, ThruPlays and video depths. */
  videoAdIds: [...videoAds(summitGear), ...videoAds(northwindLearning)],
} as const;
