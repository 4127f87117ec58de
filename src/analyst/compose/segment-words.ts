import { type MetricKey, metrics } from '../metrics';
import type { Plan } from '../parse/plan';
import { splitWords } from '../parse/segment-plan';
import type { ComposeContext } from './context';
import { sentenceList } from './words';

type SegmentPlan = Extract<Plan, { kind: 'segment' }>;

/** A metric's name mid-sentence: "cost per purchase", but "ROAS" and "CPA" stay in capitals. */
export function metricWords(key: MetricKey): string {
  const label = metrics[key].label;
  return /[a-z]/.test(label.slice(1)) ? label.charAt(0).toLowerCase() + label.slice(1) : label;
}

/** The question as read: "ROAS by age group (highest first), October 2026", "CPA: Men vs Women, …". */
export function segmentStated(ctx: ComposeContext, plan: SegmentPlan, scope: string): string {
  const names = sentenceList(plan.metrics.map((key) => metrics[key].label));
  const period = plan.range.label;
  if (plan.share) {
    const parts = plan.share.parts.map((part) => part.label);
    const of = parts.length ? ` of ${sentenceList(parts)}` : '';
    return `share${of} in ${metricWords(metrics[plan.metric].kind === 'sum' ? plan.metric : 'spend')} by ${splitWords(plan.by)}${scope}, ${period}`;
  }
  if (plan.sides) return `${names}: ${plan.sides.map((side) => side.label).join(' vs ')}${scope}, ${period}`;
  const order = plan.direction === 'desc' ? 'highest' : 'lowest';
  const top = plan.limit
    ? `top ${ctx.evidence.constant(plan.limit, String(plan.limit), 'rows asked for')} `
    : '';
  return `${top}${splitWords(plan.by, true)} by ${metrics[plan.metric].label} (${order} first)${scope}, ${period}`;
}
