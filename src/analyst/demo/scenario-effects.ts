import type { Effect } from './model';

// Scenario effects, anchored to the last days before today so they always end yesterday.

/** The conversion rate slides over the last 7 days (say, a price rise); CTR and CPM do not move. */
export const cpaSpike: Effect = (daysAgo) =>
  daysAgo <= 7 ? { conversionRate: [0.5, 0.5, 0.5, 0.52, 0.55, 0.6, 0.68][daysAgo - 1] } : undefined;

/** The budget was more than doubled 7 days ago; the auction gets slightly dearer as it scales. */
export const spendSurge: Effect = (daysAgo) =>
  daysAgo <= 7
    ? { spend: [2.3, 2.3, 2.3, 2.25, 2.2, 2.1, 1.9][daysAgo - 1], cpm: 1.02, conversionRate: 0.99 }
    : undefined;

/**
 * Creative fatigue over the last 14 days: the same people see the ad again and again (frequency
 * 1.3 → 3.3 per day) and click less each time (CTR down to 35% of normal by yesterday). Delivery
 * shifts some budget to sibling ads, as Meta's does, so the campaign as a whole holds up.
 */
const FATIGUE_DAYS = 14;
export const creativeFatigue: Effect = (daysAgo) => {
  if (daysAgo > FATIGUE_DAYS) return undefined;
  const progress = (FATIGUE_DAYS - daysAgo) / (FATIGUE_DAYS - 1);
  return { frequency: 1.3 + 2 * progress, ctr: 1 - 0.65 * progress, spend: 1 - 0.25 * progress };
};

/** The promo was paused 14 days before today, so its last row is 15 days back: none in the last 10 days. */
export const STOPPED_DAYS_AGO = 14;
