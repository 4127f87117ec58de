import { type MetricKey, metrics } from '../../metrics';
import type { Having } from '../plan';
import { findTerms } from '../vocabulary';

type Op = Having[number]['op'];

/** Comparison words, longest first, each with the operator it means. */
const comparators: [string, Op][] = [
  ['at least', 'gte'],
  ['no less than', 'gte'],
  ['not less than', 'gte'],
  ['minimum of', 'gte'],
  ['a minimum of', 'gte'],
  ['min', 'gte'],
  ['minimum', 'gte'],
  ['or more', 'gte'],
  ['more than', 'gt'],
  ['greater than', 'gt'],
  ['higher than', 'gt'],
  ['over', 'gt'],
  ['above', 'gt'],
  ['exceeding', 'gt'],
  ['north of', 'gt'],
  ['plus', 'gte'],
  ['at most', 'lte'],
  ['no more than', 'lte'],
  ['not more than', 'lte'],
  ['maximum of', 'lte'],
  ['max', 'lte'],
  ['or less', 'lte'],
  ['up to', 'lte'],
  ['less than', 'lt'],
  ['fewer than', 'lt'],
  ['lower than', 'lt'],
  ['under', 'lt'],
  ['below', 'lt'],
  ['south of', 'lt'],
];
const CMP = comparators.map(([words]) => words.replace(/ /g, '\\s+')).join('|');
const NUMBER = '(\\$)?(\\d+(?:\\.\\d+)?)(%|x)?';

export interface Threshold {
  having: Having[number];
  index: number;
  length: number;
}

/**
 * "with at least $500 spend", "roas under 1", "more than 20 purchases", "$200+ spend", "spent over
 * $3000": a comparison word next to a number, and the metric named right after or right before it.
 * A money amount with no metric named is spend.
 */
export function findThresholds(text: string): Threshold[] {
  const out: Threshold[] = [];
  // "spend between $100 and $500": both ends count, so the range is inclusive.
  const between = new RegExp(`(?<![a-z0-9])between\\s+${NUMBER}\\s+(?:and|to)\\s+${NUMBER}(?![a-z0-9])`, 'g');
  for (const match of text.matchAll(between)) {
    const unit = match[3] ?? match[6];
    const dollar = match[1] ?? match[4];
    const built = build(text, match.index, match[0].length, 'gte', dollar, match[2], unit);
    const high = Number(match[5]);
    if (!built || !Number.isFinite(high)) continue;
    out.push(built, { ...built, having: { ...built.having, op: 'lte', value: high }, length: 0 });
  }
  // "zero purchases", "no leads": a count of nothing is "at most 0" (counts are never negative).
  for (const match of text.matchAll(/(?<![a-z0-9])(?:zero|no|0|not a single|not one)\s+/g)) {
    const end = match.index + match[0].length;
    const term = findTerms(text.slice(end, end + 40)).find((t) => t.index === 0 && t.value.kind === 'metric');
    if (term?.value.kind !== 'metric' || metrics[term.value.metric].kind !== 'sum') continue;
    out.push({
      having: { metric: term.value.metric, op: 'lte', value: 0 },
      index: match.index,
      length: end - match.index + term.length,
    });
  }
  const before = new RegExp(`(?<![a-z0-9])(${CMP})\\s+${NUMBER}(?![a-z0-9])`, 'g');
  const after = new RegExp(`(?<![a-z0-9])${NUMBER}\\s+(plus|or more|or less)(?![a-z0-9])`, 'g');
  for (const match of text.matchAll(before)) {
    const op = opOf(match[1] ?? '');
    const built = build(text, match.index, match[0].length, op, match[2], match[3], match[4]);
    if (built && !out.some((t) => overlaps(t, built))) out.push(built);
  }
  for (const match of text.matchAll(after)) {
    const op = opOf(match[5] ?? '');
    const built = build(text, match.index, match[0].length, op, match[1], match[2], match[3]);
    if (built && !out.some((t) => overlaps(t, built))) out.push(built);
  }
  return out;
}

function opOf(words: string): Op {
  const normal = words.replace(/\s+/g, ' ');
  return comparators.find(([w]) => w === normal)?.[1] ?? 'gte';
}

function overlaps(a: Threshold, b: Threshold): boolean {
  return a.index < b.index + b.length && b.index < a.index + a.length;
}

function build(
  text: string,
  index: number,
  length: number,
  op: Op,
  dollar: string | undefined,
  digits: string | undefined,
  unit: string | undefined,
): Threshold | undefined {
  const value = Number(digits);
  if (!Number.isFinite(value)) return undefined;
  const end = index + length;
  // The metric right after ("at least 20 conversions", "$500 in spend", "$500 worth of spend") …
  const afterText = text.slice(end, end + 40);
  const lead = /^\s+(?:in |of |worth of |of total )?/.exec(afterText)?.[0] ?? '';
  const next = findTerms(afterText.slice(lead.length)).find(
    (t) => t.index === 0 && t.value.kind === 'metric',
  );
  if (next && next.value.kind === 'metric') {
    return {
      having: { metric: next.value.metric, op, value },
      index,
      length: end - index + lead.length + next.length,
    };
  }
  // … or right before ("roas under 1", "spent more than $3000", "spend of at least $200").
  const start = Math.max(0, index - 40);
  const beforeText = text.slice(start, index);
  const tail =
    /(?:\s+(?:of|is|was|at|that is|that was|which is|being|with|has|had|have|per))*\s*$/.exec(
      beforeText,
    )?.[0] ?? '';
  const head = beforeText.slice(0, beforeText.length - tail.length);
  const terms = findTerms(head).filter((t) => t.value.kind === 'metric');
  const last = terms.at(-1);
  if (last && last.value.kind === 'metric' && last.index + last.length === head.length) {
    const from = start + last.index;
    return { having: { metric: last.value.metric, op, value }, index: from, length: end - from };
  }
  if (dollar) return { having: { metric: 'spend' as MetricKey, op, value }, index, length };
  if (unit === 'x') return { having: { metric: 'roas' as MetricKey, op, value }, index, length };
  return undefined;
}
