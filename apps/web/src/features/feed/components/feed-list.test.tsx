import type { Post } from '@aaspaas/domain';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { useFeed } from '../hooks/use-feed';
import { makePost } from '@/test/make-post';
import { FeedList, FIRST_PAINT_CARDS } from './feed-list';

function posts(count: number): Post[] {
  return Array.from({ length: count }, (_, i) =>
    makePost({
      id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
      businessName: `Shop ${i + 1}`,
      content: `Offer ${i + 1}`,
      images: ['/media/seed/posts/a.webp'],
    }),
  );
}

/** The parts of useFeed's answer the list reads: a loaded page with more to come. */
function loadedFeed(list: Post[]) {
  return {
    posts: list,
    isPending: false,
    isError: false,
    isFetching: false,
    hasNextPage: true,
    isFetchingNextPage: false,
    isFetchNextPageError: false,
    fetchNextPage: async () => undefined,
    refetch: async () => undefined,
    error: null,
  } as unknown as ReturnType<typeof useFeed>;
}

describe('<FeedList>', () => {
  it('paints the first cards first (the first photo eager and high priority), then the rest and Load More', async () => {
    const list = posts(20);
    const client = new QueryClient();
    render(
      <QueryClientProvider client={client}>
        <MemoryRouter>
          <FeedList feed={loadedFeed(list)} posts={list} errorTitle="Failed to load feed" empty={null} />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    expect(screen.getAllByTestId('post-card')).toHaveLength(FIRST_PAINT_CARDS);
    expect(screen.queryByRole('button', { name: 'Load More Posts' })).toBeNull();
    const first = screen.getAllByRole('img')[0] as HTMLImageElement;
    expect(first.getAttribute('fetchpriority')).toBe('high');
    expect(first.getAttribute('loading')).toBe('eager');

    await waitFor(() => expect(screen.getAllByTestId('post-card')).toHaveLength(20));
    expect(screen.getByRole('button', { name: 'Load More Posts' })).toBeTruthy();
    expect(screen.getAllByRole('img').filter((img) => img.getAttribute('fetchpriority') === 'high')).toHaveLength(1);
  });
});
