import {
  indiaDay,
  matchBusinessCategory,
  priceIssue,
  PostInputSchema,
  rupeesToPaise,
  type OwnPost,
  type PostInput,
  type PostLocation,
} from '@aaspaas/domain';
import type { PostPrefill } from '@/lib/post-prefill';

/** /send-post writes a post; /send-offers an offer (a post with prices and an optional end date). */
export type ComposerMode = 'post' | 'offer';

/** Home delivery as the radio group holds it: true, false and null of the API. */
export type DeliveryChoice = 'yes' | 'no' | 'unset';

/** The composer's fields as the owner types them (prices in rupees, as text); photos are kept apart. */
export type ComposerValues = {
  content: string;
  category: string;
  tags: string[];
  mrp: string;
  price: string;
  homeDelivery: DeliveryChoice;
  /** YYYY-MM-DD (India's day) or ''. */
  validUntil: string;
  /** A place for this post only; null: the business profile's location. */
  location: PostLocation | null;
};

export type ComposerField = keyof ComposerValues;

export function emptyComposerValues(businessCategories: readonly string[] = []): ComposerValues {
  return {
    content: '',
    category: startingCategory(null, businessCategories),
    tags: [],
    mrp: '',
    price: '',
    homeDelivery: 'unset',
    validUntil: '',
    location: null,
  };
}

export function deliveryChoice(value: boolean | null | undefined): DeliveryChoice {
  return value === true ? 'yes' : value === false ? 'no' : 'unset';
}

export function deliveryValue(choice: DeliveryChoice): boolean | null {
  return choice === 'yes' ? true : choice === 'no' ? false : null;
}

/** '1499' or '1499.5' rupees from paise, as the price field shows it. */
export function paiseToRupeesText(paise: number | null | undefined): string {
  if (paise === null || paise === undefined) return '';
  return paise % 100 === 0 ? String(paise / 100) : (paise / 100).toFixed(2);
}

const RUPEES = /^\d+(\.\d{1,2})?$/;

/**
 * Rupees as typed ('1,499', '₹ 1499.50', '99.5') to paise with the domain's rupeesToPaise; null
 * when empty; NaN when it is not an amount in rupees and paise.
 */
export function parseRupeesToPaise(text: string): number | null {
  const cleaned = text.replace(/[₹,\s]/g, '').replace(/^rs\.?/i, '');
  if (cleaned === '') return null;
  if (!RUPEES.test(cleaned)) return Number.NaN;
  return rupeesToPaise(Number(cleaned));
}

/** The category the form starts with: the profile's spelling, or '' when the profile does not list it. */
export function startingCategory(category: string | null | undefined, businessCategories: readonly string[]): string {
  // A business with one category has it chosen already (one tap less).
  if (!category) return businessCategories.length === 1 ? (businessCategories[0] ?? '') : '';
  return matchBusinessCategory(category, businessCategories) ?? '';
}

export function valuesFromPost(post: OwnPost, businessCategories: readonly string[]): ComposerValues {
  return {
    content: post.content,
    category: startingCategory(post.category, businessCategories),
    tags: post.hashtags,
    mrp: paiseToRupeesText(post.mrpPaise),
    price: paiseToRupeesText(post.ourPricePaise),
    homeDelivery: deliveryChoice(post.homeDelivery),
    validUntil: post.expiresAt && !post.expired ? indiaDay(new Date(post.expiresAt)) : '',
    // The API places a post without `location` at the profile's address, on an edit too: keep its own place.
    location:
      post.locationOverridden && post.lat !== null && post.lon !== null
        ? { lat: post.lat, lon: post.lon, city: post.city, state: post.state }
        : null,
  };
}

export function valuesFromPrefill(prefill: PostPrefill, businessCategories: readonly string[]): ComposerValues {
  return {
    ...emptyComposerValues(),
    content: prefill.content ?? '',
    // A template's post opens ready to publish: its category when the shop has it, else the shop's first.
    category: startingCategory(prefill.category, businessCategories) || (businessCategories[0] ?? ''),
    tags: prefill.hashtags ?? [],
    mrp: paiseToRupeesText(prefill.mrpPaise),
    price: paiseToRupeesText(prefill.ourPricePaise),
    homeDelivery: deliveryChoice(prefill.homeDelivery),
    validUntil: prefill.validUntil ?? '',
  };
}

/** An offer needs prices or an end date to show as one: an edit of such a post opens the offer form. */
export function postIsOffer(post: Pick<OwnPost, 'mrpPaise' | 'ourPricePaise' | 'expiresAt'>): boolean {
  return post.mrpPaise !== null || post.ourPricePaise !== null || post.expiresAt !== null;
}

/** What POST/PUT /api/user/posts receives (before the domain schema parses it). */
export function toPostInput(values: ComposerValues, images: readonly string[], mode: ComposerMode): PostInput {
  const offer = mode === 'offer';
  return {
    content: values.content,
    images: [...images],
    category: values.category,
    hashtags: values.tags,
    mrpPaise: offer ? parseRupeesToPaise(values.mrp) : null,
    ourPricePaise: offer ? parseRupeesToPaise(values.price) : null,
    homeDelivery: deliveryValue(values.homeDelivery),
    expiresAt: offer && values.validUntil ? values.validUntil : null,
    location: values.location,
  };
}

/** Texts of the composer's own rules (the domain has the rest). */
export type ComposerMessages = { priceFormat: string; offerNeedsPrices: string };

export type ComposerErrors = Partial<Record<ComposerField | 'root', string>>;

/** The domain schema's field names, mapped to the composer's fields. */
/** The composer's field for each property of PostInput, which the API's errors name too (`field`). */
export const FIELD_OF_INPUT: Record<string, ComposerField | 'root'> = {
  content: 'content',
  category: 'category',
  hashtags: 'tags',
  mrpPaise: 'mrp',
  ourPricePaise: 'price',
  homeDelivery: 'homeDelivery',
  expiresAt: 'validUntil',
  location: 'location',
  images: 'root',
};

/**
 * The composer's values checked by the same schema the API validates with (PostInputSchema), its
 * messages placed at the field they concern. Prices that are not rupees, and an offer without
 * prices, are the composer's own rules.
 */
export function validateComposer(
  values: ComposerValues,
  images: readonly string[],
  mode: ComposerMode,
  messages: ComposerMessages,
): { ok: true; input: PostInput } | { ok: false; errors: ComposerErrors } {
  const errors: ComposerErrors = {};
  const input = toPostInput(values, images, mode);
  if (mode === 'offer') {
    if (Number.isNaN(input.mrpPaise)) errors.mrp = messages.priceFormat;
    if (Number.isNaN(input.ourPricePaise)) errors.price = messages.priceFormat;
    if (input.mrpPaise === null && input.ourPricePaise === null) errors.price = messages.offerNeedsPrices;
  }
  // The schema checks the prices only once every other field is valid: say it at once.
  const mrp = Number.isNaN(input.mrpPaise) ? null : input.mrpPaise;
  const price = Number.isNaN(input.ourPricePaise) ? null : input.ourPricePaise;
  const pricing = priceIssue(mrp, price);
  if (pricing) errors[pricing.path[0] === 'mrpPaise' ? 'mrp' : 'price'] ??= pricing.message;
  const parsed = PostInputSchema.safeParse({
    ...input,
    mrpPaise: mrp,
    ourPricePaise: price,
  });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = FIELD_OF_INPUT[String(issue.path[0] ?? '')] ?? 'root';
      errors[field] ??= issue.message;
    }
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, input };
}
