import { FIRST_FEED_PAGE_ELEMENT_ID } from '@aaspaas/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EARLY_PAGE_MAX_AGE_MS, startEarlyFeedPage, takeArrivedEarlyFeedPage, takeEarlyFeedPage } from './early-feed-page';

const MUMBAI = { lat: 19.076, lon: 72.8777 };

/** GET /api/feed answering one post per call, and the URLs asked for. */
function stubFeed() {
  const urls: string[] = [];
  vi.stubGlobal('fetch', async (url: string) => {
    urls.push(url);
    return Response.json([{ id: `post-${urls.length}` }]);
  });
  return urls;
}

describe('the feed page fetched ahead by main.tsx', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    // Leave nothing behind for the next test.
    takeEarlyFeedPage(MUMBAI);
    takeEarlyFeedPage({});
  });

  it("is the first query's answer for the same filters, once, without a second request", async () => {
    const urls = stubFeed();
    startEarlyFeedPage(MUMBAI);
    const page = takeEarlyFeedPage({ ...MUMBAI, q: '  ' });
    expect(page).not.toBeNull();
    expect((await page)?.posts.map((p) => p.id)).toEqual(['post-1']);
    expect(urls).toHaveLength(1);
    expect(urls[0]).toContain('lat=19.076');
    expect(takeEarlyFeedPage(MUMBAI)).toBeNull();
  });

  it('is left for its own filters when another query asks first', async () => {
    stubFeed();
    startEarlyFeedPage(MUMBAI);
    expect(takeEarlyFeedPage({})).toBeNull();
    expect(takeEarlyFeedPage({ ...MUMBAI, category: 'Grocery' })).toBeNull();
    expect(takeEarlyFeedPage(MUMBAI)).not.toBeNull();
  });

  it('is initial data only once it has arrived', async () => {
    stubFeed();
    const started = Date.now();
    const request = startEarlyFeedPage({}, started);
    expect(takeArrivedEarlyFeedPage({}, started)).toBeNull();
    await request;
    const arrived = takeArrivedEarlyFeedPage({}, started);
    expect(arrived?.page.posts.map((p) => p.id)).toEqual(['post-1']);
    expect(arrived?.at).toBeGreaterThanOrEqual(started);
    expect(takeEarlyFeedPage({})).toBeNull();
  });

  it('is not used once it is too old', async () => {
    stubFeed();
    const started = Date.now();
    await startEarlyFeedPage({}, started);
    expect(takeArrivedEarlyFeedPage({}, started + EARLY_PAGE_MAX_AGE_MS + 1)).toBeNull();
    expect(takeEarlyFeedPage({}, started)).toBeNull();
  });

  describe('written into the page by the server', () => {
    /** The feed's HTML as the server writes it: the first page for a point (or none) in a JSON data block. */
    function pageWithFirstPage(point: { lat: number; lon: number } | null) {
      const block = document.createElement('script');
      block.type = 'application/json';
      block.id = FIRST_FEED_PAGE_ELEMENT_ID;
      block.textContent = JSON.stringify({ point, nextCursor: 'c1', posts: [{ id: 'inline-1' }, { id: 'inline-2' }] });
      document.head.append(block);
    }
    afterEach(() => document.getElementById(FIRST_FEED_PAGE_ELEMENT_ID)?.remove());

    it('is the first page for the same point, at once and without a request', async () => {
      const urls = stubFeed();
      pageWithFirstPage({ lat: 19.0760004, lon: 72.8777 });
      startEarlyFeedPage(MUMBAI);
      await Promise.resolve();
      const arrived = takeArrivedEarlyFeedPage(MUMBAI);
      expect(arrived?.page).toEqual({ posts: [{ id: 'inline-1' }, { id: 'inline-2' }], nextCursor: 'c1', limit: 10, offset: 0 });
      expect(urls).toEqual([]);
    });

    it('is all posts when written without a point', async () => {
      const urls = stubFeed();
      pageWithFirstPage(null);
      startEarlyFeedPage({});
      expect((await takeEarlyFeedPage({}))?.limit).toBe(20);
      expect(urls).toEqual([]);
    });

    it('is not used for another place, nor a second time: those are asked for', async () => {
      const urls = stubFeed();
      pageWithFirstPage(null);
      startEarlyFeedPage(MUMBAI);
      expect((await takeEarlyFeedPage(MUMBAI))?.posts.map((p) => p.id)).toEqual(['post-1']);
      startEarlyFeedPage({});
      expect((await takeEarlyFeedPage({}))?.posts.map((p) => p.id)).toEqual(['post-2']);
      expect(urls).toHaveLength(2);
    });
  });
});
