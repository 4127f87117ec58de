import type { BreakdownKey } from '../../warehouse/graph-types';
import type { SegmentFields } from './graph-row';

/**
 * How one segment of a breakdown behaves against its ad set's average: its share of the spend,
 * then multipliers on CPM, link CTR, conversion rate, order value, landing-page arrivals per click,
 * 3-second plays per impression (hook) and plays held to the end (hold).
 */
export interface SegmentProfile {
  fields: SegmentFields;
  share: number;
  cpm: number;
  ctr: number;
  cvr: number;
  aov: number;
  lpv: number;
  hook: number;
  hold: number;
}

export interface BreakdownPlan {
  key: BreakdownKey;
  segments: SegmentProfile[];
}

type Row = [share: number, cpm: number, ctr: number, cvr: number, aov: number, hook: number, hold: number];

function profile(
  fields: SegmentFields,
  [share, cpm, ctr, cvr, aov, hook, hold]: Row,
  lpv = 1,
): SegmentProfile {
  return { fields, share, cpm, ctr, cvr, aov, lpv, hook, hold };
}

// 35-44 converts best with the biggest baskets, so it leads on ROAS and cost per result; the
// youngest click most and buy least. Ages as Meta reports them.
const AGES: [string, Row][] = [
  ['18-24', [0.13, 0.82, 1.12, 0.55, 0.8, 1.2, 0.8]],
  ['25-34', [0.27, 0.97, 1.05, 0.95, 0.95, 1.1, 0.9]],
  ['35-44', [0.24, 1.02, 1.0, 1.7, 1.12, 1.0, 1.0]],
  ['45-54', [0.17, 1.05, 0.95, 1.05, 1.05, 0.92, 1.1]],
  ['55-64', [0.11, 1.0, 0.88, 0.85, 1.0, 0.85, 1.15]],
  ['65+', [0.08, 0.92, 0.8, 0.7, 0.95, 0.8, 1.2]],
];

// Women click and buy more often; men spend more per order but less often overall.
const GENDERS: [string, Row][] = [
  ['female', [0.53, 1.04, 1.1, 1.2, 0.95, 1.05, 1.02]],
  ['male', [0.45, 0.96, 0.92, 0.8, 1.12, 0.95, 0.98]],
  ['unknown', [0.02, 0.9, 0.8, 0.6, 1.0, 0.9, 0.9]],
];

function ageGender(): SegmentProfile[] {
  const segments: SegmentProfile[] = [];
  for (const [age, a] of AGES) {
    for (const [gender, g] of GENDERS) {
      const row = a.map((value, i) => value * (g[i] as number)) as Row;
      segments.push(profile({ age, gender }, row));
    }
  }
  return segments;
}

// Canada is the cheap market that converts well: the lowest cost per purchase by far.
const COUNTRIES: [string, Row][] = [
  ['US', [0.8, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0]],
  ['CA', [0.08, 0.65, 1.05, 1.25, 0.95, 1.0, 1.0]],
  ['GB', [0.07, 1.05, 0.95, 0.9, 1.0, 1.0, 1.0]],
  ['AU', [0.05, 1.1, 0.92, 0.85, 1.05, 1.0, 1.0]],
];

// Reels are the cheapest impressions (Instagram's most of all) but convert below the feeds;
// Audience Network clicks are cheap and often accidental, so few reach the landing page.
const PLACEMENTS: [string, string, Row, number?][] = [
  ['facebook', 'feed', [0.3, 1.12, 1.1, 1.1, 1.0, 0.95, 1.05]],
  ['facebook', 'facebook_reels', [0.06, 0.64, 0.8, 0.75, 0.95, 1.3, 0.8]],
  ['facebook', 'facebook_stories', [0.05, 0.8, 0.85, 0.85, 1.0, 1.1, 0.85]],
  ['facebook', 'marketplace', [0.04, 0.9, 1.0, 1.0, 1.0, 0.8, 0.9]],
  ['instagram', 'feed', [0.2, 1.15, 1.0, 1.05, 1.0, 1.0, 1.05]],
  ['instagram', 'instagram_reels', [0.14, 0.5, 0.85, 0.8, 0.95, 1.35, 0.85]],
  ['instagram', 'instagram_stories', [0.1, 0.78, 0.9, 0.9, 1.0, 1.15, 0.85]],
  ['instagram', 'instagram_explore', [0.03, 0.95, 0.9, 0.9, 1.0, 1.0, 0.95]],
  ['audience_network', 'an_classic', [0.05, 0.72, 1.2, 0.35, 0.9, 0.8, 0.7], 0.5],
  ['messenger', 'messenger_stories', [0.03, 0.75, 0.7, 0.7, 1.0, 0.9, 0.8]],
];

// Most people buy in the app, where most of the money goes; desktop is dear but converts best.
const DEVICES: [string, Row, number][] = [
  ['mobile_app', [0.72, 0.95, 1.0, 0.9, 0.98, 1.05, 0.98], 0.95],
  ['mobile_web', [0.15, 1.0, 0.9, 0.75, 0.95, 0.95, 0.95], 1],
  ['desktop', [0.13, 1.35, 0.85, 2.2, 1.15, 0.8, 1.1], 1.1],
];

/** The four breakdowns ARLO syncs, each with its segments in Meta's values. */
export const breakdownPlans: readonly BreakdownPlan[] = [
  { key: 'age,gender', segments: ageGender() },
  { key: 'country', segments: COUNTRIES.map(([country, row]) => profile({ country }, row)) },
  {
    key: 'publisher_platform,platform_position',
    segments: PLACEMENTS.map(([publisher_platform, platform_position, row, lpv]) =>
      profile({ publisher_platform, platform_position }, row, lpv),
    ),
  },
  {
    key: 'device_platform',
    segments: DEVICES.map(([device_platform, row, lpv]) => profile({ device_platform }, row, lpv)),
  },
];

const AGE_BANDS: [string, number, number][] = [
  ['18-24', 18, 24],
  ['25-34', 25, 34],
  ['35-44', 35, 44],
  ['45-54', 45, 54],
  ['55-64', 55, 64],
  ['65+', 65, 200],
];

/**
 * Whether an ad set reaches an age band: an ad set named for an age range ("US 25-44",
 * "US 18-65+") delivers only to the bands that range touches; any other reaches every band.
 */
export function reachesAge(adSetName: string, band: string): boolean {
  const range = /\b(\d{2})-(\d{2})(\+?)(?!\d)/.exec(adSetName);
  if (!range) return true;
  const from = Number(range[1]);
  const to = range[3] ? 200 : Number(range[2]);
  const known = AGE_BANDS.find(([name]) => name === band);
  if (!known) return true;
  return known[1] <= to && known[2] >= from;
}
