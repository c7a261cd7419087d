/**
 * Business constants and limits of docs/product.md §9 that the API or the domain's rules read (the web
 * reads many too). The web's own (screen timings, storage keys, caches) live in apps/web/src/config/.
 */
export const PRODUCT_NAME = 'Aaspaas';

export const FEED_PAGE_SIZE = 20;
export const FEED_PAGE_SIZE_NEAR = 10;
/** docs/product.md §9: 20 posts a page, 10 when loading near a location. */
export function feedPageSize(near: boolean): number {
  return near ? FEED_PAGE_SIZE_NEAR : FEED_PAGE_SIZE;
}
export const FEED_MAX_LIMIT = 50;
export const FEED_DEFAULT_RADIUS_KM = 25;
export const FEED_MIN_RADIUS_KM = 1;
export const FEED_MAX_RADIUS_KM = 200;
export const FEED_MAX_OFFSET = 10_000;
/**
 * A search (q) pages by `offset` through its first 200 posts (offset + limit); deeper pages go by cursor
 * (X-Next-Cursor), which a search answers at the same cost on every page (docs/search.md).
 */
export const FEED_SEARCH_MAX_OFFSET_POSTS = 200;

export const PLACE_SEARCH_MAX_RESULTS = 8;
export const PLACE_SEARCH_PER_QUERY = 6;
/** Accuracy label: High under 1000 m, Medium under 5000 m, else Low. */
export const ACCURACY_HIGH_UNDER_M = 1000;
export const ACCURACY_MEDIUM_UNDER_M = 5000;

export const MAX_HASHTAGS = 10;

export const PASSWORD_MIN = 6;
/** argon2 hashes any length, but a cap keeps a 1 MB "password" from costing the server. */
export const PASSWORD_MAX = 128;
export const NAME_MIN = 2;
export const BUSINESS_NAME_MIN = 2;
export const MOBILE_NUMBER_MIN = 10;
/** New user balance: 100 rupees, stored in paise. */
export const NEW_USER_BALANCE_PAISE = 100 * 100;
/** docs/product.md §3: the business name when a display name gives none. */
export const DEFAULT_BUSINESS_NAME = 'My Business';
export const MAX_BUSINESS_CATEGORIES = 5;

/** Sessions: access token lifetime matches the web's 15-minute refresh. */
export const ACCESS_TOKEN_TTL_S = 15 * 60;
export const REFRESH_TOKEN_TTL_DAYS = 30;
export const PASSWORD_RESET_TTL_MIN = 30;
/** An email verification link works once, for 48 hours (long enough for a mail read the next day). */
export const EMAIL_VERIFICATION_TTL_HOURS = 48;
/**
 * Verification mails per account: one per 2 minutes, five per 24 hours. Anyone can register someone
 * else's address, so "Resend" must not become a way to flood that mailbox.
 */
export const EMAIL_VERIFICATION_RESEND_MIN = 2;
export const EMAIL_VERIFICATION_MAILS_PER_DAY = 5;
/** /admin/create-user mails the admin address at most once per 10 minutes, whoever asks. */
export const ADMIN_SETUP_MAIL_INTERVAL_MIN = 10;

/** Contacts: page size cap, import size (a 10,000-row file must import), tags and notes. */
export const CONTACTS_PAGE_MAX = 200;
export const CONTACTS_IMPORT_MAX_ROWS = 20_000;
/**
 * Contacts one business may keep. A neighbourhood shop knows hundreds to a few thousand
 * customers; 20,000 (the largest file one import takes, so a whole list moves in one go) leaves
 * room for a busy supermarket or clinic, while bounding what one account can store (~6 MB) and
 * what one SMS campaign to "everyone" can cost. A list that is full refuses new contacts with a
 * message; deleting old ones makes room.
 */
export const CONTACTS_MAX_PER_BUSINESS = 20_000;
/** Imports per business per hour: each checks and writes up to 20,000 rows. */
export const CONTACT_IMPORTS_PER_HOUR = 10;
export const CONTACT_TAGS_MAX = 10;
export const CONTACT_NOTES_MAX = 1000;

/** Visitor identity (docs/product.md §3): header and one-year cookie. */
export const VISITOR_HEADER = 'x-visitor-id';
/** The header in which the Android app presents its refresh token (instead of the cookie, ADR 020). */
export const REFRESH_TOKEN_HEADER = 'x-refresh-token';
export const VISITOR_COOKIE = 'aaspaas_vid';
export const VISITOR_COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;
/** Header carrying the keyset cursor of the next feed page. */
export const NEXT_CURSOR_HEADER = 'x-next-cursor';

/**
 * The id of the JSON data block in which the server gives the feed's HTML the visitor's IP guess
 * (the answer of POST /api/geo/locate), so a first visit asks for its feed one round trip sooner.
 */
export const IP_GUESS_ELEMENT_ID = 'aaspaas-ip-guess';
/**
 * The id of the JSON data block with the feed's first page for that guess (`FirstFeedPage`): the
 * first visit shows it without asking, and asks for its first photo at once.
 */
export const FIRST_FEED_PAGE_ELEMENT_ID = 'aaspaas-first-feed-page';

export const ANALYTICS_BATCH_MAX = 50;
/** An event's props: at most this many keys, each key and string value at most this long. */
export const ANALYTICS_PROPS_MAX = 10;
export const ANALYTICS_PROP_KEY_MAX = 40;
export const ANALYTICS_PROP_VALUE_MAX = 300;

/** Publishing: a post's text and photos, offer prices and validity, the owner's lists and charts. */
export const POST_CONTENT_MAX = 2000;
export const MAX_POST_IMAGES = 5;
/** Raw tag entries a form may send; extractHashtags keeps MAX_HASHTAGS of them. */
export const HASHTAG_INPUT_MAX = 50;
/** ₹1 crore: above any shop's offer, and far inside a 32-bit integer column. */
export const PRICE_MAX_PAISE = 1_000_000_000;
export const OFFER_MAX_VALID_DAYS = 365;
export const MY_POSTS_PAGE_SIZE = 20;
export const INSIGHTS_DAYS = 30;
/** India's fixed offset (no daylight saving): the "India day" of views and enquiries. */
export const IST_OFFSET_MINUTES = 330;
