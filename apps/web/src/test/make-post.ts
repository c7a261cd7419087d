import type { Post } from '@aaspaas/domain';

/** A post as GET /api/feed answers it, for component tests: a Pune grocery offer, five minutes old. */
export function makePost(overrides: Partial<Post> = {}): Post {
  return {
    id: '0b7a4c43-7d0a-4c8e-9a57-5c1f3c7f6a11',
    userId: '5d1d2b5a-2b8c-4d4f-8b0a-1c2d3e4f5a6b',
    businessName: 'Sharma Kirana Store',
    authorName: 'Ravi Sharma',
    profileImageUrl: null,
    category: 'Grocery',
    city: 'Pune',
    state: 'Maharashtra',
    country: 'India',
    content: 'Alphonso mangoes are here! Order before Sunday for free delivery in Kothrud. #mango',
    hashtags: ['mango', 'fruit'],
    images: [],
    mrpPaise: 125_000,
    ourPricePaise: 99_900,
    homeDelivery: true,
    businessPhone: '98200 12345',
    createdAt: new Date(Date.now() - 5 * 60_000).toISOString(),
    likesCount: 3,
    viewsCount: 10,
    commentsCount: 0,
    sharesCount: 0,
    whatsappCount: 0,
    distanceKm: 2.34,
    likedByMe: false,
    ...overrides,
  };
}

/** `count` distinct posts ('Shop 1', 'Shop 2', …), numbered from `from`. */
export function makePosts(count: number, from = 0, overrides: Partial<Post> = {}): Post[] {
  return Array.from({ length: count }, (_, i) =>
    makePost({
      id: `00000000-0000-4000-8000-${String(from + i).padStart(12, '0')}`,
      businessName: `Shop ${from + i + 1}`,
      content: `Offer ${from + i + 1}`,
      ...overrides,
    }),
  );
}
