import type { AssistantMessage, Column, ContentItem, DataRow } from '../../shared/api/answer';
import { segmentValueLabel } from '../dimensions';
import type { ResultRow } from '../executor';
import type { Plan } from '../parse/plan';
import { type ComposeContext, complex, text } from './context';
import { type Funnel, funnelsIn, levelUnreadable, paired, stepsBy } from './funnel-query';
import { type Path, pathMetrics, type StepSpec, stepCount, type Walked, walk } from './funnel-steps';
import { assistantMessage, insightsSection } from './message';
import { reasoningSection } from './reasoning';
import { sentenceList } from './words';

type FunnelPlan = Extract<Plan, { kind: 'funnel' }>;

const columns: Column[] = [
  { key: 'step', label: 'Step', unit: 'text' },
  { key: 'count', label: 'Count', unit: 'count' },
  { key: 'continue_rate', label: 'Reached from the step before', unit: 'percent' },
  { key: 'cost_per_step', label: 'Cost per step', unit: 'money' },
  { key: 'count_before', label: 'Count before', unit: 'count' },
  { key: 'continue_rate_before', label: 'Reached before', unit: 'percent' },
  { key: 'currency', label: 'Currency', unit: 'text' },
];

const capitalise = (words: string) => words.charAt(0).toUpperCase() + words.slice(1);
const label = (step: StepSpec) => capitalise(step.share ? `${step.words} ${step.share}%` : step.words);

/**
 * The funnel from the impression to the result: each step's count, the share of the step before
 * that reaches it, the cost per step, and the biggest drop named. Steps a pixel does not report
 * are said to be untracked, never shown as the leak. An account mixing lead and sales campaigns
 * gets one funnel per path, each from its own query.
 */
export async function composeFunnel(ctx: ComposeContext, plan: FunnelPlan): Promise<AssistantMessage> {
  const [now, earlier] = await Promise.all([
    funnelsIn(ctx, plan, plan.range),
    plan.compare ? funnelsIn(ctx, plan, plan.compare) : [],
  ]);
  const funnels = paired(now, earlier);
  const items: ContentItem[] = [];
  const lead: string[] = [];
  if (!funnels.length) items.push(text(noData(ctx, plan)));
  for (const funnel of funnels) {
    const walked = walk(funnel.row, funnel.path);
    const { lines, advice } = describe(ctx, plan, funnel, walked, funnels.length > 1);
    items.push(text(lines.join('\n'), funnels.length > 1 ? funnel.title : undefined));
    items.push(stepsTable(funnel, walked, Boolean(plan.compare)));
    lead.push(...advice);
  }
  const paths = [...new Set(funnels.map((funnel) => funnel.path))];
  if (funnels.length) items.push(...(await stepsBy(ctx, plan, paths)));
  const shownMetrics = paths.flatMap((path) => pathMetrics(path));
  const message = assistantMessage(
    complex(items),
    reasoningSection(ctx, {
      ...plan,
      metrics: [...new Set(shownMetrics)],
      steps: reasoningSteps(paths, funnels.length > 1),
    }),
    insightsSection(ctx, [], lead, 'No step calls for a specific fix on these figures.'),
    suggestions(plan),
  );
  // The part of the question that cannot be read is named, next to the part answered.
  const unread = levelUnreadable(plan);
  return unread ? { ...message, error: text(unread) } : message;
}

function stepWords(ctx: ComposeContext, step: StepSpec): string {
  if (!step.share) return step.words;
  return `${step.words} ${ctx.evidence.constant(step.share, `${step.share}%`, 'share of the video played')}`;
}

interface Drop {
  from: StepSpec;
  to: StepSpec;
  rate: number;
}

/** The steps from the first action on (the click, or the three-second play): impressions to it is CTR or hook rate. */
function dropsOf(row: ResultRow, shown: StepSpec[]): Drop[] {
  const drops: Drop[] = [];
  for (let i = 2; i < shown.length; i++) {
    const from = shown[i - 1] as StepSpec;
    const to = shown[i] as StepSpec;
    const before = stepCount(row, from.metric);
    if (before > 0) drops.push({ from, to, rate: stepCount(row, to.metric) / before });
  }
  return drops;
}

