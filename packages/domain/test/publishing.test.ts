import { describe, expect, it } from 'vitest';
import {
  PUBLISHING_MESSAGES,
  PostInputSchema,
  RenderTemplateRequestSchema,
  fillTemplateLines,
  fillTemplateText,
  indiaDay,
  indiaDaysUpTo,
  matchBusinessCategory,
  offerEndsAt,
  templateValues,
  templateWording,
} from '../src';

const base = { content: 'Fresh basmati rice', category: 'Grocery' };
const firstMessage = (input: unknown) => {
  const r = PostInputSchema.safeParse(input);
  return r.success ? null : r.error.issues[0]?.message;
};

describe('PostInputSchema', () => {
  it('fills defaults and makes the final hashtags of docs/product.md §5', () => {
    const out = PostInputSchema.parse({ ...base, content: 'Rice sale #Rice #offer', hashtags: ['#Diwali', 'rice'] });
    expect(out).toMatchObject({
      images: [],
      hashtags: ['diwali', 'rice', 'offer'],
      mrpPaise: null,
      ourPricePaise: null,
      homeDelivery: null,
      expiresAt: null,
      location: null,
    });
  });

  it('refuses prices that are not a valid pair', () => {
    expect(firstMessage({ ...base, mrpPaise: 10000 })).toBe(PUBLISHING_MESSAGES.pricesTogether);
    expect(firstMessage({ ...base, ourPricePaise: 10000 })).toBe(PUBLISHING_MESSAGES.pricesTogether);
    expect(firstMessage({ ...base, mrpPaise: 10000, ourPricePaise: 10001 })).toBe(PUBLISHING_MESSAGES.priceAboveMrp);
    expect(firstMessage({ ...base, mrpPaise: -1, ourPricePaise: 0 })).toBe(PUBLISHING_MESSAGES.priceNegative);
    expect(firstMessage({ ...base, mrpPaise: 100.5, ourPricePaise: 100 })).toBe(PUBLISHING_MESSAGES.priceWhole);
    expect(firstMessage({ ...base, mrpPaise: '100', ourPricePaise: 100 })).toBe(PUBLISHING_MESSAGES.priceNotNumber);
    expect(firstMessage({ ...base, mrpPaise: 10000, ourPricePaise: 10000 })).toBeNull();
  });

  it('reads a plain valid-until date as the end of that day in India, and refuses the past', () => {
    const tomorrow = indiaDaysUpTo(indiaDay(new Date(Date.now() + 86_400_000)), 1)[0]!;
    const out = PostInputSchema.parse({ ...base, expiresAt: tomorrow });
    expect(out.expiresAt).toBe(new Date(`${tomorrow}T23:59:59.999+05:30`).toISOString());
    expect(firstMessage({ ...base, expiresAt: '2020-01-01' })).toBe(PUBLISHING_MESSAGES.validUntilPast);
    expect(firstMessage({ ...base, expiresAt: 'next friday' })).toBe(PUBLISHING_MESSAGES.validUntilInvalid);
    expect(firstMessage({ ...base, expiresAt: '2031-02-30' })).toBe(PUBLISHING_MESSAGES.validUntilInvalid);
    expect(firstMessage({ ...base, expiresAt: new Date(Date.now() + 400 * 86_400_000).toISOString() })).toBe(
      PUBLISHING_MESSAGES.validUntilTooFar,
    );
    expect(PostInputSchema.parse({ ...base, expiresAt: '' }).expiresAt).toBeNull();
  });

  it('limits photos and text', () => {
    expect(firstMessage({ ...base, images: Array.from({ length: 6 }, (_, i) => `/media/uploads/u/${i}.jpg`) })).toBe(
      PUBLISHING_MESSAGES.tooManyImages,
    );
    expect(firstMessage({ ...base, content: '   ' })).toBe(PUBLISHING_MESSAGES.contentRequired);
    expect(firstMessage({ ...base, content: 'x'.repeat(2001) })).toBe(PUBLISHING_MESSAGES.contentTooLong);
    expect(PostInputSchema.parse({ ...base, images: ['/media/a.jpg', '/media/a.jpg'] }).images).toEqual(['/media/a.jpg']);
  });
});

