/** The permission alerts' fixed texts; keep them word for word. */
export const PERMISSION_MESSAGES = {
  insecure: 'Facebook permissions require HTTPS. Not available in development.',
  signupAgain: 'Authentication error. Please signup again.',
  loginAgain: 'Authentication error. Please login again.',
  loading: 'Facebook is still loading. Please wait a moment and try again.',
  granted: 'Facebook permissions granted successfully!',
  saveFailed: 'Failed to save Facebook permissions. Please try again.',
  noAccounts: 'Could not fetch your ad accounts. Please make sure you have Facebook ad accounts set up.',
  denied: 'Facebook permission was denied or failed. Please try again.',
  unexpected: 'An error occurred with Facebook permissions. Please try again.',
  nextWithoutToken: 'Authentication error. Please try again.',
} as const;

/** ARLO's own addition: without it a script that never loads would leave a silent, disabled button. */
export const SDK_UNAVAILABLE =
  'Facebook could not be loaded. Please check your connection and reload the page.';
