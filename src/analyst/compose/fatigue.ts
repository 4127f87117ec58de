import type { AssistantMessage, ContentItem } from '../../shared/api/answer';
import { addDays, daysBetween } from '../dates';
import type { ResultRow } from '../executor';
import { ANOMALY_THRESHOLD } from '../insights';
import type { MetricKey } from '../metrics';
import type { Period, Plan } from '../parse/plan';
import { type ComposeContext, complex, table, text } from './context';
import { percentChange } from './evidence';
import { assistantMessage, insightsSection } from './message';
import { reasoningSection } from './reasoning';

type FatiguePlan = Extract<Plan, { kind: 'fatigue' }>;

/** Below this, a CTR or frequency change between two windows is noise. */
const MIN_FATIGUE_IMPRESSIONS = 1000;
/**
 * Fatigue builds over weeks: the week just before is often already tired, so by default the
 * baseline is a window of the same length ending this many days before the period ends.
 */
const BASELINE_LAG_DAYS = 21;
const SHOWN = 5;
/** Below this many three-second plays in either window, an ad's hook and hold rates are noise. */
const MIN_VIDEO_PLAYS = 100;

const num = (row: ResultRow | undefined, key: string): number =>
  typeof row?.[key] === 'number' ? (row[key] as number) : 0;

/**
 * The window to judge fatigue against. A comparison the reader chose (anything but the window
 * right before the period, which every diagnosis gets by default) is kept; otherwise the same
 * length three weeks back, or the window right before when the period is too long for that.
 */
export function fatigueBaseline(range: Period, compare: Period): Period {
  const days = daysBetween(range);
  const dayBefore = addDays(range.start, -1);
  const adjacentDefault = compare.end === dayBefore && daysBetween(compare) === days;
  const end = addDays(range.end, -BASELINE_LAG_DAYS);
  if (!adjacentDefault || end >= dayBefore) return compare;
  return { start: addDays(end, 1 - days), end, label: 'three weeks earlier' };
}

interface Candidate {
  row: ResultRow;
  earlier: ResultRow;
  /** (frequency now ÷ before) × (CTR before ÷ now): above one, people see it more and click it less. */
  score: number;
  flagged: boolean;
  /** A video ad with plays in both windows: its hook and hold rates are fatigue signals too. */
  video: boolean;
  /** Flagged because fewer viewers stop for it (the hook fades), not only because CTR fell. */
  hookFaded: boolean;
}

/** Ads with delivery in both windows, most fatigued first. */
function rankByFatigue(now: ResultRow[], before: ResultRow[]): Candidate[] {
  const limit = ANOMALY_THRESHOLD * 100;
  return (
    now
      .map((row) => ({ row, earlier: before.find((c) => c.ad === row.ad && c.currency === row.currency) }))
      .filter(
        (c): c is { row: ResultRow; earlier: ResultRow } =>
          c.earlier !== undefined &&
          num(c.earlier, 'frequency') > 0 &&
          num(c.earlier, 'ctr') > 0 &&
          num(c.row, 'ctr') > 0,
      )
      .map(({ row, earlier }) => {
        const seenMore = percentChange(num(earlier, 'frequency'), num(row, 'frequency')) >= limit;
        const video =
          num(earlier, 'video_views_3s') >= MIN_VIDEO_PLAYS && num(row, 'video_views_3s') >= MIN_VIDEO_PLAYS;
        const hookFell = video && percentChange(num(earlier, 'hook_rate'), num(row, 'hook_rate')) <= -limit;
        const ctrFell = percentChange(num(earlier, 'ctr'), num(row, 'ctr')) <= -limit;
        return {
          row,
          earlier,
          score:
            (num(row, 'frequency') / num(earlier, 'frequency')) * (num(earlier, 'ctr') / num(row, 'ctr')),
          flagged: seenMore && (ctrFell || hookFell),
          video,
          hookFaded: seenMore && hookFell && !ctrFell,
        };
      })
      // A video people stop for less often is tiring even while its CTR holds.
      .filter((c) => c.score > 1 || c.hookFaded)
      .sort((a, b) => b.score - a.score || num(b.row, 'spend') - num(a.row, 'spend'))
  );
}

