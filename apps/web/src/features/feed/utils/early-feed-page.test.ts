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
});
