import type { AssistantMessage } from '../../shared/api/answer';
import type { Plan } from '../parse/plan';
import type { ComposeContext } from './context';
import { composeQuery } from './query-answer';

type AnomaliesPlan = Extract<Plan, { kind: 'anomalies' }>;

/** Placeholder until the anomaly composer lands: the overview shows the period's movers. */
export async function composeAnomalies(ctx: ComposeContext, plan: AnomaliesPlan): Promise<AssistantMessage> {
  return composeQuery(ctx, { ...plan, kind: 'overview' });
}