export async function composeFatigue(ctx: ComposeContext, plan: FatiguePlan): Promise<AssistantMessage> {
  const needed: MetricKey[] = [
    'frequency',
    'ctr',
    'impressions',
    'spend',
    'hook_rate',
    'hold_rate',
    'video_views_3s',
  ];
  const baseline = fatigueBaseline(plan.range, plan.compare);
  const adsIn = (range: { start: string; end: string }) =>
    ctx.run({
      metrics: needed,
      dimensions: ['ad'],
      filters: plan.filters,
      time: { range: { start: range.start, end: range.end } },
      minVolume: { metric: 'impressions', min: MIN_FATIGUE_IMPRESSIONS },
    });
  const [now, before] = await Promise.all([adsIn(plan.range), adsIn(baseline)]);
  const ranked = rankByFatigue(now.rows, before.rows);
  const flagged = ranked.filter((c) => c.flagged);
  const threshold = () =>
    ctx.evidence.constant(ANOMALY_THRESHOLD * 100, `${ANOMALY_THRESHOLD * 100}%`, 'anomaly threshold');
  const windows = `${ctx.period(plan.range)} against ${ctx.period(baseline)}`;
  const items: ContentItem[] = [];
  const top = ranked[0];
  if (!top) {
    items.push(
      text(
        `No ad shows fatigue in ${windows}: none that delivered in both windows saw its frequency rise faster than its CTR held up.`,
      ),
    );
  } else {
    const lines = [
      `**${top.row.ad}** shows the strongest fatigue in ${windows}: frequency ${ctx.value(top.earlier, 'frequency')} → ${ctx.value(top.row, 'frequency')}, CTR ${ctx.value(top.earlier, 'ctr')} → ${ctx.value(top.row, 'ctr')}${top.video ? `, ${videoSignals(ctx, top)}` : ''}.`,
    ];
    // The hook joins the rule only when it is what flagged a video: otherwise the rule reads as before.
    const hooked = flagged.some((c) => c.hookFaded);
    const rule = `frequency up and CTR${hooked ? ' (or, for a video, its hook rate)' : ''} down by ${threshold()} or more`;
    lines.push(
      flagged.length
        ? `Flagged (${rule}): ${flagged.map((c) => `**${c.row.ad}**`).join(', ')}.`
        : `No ad crosses both thresholds (${rule}): the ranking shows which are heading that way.`,
    );
    const leadingOnly = ranked.slice(0, SHOWN).filter((c) => !c.flagged);
    if (flagged.length && leadingOnly.length)
      lines.push(
        `${leadingOnly.map((c) => `**${c.row.ad}**`).join(', ')} ${leadingOnly.length === 1 ? 'leads' : 'lead'} the ranking without crossing both thresholds.`,
      );
    items.push(text(lines.join('\n')));
    items.push(
      table(
        ranked.slice(0, SHOWN).map((c) => ({
          ad: c.row.ad ?? null,
          frequency_before: num(c.earlier, 'frequency'),
          frequency: num(c.row, 'frequency'),
          ctr_before: num(c.earlier, 'ctr'),
          ctr: num(c.row, 'ctr'),
          ...(ranked.slice(0, SHOWN).some((v) => v.video) ? videoColumns(c) : {}),
          spend: num(c.row, 'spend'),
          ...(c.row.currency !== undefined ? { currency: c.row.currency } : {}),
        })),
        'Ads ranked by fatigue',
      ),
    );
  }
  const lead = flagged
    .slice(0, 3)
    .map((c) =>
      c.hookFaded
        ? `Refresh **${c.row.ad}**: frequency ${ctx.value(c.earlier, 'frequency')} → ${ctx.value(c.row, 'frequency')} while its hook rate fell ${ctx.evidence.change(num(c.earlier, 'hook_rate'), num(c.row, 'hook_rate'))} (${ctx.value(c.earlier, 'hook_rate')} → ${ctx.value(c.row, 'hook_rate')}): fewer viewers stop for it. Cut a new opening or rotate in a new video.`
        : `Refresh **${c.row.ad}**: frequency ${ctx.value(c.earlier, 'frequency')} → ${ctx.value(c.row, 'frequency')} while CTR fell ${ctx.evidence.change(num(c.earlier, 'ctr'), num(c.row, 'ctr'))} (${ctx.value(c.earlier, 'ctr')} → ${ctx.value(c.row, 'ctr')}). Rotate in a new creative or widen its audience.`,
    );
  if (!top) lead.push('No creative needs replacing on this evidence: check again next week.');
  if (top && !top.flagged && !flagged.length)
    lead.push(
      `Replace **${top.row.ad}** first if you refresh one: it leads the fatigue ranking, though it has not crossed both thresholds yet. Prepare a new creative and swap it in if its CTR keeps falling.`,
    );
  return assistantMessage(
    complex(items),
    reasoningSection(ctx, {
      ...plan,
      compare: baseline,
      metrics: needed,
      level: 'ad',
      excluded: [
        `ads with fewer than ${ctx.evidence.constant(MIN_FATIGUE_IMPRESSIONS, MIN_FATIGUE_IMPRESSIONS.toLocaleString('en-US'), 'minimum impressions')} impressions in either window.`,
      ],
      steps: [
        baseline === plan.compare
          ? '**Windows:** the period against the comparison period.'
          : '**Windows:** fatigue builds over weeks, so the period is set against a window of the same length three weeks earlier rather than the days just before it.',
        '**Fatigue score:** (frequency now ÷ frequency before) × (CTR before ÷ CTR now). Above one means people see the ad more often and click it less; ads are ranked by it.',
        `**Flagged:** frequency (impressions ÷ reach) up and CTR down by ${threshold()} or more each.`,
        ...(ranked.some((c) => c.video)
          ? [
              `**Video ads:** hook rate (three-second plays ÷ impressions) and hold rate (ThruPlays ÷ three-second plays) in both windows are signals too: a video whose frequency rises while its hook rate falls by ${threshold()} or more is flagged. Videos with fewer than ${ctx.evidence.constant(MIN_VIDEO_PLAYS, String(MIN_VIDEO_PLAYS), 'minimum volume')} three-second plays in either window are judged on frequency and CTR only.`,
            ]
          : []),
      ],
    }),
    insightsSection(ctx, [], lead),
    ['Which ads have the best CTR last week?', 'Why did my CPA go up?', 'Show daily CTR for last month'],
  );
}

/** "hook rate 24.1% → 18.0%, hold rate 30.2% → 27.9%" for a video ad, both windows. */
function videoSignals(ctx: ComposeContext, c: Candidate): string {
  return `hook rate ${ctx.value(c.earlier, 'hook_rate')} → ${ctx.value(c.row, 'hook_rate')}, hold rate ${ctx.value(c.earlier, 'hold_rate')} → ${ctx.value(c.row, 'hold_rate')}`;
}

/** The table's video columns: both windows' hook and hold rates, empty for an ad without video. */
function videoColumns(c: Candidate): Record<string, number | null> {
  const rate = (row: ResultRow, key: 'hook_rate' | 'hold_rate') =>
    c.video && typeof row[key] === 'number' ? (row[key] as number) : null;
  return {
    hook_rate_before: rate(c.earlier, 'hook_rate'),
    hook_rate: rate(c.row, 'hook_rate'),
    hold_rate_before: rate(c.earlier, 'hold_rate'),
    hold_rate: rate(c.row, 'hold_rate'),
  };
}
