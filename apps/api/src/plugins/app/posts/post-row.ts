import { type Post, distanceKm } from '@aaspaas/domain';
import { type Placeholder, sql } from 'drizzle-orm';

/** Columns every post listing selects, with `p` = posts and `u` = users. */
export const POST_COLUMNS = sql`
  p.id, p.user_id, p.category, p.content, p.hashtags, p.images, p.mrp_paise, p.our_price_paise,
  p.home_delivery, p.city, p.state, p.country, p.lat, p.lon, p.created_at,
  (floor(extract(epoch from p.created_at) * 1000000))::bigint::text AS created_us,
  p.likes_count, p.views_count, p.comments_count, p.shares_count, p.whatsapp_count,
  u.business_name, u.name AS author_name, u.profile_image_url, u.business_phone,
  u.verified_at IS NOT NULL AS business_verified`;

export type PostRowData = {
  id: string;
  user_id: string;
  category: string;
  content: string;
  hashtags: string[];
  images: string[];
  mrp_paise: number | null;
  our_price_paise: number | null;
  home_delivery: boolean | null;
  city: string | null;
  state: string | null;
  country: string | null;
  lat: number | null;
  lon: number | null;
  created_at: Date | string;
  created_us: string;
  likes_count: number;
  views_count: number;
  comments_count: number;
  shares_count: number;
  whatsapp_count: number;
  business_name: string;
  author_name: string;
  profile_image_url: string | null;
  business_phone: string | null;
  /** The admin marked the business verified (read from the row the listing already joins). */
  business_verified: boolean;
  /** Whether the asking visitor likes the post; null when no visitor id was sent. */
  liked_by_me: boolean | null;
};

/**
 * The liked_by_me column for a visitor (or NULL without one), so one statement answers everything.
 * The visitor id may be a placeholder of a statement prepared once (feed-repository).
 */
export function likedByMeColumn(visitorId: string | Placeholder | undefined) {
  return visitorId
    ? sql`EXISTS (SELECT 1 FROM post_likes l WHERE l.post_id = p.id AND l.visitor_id = ${visitorId}) AS liked_by_me`
    : sql`NULL::boolean AS liked_by_me`;
}

export function toPost(row: PostRowData, point?: { lat: number; lon: number }): Post {
  const post: Post = {
    id: row.id,
    userId: row.user_id,
    businessName: row.business_name,
    authorName: row.author_name,
    profileImageUrl: row.profile_image_url,
    category: row.category,
    city: row.city,
    state: row.state,
    country: row.country,
    content: row.content,
    hashtags: row.hashtags,
    images: row.images,
    mrpPaise: row.mrp_paise,
    ourPricePaise: row.our_price_paise,
    homeDelivery: row.home_delivery,
    businessPhone: row.business_phone,
    createdAt: new Date(row.created_at).toISOString(),
    likesCount: row.likes_count,
    viewsCount: row.views_count,
    commentsCount: row.comments_count,
    sharesCount: row.shares_count,
    whatsappCount: row.whatsapp_count,
  };
  if (point && row.lat !== null && row.lon !== null) {
    post.distanceKm = Math.round(distanceKm(point.lat, point.lon, row.lat, row.lon) * 10) / 10;
  }
  // Written only when true: a feed page of unverified businesses costs no extra byte.
  if (row.business_verified) post.businessVerified = true;
  if (row.liked_by_me !== null) post.likedByMe = row.liked_by_me;
  return post;
}
