import { FIRST_FEED_PAGE_ELEMENT_ID } from '@aaspaas/domain/rules';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { normaliseFilters } from '../api/get-feed-page';
import { EARLY_PAGE_MAX_AGE_MS, startEarlyFeedPage, takeArrivedEarlyFeedPage, takeEarlyFeedPage } from './early-feed-page';

/** What useFeed and main.tsx do at their boundary: the early page compares normalised filters. */
const n = normaliseFilters;

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
    takeEarlyFeedPage(n(MUMBAI));
    takeEarlyFeedPage(n({}));
  });

  it("is the first query's answer for the same filters, once, without a second request", async () => {
    const urls = stubFeed();
    startEarlyFeedPage(n(MUMBAI));
    const page = takeEarlyFeedPage(n({ ...MUMBAI, q: '  ' }));
    expect(page).not.toBeNull();
    expect((await page)?.posts.map((p) => p.id)).toEqual(['post-1']);
    expect(urls).toHaveLength(1);
    expect(urls[0]).toContain('lat=19.076');
    expect(takeEarlyFeedPage(n(MUMBAI))).toBeNull();
  });

  it('is left for its own filters when another query asks first', async () => {
    stubFeed();
    startEarlyFeedPage(n(MUMBAI));
    expect(takeEarlyFeedPage(n({}))).toBeNull();
    expect(takeEarlyFeedPage(n({ ...MUMBAI, category: 'Grocery' }))).toBeNull();
    expect(takeEarlyFeedPage(n(MUMBAI))).not.toBeNull();
  });

  it('is initial data only once it has arrived', async () => {
    stubFeed();
    const started = Date.now();
    const request = startEarlyFeedPage(n({}), started);
    expect(takeArrivedEarlyFeedPage(n({}), started)).toBeNull();
    await request;
    const arrived = takeArrivedEarlyFeedPage(n({}), started);
    expect(arrived?.page.posts.map((p) => p.id)).toEqual(['post-1']);
    expect(arrived?.at).toBeGreaterThanOrEqual(started);
    expect(takeEarlyFeedPage(n({}))).toBeNull();
  });

  it('is not used once it is too old', async () => {
    stubFeed();
    const started = Date.now();
    await startEarlyFeedPage(n({}), started);
    expect(takeArrivedEarlyFeedPage(n({}), started + EARLY_PAGE_MAX_AGE_MS + 1)).toBeNull();
    expect(takeEarlyFeedPage(n({}), started)).toBeNull();
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
      startEarlyFeedPage(n(MUMBAI));
      await Promise.resolve();
      const arrived = takeArrivedEarlyFeedPage(n(MUMBAI));
      expect(arrived?.page).toEqual({ posts: [{ id: 'inline-1' }, { id: 'inline-2' }], nextCursor: 'c1', limit: 10, offset: 0 });
      expect(urls).toEqual([]);
    });

    it('is all posts when written without a point', async () => {
      const urls = stubFeed();
      pageWithFirstPage(null);
      startEarlyFeedPage(n({}));
      expect((await takeEarlyFeedPage(n({})))?.limit).toBe(20);
      expect(urls).toEqual([]);
    });

    it('is not used for another place, nor a second time: those are asked for', async () => {
      const urls = stubFeed();
      pageWithFirstPage(null);
      startEarlyFeedPage(n(MUMBAI));
      expect((await takeEarlyFeedPage(n(MUMBAI)))?.posts.map((p) => p.id)).toEqual(['post-1']);
      startEarlyFeedPage(n({}));
      expect((await takeEarlyFeedPage(n({})))?.posts.map((p) => p.id)).toEqual(['post-2']);
      expect(urls).toHaveLength(2);
    });
  });
});
