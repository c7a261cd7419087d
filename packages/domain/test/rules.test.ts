import { describe, expect, it } from 'vitest';
import {
  FeedQuerySchema,
  accuracyLabel,
  discountPercent,
  displayIndianPhone,
  distanceKm,
  extractHashtags,
  formatRupees,
  imageCandidates,
  matchesSearch,
  parseSearchTerms,
  relativeTime,
  truncate,
  whatsappNumber,
} from '../src';

describe('hashtags (docs/product.md §5)', () => {
  it('takes the tags list plus #words in the content, lower-cased and de-duplicated', () => {
    expect(extractHashtags(['Diwali', '#Offer'], 'Big #diwali sale! #Sweets and #offer')).toEqual(['diwali', 'offer', 'sweets']);
  });
  it('keeps at most 10', () => {
    const content = Array.from({ length: 15 }, (_, i) => `#tag${i}`).join(' ');
    expect(extractHashtags([], content)).toHaveLength(10);
  });
  it('accepts Hindi words and drops empty or symbol-only tags', () => {
    expect(extractHashtags(['', '#', 'a b'], 'आज #दिवाली ऑफर')).toEqual(['दिवाली']);
  });
});

describe('search terms (docs/product.md §5)', () => {
  it('splits on spaces and commas; # terms match hashtags only', () => {
    expect(parseSearchTerms(' Rice, #Diwali  sale,,')).toEqual([
      { kind: 'text', value: 'rice' },
      { kind: 'hashtag', value: 'diwali' },
      { kind: 'text', value: 'sale' },
    ]);
  });
  const post = {
    content: 'Fresh basmati rice',
    hashtags: ['diwali2026', 'rice'],
    businessName: 'Sharma Kirana',
    authorName: 'Sunil',
    category: 'Grocery',
    city: 'Pune',
    state: 'Maharashtra',
  };
  it('needs every term to match', () => {
    expect(matchesSearch(post, parseSearchTerms('rice pune'))).toBe(true);
    expect(matchesSearch(post, parseSearchTerms('rice delhi'))).toBe(false);
    expect(matchesSearch(post, parseSearchTerms('#diwali sharma'))).toBe(true);
    expect(matchesSearch(post, parseSearchTerms('#basmati'))).toBe(false);
  });
});

describe('money (docs/product.md §9)', () => {
  it('shows rupees with Indian digit grouping', () => {
    expect(formatRupees(12345600)).toBe('₹1,23,456');
    expect(formatRupees(99950)).toBe('₹999.50');
    expect(formatRupees(0)).toBe('₹0');
  });
  it('rounds the discount percent and skips it when it does not apply', () => {
    expect(discountPercent(120000, 99900)).toBe(17);
    expect(discountPercent(300, 200)).toBe(33);
    expect(discountPercent(100, 100)).toBeNull();
    expect(discountPercent(null, 100)).toBeNull();
  });
});

describe('phone numbers (docs/product.md §5)', () => {
  it('strips non-digits and prefixes 91 to a 10-digit number for WhatsApp', () => {
    expect(whatsappNumber('98200 12345')).toBe('919820012345');
    expect(whatsappNumber('+91 98200-12345')).toBe('919820012345');
    expect(whatsappNumber('')).toBeNull();
    expect(whatsappNumber(null)).toBeNull();
  });
  it('displays with +91', () => {
    expect(displayIndianPhone('9820012345')).toBe('+91 98200 12345');
    expect(displayIndianPhone('+919820012345')).toBe('+91 98200 12345');
  });
});

describe('relative time (docs/product.md §2)', () => {
  const now = new Date('2026-11-22T12:00:00Z');
  it.each([
    ['2026-11-22T11:59:30Z', { kind: 'justNow' }],
    ['2026-11-22T11:15:00Z', { kind: 'minutes', count: 45 }],
    ['2026-11-22T02:00:00Z', { kind: 'hours', count: 10 }],
    ['2026-11-16T12:00:01Z', { kind: 'days', count: 5 }],
  ])('%s', (iso, expected) => {
    expect(relativeTime(iso, now)).toEqual(expected);
  });
  it('gives a date from 7 days on', () => {
    expect(relativeTime('2026-11-15T12:00:00Z', now).kind).toBe('date');
  });
});

describe('other rules', () => {
  it('truncates share and enquiry texts with an ellipsis', () => {
    expect(truncate('a'.repeat(100), 100)).toHaveLength(100);
    const cut = truncate('word '.repeat(40), 80);
    expect(Array.from(cut).length).toBeLessThanOrEqual(80);
    expect(cut.endsWith('…')).toBe(true);
  });
  it('labels accuracy High under 1000 m, Medium under 5000 m, else Low', () => {
    expect([accuracyLabel(999), accuracyLabel(1000), accuracyLabel(4999), accuracyLabel(5000)]).toEqual([
      'high',
      'medium',
      'medium',
      'low',
    ]);
  });
  it('measures Mumbai to Pune at about 120 km', () => {
    expect(distanceKm(19.076, 72.8777, 18.5204, 73.8567)).toBeCloseTo(120, -1);
  });
  it('lists the image fallback chain: transformed, media form, original', () => {
    expect(imageCandidates('/media/seed/a.webp')).toEqual([
      '/media/seed/a-480.webp',
      '/media/seed/a.webp?alt=media',
      '/media/seed/a.webp',
    ]);
  });
  it('defaults the feed radius to 25 km and limit to 20', () => {
    expect(FeedQuerySchema.parse({})).toMatchObject({ radiusKm: 25, limit: 20, offset: 0 });
  });
});
