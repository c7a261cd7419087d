import { NEXT_CURSOR_HEADER } from '@aaspaas/domain/rules';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BACK_TO_TOP_AFTER_PX } from '@/config/ui-timings';
import { makePosts } from '@/test/make-post';
import { Component as FeedRoute } from './feed';

let feedRequests: URLSearchParams[];
const firstPageRequests = () => feedRequests.filter((r) => !r.has('cursor')).length;

/** The API as the feed meets it: no place known for this IP, a full page of posts, no categories. */
function serveApi(): void {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const u = new URL(url, 'http://localhost');
      if (u.pathname === '/api/geo/locate') return Response.json({ lat: null, lon: null, source: 'unknown' });
      if (u.pathname === '/api/feed') {
        feedRequests.push(u.searchParams);
        return Response.json(makePosts(20), { headers: { [NEXT_CURSOR_HEADER]: 'page-2' } });
      }
      if (u.pathname === '/api/events') return new Response(null, { status: 204 });
      return Response.json([]);
    }),
  );
}

function renderFeed() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '/', Component: FeedRoute }], { initialEntries: ['/'] });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

describe('feed route: back to top (docs/product.md §2: back-to-top-and-refresh after 300 px)', () => {
  beforeEach(() => {
    feedRequests = [];
    serveApi();
    // Reduced motion: the location bar does not blink (happy-dom rejects a cancelled animation's
    // `finished` unhandled, where browsers mark it handled) and the scroll is instant.
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: query.includes('reduce'), media: query }));
    window.scrollTo(0, 0);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    window.scrollTo(0, 0);
  });

  it('scrolls to the top and reloads the first page when tapped', async () => {
    renderFeed();
    await waitFor(() => expect(screen.getAllByTestId('post-card').length).toBeGreaterThan(0), { timeout: 5000 });
    await waitFor(() => expect(firstPageRequests()).toBe(1));
    expect(screen.queryByRole('button', { name: 'Back to top and refresh' })).toBeNull();

    window.scrollTo(0, BACK_TO_TOP_AFTER_PX * 3);
    fireEvent.scroll(window);
    const button = await screen.findByRole('button', { name: 'Back to top and refresh' });

    const scrollTo = vi.spyOn(window, 'scrollTo');
    fireEvent.click(button);
    expect(scrollTo).toHaveBeenCalledWith(expect.objectContaining({ top: 0 }));
    expect(window.scrollY).toBe(0);
    // The first page again (the next page may be prefetched meanwhile: that one has a cursor).
    await waitFor(() => expect(firstPageRequests()).toBe(2), { timeout: 5000 });
  });
});
