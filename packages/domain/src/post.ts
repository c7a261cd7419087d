import { z } from 'zod';
import { OpenNowFields, StockSchema } from './counter';
import type { LocateResponse } from './geo';
import type { Language } from './language';
import { searchLimitProblem } from './search';
import {
  FEED_DEFAULT_RADIUS_KM,
  FEED_MAX_LIMIT,
  FEED_MAX_OFFSET,
  FEED_SEARCH_MAX_OFFSET_POSTS,
  FEED_MAX_RADIUS_KM,
  FEED_MIN_RADIUS_KM,
  FEED_PAGE_SIZE,
} from './constants';

/** A post as the feed and business pages show it (docs/product.md §3). Money is in paise. */
export const PostSchema = z
  .object({
    id: z.string(),
    userId: z.string(),
    businessName: z.string(),
    authorName: z.string(),
    profileImageUrl: z.string().nullable(),
    category: z.string(),
    city: z.string().nullable(),
    state: z.string().nullable(),
    country: z.string().nullable(),
    content: z.string(),
    hashtags: z.array(z.string()),
    images: z.array(z.string()),
    mrpPaise: z.number().int().nullable(),
    ourPricePaise: z.number().int().nullable(),
    homeDelivery: z.boolean().nullable(),
    businessPhone: z.string().nullable(),
    createdAt: z.string(),
    likesCount: z.number().int(),
    viewsCount: z.number().int(),
    commentsCount: z.number().int(),
    sharesCount: z.number().int(),
    whatsappCount: z.number().int(),
    /** Present when the feed was asked for a point. */
    distanceKm: z.number().optional(),
    /** Whether the calling visitor (X-Visitor-Id) has liked it; present when a visitor id was sent. */
    likedByMe: z.boolean().optional(),
    /** true when the admin marked the post's business verified (its badge); absent otherwise. */
    businessVerified: z.boolean().optional(),
    /** Whether the business is open now, and when that changes (docs/product.md §3, Opening hours); absent only on the owner's own lists. */
    openNow: OpenNowFields.openNow.optional(),
    openChangesAt: OpenNowFields.openChangesAt.optional(),
    /** The post's live stock while it lasts ("Sold out", "Fresh stock at 5 pm"); absent when none. */
    stock: StockSchema.optional(),
    /** The business's UPI ID: present when it has one, so an offer with a price can show "Pay ₹X by UPI". */
    businessUpiId: z.string().optional(),
  })
  .meta({ id: 'Post' });
export type Post = z.infer<typeof PostSchema>;
export const PostListSchema = z.array(PostSchema);

/** A number from a query string; an empty or non-numeric value is refused (not read as 0). */
const finiteNumber = (what: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? Number.NaN : v),
    z.coerce.number({ error: `${what} must be a number` }).refine(Number.isFinite, `${what} must be a number`),
  );

const LimitSchema = z.coerce
  .number({ error: 'limit must be a whole number' })
  .int('limit must be a whole number')
  .min(1, `limit must be between 1 and ${FEED_MAX_LIMIT}`)
  .max(FEED_MAX_LIMIT, `limit must be between 1 and ${FEED_MAX_LIMIT}`)
  .default(FEED_PAGE_SIZE);
const OffsetSchema = z.coerce
  .number({ error: 'offset must be a whole number' })
  .int('offset must be a whole number')
  .min(0, `offset must be between 0 and ${FEED_MAX_OFFSET}`)
  .max(FEED_MAX_OFFSET, `offset must be between 0 and ${FEED_MAX_OFFSET}; use cursor for deep pages`)
  .default(0);

/** limit/offset paging of post lists (business pages). */
export const PageQuerySchema = z.object({ limit: LimitSchema, offset: OffsetSchema });

