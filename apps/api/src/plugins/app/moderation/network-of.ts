import { isIPv4, isIPv6 } from 'node:net';

/**
 * The network an address belongs to, as reports are grouped by (ADR 048): an IPv4 address's /24, an
 * IPv6 address's /48 (what one site or one carrier's customer is usually given). Fresh ids from one
 * address, or from neighbouring ones, are one network; the address itself is never kept.
 */
export function networkOf(ip: string): string {
  const v4 = ip.startsWith('::ffff:') && isIPv4(ip.slice(7)) ? ip.slice(7) : ip;
  if (isIPv4(v4)) return `${v4.split('.').slice(0, 3).join('.')}.0/24`;
  if (!isIPv6(ip)) return ip;
  const [head = '', tail] = ip.toLowerCase().split('::');
  const front = head ? head.split(':') : [];
  // '::' stands for as many zero groups as are missing; only the first three groups matter here.
  const groups = tail === undefined ? front : [...front, '0', '0', '0'];
  return `${groups
    .slice(0, 3)
    .map((g) => parseInt(g, 16).toString(16))
    .join(':')}::/48`;
}
