import type { GraphAdAccount, GraphDataset } from '../../warehouse/graph-types';
import { epochDay, isoDay } from './calendar';
import { demoAccounts } from './demo-accounts';
import { largeAccount } from './large-account';
import type { AccountSpec } from './model';
import { buildObjects } from './objects';
import { mixSeed, mulberry32 } from './random';
import { simulateAccount } from './simulate';

export { demoScenario, demoScenarioDates } from './demo-accounts';
export { demoBreakdownScenario } from './demo-stories';

export interface DemoOptions {
  /** 'YYYY-MM-DD', the account's current date. Data ends yesterday (today - 1), always. */
  today: string;
  /** Days of history; default 180 for 'demo' and 365 for 'large'. */
  days?: number;
  /**
   * The most recent days that also get breakdown rows; default 62 for 'demo' (always the whole of
   * last month and the last 30 days) and 90 for 'large'. Breakdowns are about seven rows per ad
   * row: every day of them would make the demo's first import, and every test that loads it,
   * several times slower, and the large account's year of them (over a million rows, 2 GB)
   * would swamp the benchmarks.
   */
  breakdownDays?: number;
  seed?: number;
  /** 'demo': two believable accounts with scenarios; 'large': one big account for benchmarks. */
  size?: 'demo' | 'large';
}

export const DEFAULT_DEMO_SEED = 20261120;

// Salts of the per-account number streams; see AccountStreams.
const FUNNEL_SALT = 101;
const SEGMENTS_SALT = 201;
const LARGE_BREAKDOWN_DAYS = 90;
const DEMO_BREAKDOWN_DAYS = 62;

/**
 * Meta Graph data for simulated ad accounts, as `GET /me/adaccounts`, `GET /act_<id>/insights`
 * (level=ad, time_increment=1), the same at ad set level per breakdown, and the campaigns, ad sets
 * and ads edges would return it. Pure: the same options give the same bytes.
 */
export function generateDemoData(options: DemoOptions): GraphDataset {
  const size = options.size ?? 'demo';
  const days = options.days ?? (size === 'large' ? 365 : 180);
  if (!Number.isInteger(days) || days < 1) {
    throw new RangeError(`days must be a positive whole number, got ${days}`);
  }
  const breakdownDays = Math.min(
    days,
    options.breakdownDays ?? (size === 'large' ? LARGE_BREAKDOWN_DAYS : DEMO_BREAKDOWN_DAYS),
  );
  if (!Number.isInteger(breakdownDays) || breakdownDays < 0) {
    throw new RangeError(`breakdownDays must be a whole number ≥ 0, got ${options.breakdownDays}`);
  }
  const today = epochDay(options.today);
  const seed = options.seed ?? DEFAULT_DEMO_SEED;
  const accounts = size === 'large' ? [largeAccount()] : demoAccounts;
  const insights: GraphDataset['insights'] = {};
  const breakdowns: NonNullable<GraphDataset['breakdowns']> = {};
  const objects: NonNullable<GraphDataset['objects']> = {};
  for (const [index, account] of accounts.entries()) {
    const streams = {
      main: mulberry32(mixSeed(seed, index + 1)),
      funnel: mulberry32(mixSeed(seed, FUNNEL_SALT + index)),
      segments: mulberry32(mixSeed(seed, SEGMENTS_SALT + index)),
    };
    // The demo's segments are drawn for every day and only the recent ones kept, so its segment
    // stories read the same whatever window is kept. The large account draws only what it keeps.
    const drawn = size === 'large' ? breakdownDays : days;
    const simulated = simulateAccount(account, { today, days, breakdownDays: drawn }, streams);
    const key = `act_${account.accountId}`;
    insights[key] = simulated.insights;
    breakdowns[key] =
      drawn === breakdownDays ? simulated.breakdowns : recentRows(simulated.breakdowns, today, breakdownDays);
    objects[key] = buildObjects(account, today, days);
  }
  return { adAccounts: accounts.map(toGraphAdAccount), insights, breakdowns, objects };
}

/** Each key's rows for the last `days` days before today. */
function recentRows<T extends { date_start: string }>(
  byKey: Record<string, T[]>,
  today: number,
  days: number,
): Record<string, T[]> {
  const first = isoDay(today - days);
  return Object.fromEntries(
    Object.entries(byKey).map(([key, rows]) => [key, rows.filter((row) => row.date_start >= first)]),
  );
}

function toGraphAdAccount(account: AccountSpec): GraphAdAccount {
  return {
    account_id: account.accountId,
    id: `act_${account.accountId}`,
    name: account.name,
    account_status: 1,
    currency: account.currency,
    timezone_name: account.timezone,
  };
}
