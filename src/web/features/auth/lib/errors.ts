import { ApiError } from '../../../lib/api-client';

/** The `redirect` a failed call carried (e.g. a 409 for an existing account), if any. */
export function errorRedirect(error: unknown): string | undefined {
  if (!(error instanceof ApiError)) return undefined;
  const redirect = error.body.redirect;
  return typeof redirect === 'string' && redirect ? redirect : undefined;
}
