import type { AssistantMessage } from '../../shared/api/answer';
import type { Plan } from '../parse/plan';
import { composeBreakdown, composeEntity, composeRanking, composeSeries, composeTotal } from './basic';
import type { ComposeContext } from './context';
import { composeFatigue, composeWhy } from './diagnose';
import { clarifyAnswer, refuseAnswer } from './fallback';

/** The one dispatch from a plan to its composer, used by single answers and report sections alike. */
export async function composePlan(
  ctx: ComposeContext,
  plan: Exclude<Plan, { kind: 'report' }>,
): Promise<AssistantMessage> {
  switch (plan.kind) {
    case 'total':
      return composeTotal(ctx, plan);
    case 'ranking':
      return composeRanking(ctx, plan);
    case 'series':
      return composeSeries(ctx, plan);
    case 'entity':
      return composeEntity(ctx, plan);
    case 'breakdown':
      return composeBreakdown(ctx, plan);
    case 'why':
      return composeWhy(ctx, plan);
    case 'fatigue':
      return composeFatigue(ctx, plan);
    case 'clarify':
      return clarifyAnswer();
    case 'refuse':
      return refuseAnswer();
  }
}
