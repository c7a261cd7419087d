import { describe, expect, it } from 'vitest';
import { parseRupeesToPaise } from './rupees-input';

describe('parseRupeesToPaise', () => {
  it('reads rupees as typed, exactly', () => {
    expect(parseRupeesToPaise('500')).toBe(50_000);
    expect(parseRupeesToPaise('₹1,000')).toBe(100_000);
    expect(parseRupeesToPaise('499.5')).toBe(49_950);
    expect(parseRupeesToPaise('0.29')).toBe(29);
    expect(parseRupeesToPaise('1,23,456.78')).toBe(12_345_678);
  });
  it('refuses what is not an amount', () => {
    for (const bad of ['', 'abc', '-5', '1.234', '1e3', '12.3.4']) expect(parseRupeesToPaise(bad)).toBeNull();
  });
});
