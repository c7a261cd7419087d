import { isIPv4, isIPv6 } from 'node:net';

/**
 * A client address as logged without LOG_PERSONAL_DATA: an IPv4 address keeps its /24 and an IPv6
 * address its /48 (a network, not a subscriber), enough to see that requests come from one place.
 */
export function maskIp(ip: string | undefined): string | undefined {
  if (!ip) return ip;
  const mapped = ip.startsWith('::ffff:') && isIPv4(ip.slice(7)) ? ip.slice(7) : ip;
  if (isIPv4(mapped)) return `${mapped.slice(0, mapped.lastIndexOf('.'))}.0`;
  if (!isIPv6(ip)) return '[address]';
  // Expand `::` so the first three groups are the first three groups of the address.
  const [head = '', tail] = ip.split('::');
  const groups = head ? head.split(':') : [];
  if (tail !== undefined && groups.length < 3) groups.push(...Array<string>(3 - groups.length).fill('0'));
  return `${groups.slice(0, 3).join(':')}::`;
}

/** An email address as logged without LOG_PERSONAL_DATA: its first character and its domain (`r…@example.com`). */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at <= 0) return '[email]';
  return `${email[0]}…${email.slice(at)}`;
}