export const FeedQuerySchema = z
  .object({
    lat: finiteNumber('lat')
      .pipe(z.number().min(-90, 'lat must be between -90 and 90').max(90, 'lat must be between -90 and 90'))
      .optional(),
    lon: finiteNumber('lon')
      .pipe(z.number().min(-180, 'lon must be between -180 and 180').max(180, 'lon must be between -180 and 180'))
      .optional(),
    radiusKm: finiteNumber('radiusKm')
      .pipe(
        z
          .number()
          .min(FEED_MIN_RADIUS_KM, `radiusKm must be between ${FEED_MIN_RADIUS_KM} and ${FEED_MAX_RADIUS_KM}`)
          .max(FEED_MAX_RADIUS_KM, `radiusKm must be between ${FEED_MIN_RADIUS_KM} and ${FEED_MAX_RADIUS_KM}`),
      )
      .default(FEED_DEFAULT_RADIUS_KM),
    limit: LimitSchema,
    offset: OffsetSchema,
    cursor: z.string().max(200, 'cursor is malformed').optional(),
    q: z
      .string()
      .trim()
      .max(200, 'q must be at most 200 characters')
      .superRefine((q, ctx) => {
        const problem = searchLimitProblem(q);
        if (problem) ctx.addIssue({ code: 'custom', message: problem });
      })
      .optional(),
    category: z.string().trim().max(80, 'category must be at most 80 characters').optional(),
    /** 'true': only posts of businesses open now (docs/product.md §3, Opening hours). */
    openNow: z
      .enum(['true', 'false'], { error: 'openNow must be true or false' })
      .transform((v) => v === 'true')
      .optional(),
  })
  .refine((v) => (v.lat === undefined) === (v.lon === undefined), {
    message: 'lat and lon must be given together',
  })
  .refine((v) => !v.q || v.offset + v.limit <= FEED_SEARCH_MAX_OFFSET_POSTS, {
    message: `a search pages by offset through its first ${FEED_SEARCH_MAX_OFFSET_POSTS} posts (offset + limit): use cursor (the X-Next-Cursor of the previous page) for deeper pages`,
    path: ['offset'],
  });
export type FeedQuery = z.infer<typeof FeedQuerySchema>;

/**
 * The feed's first page as the server writes it into the feed's HTML (FIRST_FEED_PAGE_ELEMENT_ID):
 * the point it is for (none: all posts), its posts as GET /api/feed answers them, and the cursor
 * of the next page (the X-Next-Cursor header's value).
 */
export type FirstFeedPage = { point: { lat: number; lon: number } | null; posts: Post[]; nextCursor: string | null };

/**
 * What the web's server-side renderer draws the feed's first screen from (apps/web's
 * app/first-screen.server.tsx, built to apps/web/dist-ssr/first-screen.js): the visitor's IP guess
 * and the first page for it, the two data blocks the same HTML carries, in the page's language.
 */
export type FirstScreenInput = { ipGuess: LocateResponse; page: FirstFeedPage; language: Language };
/**
 * The first screen's markup: `root` for the HTML's #root (the feed's frame, its first cards and the
 * splash); `head` for the head, ahead of its scripts (the preload of the first photo, the LCP).
 */
export type FirstScreenMarkup = { head: string; root: string };
export type RenderFirstScreen = (input: FirstScreenInput) => FirstScreenMarkup;

export const PostIdParamsSchema = z.object({ id: z.uuid({ error: 'Post not found' }) });

export const LikeResponseSchema = z.object({ success: z.boolean(), likesCount: z.number().int(), liked: z.boolean() });
export type LikeResponse = z.infer<typeof LikeResponseSchema>;

export const ViewBodySchema = z
  .object({
    anonId: z.string().min(1).max(100).optional(),
    ts: z.number().optional(),
  })
  .default({});
export const ViewResponseSchema = z.object({ success: z.boolean(), viewsCount: z.number().int() });
export type ViewResponse = z.infer<typeof ViewResponseSchema>;

/** A feed category: `name` is what posts keep and the filter sends; `nameHi` is shown in Hindi when there is one. */
export const CategorySchema = z.object({ name: z.string(), nameHi: z.string().nullable(), postCount: z.number().int() });
export const CategoryListSchema = z.array(CategorySchema);
export type Category = z.infer<typeof CategorySchema>;
