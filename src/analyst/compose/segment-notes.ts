import type { BreakdownKey } from '../dimensions';
import type { ResultRow } from '../executor';
import { metrics } from '../metrics';
import type { Period } from '../parse/plan';
import type { ComposeContext } from './context';
import { formatSpan } from './context';
import type { Coverage } from './segment-coverage';
import { sentenceList } from './words';

/** What each breakdown key is called in answers. */
export const BREAKDOWN_WORDS: Record<BreakdownKey, string> = {
  'age,gender': 'age and gender',
  country: 'country',
  'publisher_platform,platform_position': 'placement',
  device_platform: 'device',
};

function dates(ctx: ComposeContext, start: string, end: string): string {
  return ctx.evidence.date(formatSpan(start, end));
}

/**
 * No rows of the key for the period: which dates there are instead, if any. An account without
 * breakdowns must never read as zeros.
 */
export function noBreakdownMessage(
  ctx: ComposeContext,
  key: BreakdownKey,
  coverage: Coverage,
  range: Period,
): string {
  const what = BREAKDOWN_WORDS[key];
  const asked = ctx.period(range);
  const has =
    coverage.first && coverage.last
      ? `it has that breakdown for ${dates(ctx, coverage.first, coverage.last)} only`
      : 'no breakdown rows have been synced for these accounts yet';
  return `ARLO has no ${what} breakdown for ${asked}: ${has}, so there are no ${what} figures to show for those dates.`;
}

/** The coverage said in words when the rows cover only part of the period or of the accounts. */
export function coverageNotes(
  ctx: ComposeContext,
  key: BreakdownKey,
  coverage: Coverage,
  range: Period,
): string[] {
  const what = BREAKDOWN_WORDS[key];
  const out: string[] = [];
  if (coverage.firstIn && coverage.lastIn && coverage.days < coverage.span) {
    const gaps = coverage.firstIn === range.start && coverage.lastIn === range.end;
    out.push(
      gaps
        ? `ARLO's ${what} breakdown is missing some days of ${dates(ctx, range.start, range.end)}: the segment figures cover only the days it has.`
        : `ARLO's ${what} breakdown covers ${dates(ctx, coverage.firstIn, coverage.lastIn)} of the period asked (${dates(ctx, range.start, range.end)}): the segment figures are for those dates only.`,
    );
  }
  if (coverage.missing.length)
    out.push(
      `${sentenceList(coverage.missing)} ${coverage.missing.length === 1 ? 'has' : 'have'} no ${what} breakdown for these dates, so ${coverage.missing.length === 1 ? 'its' : 'their'} results are not in the segment figures.`,
    );
  return out;
}

/**
 * Breakdown figures are Meta's estimates: said always, and where the segments' sum can be set
 * against the ad rows for the same accounts and dates, by how much they differ.
 */
export function estimateNote(
  ctx: ComposeContext,
  key: BreakdownKey,
  segments: ResultRow[] | undefined,
  total: ResultRow | undefined,
  /** "the 6 age groups": asked only when the note says how many segments it adds up. */
  counted: () => string,
): string {
  const what = BREAKDOWN_WORDS[key];
  const plain = `Segment figures come from Meta's ${what} breakdown, which Meta estimates: they can differ a little from the totals of the ad rows.`;
  if (!segments?.length || !total || typeof total.spend !== 'number') return plain;
  const currencies = new Set(segments.map((row) => row.currency));
  if (currencies.size > 1) return plain;
  const values = segments.map((row) => row.spend).filter((v): v is number => typeof v === 'number');
  const sum = values.reduce((a, b) => a + b, 0);
  const together = ctx.evidence.sum(values, metrics.spend.format, total.currency);
  const adTotal = ctx.value(total, 'spend');
  if (Math.abs(sum - total.spend) < 0.005)
    return `Segment figures are Meta's estimates; here ${counted()} add up to ${together} in spend, the same as the ad rows' total for these accounts and dates.`;
  const moved = total.spend !== 0 ? ` (${ctx.evidence.change(total.spend, sum)})` : '';
  return `Segment figures are Meta's estimates: together ${counted()} come to ${together} in spend, against ${adTotal} in the ad rows for the same accounts and dates${moved}.`;
}
