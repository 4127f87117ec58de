import { ComposeContext, formatSpan } from '../../analyst/compose/context';
import { unusualDays } from '../../analyst/compose/unusual-days';
import type { ResultRow, Scope } from '../../analyst/executor';
import { ANOMALY_THRESHOLD, campaignMoves, campaignRecommendations } from '../../analyst/insights';
import { type MetricKey, metrics } from '../../analyst/metrics';
import { loadCatalog } from '../../analyst/parse/entities';
import type { Period } from '../../analyst/parse/plan';
import type { WarehouseDb } from '../../analyst/warehouse-db';
import { derivationLines } from './derivations';
import type { DigestWeek } from './week';

/** The week's headline figures, each compared with the week before. */
export const DIGEST_KPIS: readonly MetricKey[] = [
  'spend',
  'revenue',
  'roas',
  'purchases',
  'conversions',
  'cpa',
  'impressions',
  'clicks',
  'ctr',
];
const SHOWN_MOVERS = 3;
const SHOWN_ANOMALIES = 5;
const SHOWN_RECOMMENDATIONS = 3;

export interface KpiLine {
  metric: MetricKey;
  label: string;
  now: string;
  before: string;
  /** "+12.3%", or null where either week has no value or the base is zero. */
  change: string | null;
  /** Whether the move is good news for this metric (cost down, revenue up); null when flat or unknown. */
  good: boolean | null;
}

export interface DigestData {
  /** Set for "Send me a test digest": says so in the subject and body. */
  test: boolean;
  recipientName: string;
  accountNames: string[];
  week: { key: string; label: string; previousLabel: string };
  /** One table per currency (accounts in different currencies are never added up). */
  kpis: { currency: string | null; lines: KpiLine[] }[];
  /** Campaigns whose spend moved most, in money, either way. */
  movers: string[];
  /** Campaign moves past the threshold, and unusual days within the week. */
  anomalies: string[];
  /** Markdown-light sentences (`**name**` for bold) from the engine's recommendation rules. */
  recommendations: string[];
  /** How every figure above was computed, one line each. */
  derivations: string[];
  chatUrl: string;
  suggestedQuestion: string;
}

export interface DigestSource {
  db: WarehouseDb;
  scope: Scope;
  /** The first active account's current date: what the engine counts "today" from. */
  today: string;
  accountNames: string[];
}

const num = (row: ResultRow | undefined, key: string): number =>
  typeof row?.[key] === 'number' ? (row[key] as number) : 0;

/**
 * Works out a digest's content with the analyst engine: the same executor, insight rules and
 * evidence records the chat answers with, so each figure here is one the chat would give.
 */
