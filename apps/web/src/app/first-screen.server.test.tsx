import type { Post } from '@aaspaas/domain';
import { describe, expect, it } from 'vitest';
import { FIRST_PAINT_CARDS } from '@/features/feed/components/feed-list';
import { makePost } from '@/test/make-post';
import { renderFirstScreen } from './first-screen.server';

function post(n: number, overrides: Partial<Post> = {}): Post {
  return makePost({
    id: `0b7a4c43-7d0a-4c8e-9a57-5c1f3c7f6a1${n}`,
    businessName: `Sharma Kirana ${n}`,
    content: `Alphonso mangoes, batch ${n} #mango`,
    images: [`/media/seed/posts/sharma/photo-${n}-720.webp`],
    ...overrides,
  });
}

/** The markup as the browser would parse it inside #root. */
function parse(html: string): HTMLElement {
  const root = document.createElement('div');
  root.innerHTML = html;
  return root;
}

const pune = { lat: 18.52, lon: 73.86, source: 'ip' as const, city: 'Pune' };

describe("the feed's first screen, drawn on the server", () => {
  it('draws the first cards of the page, the first photo at high priority, under the splash', () => {
    const posts = [1, 2, 3, 4, 5].map((n) => post(n, { profileImageUrl: `/media/seed/avatars/shop-${n}-160.webp` }));
    const { head, root: markup } = renderFirstScreen({
      ipGuess: pune,
      page: { point: pune, posts, nextCursor: null },
      language: 'en',
    });
    const root = parse(markup);

    const cards = [...root.querySelectorAll<HTMLElement>('[data-testid="post-card"]')];
    expect(cards.map((c) => c.dataset.postId)).toEqual(posts.slice(0, FIRST_PAINT_CARDS).map((p) => p.id));
    expect(cards[0]?.textContent).toContain('Sharma Kirana 1');
    expect(cards[0]?.textContent).toContain('₹999');
    // One picture is asked for: the first card's first photo. The others keep their boxes, and
    // their names for screen readers, without a URL: the app asks for them when it draws the feed.
    const photos = cards.flatMap((c) => [...c.querySelectorAll('img')]);
    expect(photos).toHaveLength(1);
    expect(photos[0]?.getAttribute('src')).toContain('photo-1');
    expect(photos[0]?.getAttribute('fetchpriority')).toBe('high');
    expect(photos[0]?.getAttribute('loading')).toBe('eager');
    expect(root.querySelectorAll('source')).toHaveLength(1);
    expect(markup).not.toMatch(/photo-[2-9]|avatars/);
    const later = cards.slice(1).map((c) => c.querySelector('[role="img"][aria-label]'));
    expect(later.map((box) => box?.getAttribute('aria-label'))).toEqual(
      posts.slice(1, FIRST_PAINT_CARDS).map((p) => `Photo 1 of 1 from ${p.businessName}`),
    );
    expect(later.every((box) => box?.className.includes('size-full'))).toBe(true);

    const splash = root.querySelector('[data-testid="splash"]');
    expect(splash?.textContent).toContain('Loading your local business feed...');
    // Before the frame and the cards in the HTML: a page painted while half parsed never shows them without it.
    const [first] = [...root.querySelectorAll('[data-testid="splash"], header, [data-testid="post-card"]')];
    expect(first).toBe(splash);

    // The head preloads the file the first card's <picture> takes: its AVIF source, same sizes.
    const preload = parse(head).querySelector('link');
    const avif = root.querySelector('picture source[type="image/avif"]');
    expect(preload?.getAttribute('rel')).toBe('preload');
    expect(preload?.getAttribute('as')).toBe('image');
    expect(preload?.getAttribute('type')).toBe('image/avif');
    expect(preload?.getAttribute('fetchpriority')).toBe('high');
    expect(preload?.getAttribute('imagesrcset')).toBe(avif?.getAttribute('srcset'));
    expect(preload?.getAttribute('imagesizes')).toBe(avif?.getAttribute('sizes'));
    expect(preload?.getAttribute('href')).toBe(photos[0]?.getAttribute('src'));
    expect(root.querySelector('[data-testid="location-label"]')?.textContent).toBe('Near Pune (approximate)');
    expect(root.querySelector('input[type="search"]')?.getAttribute('placeholder')).toBe('Search posts, #hashtags, or business');
  });

  it("draws the 'Verified business' badge on a verified business's cards only", () => {
    const posts = [post(1, { businessVerified: true }), post(2), post(3, { businessVerified: true })];
    const { root: markup } = renderFirstScreen({ ipGuess: pune, page: { point: pune, posts, nextCursor: null }, language: 'en' });
    const cards = [...parse(markup).querySelectorAll<HTMLElement>('[data-testid="post-card"]')];
    expect(cards.map((c) => c.querySelector('[role="img"][aria-label="Verified business"]')?.textContent ?? null)).toEqual([
      'Verified',
      null,
      'Verified',
    ]);
  });

  it("writes a post's text as text: no element of a post's making", () => {
    const tricky = post(1, { businessName: 'Kirana <b>Bold</b>', content: 'Sale </div><script>alert(1)</script> $& today' });
    const { root: html } = renderFirstScreen({
      ipGuess: pune,
      page: { point: pune, posts: [tricky], nextCursor: null },
      language: 'en',
    });
    const root = parse(html);
    expect(root.querySelector('script')).toBeNull();
    expect(root.querySelector('b')).toBeNull();
    expect(root.querySelector('[data-testid="post-card"]')?.textContent).toContain(
      'Sale </div><script>alert(1)</script> $& today',
    );
  });

  it('without a guess, asks for the visitor’s area; without posts, draws the frame and the splash', () => {
    const unknown = { lat: null, lon: null, source: 'unknown' as const, city: null };
    const { head, root: markup } = renderFirstScreen({
      ipGuess: unknown,
      page: { point: null, posts: [], nextCursor: null },
      language: 'en',
    });
    expect(head, 'no photo to preload').toBe('');
    const root = parse(markup);
    expect(root.querySelector('[data-testid="post-card"]')).toBeNull();
    expect(root.querySelector('[data-testid="location-bar"]')?.textContent).toContain('Show business posts from my area');
    expect(root.querySelector('[data-testid="splash"]')).not.toBeNull();
  });

  it('draws a Hindi visitor’s first screen in Hindi, and the next English visitor’s in English', () => {
    const posts = [post(1, { content: 'Diwali sale on sweets' })];
    const now = Date.now();
    const hindi = parse(
      renderFirstScreen({
        ipGuess: pune,
        page: {
          point: pune,
          posts: [{ ...posts[0]!, createdAt: new Date(now - 3 * 3_600_000).toISOString() }],
          nextCursor: null,
        },
        language: 'hi',
      }).root,
    );
    expect(hindi.querySelector('[data-testid="location-label"]')?.textContent).toBe('Pune के आसपास (अंदाज़न)');
    expect(hindi.querySelector('input[type="search"]')?.getAttribute('placeholder')).toBe('पोस्ट, #हैशटैग या दुकान खोजें');
    expect(hindi.querySelector('[data-testid="splash"]')?.textContent).toContain('आपके आसपास की दुकानों की फ़ीड लोड हो रही है...');
    const card = hindi.querySelector('[data-testid="post-card"]')?.textContent ?? '';
    expect(card, 'the relative time, with its plural').toContain('3 घंटे पहले');
    expect(card, "the post's own text stays as written").toContain('Diwali sale on sweets');
    expect(card).toContain('शेयर करें');
    expect(hindi.textContent).not.toMatch(/Search posts|Loading your local|Enquire on WhatsApp/);

    const english = parse(
      renderFirstScreen({ ipGuess: pune, page: { point: pune, posts, nextCursor: null }, language: 'en' }).root,
    );
    expect(english.querySelector('[data-testid="location-label"]')?.textContent).toBe('Near Pune (approximate)');
    expect(english.textContent).not.toMatch(/[\u0900-\u097F]/);
  });
});
