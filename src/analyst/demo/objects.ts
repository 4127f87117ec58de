import type { GraphAd, GraphAdSet, GraphCampaign, GraphObjects } from '../../warehouse/graph-types';
import { isoDay } from './calendar';
import type { AccountSpec, AdSetSpec, AdSpec, CampaignSettings, CampaignSpec, Objective } from './model';

/** Budgets are set so a normal day spends this share of them: pacing reads about 92%. */
export const PACING = 0.92;

const DEFAULT_SETTINGS: CampaignSettings = { budget: 'campaign', bidStrategy: 'LOWEST_COST_WITHOUT_CAP' };

const GOALS: Record<Objective, string> = {
  OUTCOME_SALES: 'OFFSITE_CONVERSIONS',
  OUTCOME_LEADS: 'LEAD_GENERATION',
  OUTCOME_TRAFFIC: 'LINK_CLICKS',
  OUTCOME_AWARENESS: 'REACH',
  OUTCOME_ENGAGEMENT: 'POST_ENGAGEMENT',
};

const CALLS_TO_ACTION: Record<Objective, string> = {
  OUTCOME_SALES: 'SHOP_NOW',
  OUTCOME_LEADS: 'SIGN_UP',
  OUTCOME_TRAFFIC: 'LEARN_MORE',
  OUTCOME_AWARENESS: 'LEARN_MORE',
  OUTCOME_ENGAGEMENT: 'LEARN_MORE',
};

export function settingsOf(campaign: CampaignSpec): CampaignSettings {
  return campaign.settings ?? DEFAULT_SETTINGS;
}

/** Whole currency units: budgets people type are round numbers. */
function wholeUnitsInCents(amount: number): number {
  return Math.max(1, Math.round(amount)) * 100;
}

/** The campaign's daily budget in cents, when the budget is a daily one on the campaign. */
export function campaignDailyBudgetCents(campaign: CampaignSpec): number | undefined {
  const settings = settingsOf(campaign);
  if (settings.budget !== 'campaign') return undefined;
  return wholeUnitsInCents((campaign.dailyBudget * (settings.budgetChange ?? 1)) / PACING);
}

/** An ad set's daily budget in cents, when the campaign budgets per ad set. */
export function adSetDailyBudgetCents(campaign: CampaignSpec, adSet: AdSetSpec): number | undefined {
  const settings = settingsOf(campaign);
  if (settings.budget !== 'adset') return undefined;
  const share = adSet.weight / campaign.adSets.reduce((total, each) => total + each.weight, 0);
  return wholeUnitsInCents((campaign.dailyBudget * share * (settings.budgetChange ?? 1)) / PACING);
}

/** A lifetime budget in cents: the plan's daily spend over every planned day, to the hundred. */
export function lifetimeBudgetCents(campaign: CampaignSpec): number | undefined {
  const settings = settingsOf(campaign);
  if (settings.budget !== 'lifetime') return undefined;
  const days = (campaign.startDaysAgo ?? 0) + (settings.endsInDays ?? 0);
  return Math.round((campaign.dailyBudget * days) / PACING / 100) * 10_000;
}

function campaignStatus(campaign: CampaignSpec): 'ACTIVE' | 'PAUSED' {
  return campaign.stopDaysAgo === undefined ? 'ACTIVE' : 'PAUSED';
}

/**
 * The account's campaigns, ad sets and ads as `GET /act_<id>/campaigns|adsets|ads` return them
 * with ARLO's fields: statuses (a stopped campaign is PAUSED and its children CAMPAIGN_PAUSED),
 * budgets in cents on the campaign or on its ad sets (never both), bid strategies, goals, and
 * each ad's creative. `today` is days since 1970-01-01; `days` the history generated.
 */
