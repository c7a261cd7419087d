import { indiaDay, OFFER_MAX_VALID_DAYS } from '@aaspaas/domain';

/**
 * The date field's bounds: from today (an offer "valid until today" lasts to the end of India's
 * day) to OFFER_MAX_VALID_DAYS ahead, as the domain's ValidUntilSchema allows.
 */
export function validUntilBounds(now: Date = new Date()): { min: string; max: string } {
  return {
    min: indiaDay(now),
    max: indiaDay(new Date(now.getTime() + OFFER_MAX_VALID_DAYS * 86_400_000)),
  };
}
