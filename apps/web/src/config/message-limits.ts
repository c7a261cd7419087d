/** Lengths of the texts the web hands to share sheets and WhatsApp (docs/product.md §9). */
export const SHARE_TEXT_MAX = 100;
export const ENQUIRY_TEXT_MAX = 80;
