import { VISITOR_COOKIE, VISITOR_COOKIE_MAX_AGE_S, VISITOR_STORAGE_KEY } from '@aaspaas/domain';
import { readStorage, writeStorage } from './storage';

/**
 * Visitor identity (spec §3): a generated id kept in localStorage and in a one-year cookie,
 * sent as the X-Visitor-Id header on every API call.
 */
let cached: string | null = null;

function randomUuid(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  // crypto.randomUUID needs a secure context; plain http on a LAN address has only getRandomValues.
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * Keeps an id only if it has the shape we generate (a UUID); the server checks the full rule
 * (VisitorIdSchema), which is not imported here to keep zod off the feed's first load.
 */
function looksLikeOurId(value: string): boolean {
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);
}

function readCookie(name: string): string | null {
  if (typeof document === 'undefined') return null;
  for (const part of document.cookie.split(';')) {
    const [k, ...rest] = part.trim().split('=');
    if (k === name) {
      try {
        return decodeURIComponent(rest.join('='));
      } catch {
        return null;
      }
    }
  }
  return null;
}

function writeCookie(id: string): void {
  if (typeof document === 'undefined') return;
  const secure = typeof location !== 'undefined' && location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${VISITOR_COOKIE}=${encodeURIComponent(id)}; Max-Age=${VISITOR_COOKIE_MAX_AGE_S}; Path=/; SameSite=Lax${secure}`;
}

export function getVisitorId(): string {
  if (cached) return cached;
  const stored = readStorage(VISITOR_STORAGE_KEY);
  const fromCookie = readCookie(VISITOR_COOKIE);
  const id = [stored, fromCookie].find((v): v is string => v !== null && looksLikeOurId(v)) ?? randomUuid();
  if (stored !== id) writeStorage(VISITOR_STORAGE_KEY, id);
  // Re-writing the cookie each session keeps it alive for a year after the last visit.
  writeCookie(id);
  cached = id;
  return id;
}

/** For tests only. */
export function resetVisitorIdCache(): void {
  cached = null;
}
