import type { Post } from '@aaspaas/domain';
import { describe, expect, it } from 'vitest';
import { FEED_CACHE_MS } from '@/config/feed-cache';
import { STORAGE_KEYS } from '@/config/storage-keys';
import { normaliseFilters, type FeedData } from '../api/get-feed';
import { readFeedCache, writeFeedCache } from './feed-cache';

/** What useFeed does at its boundary: the cache is keyed by normalised filters. */
const n = normaliseFilters;

function post(id: string): Post {
  return {
    id,
    userId: 'u1',
    businessName: 'Sharma Kirana',
    authorName: 'Ravi',
    profileImageUrl: null,
    category: 'Grocery',
    city: 'Pune',
    state: 'Maharashtra',
    country: 'India',
    content: 'Fresh mangoes',
    hashtags: [],
    images: [],
    mrpPaise: null,
    ourPricePaise: null,
    homeDelivery: null,
    businessPhone: null,
    createdAt: new Date(0).toISOString(),
    likesCount: 0,
    viewsCount: 0,
    commentsCount: 0,
    sharesCount: 0,
    whatsappCount: 0,
  };
}

const data: FeedData = {
  pages: [{ posts: [post('a'), post('b')], nextCursor: 'c1', limit: 20, offset: 0 }],
  pageParams: [{ offset: 0 }],
};

describe('feed cache in localStorage (docs/product.md §9: valid 2 minutes, keyed by the query)', () => {
  it('gives back the first page while it is under two minutes old', () => {
    const t0 = 1_000_000;
    writeFeedCache(n({ q: 'mango' }), data, t0);
    expect(readFeedCache(n({ q: 'mango' }), t0 + FEED_CACHE_MS - 1)?.data.pages[0]?.posts.map((p) => p.id)).toEqual(['a', 'b']);
    expect(readFeedCache(n({ q: 'mango' }), t0 + FEED_CACHE_MS)).toBeNull();
  });

  it('keeps one entry per query (normalised)', () => {
    const t0 = 2_000_000;
    writeFeedCache(n({ lat: 18.52, lon: 73.85 }), data, t0);
    expect(readFeedCache(n({ lat: 18.52, lon: 73.85, q: '  ' }), t0 + 1)).not.toBeNull();
    expect(readFeedCache(n({}), t0 + 1)).toBeNull();
    expect(readFeedCache(n({ lat: 19.07, lon: 72.87 }), t0 + 1)).toBeNull();
  });

  it('drops expired entries when writing and survives garbage in storage', () => {
    localStorage.setItem(STORAGE_KEYS.feedCache, '{not json');
    expect(readFeedCache(n({}), 1)).toBeNull();
    writeFeedCache(n({ q: 'old' }), data, 0);
    writeFeedCache(n({ q: 'new' }), data, FEED_CACHE_MS + 10);
    const stored = JSON.parse(localStorage.getItem(STORAGE_KEYS.feedCache) ?? '{}') as Record<string, unknown>;
    expect(Object.keys(stored)).toEqual([JSON.stringify({ q: 'new' })]);
  });
});
