import { describe, expect, it } from 'vitest';
import { cleanName, findControlCharacter, stripInvisibleFormatting } from '../src';

describe('invisible formatting', () => {
  it('drops bidi overrides, embeddings and isolates, which reorder what a name shows', () => {
    expect(cleanName('Kumar \u202Eerots\u202C')).toBe('Kumar erots');
    expect(cleanName('\u2066Ravi\u2069 \u202ATraders\u202B\u202D')).toBe('Ravi Traders');
  });

  it('drops zero-width characters, so two names that look the same are the same', () => {
    expect(cleanName('Ku\u200Bmar\uFEFF Store\u2060')).toBe('Kumar Store');
    expect(cleanName('\u200DKumar\u200C')).toBe('Kumar');
  });

  it('keeps the joiners Indic words and emoji sequences need', () => {
    // क्‍ष (half form with ZWJ) and a family emoji.
    expect(cleanName('क्\u200Dष')).toBe('क्\u200Dष');
    expect(stripInvisibleFormatting('👨\u200D👩\u200D👧 offer')).toBe('👨\u200D👩\u200D👧 offer');
  });

  it('makes a name one line with single spaces', () => {
    expect(cleanName('  Ravi \n\t Kumar  ')).toBe('Ravi Kumar');
  });
});

describe('control characters', () => {
  it('finds NUL and escapes; line breaks and tab only where text is single-line', () => {
    expect(findControlCharacter('a\u0000b', true)).toBe('U+0000');
    expect(findControlCharacter('\u001b[31m', true)).toBe('U+001B');
    expect(findControlCharacter('a\u007f', true)).toBe('U+007F');
    expect(findControlCharacter('line\nline\ttab\r\n', true)).toBeNull();
    expect(findControlCharacter('line\nline', false)).toBe('U+000A');
    expect(findControlCharacter('नमस्ते 👋', false)).toBeNull();
  });
});
