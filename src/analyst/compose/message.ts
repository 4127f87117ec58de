import type { AssistantMessage, ContentItem } from '../../shared/api/answer';
import { ANOMALY_THRESHOLD, type Recommendation } from '../insights';
import { type ComposeContext, text } from './context';

const MAX_RECOMMENDATIONS = 4;

export function assistantMessage(
  analytics: ContentItem,
  reasoning: ContentItem,
  actionable: ContentItem,
  suggestions: string[],
): AssistantMessage {
  return {
    sender: 'lynceus',
    analytics,
    reasoning,
    actionable_insights: actionable,
    suggestions: suggestions.slice(0, 3),
  };
}

/** The recommendations as a list, or a plain statement that nothing crossed the threshold. */
export function insightsSection(
  ctx: ComposeContext,
  recommendations: Recommendation[],
  lead: string[] = [],
): ContentItem {
  const lines = [...lead, ...recommendations.slice(0, MAX_RECOMMENDATIONS).map((r) => r.text)];
  if (lines.length === 0) {
    const threshold = ctx.evidence.constant(
      ANOMALY_THRESHOLD * 100,
      `${ANOMALY_THRESHOLD * 100}%`,
      'anomaly threshold',
    );
    return text(
      `No campaign is more than ${threshold} better or worse than the average, and nothing moved that much against the previous period. Keep the current budget split and check again next week.`,
      'Actionable insights',
    );
  }
  return text(lines.map((line) => `- ${line}`).join('\n'), 'Actionable insights');
}
