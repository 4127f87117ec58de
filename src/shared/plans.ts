/** The one paid plan: its name, features and prices. */
export const proPlan = {
  id: 'pro',
  name: 'Pro (Beta Access)',
  description: 'For everyday velocity',
  features: [
    'Access to the conversational AI',
    'Analyze data in real time',
    'Generate actionable insights',
    'Use playbooks',
    'Early feature access',
    'Feedback sessions and roadmap influence',
    'Recognition as a founding user',
  ],
  price: { monthly: 25, annually: 240 },
  annualSavingText: '$60 saved per year',
} as const;

export const FREE_QUESTIONS_PER_DAY = 3;
export type BillingPeriod = 'monthly' | 'annually';
