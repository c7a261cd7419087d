/** The web's screen timings and distances of docs/product.md §9 (the API never reads them). */
export const SPLASH_MIN_MS = 1500;
export const SUPPORT_LOCAL_POPUP_DELAY_MS = 800;
export const BACK_TO_TOP_AFTER_PX = 300;
export const SWIPE_THRESHOLD_PX = 50;
export const LINKED_POST_HIGHLIGHT_MS = 2000;
export const LOCATION_BAR_BLINK_MS = 21_000;

export const TOAST_MAX_VISIBLE = 1;
/** A success or a note closes by itself after this; an error stays until closed (docs/product.md §9). */
export const TOAST_DURATION_MS = 4000;
