/** Storage keys the web keeps (docs/product.md §3, §4). */
export const STORAGE_KEYS = {
  authToken: 'auth_token',
  manualLocation: 'aaspaas_manual_location',
  feedCache: 'aaspaas_feed_cache',
  supportLocalSeen: 'aaspaas_support_local_seen',
  userStatsPrefix: 'user_stats_',
} as const;
/** The visitor id's copy in local storage (docs/product.md §3), beside the cookie. */
export const VISITOR_STORAGE_KEY = 'aaspaas_visitor_id';
