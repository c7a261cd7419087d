import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { Toaster } from 'sonner';
import { queryConfig } from '@/lib/query-client';

/** Renders an SMS page at `path` (matching `pattern`) with the app's query settings (no retries), a router and the toasts. */
export function renderSmsPage(element: ReactNode, { path = '/', pattern = path.split('?')[0]! } = {}) {
  const client = new QueryClient({
    defaultOptions: { ...queryConfig, queries: { ...queryConfig.queries, retry: false, retryDelay: 0 } },
  });
  const router = createMemoryRouter(
    [
      { path: pattern, element },
      { path: '/wallet', element: <p>wallet page</p> },
    ],
    { initialEntries: [path] },
  );
  render(
    <>
      <Toaster />
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </>,
  );
  return { client, router };
}
