import { indiaDay, indiaDaysUpTo, type Insights, type MyPostsPage, type OwnPost } from '@aaspaas/domain';

/** Test data of the posts-history feature, shaped like the API's answers. */
let seq = 0;
export function testOwnPost(overrides: Partial<OwnPost> = {}): OwnPost {
  seq++;
  return {
    id: `00000000-0000-4000-8000-${String(seq).padStart(12, '0')}`,
    userId: 'u1',
    businessName: 'Sharma Kirana Store',
    authorName: 'Ravi',
    profileImageUrl: null,
    category: 'Grocery',
    city: 'Pune',
    state: 'Maharashtra',
    country: 'India',
    content: `Post number ${seq}`,
    hashtags: [],
    images: [],
    mrpPaise: null,
    ourPricePaise: null,
    homeDelivery: null,
    businessPhone: null,
    createdAt: new Date(Date.now() - seq * 60_000).toISOString(),
    likesCount: 0,
    viewsCount: 0,
    commentsCount: 0,
    sharesCount: 0,
    whatsappCount: 0,
    expiresAt: null,
    expired: false,
    updatedAt: new Date().toISOString(),
    lat: 18.52,
    lon: 73.85,
    locationOverridden: false,
    reports: null,
    moderation: null,
    ...overrides,
  };
}

export function myPostsPage(posts: OwnPost[], extra: Partial<MyPostsPage> = {}): MyPostsPage {
  return { posts, nextCursor: null, total: posts.length, ...extra };
}

/** 30 India days ending today; `counts` gives views and enquiries of the last days (oldest first). */
export function testInsights(counts: [number, number][] = [], lifetime: Partial<Insights['lifetime']> = {}): Insights {
  const days = indiaDaysUpTo(indiaDay(new Date()), 30);
  const offset = days.length - counts.length;
  const series = days.map((day, i) => {
    const [views, whatsapp] = counts[i - offset] ?? [0, 0];
    return { day, views, whatsapp };
  });
  return {
    from: days[0]!,
    to: days.at(-1)!,
    days: series,
    lastDays: {
      views: series.reduce((a, d) => a + d.views, 0),
      whatsapp: series.reduce((a, d) => a + d.whatsapp, 0),
      whatsappReceived: 0,
    },
    lifetime: { posts: 0, views: 0, likes: 0, shares: 0, whatsapp: 0, whatsappReceived: 0, ...lifetime },
  };
}
