/** The web's query cache settings (docs/product.md §9): freshness, lifetime and retries. */
export const QUERY_CACHE = {
  staleTime: 5 * 60 * 1000,
  gcTime: 15 * 60 * 1000,
  retries: 2,
  retryBaseMs: 1000,
  retryMaxMs: 30_000,
} as const;
/** The contacts queries' cache settings. */
export const CONTACTS_CACHE = { staleTime: 10 * 60 * 1000, gcTime: 30 * 60 * 1000, retries: 1 } as const;