describe('matchBusinessCategory', () => {
  it("answers the profile's spelling, or null for another category; anything when the profile lists none", () => {
    expect(matchBusinessCategory(' grocery ', ['Grocery', 'Sweets'])).toBe('Grocery');
    expect(matchBusinessCategory('Salon', ['Grocery', 'Sweets'])).toBeNull();
    expect(matchBusinessCategory('Tiffin', [])).toBe('Tiffin');
  });
});

describe('India days', () => {
  it('moves to the next day at midnight in India, not in UTC', () => {
    expect(indiaDay(new Date('2025-03-01T18:29:59Z'))).toBe('2025-03-01');
    expect(indiaDay(new Date('2025-03-01T18:30:00Z'))).toBe('2025-03-02');
    expect(indiaDaysUpTo('2025-03-02', 3)).toEqual(['2025-02-28', '2025-03-01', '2025-03-02']);
    expect(offerEndsAt('2025-03-02')?.toISOString()).toBe('2025-03-02T18:29:59.999Z');
  });
});

describe('templates', () => {
  const text = '# Diwali Dhamaka\n{offer}\n# {discount}\nMRP {mrp} · Now {price}\nValid till {validUntil}\n{businessName}';

  it('fills placeholders and leaves out lines without values', () => {
    const full = templateValues({
      businessName: 'Patel Sweets',
      offer: 'Kaju katli gift boxes',
      mrpPaise: 125000,
      ourPricePaise: 99900,
      validUntil: '2025-11-02',
    });
    expect(fillTemplateLines(text, full)).toEqual([
      { text: 'Diwali Dhamaka', headline: true },
      { text: 'Kaju katli gift boxes', headline: false },
      { text: '20% OFF', headline: true },
      { text: 'MRP ₹1,250 · Now ₹999', headline: false },
      { text: 'Valid till 2 Nov 2025', headline: false },
      { text: 'Patel Sweets', headline: false },
    ]);
    expect(fillTemplateLines(text, templateValues({ businessName: 'Patel Sweets' }))).toEqual([
      { text: 'Diwali Dhamaka', headline: true },
      { text: 'Patel Sweets', headline: false },
    ]);
  });

  it('fills the discount and the date in Hindi for a Hindi picture', () => {
    const hindi = templateValues({
      businessName: 'Patel Sweets',
      mrpPaise: 125000,
      ourPricePaise: 99900,
      validUntil: '2025-11-02',
      language: 'hi',
    });
    expect(hindi).toMatchObject({ discount: '20% छूट', mrp: '₹1,250', price: '₹999' });
    expect(hindi.validUntil).toMatch(/^2 नव॰? 2025$/);
  });

  it('gives a template’s Hindi words on a Hindi screen, the English where it has none', () => {
    const template = { text: '# Sale', textHi: '# सेल', defaultContent: 'Come', defaultContentHi: null };
    expect(templateWording(template, 'hi')).toEqual({ text: '# सेल', defaultContent: 'Come' });
    expect(templateWording(template, 'en')).toEqual({ text: '# Sale', defaultContent: 'Come' });
  });

  it('keeps unknown placeholders visible and paragraph breaks in post text', () => {
    expect(fillTemplateText('Hello {nobody}\n\n{businessName} {offer}\nBye', { businessName: 'A' })).toBe(
      'Hello {nobody}\n\nBye',
    );
  });

  it('checks the prices of a render request like a post', () => {
    const r = RenderTemplateRequestSchema.safeParse({ mrpPaise: 100, ourPricePaise: 200 });
    expect(r.success ? null : r.error.issues[0]?.message).toBe(PUBLISHING_MESSAGES.priceAboveMrp);
    expect(RenderTemplateRequestSchema.parse(undefined)).toEqual({ validUntil: null, language: 'en' });
    expect(RenderTemplateRequestSchema.safeParse({ language: 'fr' }).success).toBe(false);
  });
});
