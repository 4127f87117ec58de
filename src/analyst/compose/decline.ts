import type { AssistantMessage } from '../../shared/api/answer';
import { text } from './context';
import { assistantMessage } from './message';

/** Questions every reader can ask next: what a decline or a clarification offers instead. */
export const STARTERS = [
  'How much did I spend last week?',
  'Which campaigns had the best ROAS last month?',
  'Why did my CPA go up?',
];

/**
 * A question ARLO cannot honour in full: the reply says which part and why, offers questions it can
 * answer, and carries no figures, so nothing in it can be mistaken for an answer.
 */
export function declineAnswer(message: string, suggestions: string[]): AssistantMessage {
  return {
    ...assistantMessage(
      // The reason itself is the error section; the web shows both, so it is not repeated here.
      text("I can't answer this one as asked."),
      text(
        'No figures were computed: answering a different question would give numbers you did not ask for.',
        'How this was read',
      ),
      text('Try one of the suggested questions.', 'Actionable insights'),
      suggestions,
    ),
    error: text(message),
  };
}

/** Words no rule could place: named back, never silently dropped. */
export function unreadWordsAnswer(words: string[]): AssistantMessage {
  const quoted = words.map((word) => `“${word}”`).join(', ');
  return declineAnswer(
    `I couldn't work out what ${quoted} means in your question, so I haven't answered rather than guess. I can answer questions about spend, impressions, clicks, CTR, CPC, CPM, conversions, CPA, revenue and ROAS, by account, campaign, ad set, ad, day, week or month.`,
    STARTERS,
  );
}

/** A question that is not about advertising: decline politely and steer back. */
export function refuseAnswer(): AssistantMessage {
  return declineAnswer(
    'I can only help with questions about your Meta Ads performance: spend, results, costs and how your campaigns, ad sets and ads are doing.',
    STARTERS,
  );
}
