import { MONTH_NAMES } from '../dates/labels';
import type { ResultRow } from '../executor';
import { type MetricKey, metrics } from '../metrics';
import { isEntityDimension } from '../query';
import { type ComposeContext, formatSpan, levelLabel } from './context';
import { metricWords } from './segment-words';
import type { Shape } from './shape';
import { sentenceList } from './words';

function figures(ctx: ComposeContext, row: ResultRow | undefined, keys: MetricKey[]): string {
  return sentenceList(keys.map((key) => `${metrics[key].label} ${ctx.value(row, key)}`));
}

/** "Spend $1 → $2 (+3%)" for each metric, against the same label's row in the earlier period. */
function changes(ctx: ComposeContext, row: ResultRow, before: ResultRow, keys: MetricKey[]): string {
  return sentenceList(
    keys.map((key) => {
      const a = before[key];
      const b = row[key];
      const moved = typeof a === 'number' && typeof b === 'number' ? ctx.evidence.change(a, b) : 'n/a';
      return `${metrics[key].label} ${ctx.value(before, key)} → ${ctx.value(row, key)} (${moved})`;
    }),
  );
}

/** The answer's first sentence(s), with every figure written through the evidence trail. */
export function headline(ctx: ComposeContext, shape: Shape, rows: ResultRow[], before?: ResultRow[]): string {
  const keys = shape.metrics;
  const lead = keys[0] ?? 'spend';
  if (shape.groups) return sideBySide(ctx, shape, rows, lead);
  if (!shape.dimension) return totals(ctx, shape, rows, before);
  if (!isEntityDimension(shape.dimension)) return series(ctx, shape, rows, lead);
  if (shape.order) {
    const first = rows[0];
    const word = shape.order.direction === 'desc' ? 'highest' : 'lowest';
    const level = levelLabel[shape.dimension];
    const subject = shape.subject ? `**${shape.subject}** by ${level.one}: ` : '';
    return `${subject}${ctx.evidence.count(rows)} ${level.many} by ${metricWords(shape.order.metric)} (${word} first) in ${ctx.period(shape.range)}. **${first?.[shape.labelKey]}** leads with ${ctx.value(first, shape.order.metric)}.`;
  }
  return rows
    .map((row) => {
      const was = before?.find(
        (candidate) =>
          candidate[shape.labelKey] === row[shape.labelKey] && candidate.currency === row.currency,
      );
      const moved =
        shape.compare && was ? ` Against ${ctx.period(shape.compare)}: ${changes(ctx, row, was, keys)}.` : '';
      return `**${row[shape.labelKey]}** in ${ctx.period(shape.range)}: ${figures(ctx, row, keys)}.${moved}`;
    })
    .join('\n\n');
}

function totals(ctx: ComposeContext, shape: Shape, rows: ResultRow[], before?: ResultRow[]): string {
  return rows
    .map((row) => {
      const was = before?.find((candidate) => candidate.currency === row.currency);
      const shown = shape.movers
        ? shape.metrics.filter(
            (key) => typeof row[key] === 'number' && (!sales(key) || Number(row.purchases) > 0),
          )
        : shape.metrics;
      if (shape.movers) {
        const lines = shown.map((key) => {
          const a = was?.[key];
          const b = row[key];
          const moved =
            typeof a === 'number' && typeof b === 'number' && a !== 0
              ? ` (${ctx.evidence.change(a, b)})`
              : '';
          return `- ${metrics[key].label}: ${ctx.value(row, key)}${moved}`;
        });
        const against = shape.compare ? ` against ${ctx.period(shape.compare)}` : '';
        return `**${ctx.period(shape.range)}**${against}:\n${lines.join('\n')}`;
      }
      const first = `For ${ctx.period(shape.range)}: ${figures(ctx, row, shown)}.`;
      return shape.compare && was
        ? `${first} Against ${ctx.period(shape.compare)}: ${changes(ctx, row, was, shown)}.`
        : first;
    })
    .join('\n\n');
}

function sales(key: MetricKey): boolean {
  return key === 'revenue' || key === 'roas' || key === 'purchases';
}

function sideBySide(ctx: ComposeContext, shape: Shape, rows: ResultRow[], lead: MetricKey): string {
  const lines = rows.map(
    (row) =>
      `- **${row.name}**: ${shape.metrics.map((key) => `${metrics[key].label} ${ctx.value(row, key)}`).join(', ')}`,
  );
  const ranked = rows.filter((row) => typeof row[lead] === 'number');
  const better = metrics[lead].better === 'lower' ? -1 : 1;
  ranked.sort((a, b) => better * ((b[lead] as number) - (a[lead] as number)));
  const [winner, runnerUp] = ranked;
  const verdict =
    winner && runnerUp && winner[lead] !== runnerUp[lead]
      ? ` **${winner.name}** has the ${metrics[lead].better === 'lower' ? 'lower' : 'higher'} ${metrics[lead].label} (${ctx.value(winner, lead)} against ${ctx.value(runnerUp, lead)}).`
      : '';
  return `${metrics[lead].label} side by side in ${ctx.period(shape.range)}:${verdict}\n${lines.join('\n')}`;
}

function series(ctx: ComposeContext, shape: Shape, rows: ResultRow[], lead: MetricKey): string {
  const grain = shape.dimension as string;
  const valued = rows.filter((row) => typeof row[lead] === 'number');
  const wantMin = shape.pick === 'min';
  const peak = [...valued].sort((a, b) =>
    wantMin ? Number(a[lead]) - Number(b[lead]) : Number(b[lead]) - Number(a[lead]),
  )[0];
  const when = peak ? groupWords(ctx, peak, grain) : 'n/a';
  const word = wantMin ? 'lowest' : 'highest';
  if (shape.pick)
    return `The ${word} ${metrics[lead].label} ${grain} in ${ctx.period(shape.range)} was **${when}** at ${ctx.value(peak, lead)}.`;
  return `${metrics[lead].label} per ${grain} over ${ctx.period(shape.range)}: ${word} on ${when} at ${ctx.value(peak, lead)}.`;
}

/** A time group as a reader says it: "Tuesday", "Oct 12, 2026", "the week of Oct 6, 2026", "October 2026". */
function groupWords(ctx: ComposeContext, row: ResultRow, grain: string): string {
  if (grain === 'weekday') return String(row.weekday);
  if (grain === 'quarter') return ctx.evidence.date(String(row.quarter_label ?? row.quarter));
  const day = String(row[grain] ?? row.day);
  if (grain === 'month') {
    const [year, month] = day.split('-');
    return ctx.evidence.date(`${MONTH_NAMES[Number(month) - 1]} ${year}`);
  }
  const shown = ctx.evidence.date(`${day} (${formatSpan(day, day)})`);
  return grain === 'week' ? `the week of ${shown}` : shown;
}
