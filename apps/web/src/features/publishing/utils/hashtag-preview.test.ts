import { describe, expect, it } from 'vitest';
import { cleanTag, hashtagPreview } from './hashtag-preview';

describe('hashtagPreview (the server rule, live)', () => {
  it('merges the tag field with the text’s #words, lower-cased and de-duplicated', () => {
    expect(hashtagPreview(['Diwali', '#sweets'], 'Fresh #Sweets and #kaju_katli!').kept).toEqual([
      'diwali',
      'sweets',
      'kaju_katli',
    ]);
  });

  it('keeps the first 10 and names the ones left out', () => {
    const tags = Array.from({ length: 8 }, (_, i) => `tag${i}`);
    const preview = hashtagPreview(tags, '#one #two #three #tag0');
    expect(preview.kept).toHaveLength(10);
    expect(preview.kept.slice(-2)).toEqual(['one', 'two']);
    expect(preview.leftOut).toEqual(['three']);
    expect(preview.full).toBe(true);
    expect(hashtagPreview([], 'nothing').kept).toEqual([]);
  });

  it('cleans a typed tag', () => {
    expect(cleanTag(' #Navratri-Sale! ')).toBe('navratrisale');
    expect(cleanTag('दिवाली')).toBe('दिवाली');
  });
});
