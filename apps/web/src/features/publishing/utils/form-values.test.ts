import { PUBLISHING_MESSAGES, type OwnPost } from '@aaspaas/domain';
import { describe, expect, it } from 'vitest';
import { ApiError, serverErrorField } from '@/lib/api-client';
import {
  emptyComposerValues,
  FIELD_OF_INPUT,
  parseRupeesToPaise,
  toPostInput,
  validateComposer,
  valuesFromPost,
  valuesFromPrefill,
  type ComposerValues,
} from './form-values';

const messages = { priceFormat: 'rupees please', offerNeedsPrices: 'prices please' };
const filled = (over: Partial<ComposerValues> = {}): ComposerValues => ({
  ...emptyComposerValues(),
  content: 'Fresh kaju katli today #sweets',
  category: 'Sweets',
  ...over,
});

describe('rupees to paise', () => {
  it('reads rupees as typed, with grouping, the rupee sign and paise', () => {
    expect(parseRupeesToPaise('1499')).toBe(149_900);
    expect(parseRupeesToPaise('1,49,999')).toBe(14_999_900);
    expect(parseRupeesToPaise('₹ 99.5')).toBe(9950);
    expect(parseRupeesToPaise('0.07')).toBe(7);
    expect(parseRupeesToPaise('  ')).toBeNull();
  });

  it('refuses what is not an amount in rupees and paise', () => {
    for (const text of ['12.345', 'abc', '-5', '1e3', '12..5']) expect(parseRupeesToPaise(text), text).toBeNaN();
  });
});

describe('validateComposer (the domain rules, at the field they concern)', () => {
  it('turns an offer into the API payload: paise, delivery, the valid-until day', () => {
    const result = validateComposer(
      filled({ mrp: '1,999', price: '1499', homeDelivery: 'yes', validUntil: '2999-01-01', tags: ['Diwali'] }),
      ['/media/u/a.jpg'],
      'offer',
      messages,
    );
    // 2999 is beyond a year: the domain's message, on the date field.
    expect(result).toEqual({ ok: false, errors: { validUntil: PUBLISHING_MESSAGES.validUntilTooFar } });

    const ok = validateComposer(
      filled({ mrp: '1,999', price: '1499', homeDelivery: 'no' }),
      ['/media/u/a.jpg'],
      'offer',
      messages,
    );
    expect(ok).toEqual({
      ok: true,
      input: expect.objectContaining({
        mrpPaise: 199_900,
        ourPricePaise: 149_900,
        homeDelivery: false,
        images: ['/media/u/a.jpg'],
      }),
    });
  });

  it("says 'Our price cannot be more than the MRP' at our price, even while other fields are empty", () => {
    const result = validateComposer(filled({ content: '', mrp: '100', price: '150' }), [], 'offer', messages);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors.price).toBe(PUBLISHING_MESSAGES.priceAboveMrp);
    expect(result.errors.content).toBe(PUBLISHING_MESSAGES.contentRequired);
  });

  it('an offer needs its prices, in rupees; both or neither', () => {
    const none = validateComposer(filled(), [], 'offer', messages);
    expect(none).toEqual({ ok: false, errors: { price: 'prices please' } });
    const bad = validateComposer(filled({ mrp: '12.345', price: '10' }), [], 'offer', messages);
    expect(bad).toEqual({ ok: false, errors: { mrp: 'rupees please' } });
    const half = validateComposer(filled({ mrp: '100' }), [], 'offer', messages);
    expect(half).toEqual({ ok: false, errors: { price: PUBLISHING_MESSAGES.pricesTogether } });
  });

  it('a post sends no prices nor end date, and needs its text and category', () => {
    expect(toPostInput(filled({ mrp: '100', price: '50', validUntil: '2030-01-01' }), [], 'post')).toMatchObject({
      mrpPaise: null,
      ourPricePaise: null,
      expiresAt: null,
      homeDelivery: null,
    });
    const result = validateComposer(emptyComposerValues(), [], 'post', messages);
    expect(result).toEqual({
      ok: false,
      errors: { content: PUBLISHING_MESSAGES.contentRequired, category: PUBLISHING_MESSAGES.categoryRequired },
    });
  });
});

