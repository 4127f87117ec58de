/**
 * Meta's rate-limit headers. Every answer says how close the app, the ad account and each business use
 * case (BUC) are to their limits; we slow down before hitting them rather than collect throttle errors.
 */

export interface BusinessUseCaseUsage {
  type?: string;
  callCount: number;
  totalCputime: number;
  totalTime: number;
  /** Minutes until the throttle lifts; 0 when not throttled. */
  estimatedTimeToRegainAccess: number;
}

export interface GraphUsage {
  /** The highest utilisation in percent across all headers (Meta throttles at 100). */
  maxPct: number;
  /** Longest `estimated_time_to_regain_access` seen, in ms; 0 when not throttled. */
  regainAccessMs: number;
  /** `x-ad-account-usage.reset_time_duration`, in ms; 0 when absent. */
  resetMs: number;
  app?: { callCount: number; totalCputime: number; totalTime: number };
  adAccount?: { accIdUtilPct: number; resetTimeDurationS: number };
  insightsThrottle?: { appIdUtilPct: number; accIdUtilPct: number };
  /** Keyed by business (or ad account) id, as Meta sends it. */
  businessUseCase?: Record<string, BusinessUseCaseUsage[]>;
}

/** Above this utilisation the client pauses before its next call. */
export const SLOWDOWN_THRESHOLD_PCT = 85;

const num = (value: unknown): number => {
  const n = typeof value === 'string' ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) && n > 0 ? n : 0;
};

function parseObject(headers: Headers, name: string): Record<string, unknown> | undefined {
  const raw = headers.get(name);
  if (!raw) return undefined;
  try {
    const value: unknown = JSON.parse(raw);
    return value && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined; // A malformed header must not fail an otherwise good answer.
  }
}

/** Reads the usage headers of one answer; undefined when it carried none. */
export function parseUsage(headers: Headers): GraphUsage | undefined {
  const app = parseObject(headers, 'x-app-usage');
  const account = parseObject(headers, 'x-ad-account-usage');
  const insights = parseObject(headers, 'x-fb-ads-insights-throttle');
  const buc = parseObject(headers, 'x-business-use-case-usage');
  if (!app && !account && !insights && !buc) return undefined;

  const usage: GraphUsage = { maxPct: 0, regainAccessMs: 0, resetMs: 0 };
  const pcts: number[] = [];
  if (app) {
    usage.app = {
      callCount: num(app.call_count),
      totalCputime: num(app.total_cputime),
      totalTime: num(app.total_time),
    };
    pcts.push(usage.app.callCount, usage.app.totalCputime, usage.app.totalTime);
  }
  if (account) {
    usage.adAccount = {
      accIdUtilPct: num(account.acc_id_util_pct),
      resetTimeDurationS: num(account.reset_time_duration),
    };
    pcts.push(usage.adAccount.accIdUtilPct);
    usage.resetMs = usage.adAccount.resetTimeDurationS * 1000;
  }
  if (insights) {
    usage.insightsThrottle = {
      appIdUtilPct: num(insights.app_id_util_pct),
      accIdUtilPct: num(insights.acc_id_util_pct),
    };
    pcts.push(usage.insightsThrottle.appIdUtilPct, usage.insightsThrottle.accIdUtilPct);
  }
  if (buc) {
    usage.businessUseCase = {};
    for (const [id, entries] of Object.entries(buc)) {
      if (!Array.isArray(entries)) continue;
      usage.businessUseCase[id] = entries
        .filter((e): e is Record<string, unknown> => Boolean(e) && typeof e === 'object')
        .map((e) => ({
          ...(typeof e.type === 'string' ? { type: e.type } : {}),
          callCount: num(e.call_count),
          totalCputime: num(e.total_cputime),
          totalTime: num(e.total_time),
          estimatedTimeToRegainAccess: num(e.estimated_time_to_regain_access),
        }));
      for (const e of usage.businessUseCase[id] ?? []) {
        pcts.push(e.callCount, e.totalCputime, e.totalTime);
        usage.regainAccessMs = Math.max(usage.regainAccessMs, e.estimatedTimeToRegainAccess * 60_000);
      }
    }
  }
  usage.maxPct = Math.max(0, ...pcts);
  return usage;
}

/**
 * How long to wait before the next call, given the last usage seen:
 * - throttled (`estimated_time_to_regain_access` > 0): at least that long, as Meta asks;
 * - above 85 %: a share of the reset window growing linearly from 0 at 85 % to the whole window at 100 %.
 *   The window is the ad account's `reset_time_duration` when given, else `fallbackWindowMs` (the client's
 *   maxDelayMs), since the app and BUC headers do not say when their rolling window frees up.
 */
export function pauseFor(usage: GraphUsage, fallbackWindowMs: number): number {
  let pause = usage.regainAccessMs;
  if (usage.maxPct > SLOWDOWN_THRESHOLD_PCT) {
    const share = Math.min(1, (usage.maxPct - SLOWDOWN_THRESHOLD_PCT) / (100 - SLOWDOWN_THRESHOLD_PCT));
    const window = usage.resetMs > 0 ? usage.resetMs : fallbackWindowMs;
    pause = Math.max(pause, Math.ceil(share * window));
  }
  return pause;
}