function describe(
  ctx: ComposeContext,
  plan: FunnelPlan,
  funnel: Funnel,
  { shown, untracked }: Walked,
  several: boolean,
): { lines: string[]; advice: string[] } {
  const { row } = funnel;
  const chain = shown.map((step, i) => {
    const figure = `${i === 0 ? capitalise(stepWords(ctx, step)) : stepWords(ctx, step)} ${ctx.value(row, step.metric)}`;
    const previous = shown[i - 1];
    if (!previous || stepCount(row, previous.metric) === 0) return figure;
    return `${figure} (${ctx.evidence.rate(stepCount(row, step.metric), stepCount(row, previous.metric))})`;
  });
  const what =
    funnel.path === 'video' ? 'Video funnel' : several ? `${capitalise(funnel.path)} funnel` : 'Funnel';
  // "Video funnel for Video": the title already says which ads a video funnel is about.
  const video = segmentValueLabel('format', 'VIDEO');
  const names = plan.scopeNames.filter((name) => funnel.path !== 'video' || name !== video);
  const scope = names.length ? ` for ${sentenceList(names)}` : '';
  const lines = [
    `${what}${scope} in ${ctx.period(plan.range)}: ${chain.join(' → ')}. In brackets, the share of the step before that reached each step.`,
  ];
  const advice: string[] = [];
  const worst = dropsOf(row, shown)
    .filter((drop) => drop.rate < 1)
    .sort((a, b) => a.rate - b.rate)[0];
  if (worst) {
    const reached = ctx.evidence.rate(stepCount(row, worst.to.metric), stepCount(row, worst.from.metric));
    const cost =
      worst.to.cost && typeof row[worst.to.cost] === 'number'
        ? `, at ${ctx.value(row, worst.to.cost)} per ${singular(worst.to)}`
        : '';
    lines.push(
      `The biggest drop is from ${stepWords(ctx, worst.from)} to ${stepWords(ctx, worst.to)}: ${reached} continue (${ctx.value(row, worst.to.metric)} of ${ctx.value(row, worst.from.metric)})${cost}.`,
    );
    if (worst.to.advice) advice.push(worst.to.advice);
    const before = funnel.before;
    const fromBefore = stepCount(before ?? {}, worst.from.metric);
    if (before && plan.compare && fromBefore > 0)
      lines.push(
        `In ${ctx.period(plan.compare)}, ${ctx.evidence.rate(stepCount(before, worst.to.metric), fromBefore)} continued at that step (${ctx.value(before, worst.to.metric)} of ${ctx.value(before, worst.from.metric)}).`,
      );
  } else if (shown.length > 2) {
    lines.push('No step after the first loses people: each step reaches at least as many as the one before.');
  }
  lines.push(...resultAgainst(ctx, plan, funnel, shown));
  if (funnel.path === 'video') lines.push(...videoLines(ctx, row));
  if (funnel.note) lines.push(funnel.note);
  if (funnel.path === 'lead')
    lines.push(
      'Content views, adds to cart and checkouts are not part of this funnel: these ads bring leads, and Meta reported no shopping steps for them.',
    );
  if (untracked.length) {
    const names = sentenceList(untracked.map((step) => stepWords(ctx, step)));
    lines.push(
      `Not tracked: ${names} (Meta reported none for these ${funnel.path === 'video' ? 'rows' : 'ads'}, so ${untracked.length === 1 ? 'that step is' : 'those steps are'} left out rather than counted as a drop).`,
    );
    if (funnel.path !== 'video')
      advice.push(
        `To see every step, send the ${names} ${untracked.length === 1 ? 'event' : 'events'} from your pixel or Conversions API.`,
      );
  }
  return { lines, advice };
}

/** "Against the previous 30 days: purchases 250 → 297 (+18.8%)": the funnel's end in both periods. */
function resultAgainst(ctx: ComposeContext, plan: FunnelPlan, funnel: Funnel, shown: StepSpec[]): string[] {
  const last = shown.at(-1);
  if (!plan.compare) return [];
  if (!funnel.before || !last)
    return [`There is no ad data for ${ctx.period(plan.compare)} to compare this funnel with.`];
  const from = stepCount(funnel.before, last.metric);
  const to = stepCount(funnel.row, last.metric);
  return [
    `Against ${ctx.period(plan.compare)}: ${stepWords(ctx, last)} ${ctx.value(funnel.before, last.metric)} → ${ctx.value(funnel.row, last.metric)}${from > 0 ? ` (${ctx.evidence.change(from, to)})` : ''}; the table shows each step in both periods.`,
  ];
}

function singular(step: StepSpec): string {
  const words: Partial<Record<string, string>> = {
    link_clicks: 'link click',
    clicks: 'click',
    landing_page_views: 'landing page view',
    content_views: 'content view',
    adds_to_cart: 'add to cart',
    checkouts_initiated: 'checkout initiated',
    purchases: 'purchase',
    leads: 'lead',
  };
  return words[step.metric] ?? step.words;
}

