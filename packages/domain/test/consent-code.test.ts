import { describe, expect, it } from 'vitest';
import {
  CONSENT_CODE_MESSAGES,
  CONSENT_CODE_PATTERN,
  codeSentMessage,
  resendTooSoonMessage,
  tooManyCodesMessage,
  wrongCodeMessage,
} from '../src/consent-code';

describe('the join page codes', () => {
  it('shows only the ends of the number the code went to', () => {
    expect(codeSentMessage('9820012345')).toBe('We sent a 6-digit code by SMS to 98xxxxxx45.');
  });

  it('counts the tries left in plain words, and says the code is dead at none', () => {
    expect(wrongCodeMessage(4)).toBe('That code is not right. 4 tries left.');
    expect(wrongCodeMessage(1)).toBe('That code is not right. 1 try left.');
    expect(wrongCodeMessage(0)).toBe(CONSENT_CODE_MESSAGES.dead);
  });

  it('says how long to wait, at least a minute for the hourly budgets', () => {
    expect(resendTooSoonMessage(1)).toBe('A code is on its way. You can ask for a new one in 1 second.');
    expect(resendTooSoonMessage(25)).toBe('A code is on its way. You can ask for a new one in 25 seconds.');
    expect(tooManyCodesMessage(5_000)).toBe('Too many codes asked for. Please wait 1 minute and try again.');
    expect(tooManyCodesMessage(59 * 60_000 + 1)).toBe('Too many codes asked for. Please wait 60 minutes and try again.');
  });

  it('takes exactly 6 digits', () => {
    expect(['123456', '000000'].every((c) => CONSENT_CODE_PATTERN.test(c))).toBe(true);
    expect(['12345', '1234567', '12345a', ' 123456', '١٢٣٤٥٦'].some((c) => CONSENT_CODE_PATTERN.test(c))).toBe(false);
  });
});