export function buildObjects(account: AccountSpec, today: number, days: number): GraphObjects {
  const campaigns: GraphCampaign[] = [];
  const adsets: GraphAdSet[] = [];
  const ads: GraphAd[] = [];
  for (const campaign of account.campaigns) {
    const settings = settingsOf(campaign);
    const status = campaignStatus(campaign);
    const childStatus = status === 'PAUSED' ? 'CAMPAIGN_PAUSED' : 'ACTIVE';
    const onCampaign = settings.budget !== 'adset';
    const out: GraphCampaign = {
      id: campaign.id,
      name: campaign.name,
      objective: campaign.objective,
      status,
      effective_status: status,
    };
    const daily = campaignDailyBudgetCents(campaign);
    const lifetime = lifetimeBudgetCents(campaign);
    if (daily !== undefined) out.daily_budget = String(daily);
    if (lifetime !== undefined) out.lifetime_budget = String(lifetime);
    // With budgets on the ad sets, the bid strategy lives on each ad set, not on the campaign.
    if (onCampaign) out.bid_strategy = settings.bidStrategy;
    out.start_time = metaTime(today - (campaign.startDaysAgo ?? days), '00:00:00', account.timezone);
    if (settings.endsInDays !== undefined) {
      out.stop_time = metaTime(today + settings.endsInDays, '23:59:00', account.timezone);
    }
    campaigns.push(out);

    for (const adSet of campaign.adSets) {
      const set: GraphAdSet = {
        id: adSet.id,
        name: adSet.name,
        campaign_id: campaign.id,
        status: 'ACTIVE',
        effective_status: childStatus,
      };
      const adSetDaily = adSetDailyBudgetCents(campaign, adSet);
      if (adSetDaily !== undefined) set.daily_budget = String(adSetDaily);
      set.bid_strategy = settings.bidStrategy;
      set.optimization_goal = settings.optimizationGoal ?? GOALS[campaign.objective];
      adsets.push(set);
      for (const ad of adSet.ads) ads.push(adObject(account, campaign, adSet, ad, childStatus));
    }
  }
  return { campaigns, adsets, ads };
}

function adObject(
  account: AccountSpec,
  campaign: CampaignSpec,
  adSet: AdSetSpec,
  ad: AdSpec,
  inheritedStatus: 'ACTIVE' | 'CAMPAIGN_PAUSED',
): GraphAd {
  const status = ad.paused ? 'PAUSED' : 'ACTIVE';
  const format = creativeFormat(ad.name);
  const concept = conceptOf(ad.name);
  const creativeId = `1203${ad.id.slice(4)}`;
  return {
    id: ad.id,
    name: ad.name,
    adset_id: adSet.id,
    campaign_id: campaign.id,
    status,
    effective_status: ad.paused ? 'PAUSED' : inheritedStatus,
    creative: {
      id: creativeId,
      object_type: format,
      thumbnail_url: thumbnailUrl(creativeId, format),
      title: concept,
      body: `${LEADS[format]}${concept}. ${account.tagline}`,
      call_to_action_type: CALLS_TO_ACTION[campaign.objective],
    },
  };
}

const LEADS: Record<CreativeFormat, string> = { VIDEO: 'Watch: ', PHOTO: '', SHARE: 'Swipe through: ' };

type CreativeFormat = 'VIDEO' | 'PHOTO' | 'SHARE';

/** Meta's object_type from the ad's naming convention: videos and Reels, single images, the rest links. */
export function creativeFormat(adName: string): CreativeFormat {
  if (/^Video\b|\bReel\b/.test(adName)) return 'VIDEO';
  if (/^(Image|Static)\b/.test(adName)) return 'PHOTO';
  return 'SHARE';
}

/** "Video - Founder Story #101" → "Founder Story". */
function conceptOf(adName: string): string {
  return adName.replace(/^[^-]+ - /, '').replace(/ #\d+$/, '');
}

function thumbnailUrl(creativeId: string, format: CreativeFormat): string {
  const folder = format === 'VIDEO' ? 't15.5256-10' : 't45.1600-4';
  return `https://scontent.xx.fbcdn.net/v/${folder}/${creativeId}_n.jpg?stp=dst-jpg_s160x160&_nc_cat=1&ccb=1-7&_nc_sid=c02adf`;
}

/** Meta's time format, local to the account: "2026-05-24T00:00:00-0400". */
export function metaTime(epoch: number, time: string, timezone: string): string {
  const day = isoDay(epoch);
  const utc = Date.parse(`${day}T${time}Z`);
  // The offset of the local instant, found in two steps so a DST change that day is honoured.
  const offset = offsetMinutes(utc - offsetMinutes(utc, timezone) * 60_000, timezone);
  const sign = offset < 0 ? '-' : '+';
  const abs = Math.abs(offset);
  return `${day}T${time}${sign}${pad2(Math.floor(abs / 60))}${pad2(abs % 60)}`;
}

function offsetMinutes(instant: number, timezone: string): number {
  const name = new Intl.DateTimeFormat('en-US', { timeZone: timezone, timeZoneName: 'longOffset' })
    .formatToParts(new Date(instant))
    .find((part) => part.type === 'timeZoneName')?.value;
  const match = /GMT([+-])(\d{2}):(\d{2})/.exec(name ?? '');
  if (!match) return 0;
  const minutes = Number(match[2]) * 60 + Number(match[3]);
  return match[1] === '-' ? -minutes : minutes;
}

function pad2(n: number): string {
  return String(n).padStart(2, '0');
}
