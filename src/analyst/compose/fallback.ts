import type { AssistantMessage } from '../../shared/api/answer';
import { text } from './context';
import { assistantMessage } from './message';

const starters = [
  'How much did I spend last week?',
  'Which campaigns had the best ROAS last month?',
  'Why did my CPA go up?',
];

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

/** A question that is not about advertising: decline politely and steer back. */
export function refuseAnswer(): AssistantMessage {
  return assistantMessage(
    text(
      'I can only help with questions about your Meta Ads performance: spend, results, costs and how your campaigns, ad sets and ads are doing.',
    ),
    text('The question does not mention advertising data, so it was not answered.', 'How this was read'),
    text('Ask about your ads, for example one of the suggestions below.', 'Actionable insights'),
    starters,
  );
}
