import type { Column } from '../../shared/api/answer';

/**
 * Columns of settings answers: labels and units for keys that are neither metrics nor dimensions.
 * A thumbnail is an image (an https URL on Meta's CDN); budgets are money in the row's currency.
 */
export const settingColumns: Readonly<Record<string, Omit<Column, 'key'>>> = {
  thumbnail_url: { label: 'Thumbnail', unit: 'image' },
  format: { label: 'Creative format', unit: 'text' },
  title: { label: 'Headline', unit: 'text' },
  body: { label: 'Primary text', unit: 'text' },
  call_to_action: { label: 'Call to action', unit: 'text' },
  status: { label: 'Status', unit: 'text' },
  effective_status: { label: 'Delivery (effective status)', unit: 'text' },
  budget_level: { label: 'Budget set on', unit: 'text' },
  daily_budget: { label: 'Daily budget', unit: 'money' },
  lifetime_budget: { label: 'Lifetime budget', unit: 'money' },
  budget_per_day: { label: 'Budget per day', unit: 'money' },
  budget_for_period: { label: 'Budget for the period', unit: 'money' },
  budget_used: { label: 'Budget used', unit: 'percent' },
  budget_left: { label: 'Budget left', unit: 'money' },
  days_left: { label: 'Days left', unit: 'count' },
  pace: { label: 'Pace', unit: 'text' },
  bid_strategy: { label: 'Bid strategy', unit: 'text' },
  optimization_goal: { label: 'Optimization goal', unit: 'text' },
  set_on: { label: 'Set on', unit: 'text' },
  start_day: { label: 'Starts', unit: 'date' },
  stop_day: { label: 'Ends', unit: 'date' },
};
