import { FIRST_FEED_PAGE_ELEMENT_ID } from '@aaspaas/domain/rules';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { normaliseFilters, type FeedData } from '../api/get-feed-page';
import { takeEarlyFeedPage } from './early-feed-page';
import { writeFeedCache } from './feed-cache';
import { fetchFirstFeedPage, initialFeedData, startFirstFeedPage } from './first-feed-page';
import { makePost } from '@/test/make-post';

const ALL = normaliseFilters({});
const ids = (data: FeedData | undefined) => data?.pages.flatMap((p) => p.posts.map((post) => post.id));

/** GET /api/feed answering one post per call (`network-N`), and the URLs asked for. */
function stubFeed() {
  const urls: string[] = [];
  vi.stubGlobal('fetch', async (url: string) => {
    urls.push(url);
    return Response.json([makePost({ id: `network-${urls.length}` })]);
  });
  return urls;
}

/** The page as the server wrote it into the feed's HTML: all posts. */
function serverWrotePage() {
  const block = document.createElement('script');
  block.type = 'application/json';
  block.id = FIRST_FEED_PAGE_ELEMENT_ID;
  block.textContent = JSON.stringify({ point: null, nextCursor: null, posts: [makePost({ id: 'html-1' })] });
  document.head.append(block);
}

function cachedPage(now: number) {
  writeFeedCache(
    ALL,
    { pages: [{ posts: [makePost({ id: 'cached-1' })], nextCursor: null, limit: 20, offset: 0 }], pageParams: [{ offset: 0 }] },
    now,
  );
}

describe("where the feed's first page comes from, in order", () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => {
    vi.unstubAllGlobals();
    document.getElementById(FIRST_FEED_PAGE_ELEMENT_ID)?.remove();
    takeEarlyFeedPage(ALL);
  });

  it('1. the page in the HTML: drawn at the first render, fresh, before the cache, without a request', async () => {
    const urls = stubFeed();
    serverWrotePage();
    cachedPage(Date.now());
    await startFirstFeedPage(ALL);
    const initial = initialFeedData(ALL);
    expect(ids(initial?.data)).toEqual(['html-1']);
    expect(initial?.updatedAt).toBeGreaterThan(0);
    expect(urls).toEqual([]);
  });

  it('2. the request started ahead: drawn once arrived, before the cache; the query takes it while on its way', async () => {
    const urls = stubFeed();
    cachedPage(Date.now());
    await startFirstFeedPage(ALL);
    expect(ids(initialFeedData(ALL)?.data)).toEqual(['network-1']);

    startFirstFeedPage(ALL);
    // Not arrived by the first render: the cache is shown, and the query's request is the one on its way.
    expect(ids(initialFeedData(ALL)?.data)).toEqual(['cached-1']);
    expect((await fetchFirstFeedPage(ALL)).posts.map((p) => p.id)).toEqual(['network-2']);
    expect(urls).toHaveLength(2);
  });

  it('3. the localStorage copy: shown at once as stale, so the query refreshes it', () => {
    stubFeed();
    cachedPage(Date.now());
    const initial = initialFeedData(ALL);
    expect(ids(initial?.data)).toEqual(['cached-1']);
    expect(initial?.updatedAt).toBe(0);
  });

  it("4. the query's own request when there is nothing else, and for every page 1 after the first", async () => {
    const urls = stubFeed();
    expect(initialFeedData(ALL)).toBeNull();
    expect((await fetchFirstFeedPage(ALL)).posts.map((p) => p.id)).toEqual(['network-1']);
    serverWrotePage();
    await startFirstFeedPage(ALL);
    expect(initialFeedData(ALL)).not.toBeNull();
    // Taken once: a refresh asks the network.
    expect((await fetchFirstFeedPage(ALL)).posts.map((p) => p.id)).toEqual(['network-2']);
    expect(urls).toHaveLength(2);
  });
});
