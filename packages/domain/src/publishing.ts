import { z } from 'zod';
import { stripInvisibleFormatting } from './text';
import {
  FEED_MAX_LIMIT,
  FEED_MAX_OFFSET,
  HASHTAG_INPUT_MAX,
  IST_OFFSET_MINUTES,
  MAX_POST_IMAGES,
  MY_POSTS_PAGE_SIZE,
  OFFER_MAX_VALID_DAYS,
  POST_CONTENT_MAX,
  PRICE_MAX_PAISE,
} from './constants';
import { isIsoDate } from './contact';
import { latitude, longitude } from './geo';
import { extractHashtags } from './hashtags';
import { formatRupees } from './money';
import { PostSchema } from './post';

/** Texts of the publishing forms and routes, in the plain style of docs/product.md §5. */
export const PUBLISHING_MESSAGES = {
  contentRequired: 'Write something about your post',
  contentTooLong: `Post text must be at most ${POST_CONTENT_MAX} characters`,
  tooManyImages: `A post can have at most ${MAX_POST_IMAGES} photos`,
  imageNotOurs: 'Upload the photos first: only photos you uploaded to Aaspaas can be used',
  categoryRequired: 'Choose a category',
  tooManyTags: `Enter at most ${HASHTAG_INPUT_MAX} hashtags`,
  priceNotNumber: 'Prices must be numbers (in paise)',
  priceWhole: 'Prices must be whole paise, without fractions',
  priceNegative: 'Prices cannot be negative',
  priceTooHigh: `Prices must be at most ${formatRupees(PRICE_MAX_PAISE)}`,
  pricesTogether: 'Enter both the MRP and our price, or leave both empty',
  priceAboveMrp: 'Our price cannot be more than the MRP',
  validUntilInvalid: 'Enter the valid-until date as YYYY-MM-DD (or a date and time with its time zone)',
  validUntilPast: 'The valid-until date must be in the future',
  validUntilTooFar: `The valid-until date must be within ${OFFER_MAX_VALID_DAYS} days`,
  locationIncomplete: 'Pick the post location again: latitude and longitude go together',
  locationMissing: 'Set your business location in your profile before posting',
  postNotFound: 'Post not found',
} as const;

/** The message for a category that is not one of the business's own. */
export function categoryNotYoursMessage(businessCategories: readonly string[]): string {
  return `Choose one of your business categories: ${businessCategories.join(', ')}`;
}

/**
 * A post's category must be one of the business's categories when the profile lists any (matched
 * without regard to case, answered in the profile's spelling); without any, the business names it.
 * Null when it is not allowed.
 */
export function matchBusinessCategory(category: string, businessCategories: readonly string[]): string | null {
  const wanted = category.trim();
  if (businessCategories.length === 0) return wanted || null;
  return businessCategories.find((c) => c.toLowerCase() === wanted.toLowerCase()) ?? null;
}

/** India's calendar day (YYYY-MM-DD) of an instant: the day a view or an enquiry counts for. */
export function indiaDay(at: Date): string {
  return new Date(at.getTime() + IST_OFFSET_MINUTES * 60_000).toISOString().slice(0, 10);
}

/** The India days from `days - 1` days before `today` up to `today`, oldest first. */
export function indiaDaysUpTo(today: string, days: number): string[] {
  const end = Date.parse(`${today}T00:00:00Z`);
  return Array.from({ length: days }, (_, i) => new Date(end - (days - 1 - i) * 86_400_000).toISOString().slice(0, 10));
}

const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/;

/**
 * When an offer leaves the feed: a plain date (what a date picker gives) means the end of that day
 * in India; a date and time must carry its offset so the moment is unambiguous. Null when unreadable.
 */
export function offerEndsAt(value: string): Date | null {
  const v = value.trim();
  if (isIsoDate(v)) return new Date(`${v}T23:59:59.999+05:30`);
  if (!ISO_DATE_TIME.test(v)) return null;
  const at = new Date(v);
  return Number.isNaN(at.getTime()) ? null : at;
}

