import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { type ReactNode, useState } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';

/**
 * Renders a page with an 'Open' button that opens `dialog`, as the app's own buttons do, focuses
 * and presses it. Queries do not retry, so a failed load shows at once rather than after the app's
 * two retries. Returns the button and the query client (to seed or inspect caches).
 */
export function openDialogFrom(dialog: (close: () => void) => ReactNode, client = noRetryClient()) {
  function Opener() {
    const [open, setOpen] = useState(false);
    return (
      <>
        <button type="button" onClick={() => setOpen(true)}>
          Open
        </button>
        {open ? dialog(() => setOpen(false)) : null}
      </>
    );
  }
  const router = createMemoryRouter([{ path: '/', Component: Opener }], { initialEntries: ['/'] });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  const opener = screen.getByRole('button', { name: 'Open' });
  opener.focus();
  fireEvent.click(opener);
  return { opener, client };
}

export const noRetryClient = () => new QueryClient({ defaultOptions: { queries: { retry: false } } });
