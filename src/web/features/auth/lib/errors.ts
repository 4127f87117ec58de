import { ApiError } from '../../../lib/api-client';

/** SPEC.md section 8: the server's message when it sent one, otherwise the fallback. */
export function errorMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.code !== 'HTTP_ERROR' && error.message ? error.message : fallback;
}

/** The `redirect` a failed call carried (e.g. a 409 for an existing account), if any. */
export function errorRedirect(error: unknown): string | undefined {
  if (!(error instanceof ApiError)) return undefined;
  const redirect = error.body.redirect;
  return typeof redirect === 'string' && redirect ? redirect : undefined;
}
