import type { AssistantMessage } from '../../shared/api/answer';
import type { Plan } from '../parse/plan';
import { composeAdvice } from './advice';
import { composeAnomalies } from './anomalies';
import { composeChange } from './change';
import type { ComposeContext } from './context';
import { declineAnswer, refuseAnswer, unreadWordsAnswer } from './decline';
import { composeFatigue, composeWhy } from './diagnose';
import { clarifyAnswer } from './fallback';
import { composeFunnel } from './funnel';
import { composeSettings } from './objects';
import { composeQuery } from './query-answer';
import { composeWithinSegments } from './segment-filter';
import { composeSegments } from './segments';
import { titledMessage } from './titles';

/** The one dispatch from a plan to its composer, used by single answers and report sections alike. */
export async function composePlan(
  ctx: ComposeContext,
  plan: Exclude<Plan, { kind: 'report' }>,
  question = '',
): Promise<AssistantMessage> {
  return titledMessage(await composed(ctx, plan, question));
}

async function composed(
  ctx: ComposeContext,
  plan: Exclude<Plan, { kind: 'report' }>,
  question: string,
): Promise<AssistantMessage> {
  switch (plan.kind) {
    case 'total':
    case 'ranking':
    case 'series':
    case 'entity':
    case 'breakdown':
    case 'compare':
    case 'overview':
      return (await composeWithinSegments(ctx, plan)) ?? composeQuery(ctx, plan);
    case 'segment':
      return composeSegments(ctx, plan);
    case 'advice':
      return composeAdvice(ctx, plan);
    case 'change':
      return composeChange(ctx, plan, question);
    case 'anomalies':
      return composeAnomalies(ctx, plan);
    case 'why':
      return composeWhy(ctx, plan);
    case 'fatigue':
      return composeFatigue(ctx, plan);
    case 'funnel':
      return composeFunnel(ctx, plan);
    case 'settings':
      return composeSettings(ctx, plan);
    case 'decline':
      return declineAnswer(plan.message, plan.suggestions);
    case 'clarify':
      return plan.words?.length ? unreadWordsAnswer(plan.words) : clarifyAnswer();
    case 'refuse':
      return refuseAnswer();
  }
}
