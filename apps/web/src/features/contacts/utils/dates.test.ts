import { describe, expect, it } from 'vitest';
import { NO_YEAR_PLACEHOLDER, normalizeImportDate } from './dates';

describe('normalizeImportDate', () => {
  it('reads the forms found in contact files as YYYY-MM-DD', () => {
    expect(normalizeImportDate('1990-05-14')).toBe('1990-05-14');
    expect(normalizeImportDate('19900514')).toBe('1990-05-14');
    expect(normalizeImportDate('1990-05-14T00:00:00Z')).toBe('1990-05-14');
    expect(normalizeImportDate('14/05/1990')).toBe('1990-05-14');
    expect(normalizeImportDate('4-5-1990')).toBe('1990-05-04');
    expect(normalizeImportDate('14.05.1990')).toBe('1990-05-14');
    expect(normalizeImportDate('1990/05/14')).toBe('1990-05-14');
    expect(normalizeImportDate('14 May 1990')).toBe('1990-05-14');
    expect(normalizeImportDate('14-May-1990')).toBe('1990-05-14');
    expect(normalizeImportDate('May 14, 1990')).toBe('1990-05-14');
  });

  it('gives a day and month without a year the placeholder year, 29 February included', () => {
    expect(normalizeImportDate('--08-15')).toBe(`${NO_YEAR_PLACEHOLDER}-08-15`);
    expect(normalizeImportDate('--0229')).toBe(`${NO_YEAR_PLACEHOLDER}-02-29`);
    expect(normalizeImportDate('15 Aug')).toBe(`${NO_YEAR_PLACEHOLDER}-08-15`);
  });

  it('refuses what is no date', () => {
    for (const bad of ['', '  ', '31/02/1990', '1990-13-01', 'soon', '12345', '14 Foo 1990']) {
      expect(normalizeImportDate(bad), bad).toBeNull();
    }
  });
});
