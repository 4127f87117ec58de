import type { ProviderFailure } from '../../../lib/providers/provider-error';

export type SocialProvider = 'google' | 'facebook';
export type SocialFlow = 'signup' | 'login';

/** Facebook's scopes for signing in; ads_read is asked for only when connecting. */
export const FACEBOOK_SIGN_IN_SCOPE = 'email,public_profile';

/**
 * The product's fixed texts for a social sign-in that failed in the browser. The product words
 * the signup ones; login mirrors them with "login" and "email login".
 */
export function socialFailureMessage(
  provider: SocialProvider,
  flow: SocialFlow,
  failure: ProviderFailure,
): string {
  const word = flow;
  if (provider === 'google') {
    switch (failure) {
      case 'unconfigured':
      case 'insecure':
        return `Google ${word} is currently unavailable. Please use email ${word}.`;
      case 'initializing':
        return `Google ${word} is still initializing. Please wait a moment and try again.`;
      case 'popup_blocked':
        return `The Google ${word} window was blocked. Please allow pop-ups for this site and try again.`;
      case 'failed_to_start':
        return `Failed to start Google ${word}. Please try again.`;
      default:
        return `Google ${word} failed. Please try again.`;
    }
  }
  switch (failure) {
    case 'unconfigured':
      return `Facebook ${word} is not available at the moment. Please try again later.`;
    case 'insecure':
      return `Facebook ${word} requires HTTPS. Not available in development.`;
    case 'initializing':
      return 'Facebook is still loading. Please wait a moment and try again.';
    case 'cancelled':
      return `Facebook ${word} was cancelled. Please try again or use email ${word}.`;
    case 'denied':
      return `Facebook authorization was denied. Please allow access to continue with Facebook ${word}.`;
    default:
      return `Facebook ${word} failed. Please try again.`;
  }
}

/** The fallback when our API refused the provider's token without a message of its own. */
export const socialServerFallback = (provider: SocialProvider, flow: SocialFlow): string =>
  flow === 'signup'
    ? `Failed to process ${provider === 'google' ? 'Google' : 'Facebook'} signup`
    : `${provider === 'google' ? 'Google' : 'Facebook'} login failed. Please try again.`;
