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

// The funnel steps between the click and the purchase, each one precedence list like the above.
export const landingPageViewActionTypes = ['landing_page_view', 'omni_landing_page_view'] as const;
export const contentViewActionTypes = [
  'omni_view_content',
  'view_content',
  'offsite_conversion.fb_pixel_view_content',
] as const;
export const addToCartActionTypes = [
  'omni_add_to_cart',
  'add_to_cart',
  'offsite_conversion.fb_pixel_add_to_cart',
] as const;
export const checkoutInitiatedActionTypes = [
  'omni_initiated_checkout',
  'initiate_checkout',
  'offsite_conversion.fb_pixel_initiate_checkout',
] as const;
/** 3-second video plays: Meta's `video_view` action. */
export const videoViewActionTypes = ['video_view'] as const;

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
