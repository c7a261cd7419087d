/** The browser's location requests and the place search box (docs/product.md §9). */
export const GEO_LOW_ACCURACY = { timeout: 8000, maximumAge: 5 * 60 * 1000 } as const;
export const GEO_HIGH_ACCURACY = { timeout: 15_000 } as const;
export const PLACE_SEARCH_DEBOUNCE_MS = 300;
