/**
 * Meta's campaign objectives in the groups marketers name them by, each with its legacy names, so
 * "sales campaigns" also finds campaigns created before the outcome-based objectives.
 */
export const objectiveGroups = {
  sales: ['OUTCOME_SALES', 'CONVERSIONS', 'PRODUCT_CATALOG_SALES'],
  leads: ['OUTCOME_LEADS', 'LEAD_GENERATION'],
  traffic: ['OUTCOME_TRAFFIC', 'LINK_CLICKS'],
  awareness: ['OUTCOME_AWARENESS', 'BRAND_AWARENESS', 'REACH'],
  engagement: ['OUTCOME_ENGAGEMENT', 'POST_ENGAGEMENT', 'PAGE_LIKES'],
  app: ['OUTCOME_APP_PROMOTION', 'APP_INSTALLS'],
} as const satisfies Record<string, readonly string[]>;

/** An objective in words: OUTCOME_APP_PROMOTION → "app promotion"; `unknown` for a campaign without one. */
export function objectiveWords(objective: string, unknown = 'other'): string {
  const words = objective
    .replace(/^OUTCOME_/, '')
    .replace(/_/g, ' ')
    .toLowerCase();
  return words === 'unknown' ? unknown : words;
}
