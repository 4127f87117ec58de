import type { ContentItem } from '../../shared/api/answer';
import { type MetricKey, metrics } from '../metrics';
import type { Filters, Period } from '../parse/plan';
import type { EntityDimension } from '../query';
import { type ComposeContext, levelLabel, text } from './context';

export interface ReasoningInput {
  range: Period;
  compare?: Period | undefined;
  filters: Filters;
  scopeNames: string[];
  metrics: MetricKey[];
  level?: EntityDimension | undefined;
  excluded?: string[];
  notes?: string[];
  steps?: string[];
}

/** The accounts an answer covers: the caller's accounts, narrowed by any account filter. */
export function accountsCovered(ctx: ComposeContext, filters: Filters): { name: string; currency: string }[] {
  const only = filters.find((filter) => filter.dimension === 'account')?.values;
  return ctx.catalog.entities
    .filter((entity) => entity.level === 'account' && (!only || only.includes(entity.id)))
    .map((entity) => ({
      name: entity.name,
      currency: ctx.catalog.currencyByAccount.get(entity.id) ?? 'USD',
    }));
}

/** How the figures were computed: dates, accounts, level, conversion event, currency, formulas, exclusions. */
export function reasoningSection(ctx: ComposeContext, input: ReasoningInput): ContentItem {
  const lines: string[] = [];
  lines.push(`- **Period:** ${ctx.period(input.range)}, whole days, inclusive.`);
  if (input.compare) lines.push(`- **Compared with:** ${ctx.period(input.compare)}.`);
  const accounts = accountsCovered(ctx, input.filters);
  lines.push(
    `- **Accounts:** ${accounts.map((a) => `${a.name} (${a.currency})`).join(', ') || 'none connected'}; only active accounts are included.`,
  );
  const narrowed = input.scopeNames.filter((name) => !accounts.some((a) => a.name === name));
  if (narrowed.length) lines.push(`- **Filtered to:** ${narrowed.join(', ')}.`);
  if (input.level) lines.push(`- **Level:** ${levelLabel[input.level].one}.`);
  if (input.level === 'ad') {
    lines.push(
      '- **Ads by creative:** ads with the same name (one creative in several ad sets or accounts) are counted together.',
    );
  }
  // Which metrics depend on the conversion event is the registry's to say.
  const usesConversions = input.metrics.some((m) => metrics[m].dependsOnConversionEvent);
  if (usesConversions) {
    lines.push(
      '- **Conversion event:** purchases are counted once, from `omni_purchase` (else `purchase`, else the pixel purchase), although Meta reports them under all three; leads from `lead` (else the grouped or pixel lead); conversions = purchases + leads; revenue is the purchases’ conversion value.',
    );
  }
  const formulas = input.metrics
    .filter((m) => metrics[m].ratio)
    .map((m) => {
      const factor = metrics[m].ratio?.factor ?? 1;
      // The ×100 and ×1000 in a formula are definitions, not data.
      if (factor !== 1) ctx.evidence.constant(factor, String(factor), 'formula factor');
      return `${metrics[m].label} = ${metrics[m].formula}`;
    });
  if (formulas.length)
    lines.push(
      `- **Formulas:** ${formulas.join('; ')}. Computed from the period’s sums, not averaged by day.`,
    );
  const currencies = [...new Set(accounts.map((a) => a.currency))];
  if (currencies.length > 1) {
    lines.push(
      `- **Currency:** amounts are shown per currency (${currencies.join(', ')}) and never added together.`,
    );
  } else if (currencies[0]) lines.push(`- **Currency:** ${currencies[0]}.`);
  if (input.metrics.includes('reach') || input.metrics.includes('frequency')) {
    const withReach = ctx.queries.filter((q) =>
      q.query.metrics.some((m) => m === 'reach' || m === 'frequency'),
    );
    lines.push(
      withReach.length > 0 && withReach.every((q) => q.exactReach)
        ? '- **Reach:** unique people as Meta counts them for exactly this date range (not a sum of daily figures); frequency = impressions ÷ that reach.'
        : '- **Reach:** Meta counts unique people per ad and day, so reach summed over several days or ads overstates the true number (and frequency understates it): treat them as approximate.',
    );
  }
  for (const step of input.steps ?? []) lines.push(`- ${step}`);
  for (const excluded of input.excluded ?? []) lines.push(`- **Excluded:** ${excluded}`);
  for (const note of input.notes ?? []) lines.push(`- ${note}`);
  const queries = ctx.queries.length;
  lines.push(
    `- **Source:** ${ctx.evidence.count([...ctx.queries])} SQL ${queries === 1 ? 'query' : 'queries'} over the synced daily ad rows.`,
  );
  return text(lines.join('\n'), 'How this was computed');
}
