// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { webRoutes } from '../../src/shared/routes';
import { AppProvider } from '../../src/web/app/provider';
import { createTestRouter } from '../../src/web/app/router';

const headings: Record<(typeof webRoutes)[number], string> = {
  // Without a session the chat and the permissions step send the visitor to sign in or sign up.
  '/': 'Sign in to ARLO',
  '/login': 'Sign in to ARLO',
  '/signup': 'Join ARLO',
  '/platforms-permissions': 'Join ARLO',
  '/plans': 'Choose Your Plan',
  '/yplans': 'Choose Your Plan',
  '/terms': 'Terms of Service',
};

afterEach(cleanup);

describe('web routes', () => {
  it.each(webRoutes)('%s renders its page', async (path) => {
    render(
      <AppProvider>
        <RouterProvider router={createTestRouter(path)} />
      </AppProvider>,
    );
    // The first render of a lazy page loads (and, under Vitest, transforms) its module: give it time.
    expect(
      await screen.findByRole('heading', { level: 1, name: headings[path] }, { timeout: 5_000 }),
    ).toBeTruthy();
  });

  it('an unknown path renders the not-found page', async () => {
    render(
      <AppProvider>
        <RouterProvider router={createTestRouter('/nowhere')} />
      </AppProvider>,
    );
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
  });

  it('/plans shows the Pro plan with its monthly price', async () => {
    render(
      <AppProvider>
        <RouterProvider router={createTestRouter('/plans')} />
      </AppProvider>,
    );
    expect(await screen.findByText('Pro (Beta Access)')).toBeTruthy();
    expect(screen.getByText('For everyday velocity')).toBeTruthy();
    expect(screen.getByText('$25/month')).toBeTruthy();
  });
});
