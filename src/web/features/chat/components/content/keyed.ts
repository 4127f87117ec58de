/**
 * Pairs items with keys from their position. Answer content is never reordered or edited in place,
 * so the position is its identity; this keeps that decision in one place.
 */
export function keyed<T>(items: readonly T[], prefix: string): { key: string; item: T; index: number }[] {
  const out: { key: string; item: T; index: number }[] = [];
  items.forEach((item, index) => {
    out.push({ key: `${prefix}${index}`, item, index });
  });
  return out;
}
