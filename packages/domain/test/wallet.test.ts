import { describe, expect, it } from 'vitest';
import { formatReceiptNumber, gstIncludedPaise, indianFinancialYear, notEnoughBalanceMessage } from '../src';

describe('wallet rules', () => {
  it('says the exact shortfall in rupees with Indian grouping', () => {
    expect(notEnoughBalanceMessage(2500)).toBe('Not enough balance: add ₹25 to your wallet');
    expect(notEnoughBalanceMessage(12_345_678)).toBe('Not enough balance: add ₹1,23,456.78 to your wallet');
  });

  it('takes GST as 18/118 of a GST-inclusive amount, to the paisa', () => {
    expect(gstIncludedPaise(11_800)).toBe(1800);
    expect(gstIncludedPaise(12_345_678)).toBe(1_883_239);
    expect(gstIncludedPaise(100)).toBe(15);
  });

  it('numbers receipts within the Indian financial year, in India time', () => {
    expect(indianFinancialYear(new Date('2026-04-01T00:00:00+05:30'))).toBe('2026-27');
    // 31 March 23:59 in India is still the year before.
    expect(indianFinancialYear(new Date('2027-03-31T18:29:00Z'))).toBe('2026-27');
    expect(indianFinancialYear(new Date('2027-03-31T18:30:00Z'))).toBe('2027-28');
    expect(indianFinancialYear(new Date('2099-12-31T00:00:00Z'))).toBe('2099-00');
    expect(formatReceiptNumber('2026-27', 123)).toBe('AAS/2026-27/000123');
  });
});
