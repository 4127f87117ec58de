import { type MetricKey, metrics } from '../../metrics';
import { findMetrics } from '../vocabulary';

/**
 * Questions ARLO answers today (totals, rankings, trends, period comparisons, "why"), offered in
 * place of one it can't answer. Each list is tailored to what the declined question was after.
 */
export const SUGGEST = {
  general: [
    'How much did I spend last month?',
    'Which campaigns had the best ROAS last month?',
    'Show my daily spend this month',
  ],
  results: [
    'What was my ROAS last month?',
    'Which campaigns drove the most revenue this month?',
    "Compare this month's conversions with last month",
  ],
  segments: [
    'Which campaigns had the best ROAS last month?',
    'Which ad sets had the lowest CPA last month?',
    "Compare this month's conversions with last month",
  ],
  timing: [
    'Show my daily CPA over the past two weeks',
    'Which day of the week is cheapest?',
    "Compare this week's spend with last week",
  ],
  funnel: [
    'What was my conversion rate last month?',
    'How many link clicks did I get last week?',
    'What was my cost per purchase this month?',
  ],
  video: [
    'How much did we spend on video ads last month?',
    'Which ads had the highest CTR last month?',
    'Which ads had the most impressions last week?',
  ],
  settings: [
    'Which campaigns spent the most last month?',
    'Show my daily spend this month',
    'Which ad sets had the lowest CPA last week?',
  ],
  creative: [
    'Which ads had the highest CTR last month?',
    'The top five ads by ROAS last month',
    'Which creatives need a refresh?',
  ],
  trends: [
    'Show my weekly ROAS since the start of the quarter',
    "Compare this month's spend with last month",
    'Why did CPA go up last week?',
  ],
  comparisons: [
    'How did my CTR this month compare with last month?',
    'Which campaigns had the highest CTR last month?',
    'What was my CPM last month?',
  ],
  returns: [
    "What's my ROI this month?",
    'What was my ROAS last month?',
    'How much revenue did I make last month?',
  ],
  actions: [
    'Which ads had the highest CPA over the past two weeks?',
    'Which campaigns spent the most last week?',
    'Why did CPA go up last week?',
  ],
} as const satisfies Record<string, readonly string[]>;

/** The metric's name as it reads mid-sentence: acronyms stay upper case. */
function metricName(key: MetricKey): string {
  const label = metrics[key].label;
  return /[a-z]/.test(label.slice(1)) ? label.toLowerCase() : label;
}

/** "Which campaigns had the lowest CPA last month?" for the metric the question named. */
function rankingFor(key: MetricKey): string {
  if (key === 'spend') return 'Which campaigns spent the most last month?';
  const definition = metrics[key];
  const best =
    definition.kind === 'sum' ? 'the most' : definition.better === 'lower' ? 'the lowest' : 'the highest';
  return `Which campaigns had ${best} ${metricName(key)} last month?`;
}

/**
 * The list, led by a ranking of the metric the question asked about when it named one
 * ("CTR by gender" → "Which campaigns had the highest CTR last month?").
 */
export function tailored(base: readonly string[], text: string): string[] {
  const metric = findMetrics(text)[0];
  if (!metric) return [...base];
  const ranking = rankingFor(metric);
  return [
    ranking,
    ...base.filter((question) => question !== ranking && !question.startsWith('Which campaigns')),
  ].slice(0, 3);
}
