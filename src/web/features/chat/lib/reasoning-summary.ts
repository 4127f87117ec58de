/**
 * The reasoning's lines that say what an answer covers (its dates, the period compared with, the
 * accounts, a narrower scope, the level): shown in one line above the rest, which folds away.
 */
const SCOPE_KEYS = ['Period', 'Compared with', 'Accounts', 'Filtered to', 'Level'] as const;

const LINE = /^\s*[-*]\s+\*\*([^*]+):\*\*\s*(.*)$/;

/** Wording the one line can do without: the full lines keep it in the folded part. */
function shortened(key: string, value: string): string {
  const trimmed = value.replace(/\.\s*$/, '');
  if (key === 'Period') return trimmed.replace(/,\s*whole days, inclusive$/, '');
  if (key === 'Accounts') return trimmed.replace(/;\s*only active accounts are included$/, '');
  return trimmed;
}

export interface ReasoningSummary {
  /** "Period: the last 7 days (Nov 13 – Nov 19, 2026)", "Accounts: Acme (USD)", "Level: campaign". */
  scope: { key: string; value: string }[];
}

/** The scope lines of a reasoning text, in its order; empty when it states none. */
export function reasoningSummary(markdown: string): ReasoningSummary {
  const scope: ReasoningSummary['scope'] = [];
  for (const line of markdown.split('\n')) {
    const match = LINE.exec(line);
    const key = match?.[1]?.trim();
    if (!match || !key || !(SCOPE_KEYS as readonly string[]).includes(key)) continue;
    scope.push({ key, value: shortened(key, match[2] ?? '') });
  }
  return { scope };
}
