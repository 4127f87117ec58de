import type { GraphAction } from './graph-types';

/**
 * Meta reports one purchase under several action types at once, so the types are a precedence
 * list, never a sum. The first type present wins.
 */
export const purchaseActionTypes = [
  'omni_purchase',
  'purchase',
  'offsite_conversion.fb_pixel_purchase',
] as const;
export const leadActionTypes = [
  'lead',
  'onsite_conversion.lead_grouped',
  'offsite_conversion.fb_pixel_lead',
] as const;

export function canonicalAction(actions: GraphAction[] | undefined, precedence: readonly string[]): string {
  if (!actions) return '0';
  for (const type of precedence) {
    const found = actions.find((action) => action.action_type === type);
    if (found) return found.value;
  }
  return '0';
}

export function singleAction(actions: GraphAction[] | undefined, type: string): string {
  return actions?.find((action) => action.action_type === type)?.value ?? '0';
}
