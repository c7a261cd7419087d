import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { feedPageSize } from '../api/get-feed';
import { useFeed } from '../hooks/use-feed';
import { serveFeedPages } from '@/test/fake-feed-api';
import { installFakeIntersectionObserver, type FakeIntersectionObservers } from '@/test/fake-intersection-observer';
import { loadedFeed } from '@/test/loaded-feed';
import { makePosts } from '@/test/make-post';
import { renderWithProviders } from '@/test/render-with-providers';
import { FeedList } from './feed-list';

let io: FakeIntersectionObservers;

/** What the list watches besides its cards (which watch themselves for views): the end sentinel. */
function sentinels(): Element[] {
  return io.observed().filter((el) => !el.closest('[data-testid="post-card"]'));
}

/**
 * Let the list draw until `count` cards are on the page and that render's effects have run (the last
 * card watches itself for views). The timers are fake, so each step is the list's next batch (a frame,
 * then one task a batch) or the fake network's answer, run when the test says: no deadline that a
 * loaded machine can miss, and a clear failure when the list stops short.
 */
async function allCardsShown(count: number): Promise<void> {
  for (let step = 0; step < 100; step++) {
    const cards = screen.queryAllByTestId('post-card');
    if (cards.length === count && io.isObserved(cards.at(-1)!)) return;
    await act(async () => {
      await vi.advanceTimersToNextTimerAsync();
    });
  }
  throw new Error(`expected ${count} cards, ${screen.queryAllByTestId('post-card').length} are drawn`);
}

/** The list's reveal (requestAnimationFrame, setTimeout) and React Query's batching run on fake timers. */
function fakeTheTimers(): void {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'requestAnimationFrame', 'cancelAnimationFrame'] });
}

describe('<FeedList> infinite scroll (docs/product.md §2: Load More Posts plus infinite scroll)', () => {
  beforeEach(() => {
    io = installFakeIntersectionObserver();
    fakeTheTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it("loads the next page when the list's end comes into view, next to the 'Load More Posts' button", async () => {
    const list = makePosts(20);
    const feed = loadedFeed(list);
    renderWithProviders(<FeedList feed={feed} posts={list} errorTitle="Failed to load feed" empty={null} />);
    await allCardsShown(20);

    const [sentinel, ...others] = sentinels();
    expect(others).toEqual([]);
    const lastCard = screen.getAllByTestId('post-card').at(-1)!;
    const loadMore = screen.getByRole('button', { name: 'Load More Posts' });
    // After the last card, before the button.
    expect(lastCard.compareDocumentPosition(sentinel!) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(sentinel!.compareDocumentPosition(loadMore) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(feed.fetchNextPage).not.toHaveBeenCalled();

    io.enter(sentinel!);
    expect(feed.fetchNextPage).toHaveBeenCalledTimes(1);

    fireEvent.click(loadMore);
    expect(feed.fetchNextPage).toHaveBeenCalledTimes(2);
  });

  it('watches nothing when there are no more posts', async () => {
    const list = makePosts(7);
    const feed = loadedFeed(list, { hasNextPage: false });
    renderWithProviders(<FeedList feed={feed} posts={list} errorTitle="Failed to load feed" empty={null} />);
    await allCardsShown(7);
    expect(screen.getByText('You have seen all the posts.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Load More Posts' })).toBeNull();
    expect(sentinels()).toEqual([]);
  });

  it('does not ask again while the next page is on its way', async () => {
    const list = makePosts(20);
    const feed = loadedFeed(list, { isFetchingNextPage: true });
    const { container } = renderWithProviders(
      <FeedList feed={feed} posts={list} errorTitle="Failed to load feed" empty={null} />,
    );
    await allCardsShown(20);
    expect(sentinels()).toEqual([]);
    for (const el of container.querySelectorAll('[aria-hidden="true"]')) io.enter(el);
    expect(feed.fetchNextPage).not.toHaveBeenCalled();
  });

  it('waits for every card of the page to be drawn before watching the end', async () => {
    const list = makePosts(20);
    const feed = loadedFeed(list);
    renderWithProviders(<FeedList feed={feed} posts={list} errorTitle="Failed to load feed" empty={null} />);
    // The first cards only: the list's end is not on the page yet.
    expect(screen.getAllByTestId('post-card').length).toBeLessThan(20);
    expect(sentinels()).toEqual([]);
    await allCardsShown(20);
    expect(sentinels()).toHaveLength(1);
  });
});

describe('<FeedList> with useFeed: scrolling to the end loads the next page from GET /api/feed', () => {
  beforeEach(() => {
    io = installFakeIntersectionObserver();
    fakeTheTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  function Feed() {
    const feed = useFeed({});
    return <FeedList feed={feed} posts={feed.posts} errorTitle="Failed to load feed" empty={<p>empty</p>} />;
  }

  it('shows the next page after the end sentinel comes into view', async () => {
    const pageSize = feedPageSize({});
    const requests = serveFeedPages(makePosts(pageSize), makePosts(5, pageSize));
    renderWithProviders(<Feed />);
    await allCardsShown(pageSize);
    expect(requests).toHaveLength(1);

    const [sentinel] = sentinels();
    io.enter(sentinel!);
    await allCardsShown(pageSize + 5);
    expect(requests.map((r) => r.get('cursor'))).toEqual([null, 'page-2']);
    expect(screen.getByText('You have seen all the posts.')).toBeTruthy();
  });
});
