import {
  RenderTemplateRequestSchema,
  type Template,
  type TemplatePlaceholder,
  discountPercent,
  OFFER_MAX_VALID_DAYS,
  indiaDay,
  rupeesToPaise,
} from '@aaspaas/domain';

/** What the owner types on /template-preview: the offer line, prices in rupees, the last day. */
export type OfferDraft = { offer: string; mrp: string; price: string; validUntil: string };
export type OfferField = keyof OfferDraft;
export const EMPTY_OFFER_DRAFT: OfferDraft = { offer: '', mrp: '', price: '', validUntil: '' };

/** What POST /api/templates/{id}/render receives: prices in paise, the day as YYYY-MM-DD. */
export type OfferBody = { offer?: string; mrpPaise: number | null; ourPricePaise: number | null; validUntil: string | null };

const RUPEES = /^\d{1,10}(\.\d{1,2})?$/;

/**
 * A price typed in rupees ('1,299', '₹ 1299.50', 'Rs. 80') as paise; null when empty, 'invalid'
 * when it is not an amount of rupees and paise.
 */
export function parseRupees(text: string): number | null | 'invalid' {
  const plain = text
    .trim()
    .replace(/^(₹|rs\.?|inr)\s*/i, '')
    .replace(/[,\s]/g, '');
  if (plain === '') return null;
  if (!RUPEES.test(plain)) return 'invalid';
  return rupeesToPaise(Number(plain));
}

const FIELD_OF_PATH: Record<string, OfferField> = {
  offer: 'offer',
  mrpPaise: 'mrp',
  ourPricePaise: 'price',
  validUntil: 'validUntil',
};

export type ParsedOffer = {
  body: OfferBody;
  /** Per field, the first problem: the API's own rules and messages (RenderTemplateRequestSchema). */
  errors: Partial<Record<OfferField, string>>;
  discount: number | null;
};

/** The draft checked as the API will check it; `rupeesInvalid` is the message for a price that is not a number. */
export function parseOfferDraft(draft: OfferDraft, rupeesInvalid: string): ParsedOffer {
  const errors: Partial<Record<OfferField, string>> = {};
  const mrp = parseRupees(draft.mrp);
  const price = parseRupees(draft.price);
  if (mrp === 'invalid') errors.mrp = rupeesInvalid;
  if (price === 'invalid') errors.price = rupeesInvalid;
  const body: OfferBody = {
    offer: draft.offer.trim() || undefined,
    mrpPaise: mrp === 'invalid' ? null : mrp,
    ourPricePaise: price === 'invalid' ? null : price,
    validUntil: draft.validUntil.trim() || null,
  };
  const result = RenderTemplateRequestSchema.safeParse(body);
  if (!result.success) {
    for (const issue of result.error.issues) {
      const field = FIELD_OF_PATH[String(issue.path[0])];
      if (field && !errors[field]) errors[field] = issue.message;
    }
  }
  return { body, errors, discount: discountPercent(body.mrpPaise, body.ourPricePaise) };
}

/** Whether a template's picture or post text uses a placeholder. */
export function usesPlaceholder(template: Pick<Template, 'text' | 'defaultContent'>, name: TemplatePlaceholder): boolean {
  return template.text.includes(`{${name}}`) || template.defaultContent.includes(`{${name}}`);
}

/** The fields a template asks for: an offer template always has prices and a last day. */
export function offerFieldsOf(template: Template): { offer: boolean; prices: boolean; validUntil: boolean } {
  const isOffer = template.kind === 'offer';
  return {
    offer: isOffer || usesPlaceholder(template, 'offer'),
    prices: isOffer || usesPlaceholder(template, 'mrp') || usesPlaceholder(template, 'price'),
    validUntil: isOffer || usesPlaceholder(template, 'validUntil'),
  };
}

/** The date field's bounds: from today to a year ahead, India's days (docs/product.md §9: an offer lasts at most a year). */
export function validUntilBounds(now: Date = new Date()): { min: string; max: string } {
  return { min: indiaDay(now), max: indiaDay(new Date(now.getTime() + OFFER_MAX_VALID_DAYS * 86_400_000)) };
}
