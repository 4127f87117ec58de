/** The chat's fixed texts. */
export const CHAT_TEXT = {
  connectionError: 'Connection error. Please try again.',
  sessionExpired: 'Session expired. Redirecting to login...',
  emptyAnswer:
    "I couldn't find the information you're looking for. This could be due to limited or missing data. Could you try asking in a different way or providing more context?",
  pastConversation:
    'You are viewing a past conversation. Please return to the current conversation to send messages.',
  connectNotice:
    'Welcome to ARLO! To start asking about your ads, please connect your Meta Ads account in Settings.',
} as const;

/** The side panel's Prompts: wordings the engine reads as a performance, revenue or creative report. */
export const REPORT_PROMPTS = [
  { label: 'Performance prompt', prompt: 'Performance report' },
  { label: 'Revenue prompt', prompt: 'Revenue report' },
  { label: 'Creative prompt', prompt: 'Creative report' },
] as const;

/** The empty state's six suggestion cards: questions the engine answers. */
export const STARTER_QUESTIONS = [
  'Top 5 campaigns by spend in the last 30 days',
  'How much did I spend in the last 7 days?',
  'What was my ROAS last week?',
  'Why did CPA go up this week?',
  'Which ads have the best CTR in the last 14 days?',
  'Spend by day in the last 30 days',
] as const;
