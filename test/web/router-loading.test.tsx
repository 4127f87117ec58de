// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProvider } from '../../src/web/app/provider';
import { createTestRouter } from '../../src/web/app/router';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('the first load of a lazy page', () => {
  it('shows a loading screen, then the page, with no React Router warning', async () => {
    const warn = vi.spyOn(console, 'warn');
    render(
      <AppProvider>
        <RouterProvider router={createTestRouter('/terms')} />
      </AppProvider>,
    );
    expect(screen.getByRole('status').textContent).toBe('Loading ARLO…');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Terms of Service' }, { timeout: 5_000 }),
    ).toBeTruthy();
    const warnings = warn.mock.calls.map((call) => call.join(' '));
    expect(warnings.filter((text) => text.includes('HydrateFallback'))).toEqual([]);
  });
});
