import type { Fault, RequestKind } from './types';

const WINDOW_MS = 60_000;

export interface UsageContext {
  kind: RequestKind;
  /** The ad account the call is about, without 'act_'. */
  accountId?: string;
  throttle?: Extract<Fault, { kind: 'rate_limit' }>;
}

/**
 * The usage headers Meta sends so clients can slow down before they are throttled. Normal usage is
 * low and grows a little with the requests of the last minute (never above 20%); a rate-limit fault
 * reports its `usagePercent` everywhere.
 */
export class UsageMeter {
  private recent: number[] = [];

  constructor(private readonly now: () => number) {}

  record(): void {
    const now = this.now();
    this.recent.push(now);
    if (this.recent.length > 1000 || (this.recent[0] ?? now) < now - WINDOW_MS) {
      this.recent = this.recent.filter((at) => at >= now - WINDOW_MS);
    }
  }

  headers(context: UsageContext): Record<string, string> {
    const throttle = context.throttle;
    const percent = throttle
      ? (throttle.usagePercent ?? 100)
      : Math.min(20, Math.ceil(this.recent.length / 10));
    const cpu = throttle ? percent : Math.floor(percent / 2);
    const time = throttle ? percent : Math.floor((percent * 3) / 5);
    const regainSeconds = throttle ? (throttle.regainSeconds ?? 0) : 0;
    const headers: Record<string, string> = {
      'x-app-usage': JSON.stringify({ call_count: percent, total_cputime: cpu, total_time: time }),
    };
    const business: Record<string, unknown> = {};
    if (context.accountId) {
      headers['x-ad-account-usage'] = JSON.stringify({
        acc_id_util_pct: percent,
        // Seconds, as in Meta's docs.
        reset_time_duration: regainSeconds,
        ads_api_access_tier: 'development_access',
      });
      business[context.accountId] = [
        {
          type: isInsights(context.kind) ? 'ads_insights' : 'ads_management',
          call_count: percent,
          total_cputime: cpu,
          total_time: time,
          // Minutes, as in Meta's docs.
          estimated_time_to_regain_access: Math.ceil(regainSeconds / 60),
        },
      ];
    }
    // Meta keys this header by business object; calls about no ad account get an empty object.
    headers['x-business-use-case-usage'] = JSON.stringify(business);
    return headers;
  }
}

function isInsights(kind: RequestKind): boolean {
  return kind === 'insights' || kind === 'insights_async' || kind.startsWith('report_run');
}
