import { describe, expect, it } from 'vitest';
import { dayIndexAt, labelledDayIndexes, niceAxisMax } from './chart-scale';
import { excerptOf, isOffer } from './post-text';

describe('niceAxisMax', () => {
  it('rounds up to 2, 4, 6, 8 or 10 × 10^k so half the top is a whole number', () => {
    expect([0, 1, 2, 3, 5, 7, 9, 10, 11, 37, 99, 101, 950, 1234].map(niceAxisMax)).toEqual([
      2, 2, 2, 4, 6, 8, 10, 10, 20, 40, 100, 200, 1000, 2000,
    ]);
  });
});

describe('labelledDayIndexes', () => {
  it('labels every 7th day counted back from today, today always included', () => {
    expect(labelledDayIndexes(30)).toEqual([1, 8, 15, 22, 29]);
    expect(labelledDayIndexes(3)).toEqual([2]);
    expect(labelledDayIndexes(0)).toEqual([]);
  });
});

describe('dayIndexAt', () => {
  it('finds the day under the pointer, clamped to the chart', () => {
    expect(dayIndexAt(0, 300, 30)).toBe(0);
    expect(dayIndexAt(15, 300, 30)).toBe(1);
    expect(dayIndexAt(299, 300, 30)).toBe(29);
    expect(dayIndexAt(400, 300, 30)).toBe(29);
    expect(dayIndexAt(-5, 300, 30)).toBe(0);
  });
});

describe('excerptOf and isOffer', () => {
  it('keeps short text, cuts long text at a word with an ellipsis, on one line', () => {
    expect(excerptOf('Fresh  mangoes\ntoday')).toBe('Fresh mangoes today');
    const long = 'Alphonso mangoes from Ratnagiri '.repeat(10);
    const cut = excerptOf(long, 40);
    expect(cut.length).toBeLessThanOrEqual(41);
    expect(cut.endsWith('…')).toBe(true);
    expect(cut).toBe('Alphonso mangoes from Ratnagiri Alphonso…');
  });

  it('an offer is a post with prices', () => {
    expect(isOffer({ mrpPaise: 60000, ourPricePaise: 45000 })).toBe(true);
    expect(isOffer({ mrpPaise: null, ourPricePaise: null })).toBe(false);
  });
});
