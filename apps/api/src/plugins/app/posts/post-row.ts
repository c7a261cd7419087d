import { type OpeningHours, type Post, type Stock, STOCK_STATUSES, distanceKm, openStatus } from '@aaspaas/domain';
import { type Placeholder, sql } from 'drizzle-orm';

/** Columns every post listing selects, with `p` = posts and `u` = users. */
export const POST_COLUMNS = sql`
  p.id, p.user_id, p.category, p.content, p.hashtags, p.images, p.mrp_paise, p.our_price_paise,
  p.home_delivery, p.city, p.state, p.country, p.lat, p.lon, p.created_at,
  (floor(extract(epoch from p.created_at) * 1000000))::bigint::text AS created_us,
  p.likes_count, p.views_count, p.comments_count, p.shares_count, p.whatsapp_count,
  u.business_name, u.name AS author_name, u.profile_image_url, u.business_phone,
  u.verified_at IS NOT NULL AS business_verified, u.hours, u.closed_until, u.upi_id,
  p.stock_status, p.stock_until`;

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
  /** The business's opening hours and one-tap closure (openStatus reads them), and its UPI ID. */
  hours: OpeningHours | null;
  closed_until: Date | string | null;
  upi_id: string | null;
  stock_status: string | null;
  stock_until: Date | string | null;
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

/** A post's live stock while it lasts (docs/product.md §3), or undefined. */
function stockOf(row: Pick<PostRowData, 'stock_status' | 'stock_until'>, now: Date): Stock | undefined {
  if (!row.stock_status || !row.stock_until) return undefined;
  const until = new Date(row.stock_until);
  const status = STOCK_STATUSES.find((s) => s === row.stock_status);
  return status && until > now ? { status, until: until.toISOString() } : undefined;
}

/** A post as the API answers it; open now and live stock are read at `now` (the server's clock). */
export function toPost(row: PostRowData, point?: { lat: number; lon: number }, now: Date = new Date()): Post {
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
  const open = openStatus(row.hours, row.closed_until === null ? null : new Date(row.closed_until), now);
  post.openNow = open.openNow;
  post.openChangesAt = open.changesAt;
  const stock = stockOf(row, now);
  if (stock) post.stock = stock;
  if (row.upi_id) post.businessUpiId = row.upi_id;
  return post;
}
