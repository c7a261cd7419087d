/** The web's session timings (docs/product.md §9): token refresh, Google sign-in, auth-state debounce. */
export const TOKEN_REFRESH_MS = 15 * 60 * 1000;
export const GOOGLE_SIGN_IN_TIMEOUT_MS = 30_000;
export const NAVIGATE_AFTER_GOOGLE_MS = 100;
export const AUTH_STATE_DEBOUNCE_MS = 50;
