import { addDays } from './calendar';
import type { AccountSpec, CampaignSpec } from './model';
import { northwindLearning } from './northwind-learning';
import { STOPPED_DAYS_AGO } from './scenario-effects';
import { summitGear } from './summit-gear';

/** The two accounts of the 'demo' size: a shop that sells and a school that collects leads. */
export const demoAccounts: readonly AccountSpec[] = [summitGear, northwindLearning];

function campaignNamed(account: AccountSpec, name: string): CampaignSpec {
  const campaign = account.campaigns.find((candidate) => candidate.name === name);
  if (!campaign) throw new Error(`Demo plan has no campaign ${name}`);
  return campaign;
}

function campaignRef(account: AccountSpec, name: string) {
  const campaign = campaignNamed(account, name);
  return { accountId: account.accountId, campaignId: campaign.id, campaignName: campaign.name };
}

function fatiguedAdRef(account: AccountSpec, campaignName: string, adName: string) {
  const campaign = campaignNamed(account, campaignName);
  for (const adSet of campaign.adSets) {
    const ad = adSet.ads.find((candidate) => candidate.name === adName);
    if (ad) {
      return {
        ...campaignRef(account, campaignName),
        adSetId: adSet.id,
        adSetName: adSet.name,
        adId: ad.id,
        adName: ad.name,
      };
    }
  }
  throw new Error(`Demo plan has no ad ${adName}`);
}

/**
 * Ground truth for the 'demo' size: which entities carry which story. Windows are counted back
 * from today: "last 7 days" is today-7..today-1, "the 7 before" is today-14..today-8.
 */
export const demoScenario = {
  salesAccount: { accountId: summitGear.accountId, name: summitGear.name },
  leadsAccount: { accountId: northwindLearning.accountId, name: northwindLearning.name },
  /** CPA (spend / purchases) of the last 7 days ≥ 1.4× the 7 before; conversion rate fell, CTR and CPM held. */
  cpaSpike: campaignRef(summitGear, 'Retargeting - Site Visitors 30d'),
  /** Daily frequency climbs ~1.3 → ~3.3 over the last 14 days; CTR of the last 7 days ≥ 30% below the 7 before. */
  fatiguedAd: fatiguedAdRef(summitGear, 'Prospecting - Lookalike 1% Purchasers', 'Video - Trail Tested #301'),
  /** Spend of the last 7 days ≥ 1.8× the 7 before (cost per lead nearly unchanged). */
  spendSurge: campaignRef(northwindLearning, 'Lead Gen - Webinar Registrations'),
  /** Paused `stoppedDaysAgo` days before today: its last row is the day before that. */
  stoppedCampaign: {
    ...campaignRef(summitGear, 'Promo - End of Season Sale'),
    stoppedDaysAgo: STOPPED_DAYS_AGO,
  },
  /** A campaign with no story: its CPA stays within ±15% week over week, like every campaign not named above. */
  steadyCampaign: campaignRef(summitGear, 'Prospecting - Broad'),
} as const;

/** The calendar days behind `demoScenario` for a given today ('YYYY-MM-DD'), both windows inclusive. */
export function demoScenarioDates(today: string) {
  return {
    lastWeek: { from: addDays(today, -7), to: addDays(today, -1) },
    previousWeek: { from: addDays(today, -14), to: addDays(today, -8) },
    /** The stopped campaign's first day without rows. */
    stoppedOn: addDays(today, -STOPPED_DAYS_AGO),
    stoppedCampaignLastDay: addDays(today, -STOPPED_DAYS_AGO - 1),
  };
}
