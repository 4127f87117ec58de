/**
 * The plan a simulated account follows: budgets and funnel rates per campaign, how spend splits
 * over ad sets and ads, and the day-by-day effects that make a scenario (a spike, a surge, fatigue).
 */
export type Objective =
  | 'OUTCOME_SALES'
  | 'OUTCOME_LEADS'
  | 'OUTCOME_TRAFFIC'
  | 'OUTCOME_AWARENESS'
  | 'OUTCOME_ENGAGEMENT';

/** Multipliers on one day's normal behaviour; `frequency` replaces the day's frequency outright. */
export interface DayEffect {
  spend?: number;
  cpm?: number;
  ctr?: number;
  conversionRate?: number;
  frequency?: number;
}

/** `daysAgo` is 1 for yesterday (the last day with data), 7 for a week before today. */
export type Effect = (daysAgo: number) => DayEffect | undefined;

export interface AdSpec {
  id: string;
  name: string;
  /** Share of the ad set's spend, relative to its sibling ads. */
  weight: number;
  /** First day with rows, in days before today; unset means it ran for the whole history. */
  startDaysAgo?: number;
  effect?: Effect;
  /** Paused on its own this morning: it ran through yesterday, so its rows are those of a live ad. */
  paused?: boolean;
}

export interface AdSetSpec {
  id: string;
  name: string;
  /** Share of the campaign's spend, relative to its sibling ad sets. */
  weight: number;
  ads: AdSpec[];
}

export interface CampaignSpec {
  id: string;
  name: string;
  objective: Objective;
  /** Average spend per day in the account currency, before weekday and noise. */
  dailyBudget: number;
  /** Cost per 1,000 impressions. */
  cpm: number;
  /** Link clicks per 100 impressions. */
  linkCtrPercent: number;
  /** Purchases (sales accounts) or leads (lead accounts) per link click; 0 for upper-funnel campaigns. */
  conversionRate: number;
  /** Impressions per person per day. */
  frequency: number;
  /** Revenue per purchase; only sales accounts use it. */
  averageOrderValue: number;
  startDaysAgo?: number;
  /** The day the campaign was paused, in days before today: rows stop the day before. */
  stopDaysAgo?: number;
  effect?: Effect;
  /** How the campaign is set up in Ads Manager; unset means one daily campaign budget, lowest cost. */
  settings?: CampaignSettings;
  adSets: AdSetSpec[];
}

export type BidStrategy =
  | 'LOWEST_COST_WITHOUT_CAP'
  | 'COST_CAP'
  | 'LOWEST_COST_WITH_BID_CAP'
  | 'LOWEST_COST_WITH_MIN_ROAS';

export interface CampaignSettings {
  /**
   * Where the money is set: one daily budget on the campaign, a daily budget on each ad set, or one
   * lifetime budget on the campaign spread from its start to `endsInDays`.
   */
  budget: 'campaign' | 'adset' | 'lifetime';
  bidStrategy: BidStrategy;
  /** Meta's optimization_goal for the campaign's ad sets; unset means the objective's usual goal. */
  optimizationGoal?: string;
  /** For a lifetime budget: the planned end, in days after today. */
  endsInDays?: number;
  /** Today's budget over the plan's usual one, when it was raised for a scenario (default 1). */
  budgetChange?: number;
}

export interface AccountSpec {
  accountId: string;
  name: string;
  currency: string;
  timezone: string;
  /** What a conversion is in this account. */
  conversion: 'purchase' | 'lead';
  /** The sentence every ad's text ends with, after the creative's own line. */
  tagline: string;
  campaigns: CampaignSpec[];
}

/** Meta-style 18-digit ids, unique per level and position, with the position readable in the digits. */
export function metaId(accountNo: number, level: 1 | 2 | 3, campaign: number, adSet = 0, ad = 0): string {
  const position = `${accountNo}${level}${pad2(campaign)}${pad2(adSet)}${pad2(ad)}`;
  // Scrambled middle digits so ids do not look like counters; still a pure function of the position.
  const scrambled = (Math.imul(Number(position), 2654435761) >>> 0) % 1_000_000;
  return `1202${String(scrambled).padStart(6, '0')}${position}`;
}

function pad2(n: number): string {
  return String(n).padStart(2, '0');
}