/** An optional valid-until: null/absent/'' means no end; otherwise a future instant, within a year. Output: ISO string. */
export const ValidUntilSchema = z
  .union([z.string().max(40, PUBLISHING_MESSAGES.validUntilInvalid), z.null()])
  .optional()
  .transform((value, ctx) => {
    if (value === undefined || value === null || value.trim() === '') return null;
    const at = offerEndsAt(value);
    if (!at) {
      ctx.addIssue({ code: 'custom', message: PUBLISHING_MESSAGES.validUntilInvalid });
      return z.NEVER;
    }
    const now = Date.now();
    if (at.getTime() <= now) ctx.addIssue({ code: 'custom', message: PUBLISHING_MESSAGES.validUntilPast });
    else if (at.getTime() > now + (OFFER_MAX_VALID_DAYS + 1) * 86_400_000)
      ctx.addIssue({ code: 'custom', message: PUBLISHING_MESSAGES.validUntilTooFar });
    return at.toISOString();
  });

export const PricePaiseSchema = z
  .number({ error: PUBLISHING_MESSAGES.priceNotNumber })
  .int(PUBLISHING_MESSAGES.priceWhole)
  .min(0, PUBLISHING_MESSAGES.priceNegative)
  .max(PRICE_MAX_PAISE, PUBLISHING_MESSAGES.priceTooHigh)
  .nullable()
  .optional();

/** MRP and our price come together, and our price never exceeds the MRP (the discount of docs/product.md §9 follows). */
export function priceIssue(mrpPaise: number | null | undefined, ourPricePaise: number | null | undefined) {
  const hasMrp = mrpPaise !== null && mrpPaise !== undefined;
  const hasPrice = ourPricePaise !== null && ourPricePaise !== undefined;
  if (hasMrp !== hasPrice) return { message: PUBLISHING_MESSAGES.pricesTogether, path: [hasMrp ? 'ourPricePaise' : 'mrpPaise'] };
  if (hasMrp && hasPrice && ourPricePaise > mrpPaise)
    return { message: PUBLISHING_MESSAGES.priceAboveMrp, path: ['ourPricePaise'] };
  return null;
}

const placeName = z
  .string()
  .trim()
  .max(80)
  .transform((v) => (v === '' ? null : v))
  .nullable()
  .optional()
  .transform((v) => v ?? null);

/** A post placed somewhere other than the business's address (one post only). */
export const PostLocationSchema = z.object({
  lat: z.number({ error: PUBLISHING_MESSAGES.locationIncomplete }).pipe(latitude('location.lat')),
  lon: z.number({ error: PUBLISHING_MESSAGES.locationIncomplete }).pipe(longitude('location.lon')),
  city: placeName,
  state: placeName,
});
export type PostLocation = z.output<typeof PostLocationSchema>;

/**
 * Create and edit (a full replacement) of a post or an offer. An offer is a post with prices.
 * `hashtags` is the raw tag field; the output holds the final list of docs/product.md §5 (extractHashtags
 * over the tags and the content's #words). Without `location` the post is placed at the business's
 * profile location (on an edit too). The category is checked against the business's categories by
 * the server (matchBusinessCategory), which knows them.
 */
export const PostInputSchema = z
  .object({
    content: z
      .string({ error: PUBLISHING_MESSAGES.contentRequired })
      .overwrite(stripInvisibleFormatting)
      .trim()
      .min(1, PUBLISHING_MESSAGES.contentRequired)
      .max(POST_CONTENT_MAX, PUBLISHING_MESSAGES.contentTooLong),
    images: z
      .array(z.string().trim().min(1, PUBLISHING_MESSAGES.imageNotOurs).max(500, PUBLISHING_MESSAGES.imageNotOurs))
      .max(MAX_POST_IMAGES, PUBLISHING_MESSAGES.tooManyImages)
      .default([])
      .transform((urls) => [...new Set(urls)]),
    category: z
      .string({ error: PUBLISHING_MESSAGES.categoryRequired })
      .trim()
      .min(1, PUBLISHING_MESSAGES.categoryRequired)
      .max(40, PUBLISHING_MESSAGES.categoryRequired),
    hashtags: z
      .array(z.string().max(100).overwrite(stripInvisibleFormatting))
      .max(HASHTAG_INPUT_MAX, PUBLISHING_MESSAGES.tooManyTags)
      .default([]),
    mrpPaise: PricePaiseSchema,
    ourPricePaise: PricePaiseSchema,
    /** true: 'Free Delivery'; false: 'No Free Delivery'; null: not stated. */
    homeDelivery: z.boolean().nullable().default(null),
    expiresAt: ValidUntilSchema,
    location: PostLocationSchema.nullable().optional(),
  })
  .superRefine((v, ctx) => {
    const issue = priceIssue(v.mrpPaise, v.ourPricePaise);
    if (issue) ctx.addIssue({ code: 'custom', ...issue });
  })
  .transform((v) => ({
    ...v,
    hashtags: extractHashtags(v.hashtags, v.content),
    mrpPaise: v.mrpPaise ?? null,
    ourPricePaise: v.ourPricePaise ?? null,
    location: v.location ?? null,
  }));
