import type { AssistantMessage } from '../shared/api/answer';
import { composePlan } from './compose/compose-plan';
import type { ComposeContext } from './compose/context';
import { addDays, previousPeriod } from './dates';
import { unreadableTogether } from './dimensions';
import type { MetricKey } from './metrics';
import type { Filters, Period, Plan, ReportKind } from './parse/plan';

/** Reports cover 30 days and 7 days. */
export const REPORT_WINDOWS = [30, 7] as const;

export interface ReportSection {
  order: number;
  title: string;
  question: string;
  message: AssistantMessage;
}

function lastDays(today: string, days: number): Period {
  return { start: addDays(today, -days), end: addDays(today, -1), label: `the last ${days} days` };
}

function previous(range: Period): Period {
  return { ...previousPeriod(range), label: 'the period before' };
}

const overviewMetrics: Record<ReportKind, MetricKey[]> = {
  performance: ['spend', 'impressions', 'clicks', 'ctr', 'conversions', 'cpa', 'roas'],
  revenue: ['revenue', 'purchases', 'roas', 'aov', 'spend', 'cost_per_purchase'],
  creative: ['impressions', 'clicks', 'ctr', 'cpc', 'frequency', 'spend'],
};

const rankingMetric: Record<ReportKind, MetricKey> = { performance: 'cpa', revenue: 'roas', creative: 'ctr' };

interface SectionSpec {
  title: string;
  question: string;
  /** Only plans a report is made of; the type rules out nesting a report or a clarification. */
  plan: Extract<Plan, { kind: 'total' | 'ranking' | 'why' | 'fatigue' }>;
}

function sections(
  kind: ReportKind,
  today: string,
  filters: Filters,
  scopeNames: string[],
  /** Ads in scope are known to be videos and had plays in the month: the Creative report speaks of video. */
  videos = false,
): SectionSpec[] {
  const month = lastDays(today, REPORT_WINDOWS[0]);
  const week = lastDays(today, REPORT_WINDOWS[1]);
  const base = { filters, scopeNames, notes: [] as string[] };
  // Only where the ads are known to be videos: over image ads too, a hook rate reads as watered down.
  const videoFilters: Filters = [...filters, VIDEO_ADS];
  const videoSections: SectionSpec[] =
    kind === 'creative' && videos
      ? [
          {
            title: 'Video: last 30 days',
            question: 'How did the video ads hook and hold viewers, against the 30 days before?',
            plan: {
              ...base,
              filters: videoFilters,
              kind: 'total',
              range: month,
              metrics: ['video_views_3s', 'hook_rate', 'thruplays', 'hold_rate', 'cost_per_thruplay'],
              compare: previous(month),
            },
          },
          {
            title: 'Video hooks',
            question: 'Which video ads stop viewers best, and which hold them?',
            plan: {
              ...base,
              filters: videoFilters,
              kind: 'ranking',
              range: month,
              metric: 'hook_rate',
              level: 'ad',
              direction: 'desc',
              limit: 10,
              extraMetrics: ['hold_rate', 'video_views_3s', 'thruplays', 'cost_per_thruplay', 'spend'],
            },
          },
        ]
      : [];
  return [
    {
      title: 'Overview: last 30 days',
      question: 'How did the last 30 days compare with the 30 days before?',
      plan: {
        ...base,
        kind: 'total',
        range: month,
        metrics: overviewMetrics[kind],
        compare: previous(month),
      },
    },
    {
      title: 'Overview: last 7 days',
      question: 'How did the last 7 days compare with the 7 days before?',
      plan: { ...base, kind: 'total', range: week, metrics: overviewMetrics[kind], compare: previous(week) },
    },
    {
      title: 'Campaigns',
      question: `Which campaigns had the best ${rankingMetric[kind].toUpperCase()} in the last 30 days?`,
      plan: {
        ...base,
        kind: 'ranking',
        range: month,
        metric: kind === 'creative' ? 'spend' : rankingMetric[kind],
        level: 'campaign',
        direction: kind === 'performance' ? 'asc' : 'desc',
        limit: 10,
        extraMetrics: [],
      },
    },
    {
      title: 'Anomalies',
      question: `What moved ${kind === 'revenue' ? 'ROAS' : 'CPA'} in the last 7 days?`,
      plan: {
        ...base,
        kind: 'why',
        range: week,
        metric: kind === 'revenue' ? 'roas' : 'cpa',
        compare: previous(week),
      },
    },
    {
      title: 'Creatives',
      question: 'Which ads are fatigued, and which ads lead on CTR?',
      plan: { ...base, kind: 'fatigue', range: week, compare: previous(week) },
    },
    ...videoSections,
    {
      title: 'Budget',
      question: `Where should budget go, by ${kind === 'revenue' ? 'ROAS' : 'CPA'} over the last 30 days?`,
      plan: {
        ...base,
        kind: 'ranking',
        range: month,
        metric: kind === 'revenue' ? 'roas' : 'cpa',
        level: kind === 'creative' ? 'ad' : 'campaign',
        direction: kind === 'revenue' ? 'desc' : 'asc',
        limit: 10,
        extraMetrics: ['spend'],
      },
    },
  ];
}

/** A 30-day and 7-day review as ordered sections, each a full answer of its own. */
export async function buildReport(
  ctx: ComposeContext,
  plan: Extract<Plan, { kind: 'report' }>,
  reportQuestion: string,
  onSection?: (section: ReportSection) => Promise<void>,
): Promise<ReportSection[]> {
  const out: ReportSection[] = [];
  const videos = plan.report === 'creative' && (await videoPlays(ctx, plan.filters));
  const specs = sections(plan.report, ctx.today, plan.filters, plan.scopeNames, videos);
  for (const [order, spec] of specs.entries()) {
    const message = await composePlan(ctx, spec.plan);
    const section: ReportSection = {
      order,
      title: spec.title,
      question: spec.question,
      message: {
        ...message,
        isReportSection: true,
        reportQuestion,
        analytics: { ...message.analytics, header: spec.title },
      },
    };
    out.push(section);
    await onSection?.(section);
  }
  return out;
}

const VIDEO_ADS: Filters[number] = { dimension: 'format', op: 'in', values: ['VIDEO'] };

/**
 * One query by creative format over the report's month: whether ads known to be videos (their
 * formats synced) had three-second plays.
 */
async function videoPlays(ctx: ComposeContext, filters: Filters): Promise<boolean> {
  // A segment filter (age, placement…) cannot be read with the creative format.
  if (unreadableTogether(['format', ...filters.map((filter) => filter.dimension)])) return false;
  const month = lastDays(ctx.today, REPORT_WINDOWS[0]);
  const result = await ctx.run({
    metrics: ['video_views_3s'],
    dimensions: ['format'],
    filters,
    time: { range: { start: month.start, end: month.end } },
  });
  return result.rows.some((row) => row.format === 'VIDEO' && Number(row.video_views_3s ?? 0) > 0);
}

/** A whole report as one message (for `arlo ask`): each part lists the sections' parts in order. */
export function assembleReport(sections: ReportSection[]): AssistantMessage {
  const part = (key: 'analytics' | 'reasoning' | 'actionable_insights') => ({
    type: 'complex' as const,
    data: sections.map((section) => ({ ...section.message[key], header: section.title })),
  });
  return {
    sender: 'lynceus',
    analytics: part('analytics'),
    reasoning: part('reasoning'),
    actionable_insights: part('actionable_insights'),
    suggestions: sections.at(-1)?.message.suggestions ?? [],
    isReportSection: false,
    reportQuestion: sections[0]?.message.reportQuestion ?? '',
  };
}