/** Hook, hold and completion, from the same row as the video funnel. */
function videoLines(ctx: ComposeContext, row: ResultRow): string[] {
  if (stepCount(row, 'video_views_3s') === 0)
    return ['No video plays were reported for these ads: they may have no video creatives.'];
  const lines = [
    `Hook rate ${ctx.value(row, 'hook_rate')} (three-second plays ÷ impressions); ThruPlays ${ctx.value(row, 'thruplays')}, a hold rate of ${ctx.value(row, 'hold_rate')} (ThruPlays ÷ three-second plays), at ${ctx.value(row, 'cost_per_thruplay')} per ThruPlay.`,
  ];
  if (stepCount(row, 'video_p100') > 0)
    lines.push(
      `${ctx.evidence.rate(stepCount(row, 'video_p100'), stepCount(row, 'video_views_3s'))} of three-second plays were watched to the end.`,
    );
  return lines;
}

function stepsTable(funnel: Funnel, { shown }: Walked, compared: boolean): ContentItem {
  const { row, before: earlier } = funnel;
  const rate = (r: typeof row, step: StepSpec, previous: StepSpec | undefined) => {
    const from = previous ? stepCount(r, previous.metric) : 0;
    return from > 0 ? (stepCount(r, step.metric) / from) * 100 : null;
  };
  const data: DataRow[] = shown.map((step, i) => {
    const previous = shown[i - 1];
    const before = previous ? stepCount(row, previous.metric) : 0;
    const cost = step.cost ? row[step.cost] : undefined;
    const out: DataRow = {
      step: label(step),
      count: stepCount(row, step.metric),
      continue_rate: before > 0 ? (stepCount(row, step.metric) / before) * 100 : null,
      cost_per_step: typeof cost === 'number' && step.metric !== 'impressions' ? cost : null,
    };
    if (compared) {
      out.count_before = earlier ? stepCount(earlier, step.metric) : null;
      out.continue_rate_before = earlier ? rate(earlier, step, previous) : null;
    }
    if (row.currency !== undefined) out.currency = row.currency;
    return out;
  });
  return {
    type: 'table',
    header: funnel.title,
    data,
    columns: columns.filter(
      (c) =>
        (c.key !== 'currency' || row.currency !== undefined) &&
        (compared || (c.key !== 'count_before' && c.key !== 'continue_rate_before')),
    ),
  };
}

function noData(ctx: ComposeContext, plan: FunnelPlan): string {
  const narrowed = plan.filters.some((filter) => filter.dimension !== 'account');
  return narrowed
    ? `Nothing matches ${plan.scopeNames.join(', ') || 'the question'} in ${ctx.period(plan.range)}: there is no funnel to show.`
    : `There is no ad data for ${ctx.period(plan.range)} in the connected accounts, so there is no funnel to show.`;
}

function reasoningSteps(paths: Path[], split: boolean): string[] {
  const out = [
    '**Steps:** each step is one Meta action, counted once by precedence (never a sum of its aliases): link clicks, landing page views, content views, adds to cart, checkouts initiated, then purchases (or leads).',
    '**Reached from the step before:** a step’s count ÷ the count of the step shown before it. A step can reach more people than the one before when they repeat it (several product views in one visit).',
    '**Biggest drop:** the lowest of those shares from the first action on; impressions to clicks is the click-through rate, not a leak.',
    '**Not tracked:** a step between the click and the result with no count at all is left out, since a pixel that does not send the event reports none.',
  ];
  if (paths.includes('video'))
    out.splice(
      0,
      4,
      '**Steps:** impressions, three-second video plays (hook rate = plays ÷ impressions), then plays to each share of the video. The biggest drop is looked for from the three-second play on.',
    );
  if (split)
    out.push(
      '**Paths:** lead campaigns (a lead objective) end in leads, the others in purchases; each path is its own query.',
    );
  return out;
}

function suggestions(plan: FunnelPlan): string[] {
  const when = plan.range.label;
  if (plan.funnel === 'video')
    return [
      `Which video ads had the best hook rate in ${when}?`,
      `Which video ads had the best hold rate in ${when}?`,
      'Which ads are showing creative fatigue?',
    ];
  return [
    `Which campaigns had the lowest cost per add to cart in ${when}?`,
    `Show weekly landing page views for ${when}`,
    'Why did my CPA go up last week?',
  ];
}
