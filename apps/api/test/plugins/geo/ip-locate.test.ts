import { describe, expect, it } from 'vitest';
import { createIpLocator, isNonPublicIp, normalizeIp } from '#src/plugins/app/geo/ip-locate';

const locator = createIpLocator();
const UNKNOWN = { lat: null, lon: null, source: 'unknown' };

describe('IP location (offline GeoLite2)', () => {
  it.each([
    '127.0.0.1',
    '10.1.2.3',
    '172.16.5.4',
    '172.31.255.255',
    '192.168.1.20',
    '169.254.10.10',
    '100.64.0.1', // CGNAT
    '100.127.255.254',
    '0.0.0.0',
    '::1',
    '::',
    'fe80::1',
    'fe80::1%eth0',
    'fd12:3456:789a::1', // unique local
    'fc00::1',
    '::ffff:127.0.0.1',
    '::ffff:192.168.0.1',
    '::ffff:c0a8:1', // 192.168.0.1, hex form
    'not-an-ip',
    '',
  ])('%s → unknown, without a look-up', async (ip) => {
    expect(isNonPublicIp(ip)).toBe(true);
    await expect(locator.locate(ip)).resolves.toEqual(UNKNOWN);
  });

  it('unwraps IPv4-mapped IPv6 addresses', () => {
    expect(normalizeIp('::ffff:49.207.0.1')).toBe('49.207.0.1');
    expect(normalizeIp('::FFFF:49.207.0.1')).toBe('49.207.0.1');
    expect(normalizeIp('0:0:0:0:0:ffff:31cf:1')).toBe('49.207.0.1');
    expect(normalizeIp('2401:4900::1')).toBe('2401:4900::1');
    expect(isNonPublicIp('::ffff:49.207.0.1')).toBe(false);
  });

  it('places public Indian addresses at their city', async () => {
    const hyd = await locator.locate('49.207.0.1');
    expect(hyd).toMatchObject({ source: 'ip', city: 'Hyderabad' });
    expect(hyd.lat).toBeCloseTo(17.38, 1);
    expect(hyd.lon).toBeCloseTo(78.46, 1);
    const mumbai = await locator.locate('::ffff:103.21.124.1');
    expect(mumbai).toMatchObject({ source: 'ip', city: 'Mumbai' });
    expect(mumbai.lat).toBeCloseTo(19.07, 1);
  });

  it('answers unknown for public addresses known only to their country (a country centroid is no location)', async () => {
    // 8.8.8.8 has only a country record (the middle of the USA); 14.139.0.1 only India's centroid.
    await expect(locator.locate('8.8.8.8')).resolves.toEqual(UNKNOWN);
    await expect(locator.locate('14.139.0.1')).resolves.toEqual(UNKNOWN);
    await expect(locator.locate('2001:4860:4860::8888')).resolves.toEqual(UNKNOWN);
  });

  it('answers unknown for public addresses with no record', async () => {
    await expect(locator.locate('1.1.1.1')).resolves.toEqual(UNKNOWN);
  });
});
