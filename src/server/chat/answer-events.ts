import type { ReportSection } from '../../analyst/report';
import type { AssistantMessage } from '../../shared/api/answer';
import type { StreamEvent } from '../../shared/api/chat';

/** An ordinary answer as SPEC.md section 4 streams it: analytics, then reasoning, then insights. */
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
    { type: 'actionable_insights', actionable_insights: message.actionable_insights, suggestions: message.suggestions },
  ];
}

/** A report: each section's three parts in order (order 0 first), then the completion event. */
export function reportEvents(sections: ReportSection[], requested: number): StreamEvent[] {
  const events: StreamEvent[] = [];
  for (const section of sections) {
    const { message, order } = section;
    events.push(
      { type: 'report_section', order, title: section.title, question: section.question, analytics: message.analytics },
      { type: 'report_section_reasoning', order, reasoning: message.reasoning },
      {
        type: 'report_section_actionable',
        order,
        actionable_insights: message.actionable_insights,
        suggestions: message.suggestions,
      },
    );
  }
  events.push({ type: 'report_complete', total_sections: sections.length, total_requested: requested });
  return events;
}
