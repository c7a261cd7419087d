/** When the web records a post's view (docs/product.md §9): how visible, how long, how far apart. */
export const VIEW_QUEUE_SPACING_MS = 350;
export const VIEW_VISIBLE_RATIO = 0.3;
export const VIEW_DELAY_MS = 500;
