/**
 * The keys the web keeps in the browser's storage (docs/product.md §3, §4). A product fact, not the
 * web's private detail: benches and browser tests seed and read the same keys.
 */
export const STORAGE_KEYS = {
  authToken: 'auth_token',
  manualLocation: 'aaspaas_manual_location',
  feedCache: 'aaspaas_feed_cache',
  supportLocalSeen: 'aaspaas_support_local_seen',
  userStatsPrefix: 'user_stats_',
} as const;
/** The visitor id's copy in local storage (docs/product.md §3), beside the cookie. */
export const VISITOR_STORAGE_KEY = 'aaspaas_visitor_id';
