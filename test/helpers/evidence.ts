import { expect } from 'vitest';
import { formatChange, formatRate } from '../../src/analyst/compose/evidence';
import type { Answer } from '../../src/analyst/engine';

const numberToken = /\d+(?:,\d{3})*(?:\.\d+)?/g;

export interface TraceInput {
  queries: Answer['queries'];
  evidence: Answer['evidence'];
  /** The texts whose numbers must each have been written through the evidence trail. */
  texts: string[];
  /** Entity names: numbers inside them ("Lookalike 1%", "#301") are labels, not figures. */
  names: string[];
  /** The reasons a constant may be shown for (a formula factor, a threshold …). */
  constants: string[];
  /** Added to failure messages, e.g. the question. */
  context?: string;
  /** A row absent from one period counts as zero there: for answers that compare periods by row. */
  zeroIsComputed?: boolean;
}

/**
 * Every number in the texts was written through the evidence trail, and every evidence entry rests
 * on what the executor returned. Returns how many numbers the texts held.
 */
export function expectTraced(input: TraceInput): number {
  const at = input.context ? ` (${input.context})` : '';
  const computed = new Set<number>(input.zeroIsComputed ? [0] : []);
  for (const result of input.queries)
    for (const row of result.rows)
      for (const v of Object.values(row)) if (typeof v === 'number') computed.add(v);
  const shown = new Set(input.evidence.flatMap((entry) => entry.shown.match(numberToken) ?? []));
  const longestFirst = [...input.names].sort((a, b) => b.length - a.length);
  let checked = 0;
  for (const text of input.texts) {
    let plain = text;
    for (const name of longestFirst) plain = plain.split(name).join(' ');
    plain = plain.replaceAll(/`[^`]*`/g, ' ');
    for (const token of plain.match(numberToken) ?? []) {
      checked++;
      expect(shown.has(token), `"${token}" in "${text.slice(0, 120)}"${at}`).toBe(true);
    }
  }
  // Result values added up are computed in turn: a change or a rate may rest on their sum.
  for (const { shown: text, derivation } of input.evidence) {
    if (derivation.kind !== 'sum') continue;
    for (const v of derivation.values) expect(computed.has(v), `${text}${at}`).toBe(true);
    computed.add(derivation.value);
  }
  for (const { shown: text, derivation } of input.evidence) {
    switch (derivation.kind) {
      case 'value':
        expect(computed.has(derivation.value), `${text}${at}`).toBe(true);
        break;
      case 'change':
        expect(computed.has(derivation.from) && computed.has(derivation.to), `${text}${at}`).toBe(true);
        expect(text).toBe(formatChange(derivation.from, derivation.to));
        break;
      case 'difference':
        expect(computed.has(derivation.from) && computed.has(derivation.to), `${text}${at}`).toBe(true);
        break;
      case 'share': {
        const { part, whole } = derivation;
        for (const v of [part.from, part.to, whole.from, whole.to])
          expect(computed.has(v), `${text}${at}`).toBe(true);
        expect(text).toBe(`${Math.round(((part.to - part.from) / (whole.to - whole.from)) * 100)}%`);
        break;
      }
      case 'rate':
        expect(computed.has(derivation.part) && computed.has(derivation.whole), `${text}${at}`).toBe(true);
        expect(text).toBe(formatRate(derivation.part, derivation.whole));
        break;
      case 'count': {
        // Counted things are either the queries themselves or rows that a query returned.
        const known = new Set<unknown>([...input.queries, ...input.queries.flatMap((q) => q.rows)]);
        expect(derivation.items.length).toBe(derivation.value);
        for (const item of derivation.items) expect(known.has(item), `${text}${at}`).toBe(true);
        break;
      }
      case 'constant':
        expect(input.constants).toContain(derivation.why);
        break;
      case 'sum':
        expect(derivation.value).toBe(derivation.values.reduce((total, v) => total + v, 0));
        break;
      case 'date':
        expect(text).not.toMatch(/\d{5,}/);
        break;
    }
  }
  return checked;
}
