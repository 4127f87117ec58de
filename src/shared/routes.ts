/** Paths the React app owns; the server answers them with index.html (history fallback). */
export const webRoutes = [
  '/',
  '/login',
  '/signup',
  '/platforms-permissions',
  '/plans',
  '/yplans',
  // The signup step links to the terms of service; ARLO serves them itself.
  '/terms',
] as const;
export type WebRoute = (typeof webRoutes)[number];

/** Paths that belong to the API. The history fallback never answers under these. */
export const apiPrefixes = ['/api', '/auth', '/payment', '/ypayment', '/meta-sim', '/demo-checkout'] as const;

export function isApiPath(path: string): boolean {
  return apiPrefixes.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
}
