import { createBrowserRouter, createMemoryRouter, type RouteObject } from 'react-router';
import type { WebRoute } from '../../shared/routes';
import { AppLoading } from '../components/ui/app-loading';

// Each page is its own chunk, so the first load only carries the page being opened.
const pages: Record<WebRoute, RouteObject['lazy']> = {
  '/': async () => ({ Component: (await import('./routes/chat')).ChatRoute }),
  '/login': async () => ({ Component: (await import('./routes/login')).LoginRoute }),
  '/signup': async () => ({ Component: (await import('./routes/signup')).SignupRoute }),
  '/platforms-permissions': async () => ({
    Component: (await import('./routes/platforms-permissions')).PlatformsPermissionsRoute,
  }),
  '/plans': async () => ({ Component: (await import('./routes/plans')).PlansRoute }),
  '/yplans': async () => ({ Component: (await import('./routes/plans')).YPlansRoute }),
  '/terms': async () => ({ Component: (await import('./routes/terms')).TermsRoute }),
};

// The first page's chunk is still loading when the router first renders: it shows AppLoading
// meanwhile (without one, React Router renders nothing and warns on every load).
export const appRoutes: RouteObject[] = [
  ...Object.entries(pages).map(([path, lazy]) => ({ path, lazy, HydrateFallback: AppLoading })),
  {
    path: '*',
    lazy: async () => ({ Component: (await import('./routes/not-found')).NotFoundRoute }),
    HydrateFallback: AppLoading,
  },
];

export const createAppRouter = () => createBrowserRouter(appRoutes);

/** For component tests: the same routes, started at `path`, without a browser address bar. */
export const createTestRouter = (path: string) => createMemoryRouter(appRoutes, { initialEntries: [path] });
