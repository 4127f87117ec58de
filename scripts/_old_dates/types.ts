import type { DateRange } from './calendar';

export type Unit = 'day' | 'week' | 'month' | 'quarter' | 'year';

/** How a phrase reads when it names the period to compare against, relative to the current range. */
export type Relative =
  /** "the previous period": same length, just before. */
  | { type: 'period' }
  /** "the previous 7 days", "the week before": `count` units ending the day before the current range. */
  | { type: 'previous'; count: number; unit: Unit }
  /** "month over month", "MoM". */
  | { type: 'over'; unit: Unit }
  /** "the same period last year": the current dates moved back one unit. */
  | { type: 'same'; unit: 'week' | 'month' | 'year' };

/** A date phrase found in the normalized text (offsets are into that text). */
export interface Candidate {
  start: number;
  end: number;
  /** Absent for phrases that only make sense as a comparison ("the previous period"). */
  range?: DateRange;
  label: string;
  relative?: Relative;
  /** May be one end of "X to Y" / "between X and Y". */
  joinable?: boolean;
  /** A day that only means something after "since"/"from" ("the start of the month", "Monday"). */
  point?: boolean;
  /** A bare numeric date such as "2/3" that needs date words around it to count. */
  weak?: boolean;
  /** Month/day parts as written, so a joined explicit range can settle its years together. */
  parts?: { start: PartialDay; end?: PartialDay };
}

export interface PartialDay {
  year?: number;
  month: number;
  day: number;
}

/** Regex pieces shared by the grammar files; the normalized text is lower case. */
export const BEFORE = '(?<![a-z0-9])';
export const AFTER = '(?![a-z0-9])';

export function wordPattern(source: string): RegExp {
  return new RegExp(`${BEFORE}(?:${source})${AFTER}`, 'g');
}

export interface Rule {
  pattern: RegExp;
  build(match: RegExpExecArray, today: string): Omit<Candidate, 'start' | 'end'> | undefined;
}

export function scan(text: string, rules: readonly Rule[], today: string): Candidate[] {
  const found: Candidate[] = [];
  for (const rule of rules) {
    for (const match of text.matchAll(rule.pattern)) {
      const built = rule.build(match, today);
      if (built) found.push({ ...built, start: match.index, end: match.index + match[0].length });
    }
  }
  return found;
}
