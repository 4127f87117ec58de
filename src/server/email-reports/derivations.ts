import type { ComposeContext } from '../../analyst/compose/context';
import type { EvidenceEntry } from '../../analyst/compose/evidence';
import type { QueryResult } from '../../analyst/executor';
import { type MetricKey, metrics } from '../../analyst/metrics';

const raw = (value: number) => String(Math.round(value * 100) / 100);

/**
 * One line per figure an email shows, saying where it came from: which of the listed queries
 * returned it (and, for a ratio, its formula), or the arithmetic over such values. These are the
 * chat's evidence records, written out for a reader instead of a test.
 */
export function derivationLines(
  ctx: Pick<ComposeContext, 'queries' | 'evidence'>,
  /** The texts the email shows: figures the engine worked out but the email left out are not explained. */
  shownTexts?: readonly string[],
): string[] {
  const queries = ctx.queries;
  const shown = shownTexts?.join('\n');
  const seen = new Set<string>();
  const lines: string[] = [];
  for (const entry of ctx.evidence.entries) {
    if (shown !== undefined && !shown.includes(entry.shown)) continue;
    const line = explain(entry, queries);
    if (!line || seen.has(line)) continue;
    seen.add(line);
    lines.push(line);
  }
  return [...lines, ...queries.map((query, index) => describeQuery(query, index))];
}

function explain(entry: EvidenceEntry, queries: QueryResult[]): string | undefined {
  const { shown, derivation: d } = entry;
  switch (d.kind) {
    case 'value': {
      const found = locate(d.value, queries);
      if (!found) return `${shown}: a value the engine returned (${raw(d.value)}).`;
      const definition = metrics[found.metric];
      const formula = definition.ratio ? `, computed as ${definition.formula}` : '';
      return `${shown} = ${definition.label}${formula}, from query ${found.query + 1}.`;
    }
    case 'change':
      return `${shown} = (${raw(d.to)} − ${raw(d.from)}) ÷ ${raw(d.from)}.`;
    case 'difference':
      return `${shown} = ${raw(d.to)} − ${raw(d.from)}.`;
    case 'constant':
    case 'setting':
      return `${shown}: ${d.why}.`;
    case 'sum':
      return `${shown} = ${d.values.map(raw).join(' + ')}.`;
    case 'rate':
      return `${shown} = ${raw(d.part)} ÷ ${raw(d.whole)}.`;
    case 'share':
      return `${shown} = (${raw(d.part.to)} − ${raw(d.part.from)}) ÷ (${raw(d.whole.to)} − ${raw(d.whole.from)}).`;
    default:
      return undefined;
  }
}

function locate(value: number, queries: QueryResult[]): { query: number; metric: MetricKey } | undefined {
  for (const [index, result] of queries.entries()) {
    for (const row of result.rows) {
      const metric = result.query.metrics.find((key) => row[key] === value);
      if (metric) return { query: index, metric };
    }
  }
  return undefined;
}

function describeQuery(result: QueryResult, index: number): string {
  const { query } = result;
  const by = [...query.dimensions, ...(query.time.grain ? [query.time.grain] : [])];
  const range = query.time.range;
  return `Query ${index + 1}: ${query.metrics.map((key) => metrics[key].label).join(', ')}${by.length ? ` by ${by.join(', ')}` : ''}, ${range.start} to ${range.end}, summed from the ad accounts' daily rows.`;
}
