import type { ReportSection } from '../../analyst/report';
import type { AssistantMessage } from '../../shared/api/answer';
import type { StreamEvent } from '../../shared/api/chat';

/** An ordinary answer as it streams: analytics, then reasoning, then insights. */
export function answerEvents(message: AssistantMessage): StreamEvent[] {
  return [
    {
      type: 'analytics',
      analytics: message.analytics,
      error: message.error ?? null,
      settings: message.settings ?? null,
      suggestions: message.suggestions,
    },
    { type: 'reasoning', reasoning: message.reasoning },
    {
      type: 'actionable_insights',
      actionable_insights: message.actionable_insights,
      suggestions: message.suggestions,
    },
  ];
}

/** One report section's three parts, in order. */
export function reportSectionEvents(section: ReportSection): StreamEvent[] {
  const { message, order } = section;
  return [
    {
      type: 'report_section',
      order,
      title: section.title,
      question: section.question,
      analytics: message.analytics,
    },
    { type: 'report_section_reasoning', order, reasoning: message.reasoning },
    {
      type: 'report_section_actionable',
      order,
      actionable_insights: message.actionable_insights,
      suggestions: message.suggestions,
    },
  ];
}
