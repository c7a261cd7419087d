import { describe, expect, it } from 'vitest';
import { maskEmail, maskIp } from '#src/lib/personal-data';

describe('personal data in logs', () => {
  it('shortens an IPv4 address to its /24 and an IPv6 address to its /48', () => {
    expect(maskIp('49.207.61.23')).toBe('49.207.61.0');
    expect(maskIp('::ffff:103.21.124.1')).toBe('103.21.124.0');
    expect(maskIp('2401:4900:1c2a:5e1f::1')).toBe('2401:4900:1c2a::');
    expect(maskIp('2401:4900::1')).toBe('2401:4900:0::');
    expect(maskIp('::1')).toBe('0:0:0::');
    expect(maskIp('not an address')).toBe('[address]');
    expect(maskIp(undefined)).toBeUndefined();
  });

  it('keeps an email address its first letter and its domain', () => {
    expect(maskEmail('ravi.kumar@example.in')).toBe('r…@example.in');
    expect(maskEmail('no-at-sign')).toBe('[email]');
  });
});
