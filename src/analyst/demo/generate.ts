import type { GraphAdAccount, GraphDataset } from '../../warehouse/graph-types';
import { epochDay } from './calendar';
import { demoAccounts } from './demo-accounts';
import { largeAccount } from './large-account';
import type { AccountSpec } from './model';
import { mixSeed, mulberry32 } from './random';
import { simulateAccount } from './simulate';

export { demoScenario, demoScenarioDates } from './demo-accounts';

export interface DemoOptions {
  /** 'YYYY-MM-DD', the account's current date. Data ends yesterday (today - 1), always. */
  today: string;
  /** Days of history; default 180 for 'demo' and 365 for 'large'. */
  days?: number;
  seed?: number;
  /** 'demo': two believable accounts with scenarios; 'large': one big account for benchmarks. */
  size?: 'demo' | 'large';
}

export const DEFAULT_DEMO_SEED = 20261120;

/**
 * Meta Graph insights (level=ad, time_increment=1) for simulated ad accounts, as `GET /me/adaccounts`
 * and `GET /act_<id>/insights` would return them. Pure: the same options give the same bytes.
 */
export function generateDemoData(options: DemoOptions): GraphDataset {
  const size = options.size ?? 'demo';
  const days = options.days ?? (size === 'large' ? 365 : 180);
  if (!Number.isInteger(days) || days < 1) {
    throw new RangeError(`days must be a positive whole number, got ${days}`);
  }
  const today = epochDay(options.today);
  const seed = options.seed ?? DEFAULT_DEMO_SEED;
  const accounts = size === 'large' ? [largeAccount()] : demoAccounts;
  const insights: GraphDataset['insights'] = {};
  for (const [index, account] of accounts.entries()) {
    const random = mulberry32(mixSeed(seed, index + 1));
    insights[`act_${account.accountId}`] = simulateAccount(account, { today, days }, random);
  }
  return { adAccounts: accounts.map(toGraphAdAccount), insights };
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
