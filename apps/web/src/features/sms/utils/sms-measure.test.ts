import { describe, expect, it } from 'vitest';
import { measureSms, unicodeHint } from './sms-measure';

describe('measureSms', () => {
  it('counts GSM-7 parts at 160 for one and 153 each after', () => {
    expect(measureSms('a'.repeat(160))).toEqual({ characters: 160, encoding: 'GSM-7', parts: 1 });
    expect(measureSms('a'.repeat(161))).toEqual({ characters: 161, encoding: 'GSM-7', parts: 2 });
    expect(measureSms('a'.repeat(306)).parts).toBe(2);
    expect(measureSms('a'.repeat(307)).parts).toBe(3);
  });

  it('counts Unicode parts at 70 and 67', () => {
    expect(measureSms('न'.repeat(70))).toEqual({ characters: 70, encoding: 'UCS-2', parts: 1 });
    expect(measureSms('न'.repeat(71)).parts).toBe(2);
    expect(measureSms('न'.repeat(134)).parts).toBe(2);
    expect(measureSms('न'.repeat(135)).parts).toBe(3);
  });

  it('counts GSM extension characters twice', () => {
    expect(measureSms('{}[]€')).toMatchObject({ characters: 10, encoding: 'GSM-7' });
    expect(measureSms('€'.repeat(80)).parts).toBe(1);
    expect(measureSms('€'.repeat(81)).parts).toBe(2);
  });

  it('is zero parts for an empty text', () => {
    expect(measureSms('')).toEqual({ characters: 0, encoding: 'GSM-7', parts: 0 });
  });
});

describe('unicodeHint', () => {
  it('names ₹ and what writing Rs. saves', () => {
    const text = `Diwali offer: 20% off on all sweets at Sharma Kirana, ₹99 a box. Visit us at MG Road before Sunday. Show this SMS at the counter. Reply STOP to opt out`;
    const hint = unicodeHint(text);
    expect(hint).toMatchObject({ culprits: ['₹'], standIns: ['Rs.'], partsNow: 3, partsWithStandIns: 1 });
    expect(hint?.fixed).toContain('Rs.99 a box');
    expect(measureSms(hint!.fixed).encoding).toBe('GSM-7');
  });

  it('lists each culprit once, curly quotes included', () => {
    expect(unicodeHint('It’s ₹50, it’s “fresh” ₹60')?.culprits).toEqual(['’', '₹', '“', '”']);
  });

  it('says nothing for GSM-7 text or text that stays Unicode (Hindi, emoji)', () => {
    expect(unicodeHint('Sale today, Rs.99')).toBeNull();
    expect(unicodeHint('आज सेल है ₹99')).toBeNull();
    expect(unicodeHint('Sale 🎉 ₹99')).toBeNull();
    expect(unicodeHint('')).toBeNull();
  });
});