describe('starting values', () => {
  const post: OwnPost = {
    id: 'p1',
    userId: 'u1',
    businessName: 'Sharma Sweets',
    authorName: 'Sunita',
    profileImageUrl: null,
    category: 'sweets',
    city: 'Pune',
    state: 'Maharashtra',
    country: 'India',
    content: 'Diwali boxes',
    hashtags: ['diwali'],
    images: ['/media/u/a.jpg'],
    mrpPaise: 49_950,
    ourPricePaise: 39_900,
    homeDelivery: false,
    businessPhone: null,
    createdAt: '2026-11-01T10:00:00Z',
    likesCount: 0,
    viewsCount: 0,
    commentsCount: 0,
    sharesCount: 0,
    whatsappCount: 0,
    expiresAt: '2026-11-20T18:29:59.999Z',
    expired: false,
    updatedAt: '2026-11-01T10:00:00Z',
    lat: 18.52,
    lon: 73.85,
    locationOverridden: true,
    reports: null,
    moderation: null,
  };

  it("an edited post keeps its prices in rupees, its India day, the profile's category spelling and its own place", () => {
    expect(valuesFromPost(post, ['Sweets', 'Bakery'])).toEqual({
      content: 'Diwali boxes',
      category: 'Sweets',
      tags: ['diwali'],
      mrp: '499.50',
      price: '399',
      homeDelivery: 'no',
      validUntil: '2026-11-20',
      location: { lat: 18.52, lon: 73.85, city: 'Pune', state: 'Maharashtra' },
    });
    expect(valuesFromPost({ ...post, locationOverridden: false }, []).location).toBeNull();
  });

  it("a template prefill fills the form; a category the profile does not list gives way to the shop's first", () => {
    const values = valuesFromPrefill(
      {
        content: 'Grand opening!',
        hashtags: ['opening'],
        category: 'Toys',
        mrpPaise: 10_000,
        ourPricePaise: 8000,
        homeDelivery: true,
      },
      ['Sweets'],
    );
    expect(values).toMatchObject({ content: 'Grand opening!', category: 'Sweets', mrp: '100', price: '80', homeDelivery: 'yes' });
  });
});

describe("the API's errors at their field", () => {
  const at = (field?: string) =>
    serverErrorField(
      new ApiError('Refused', 400, field ? { message: 'Refused', field } : { message: 'Refused' }),
      FIELD_OF_INPUT,
    ) ?? 'root';
  it('places an error that names a property of the post at the composer field showing it', () => {
    expect(at('ourPricePaise')).toBe('price');
    expect(at('mrpPaise')).toBe('mrp');
    expect(at('content')).toBe('content');
    expect(at('category')).toBe('category');
    expect(at('expiresAt')).toBe('validUntil');
    expect(at('hashtags')).toBe('tags');
  });
  it('leaves an error without a field, or with one the form does not show, above the button', () => {
    expect(at()).toBe('root');
    expect(at('images')).toBe('root');
    expect(at('toString')).toBe('root');
  });
});

describe('the starting category', () => {
  it('is chosen already when the business has only one, and left to choose when it has several or none', () => {
    expect(emptyComposerValues(['Sweets']).category).toBe('Sweets');
    expect(emptyComposerValues(['Sweets', 'Bakery']).category).toBe('');
    expect(emptyComposerValues([]).category).toBe('');
    expect(valuesFromPrefill({ content: 'From a template' }, ['Sweets']).category).toBe('Sweets');
    expect(valuesFromPrefill({ category: 'bakery' }, ['Sweets', 'Bakery']).category).toBe('Bakery');
    expect(valuesFromPrefill({ content: 'From a template' }, ['Sweets', 'Bakery']).category).toBe('Sweets');
    expect(valuesFromPrefill({ content: 'From a template' }, []).category).toBe('');
  });
});
