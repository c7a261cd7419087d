import type { Post } from '@aaspaas/domain';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { useFeed } from '../hooks/use-feed';
import { FeedList, FIRST_PAINT_CARDS } from './feed-list';

function posts(count: number): Post[] {
  return Array.from({ length: count }, (_, i) => ({
    id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
    userId: '5d1d2b5a-2b8c-4d4f-8b0a-1c2d3e4f5a6b',
    businessName: `Shop ${i + 1}`,
    authorName: 'Ravi Sharma',
    profileImageUrl: null,
    category: 'Grocery',
    city: 'Pune',
    state: 'Maharashtra',
    country: 'India',
    content: `Offer ${i + 1}`,
    hashtags: [],
    images: ['/media/seed/posts/a.webp'],
    mrpPaise: null,
    ourPricePaise: null,
    homeDelivery: null,
    businessPhone: null,
    createdAt: new Date().toISOString(),
    likesCount: 0,
    viewsCount: 0,
    commentsCount: 0,
    sharesCount: 0,
    whatsappCount: 0,
    likedByMe: false,
  }));
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
        <FeedList feed={loadedFeed(list)} posts={list} errorTitle="Failed to load feed" empty={null} />
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
