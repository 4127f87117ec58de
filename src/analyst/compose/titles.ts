import type { AssistantMessage, ContentItem } from '../../shared/api/answer';

/** A title starts upper-case ("ad sets: scale" → "Ad sets: scale"); the rest keeps its own case. */
export function sentenceCase(title: string): string {
  return title.charAt(0).toUpperCase() + title.slice(1);
}

function titled(item: ContentItem): ContentItem {
  const out: ContentItem = item.header ? { ...item, header: sentenceCase(item.header) } : { ...item };
  if (item.type === 'complex' && Array.isArray(item.data))
    out.data = (item.data as ContentItem[]).map((child) => titled(child));
  return out;
}

/** A section's title, and each title inside it, starts upper-case. */
export function titledSection(item: ContentItem): ContentItem {
  return titled(item);
}

/** The message with each part's titles upper-case first (see `titledSection`). */
export function titledMessage(message: AssistantMessage): AssistantMessage {
  return {
    ...message,
    analytics: titled(message.analytics),
    reasoning: titled(message.reasoning),
    actionable_insights: titled(message.actionable_insights),
    ...(message.error ? { error: titled(message.error) } : {}),
    ...(message.settings ? { settings: titled(message.settings) } : {}),
  };
}
