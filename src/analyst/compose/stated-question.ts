import type { AssistantMessage } from '../../shared/api/answer';
import { type MetricKey, metrics } from '../metrics';
import type { Having, Plan } from '../parse/plan';
import { type ComposeContext, levelLabel } from './context';
import { settingsStated } from './objects';
import { segmentStated } from './segment-words';
import { conditionWords, sentenceList } from './words';

function list(keys: readonly MetricKey[]): string {
  return sentenceList(keys.map((key) => metrics[key].label));
}

/**
 * The question as ARLO read it, in one line ("ROAS by ad set for Summer Sale, last month"), so a
 * reader sees how a follow-up or a loosely worded question was taken. Numbers in it (a limit, a
 * threshold) go through the evidence trail like any other.
 */
export function statedQuestion(ctx: ComposeContext, plan: Plan): string | undefined {
  if (!('range' in plan)) return undefined;
  const scope = plan.scopeNames.length ? ` for ${plan.scopeNames.join(', ')}` : '';
  const period = plan.range.label;
  const against = 'compare' in plan && plan.compare ? ` against ${plan.compare.label}` : '';
  const conditions = (having: Having | undefined) =>
    (having ?? []).map((h) => ` with ${conditionWords(ctx, h)}`).join(' and');
  switch (plan.kind) {
    case 'total':
      return `${list(plan.metrics)}${scope}, ${period}${against}`;
    case 'ranking': {
      if (plan.share && !plan.limit)
        return `each ${levelLabel[plan.level].one}'s ${metrics[plan.metric].label} and its share of the total${conditions(plan.having)}${scope}, ${period}`;
      const count = ctx.evidence.constant(plan.limit, String(plan.limit), 'rows asked for');
      const order = plan.direction === 'desc' ? 'highest' : 'lowest';
      return `top ${count} ${levelLabel[plan.level].many} by ${metrics[plan.metric].label} (${order} first)${conditions(plan.having)}${scope}, ${period}`;
    }
    case 'series':
      return `${list(plan.metrics)} per ${plan.grain}${plan.pick ? ` (${plan.pick === 'max' ? 'highest' : 'lowest'} singled out)` : ''}${scope}, ${period}`;
    case 'entity':
      return `${plan.metrics.length ? list(plan.metrics) : 'key figures'} for ${plan.entity.name}, ${period}${against}`;
    case 'breakdown':
      return `${metrics[plan.metric].label} by ${levelLabel[plan.childLevel].one} for ${plan.entity.name}, ${period}`;
    case 'compare':
      return `${list(plan.metrics)}: ${plan.groups.map((g) => g.label).join(' vs ')}${scope}, ${period}`;
    case 'overview':
      return `an overview${scope}, ${period}${against}`;
    case 'advice':
      return `${plan.action === 'rule' ? 'your rule' : `${plan.action} advice`} for ${levelLabel[plan.level].many}${conditions(plan.having)}${scope}, ${period}`;
    case 'change':
      return `what moved ${metrics[plan.metric].label}, by ${levelLabel[plan.level].one}${scope}, ${period}${against}`;
    case 'why':
      return `why ${metrics[plan.metric].label} moved${scope}, ${period}${against}`;
    case 'fatigue':
      return `creative fatigue${scope}, ${period}`;
    case 'funnel':
      return `the ${plan.funnel === 'video' ? 'video' : 'conversion'} funnel${plan.level ? ` by ${levelLabel[plan.level].one}` : ''}${scope}, ${period}${against}`;
    case 'segment':
      return segmentStated(ctx, plan, scope);
    case 'anomalies':
      return `anything unusual${scope}, ${period}${against}`;
    case 'settings':
      return settingsStated(ctx, plan, scope);
  }
}

/** Puts the question as read at the top of the reasoning. */
export function withStatedQuestion(
  ctx: ComposeContext,
  plan: Plan,
  message: AssistantMessage,
): AssistantMessage {
  const reasoning = message.reasoning;
  if (reasoning.type !== 'text' || !reasoning.content || message.error) return message;
  const stated = statedQuestion(ctx, plan);
  if (!stated) return message;
  return {
    ...message,
    reasoning: { ...reasoning, content: `- **Read as:** ${stated}.\n${reasoning.content}` },
  };
}
