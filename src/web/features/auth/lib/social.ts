export type SocialProvider = 'google' | 'facebook';
export type SocialFlow = 'signup' | 'login';

/**
 * The page carries no Google or Facebook configuration, so social sign-in is unavailable; these
 * are the SPEC.md section 8 messages for that case.
 */
export function socialUnavailableMessage(
  provider: SocialProvider,
  flow: SocialFlow,
  protocol: string = window.location.protocol,
): string {
  if (provider === 'google') {
    return flow === 'signup'
      ? 'Google signup is currently unavailable. Please use email signup.'
      : 'Google login is currently unavailable. Please use email login.';
  }
  const word = flow === 'signup' ? 'signup' : 'login';
  return protocol !== 'https:'
    ? `Facebook ${word} requires HTTPS. Not available in development.`
    : `Facebook ${word} is not available at the moment. Please try again later.`;
}
