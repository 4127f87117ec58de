import type { AssistantMessage, ContentItem } from '../../shared/api/answer';
import { ANOMALY_THRESHOLD, type Recommendation } from '../insights';
import { type ComposeContext, text } from './context';
import { titledMessage, titledSection } from './titles';

const MAX_RECOMMENDATIONS = 4;
const MAX_SUGGESTIONS = 3;

/**
 * For a composer whose analytics part is final while its insights still need queries: hands the
 * part to `ctx.onAnalytics` (the chat stream's first event) and returns it for the message.
 */
export async function analyticsFirst(
  ctx: ComposeContext,
  analytics: ContentItem,
  suggestions: string[],
): Promise<{ analytics: ContentItem; suggestions: string[] }> {
  const shown = suggestions.slice(0, MAX_SUGGESTIONS);
  const titled = titledSection(analytics);
  await ctx.onAnalytics?.(titled, shown);
  return { analytics: titled, suggestions: shown };
}

export function assistantMessage(
  analytics: ContentItem,
  reasoning: ContentItem,
  actionable: ContentItem,
  suggestions: string[],
): AssistantMessage {
  return titledMessage({
    sender: 'lynceus',
    analytics,
    reasoning,
    actionable_insights: actionable,
    suggestions: suggestions.slice(0, MAX_SUGGESTIONS),
  });
}

/** The recommendations as a list, or a plain statement that nothing crossed the threshold. */
export function insightsSection(
  ctx: ComposeContext,
  recommendations: Recommendation[],
  lead: string[] = [],
  /** What to say when nothing is worth acting on, for an answer narrower than the whole account. */
  empty?: string,
): ContentItem {
  const lines = [...lead, ...recommendations.slice(0, MAX_RECOMMENDATIONS).map((r) => r.text)];
  if (lines.length === 0 && empty) return text(empty, 'Actionable insights');
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
