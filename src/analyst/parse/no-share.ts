import { type MetricKey, metrics as registry } from '../metrics';
import type { Period, Plan } from './plan';

/**
 * A share of a ratio or of reach, asked of campaigns or of segments: no row's figure is a part of
 * the total, so none is shown, and the reply says why and what can be answered instead. `one`
 * names a single row: "campaign", "ad set", "placement".
 */
export function noShareOf(metric: MetricKey, one: string, range: Period): Plan {
  const name = registry[metric].label;
  const why =
    metric === 'reach'
      ? `reach counts unique people, and one person can be reached by several ${one}s, so their reach does not add up to a total`
      : `${name} is a ratio, and one ${one}'s ${name} is no part of a total ${name}`;
  return {
    kind: 'decline',
    message: `I can't give each ${one}'s share of ${name}: ${why}. I can show ${name} by ${one}, or each ${one}'s share of spend or of results.`,
    suggestions: [
      `${name} by ${one} ${range.label}`,
      `Share of spend by ${one} ${range.label}`,
      `Share of conversions by ${one} ${range.label}`,
    ],
  };
}
