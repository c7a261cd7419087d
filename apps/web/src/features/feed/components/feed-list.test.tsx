import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { loadedFeed } from '@/test/loaded-feed';
import { makePosts } from '@/test/make-post';
import { renderWithProviders } from '@/test/render-with-providers';
import { FeedList, FIRST_PAINT_CARDS } from './feed-list';

describe('<FeedList>', () => {
  it('paints the first cards first (the first photo eager and high priority), then the rest and Load More', async () => {
    const list = makePosts(20, 0, { images: ['/media/seed/posts/a.webp'] });
    renderWithProviders(<FeedList feed={loadedFeed(list)} posts={list} errorTitle="Failed to load feed" empty={null} />);
    expect(screen.getAllByTestId('post-card')).toHaveLength(FIRST_PAINT_CARDS);
    expect(screen.queryByRole('button', { name: 'Load More Posts' })).toBeNull();
    const first = screen.getAllByRole('img')[0] as HTMLImageElement;
    expect(first.getAttribute('fetchpriority')).toBe('high');
    expect(first.getAttribute('loading')).toBe('eager');

    // Six batches, each a development-mode React render of three cards: more than waitFor's default
    // second on a busy machine.
    await waitFor(() => expect(screen.getAllByTestId('post-card')).toHaveLength(20), { timeout: 5000 });
    expect(screen.getByRole('button', { name: 'Load More Posts' })).toBeTruthy();
    expect(screen.getAllByRole('img').filter((img) => img.getAttribute('fetchpriority') === 'high')).toHaveLength(1);
  });
});
