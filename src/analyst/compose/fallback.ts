import type { AssistantMessage } from '../../shared/api/answer';
import { text } from './context';
import { STARTERS as starters } from './decline';
import { assistantMessage } from './message';

/** A question we could not map: say so and offer questions we can answer, never a guess. */
export function clarifyAnswer(): AssistantMessage {
  return assistantMessage(
    text(
      'I could not tell which figure you are after. I can answer questions about spend, impressions, clicks, CTR, CPC, CPM, conversions, CPA, revenue and ROAS, by account, campaign, ad set or ad, for any period.',
    ),
    text(
      'No metric, campaign, ad set, ad or report could be recognised in the question, so no numbers were computed rather than guessing.',
      'How this was read',
    ),
    text('Try one of the suggested questions, or name a metric and a period.', 'Actionable insights'),
    starters,
  );
}

/**
 * A question the engine failed on through no fault of the asker: say so plainly, without internals,
 * and with no figures, so one broken question never takes the rest of a conversation or batch down.
 */
export function failureAnswer(): AssistantMessage {
  const message = assistantMessage(
    text('No figures were computed for this question.'),
    text('An internal error stopped the answer before any numbers were ready.', 'How this was read'),
    text(
      'Try asking again, or rephrase the question, for example as one of the suggestions below.',
      'Actionable insights',
    ),
    starters,
  );
  return {
    ...message,
    error: text(
      'This question could not be answered because of an internal error. Please try again, or ask one of the suggested questions.',
    ),
  };
}