export type PostInput = z.input<typeof PostInputSchema>;
export type PostInputData = z.output<typeof PostInputSchema>;

/** A post as its owner sees it: the public post plus validity, place and whether the place was chosen for it. */
export const OwnPostSchema = PostSchema.extend({
  expiresAt: z.string().nullable(),
  /** The offer's valid-until has passed: it no longer shows in the feed. */
  expired: z.boolean(),
  updatedAt: z.string(),
  lat: z.number().nullable(),
  lon: z.number().nullable(),
  /** True when the post was placed by its own location, not the profile's. */
  locationOverridden: z.boolean(),
  /**
   * Visitors' reports the admin has not decided on yet (docs/product.md §2, Admin routes): how many and
   * why, shown to the owner whether or not they hid the post. Null when there are none.
   */
  reports: z.object({ count: z.number().int(), reasons: z.record(z.string(), z.number().int()) }).nullable(),
  /** Set while the admin keeps the post hidden: why (a POST_HIDE_REASONS code, 'reports' or 'suspended'), and whether a review was asked for. */
  moderation: z
    .object({
      hiddenAt: z.string(),
      reason: z.string(),
      note: z.string().nullable(),
      reviewRequestedAt: z.string().nullable(),
    })
    .nullable(),
}).meta({ id: 'OwnPost' });
export type OwnPost = z.infer<typeof OwnPostSchema>;

/** The owner's post list: newest first; `cursor` (the previous page's nextCursor) or `offset` for page numbers. */
export const MyPostsQuerySchema = z.object({
  limit: z.coerce
    .number({ error: 'limit must be a whole number' })
    .int('limit must be a whole number')
    .min(1, `limit must be between 1 and ${FEED_MAX_LIMIT}`)
    .max(FEED_MAX_LIMIT, `limit must be between 1 and ${FEED_MAX_LIMIT}`)
    .default(MY_POSTS_PAGE_SIZE),
  offset: z.coerce
    .number({ error: 'offset must be a whole number' })
    .int('offset must be a whole number')
    .min(0, `offset must be between 0 and ${FEED_MAX_OFFSET}`)
    .max(FEED_MAX_OFFSET, `offset must be between 0 and ${FEED_MAX_OFFSET}`)
    .default(0),
  cursor: z.string().max(200, 'cursor is malformed').optional(),
});
export type MyPostsQuery = z.input<typeof MyPostsQuerySchema>;

export const MyPostsPageSchema = z
  .object({ posts: z.array(OwnPostSchema), nextCursor: z.string().nullable(), total: z.number().int() })
  .meta({ id: 'MyPostsPage' });
export type MyPostsPage = z.infer<typeof MyPostsPageSchema>;

/** Repost: a copy as a new post. Without expiresAt an offer keeps its validity length, counted from now. */
export const RepostRequestSchema = z.object({ expiresAt: ValidUntilSchema }).prefault({});

const DaySchema = z.object({
  /** India's calendar day, YYYY-MM-DD. */
  day: z.string(),
  views: z.number().int(),
  whatsapp: z.number().int(),
});

/**
 * Views and WhatsApp enquiries per India day over the last INSIGHTS_DAYS days (oldest first, every
 * day present), their sums, and the lifetime counters (for a business: summed over its posts); beside
 * them the WhatsApp enquiries received in the inbox (ADR 050), counted apart from the button taps.
 */
export const InsightsSchema = z
  .object({
    from: z.string(),
    to: z.string(),
    days: z.array(DaySchema),
    lastDays: z.object({ views: z.number().int(), whatsapp: z.number().int(), whatsappReceived: z.number().int() }),
    lifetime: z.object({
      posts: z.number().int(),
      views: z.number().int(),
      likes: z.number().int(),
      shares: z.number().int(),
      /** Taps on the WhatsApp button (the visitor opened a chat). */
      whatsapp: z.number().int(),
      /** Customers' WhatsApp messages tied to the post in the inbox: one customer once per post per India day. */
      whatsappReceived: z.number().int(),
    }),
  })
  .meta({ id: 'Insights' });
export type Insights = z.infer<typeof InsightsSchema>;