export async function buildDigestData(
  source: DigestSource,
  week: DigestWeek,
  details: { recipientName: string; chatUrl: string; test: boolean },
): Promise<DigestData> {
  const catalog = await loadCatalog(source.db, source.scope);
  const ctx = new ComposeContext(source.db, source.scope, catalog, source.today);
  const range: Period = { ...week.week, label: 'last week' };
  const previous: Period = { ...week.previous, label: 'the week before' };
  const kpiQuery = (period: Period) =>
    ctx.run({ metrics: [...DIGEST_KPIS], time: { range: { start: period.start, end: period.end } } });
  const [now, before] = await Promise.all([kpiQuery(range), kpiQuery(previous)]);

  const kpis = currenciesOf(now.rows, before.rows).map((currency) => {
    const row = now.rows.find((r) => (r.currency ?? null) === currency);
    const earlier = before.rows.find((r) => (r.currency ?? null) === currency);
    return { currency, lines: DIGEST_KPIS.map((metric) => kpiLine(ctx, metric, row, earlier)) };
  });

  const moves = await campaignMoves(ctx, range, [], previous);
  // The same statements campaignMoves ran (ctx caches them): movers rank its rows by money moved.
  const campaignQuery = (period: Period) =>
    ctx.run({
      metrics: ['spend', 'conversions', 'cpa'],
      dimensions: ['campaign'],
      filters: [],
      time: { range: period },
    });
  const [campaignsNow, campaignsBefore] = await Promise.all([campaignQuery(range), campaignQuery(previous)]);
  const movers = biggestMovers(ctx, campaignsNow.rows, campaignsBefore.rows);

  const threshold = ctx.evidence.constant(
    ANOMALY_THRESHOLD * 100,
    `${ANOMALY_THRESHOLD * 100}%`,
    'anomaly threshold: a move this large or larger is reported',
  );
  const anomalies = moves.slice(0, SHOWN_ANOMALIES).map((move) => {
    const name = move.campaign;
    switch (move.kind) {
      case 'stopped':
        return `${name} stopped spending: ${ctx.value(move.before, 'spend')} the week before, nothing last week.`;
      case 'started':
        return `${name} started spending: ${ctx.value(move.now, 'spend')} last week, nothing the week before.`;
      case 'spend':
        return `${name}: spend ${ctx.value(move.before, 'spend')} → ${ctx.value(move.now, 'spend')} (${ctx.evidence.change(num(move.before, 'spend'), num(move.now, 'spend'))}, past the ${threshold} threshold).`;
      default:
        return `${name}: CPA ${ctx.value(move.before, 'cpa')} → ${ctx.value(move.now, 'cpa')} (${ctx.evidence.change(num(move.before, 'cpa'), num(move.now, 'cpa'))}, past the ${threshold} threshold).`;
    }
  });
  const daily = await ctx.run({
    metrics: ['spend'],
    time: { range: { start: range.start, end: range.end }, grain: 'day' },
  });
  for (const currency of currenciesOf(daily.rows, [])) {
    const rows = daily.rows.filter((row) => (row.currency ?? null) === currency);
    for (const day of unusualDays(rows, 'spend').slice(0, 2)) {
      anomalies.push(
        `${ctx.evidence.date(formatSpan(String(day.row.day), String(day.row.day)))}: spend ${ctx.value(day.row, 'spend')}, ${ctx.evidence.change(num(day.median, 'spend'), day.value)} against the week's median day (${ctx.value(day.median, 'spend')}).`,
      );
    }
  }

  const advice = await campaignRecommendations(ctx, range, [], previous);
  const recommendations = advice.slice(0, SHOWN_RECOMMENDATIONS).map((item) => item.text);

  return {
    test: details.test,
    recipientName: details.recipientName,
    accountNames: source.accountNames,
    week: {
      key: week.key,
      label: ctx.evidence.date(formatSpan(range.start, range.end)),
      previousLabel: ctx.evidence.date(formatSpan(previous.start, previous.end)),
    },
    kpis,
    movers,
    anomalies,
    recommendations,
    derivations: [
      `Last week is ${formatSpan(range.start, range.end)} (Monday to Sunday); it is compared with ${formatSpan(previous.start, previous.end)}. Dates are the ad accounts' own days.`,
      ...derivationLines(ctx, [
        ...kpis.flatMap((block) => block.lines.flatMap((line) => [line.now, line.before, line.change ?? ''])),
        ...movers,
        ...anomalies,
        ...recommendations,
      ]),
    ],
    chatUrl: details.chatUrl,
    suggestedQuestion: 'How did last week compare with the week before?',
  };
}

function currenciesOf(a: ResultRow[], b: ResultRow[]): (string | null)[] {
  return [...new Set([...a, ...b].map((row) => (row.currency as string | undefined) ?? null))];
}

function kpiLine(
  ctx: ComposeContext,
  metric: MetricKey,
  row: ResultRow | undefined,
  earlier: ResultRow | undefined,
): KpiLine {
  const definition = metrics[metric];
  const to = row?.[metric];
  const from = earlier?.[metric];
  const both = typeof to === 'number' && typeof from === 'number' && from !== 0;
  const direction = both ? Math.sign(to - from) : 0;
  return {
    metric,
    label: definition.label,
    now: ctx.value(row, metric),
    before: ctx.value(earlier, metric),
    change: both ? ctx.evidence.change(from, to) : null,
    good: direction === 0 ? null : direction > 0 === (definition.better === 'higher'),
  };
}

function biggestMovers(ctx: ComposeContext, now: ResultRow[], before: ResultRow[]): string[] {
  const ids = [...new Set([...now, ...before].map((row) => String(row.campaign_id)))];
  return ids
    .map((id) => {
      const after = now.find((row) => String(row.campaign_id) === id);
      const earlier = before.find((row) => String(row.campaign_id) === id);
      return { after, earlier, moved: num(after, 'spend') - num(earlier, 'spend') };
    })
    .filter((m) => m.moved !== 0)
    .sort((a, b) => Math.abs(b.moved) - Math.abs(a.moved))
    .slice(0, SHOWN_MOVERS)
    .map(({ after, earlier }) => {
      const name = String((after ?? earlier)?.campaign ?? 'Unnamed campaign');
      const from = num(earlier, 'spend');
      const to = num(after, 'spend');
      const currency = (after ?? earlier)?.currency;
      const change = from > 0 ? `, ${ctx.evidence.change(from, to)}` : '';
      // A campaign that did not run in a week has no row there: it spent nothing.
      const spent = (row: ResultRow | undefined) => (row ? ctx.value(row, 'spend') : 'nothing');
      return `${name}: spend ${spent(earlier)} → ${spent(after)} (${ctx.evidence.difference(from, to, 'money', currency)}${change}).`;
    });
}
