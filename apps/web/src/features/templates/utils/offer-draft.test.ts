import { PUBLISHING_MESSAGES, TEMPLATE_MESSAGES, indiaDay } from '@aaspaas/domain';
import { describe, expect, it } from 'vitest';
import { EMPTY_OFFER_DRAFT, offerFieldsOf, parseOfferDraft, parseRupees, validUntilBounds } from './offer-draft';
import { testTemplate } from './templates-testing';

const RUPEES = 'rupees?';
const draft = (over: Partial<typeof EMPTY_OFFER_DRAFT>) => ({ ...EMPTY_OFFER_DRAFT, ...over });
const inDays = (days: number) => indiaDay(new Date(Date.now() + days * 86_400_000));

describe('parseRupees', () => {
  it('reads rupees as people write them, in paise', () => {
    expect(parseRupees('1299')).toBe(129_900);
    expect(parseRupees('1,299.50')).toBe(129_950);
    expect(parseRupees(' ₹ 1,00,000 ')).toBe(10_000_000);
    expect(parseRupees('Rs. 80')).toBe(8_000);
    expect(parseRupees('0.05')).toBe(5);
    expect(parseRupees('19.9')).toBe(1_990);
  });

  it('answers null for nothing and invalid for what is not an amount', () => {
    expect(parseRupees('')).toBeNull();
    expect(parseRupees('   ')).toBeNull();
    expect(parseRupees('₹ ')).toBeNull();
    for (const bad of ['abc', '12.345', '-5', '1e3', '12..5']) expect(parseRupees(bad), bad).toBe('invalid');
  });
});

describe('parseOfferDraft', () => {
  it('sends prices in paise, the day as typed, and the discount as the domain computes it', () => {
    const until = inDays(10);
    const parsed = parseOfferDraft(
      draft({ offer: '  Kaju katli 1 kg ', mrp: '1,000', price: '799.50', validUntil: until }),
      RUPEES,
    );
    expect(parsed.errors).toEqual({});
    expect(parsed.body).toEqual({ offer: 'Kaju katli 1 kg', mrpPaise: 100_000, ourPricePaise: 79_950, validUntil: until });
    expect(parsed.discount).toBe(20);
  });

  it('uses the API’s rules and messages: prices together, our price not above the MRP, a future day', () => {
    expect(parseOfferDraft(draft({ mrp: '100' }), RUPEES).errors).toEqual({ price: PUBLISHING_MESSAGES.pricesTogether });
    expect(parseOfferDraft(draft({ mrp: '100', price: '120' }), RUPEES).errors).toEqual({
      price: PUBLISHING_MESSAGES.priceAboveMrp,
    });
    expect(parseOfferDraft(draft({ validUntil: inDays(-2) }), RUPEES).errors).toEqual({
      validUntil: PUBLISHING_MESSAGES.validUntilPast,
    });
    expect(parseOfferDraft(draft({ offer: 'x'.repeat(81) }), RUPEES).errors).toEqual({ offer: TEMPLATE_MESSAGES.offerTooLong });
    expect(parseOfferDraft(draft({ mrp: '12abc', price: '10' }), RUPEES).errors).toEqual({ mrp: RUPEES });
  });

  it('an empty draft is a valid request without an offer, prices or day', () => {
    const parsed = parseOfferDraft(EMPTY_OFFER_DRAFT, RUPEES);
    expect(parsed).toEqual({
      body: { offer: undefined, mrpPaise: null, ourPricePaise: null, validUntil: null },
      errors: {},
      discount: null,
    });
  });
});

describe('offerFieldsOf', () => {
  it('offers ask for everything; a post template only for what its text uses', () => {
    expect(offerFieldsOf(testTemplate({ kind: 'offer', text: '# Sale', defaultContent: '' }))).toEqual({
      offer: true,
      prices: true,
      validUntil: true,
    });
    expect(offerFieldsOf(testTemplate({ kind: 'post', text: '# New\n{offer}', defaultContent: '{businessName}' }))).toEqual({
      offer: true,
      prices: false,
      validUntil: false,
    });
  });

  it('the date field runs from India’s today to a year ahead', () => {
    // 20:00 UTC is already the next day in India.
    expect(validUntilBounds(new Date('2026-03-01T20:00:00Z'))).toEqual({ min: '2026-03-02', max: '2027-03-02' });
  });
});
