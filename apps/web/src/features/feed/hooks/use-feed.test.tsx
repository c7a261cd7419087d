import { imageCandidates, type Post } from '@aaspaas/domain';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { IMAGE_PREFETCH_POSTS } from '@/config/feed-cache';
import { feedKeys, feedPageSize, nextPageParam, normaliseFilters as n, type FeedPage } from '../api/get-feed';
import { useFeed } from './use-feed';
import { firstScreenShown } from '@/lib/after-load';
import { serveFeedPages } from '@/test/fake-feed-api';
import { makePost } from '@/test/make-post';

/** Posts of one test (`tag`), each with two photos, except those listed in `withoutImages`. */
function posts(tag: string, count: number, { from = 0, withoutImages = [] as number[] } = {}): Post[] {
  return Array.from({ length: count }, (_, k) => {
    const i = from + k;
    return makePost({
      id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
      businessName: `Shop ${i + 1}`,
      images: withoutImages.includes(i) ? [] : [`/media/posts/${tag}-${i}-a.webp`, `/media/posts/${tag}-${i}-b.webp`],
    });
  });
}

/**
 * The browser's Image, for the prefetch: remembers the photos asked for (never attached, as the
 * prefetch does). This browser does not decode AVIF: the 1×1 AVIF probe fails.
 */
const imagesAsked: string[] = [];
class FakeImage {
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  naturalWidth = 0;
  decoding = 'auto';
  sizes = '';
  srcset = '';
  #src = '';
  get src(): string {
    return this.#src;
  }
  set src(value: string) {
    this.#src = value;
    if (value.startsWith('data:')) queueMicrotask(() => this.onerror?.());
    else imagesAsked.push(value);
  }
}

let requests: URLSearchParams[];

function renderFeed() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  const hook = renderHook(() => useFeed({}), { wrapper });
  return { client, ...hook };
}

/** What the prefetch asks for: the file the card's <picture> will show first. */
function shownFile(post: Post): string {
  return imageCandidates(post.images[0]!)[0]!;
}

describe('useFeed prefetch (docs/product.md §7: next page into the cache; §9: first 6 posts’ images)', () => {
  beforeEach(() => {
    imagesAsked.length = 0;
    vi.stubGlobal('Image', FakeImage);
    // An idle moment comes at once.
    vi.stubGlobal('requestIdleCallback', (task: () => void) => window.setTimeout(task, 0));
    vi.stubGlobal('cancelIdleCallback', (id: number) => window.clearTimeout(id));
    // The feed's first screen is drawn: what waits for it (afterLoad) may run.
    firstScreenShown();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('after the first page, prefetches the next page into the query cache and the first posts’ first photos', async () => {
    const size = feedPageSize({});
    // The second post has no photo: six posts, five photos.
    const first = posts('full', size, { withoutImages: [1] });
    const second = posts('full', 3, { from: size });
    requests = serveFeedPages(first, second);
    const { client, result } = renderFeed();
    await waitFor(() => expect(result.current.posts).toHaveLength(size));

    const next = nextPageParam(result.current.data!.pages[0]!);
    expect(next).toEqual({ cursor: 'page-2', offset: size });
    await waitFor(() => expect(client.getQueryData(feedKeys.page(n({}), next!))).toBeDefined(), { timeout: 3000 });
    expect(client.getQueryData<FeedPage>(feedKeys.page(n({}), next!))!.posts.map((p) => p.id)).toEqual(second.map((p) => p.id));
    expect(requests.map((r) => r.get('cursor'))).toEqual([null, 'page-2']);

    const expected = first
      .slice(0, IMAGE_PREFETCH_POSTS)
      .filter((p) => p.images.length > 0)
      .map(shownFile);
    await waitFor(() => expect(imagesAsked).toEqual(expected), { timeout: 3000 });
    expect(expected).toHaveLength(IMAGE_PREFETCH_POSTS - 1);

    // Loading more takes the prefetched page: no new request.
    await act(() => result.current.fetchNextPage());
    await waitFor(() => expect(result.current.posts).toHaveLength(size + second.length));
    expect(requests).toHaveLength(2);
  });

  it('prefetches no next page after the last page, but still the photos', async () => {
    const only = posts('last', 4);
    requests = serveFeedPages(only, []);
    const { result } = renderFeed();
    await waitFor(() => expect(result.current.posts).toHaveLength(4));
    expect(result.current.hasNextPage).toBe(false);
    await waitFor(() => expect(imagesAsked).toEqual(only.map(shownFile)), { timeout: 3000 });
    expect(requests.map((r) => r.get('cursor'))).toEqual([null]);
  });
});
