import { metrics } from '../metrics';
import type { Having } from '../parse/plan';
import type { ComposeContext } from './context';

/** "a, b and c". */
export function sentenceList(items: readonly string[]): string {
  if (items.length <= 1) return items[0] ?? '';
  return `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

const opWords = { gt: 'above', gte: 'at least', lt: 'below', lte: 'at most' } as const;

/** "ROAS below 1": a threshold the user set, its number written through the evidence trail. */
export function conditionWords(ctx: ComposeContext, condition: Having[number]): string {
  const value = ctx.evidence.constant(condition.value, String(condition.value), 'threshold you set');
  return `${metrics[condition.metric].label} ${opWords[condition.op]} ${value}`;
}
