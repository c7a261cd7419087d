import { VISITOR_COOKIE, VISITOR_COOKIE_MAX_AGE_S } from '@aaspaas/domain/rules';
import { env } from '@/config/env';
import { VISITOR_STORAGE_KEY } from '@/config/storage-keys';
import { readStorage, writeStorage } from './storage';

/**
 * Visitor identity (docs/product.md §3): an id kept in localStorage and in a one-year cookie, sent as the
 * X-Visitor-Id header on every API call. The server makes and signs it (an invented id counts
 * nothing): the app's HTML brings one in the cookie, and ensureVisitorId() asks POST /api/visitor
 * when neither the cookie nor local storage holds one (the Android app, a blocked cookie).
 */
let cached: string | null = null;

/**
 * Keeps an id only if it has the shape the server issues (SIGNED_VISITOR_ID_PATTERN in the domain:
 * a UUID, a dot, a 22-character tag); the server checks the tag. Not imported, to keep zod off the
 * feed's first load.
 */
function looksLikeOurId(value: string): boolean {
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.[A-Za-z0-9_-]{22}$/.test(value);
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

function remember(id: string): string {
  if (readStorage(VISITOR_STORAGE_KEY) !== id) writeStorage(VISITOR_STORAGE_KEY, id);
  // Re-writing the cookie each session keeps it alive for a year after the last visit.
  writeCookie(id);
  cached = id;
  return id;
}

/** The server-issued id this browser holds, or null while it has none. */
export function getVisitorId(): string | null {
  if (cached) return cached;
  // The cookie first: the server may have replaced an id it did not accept (one made before ids were signed).
  const found = [readCookie(VISITOR_COOKIE), readStorage(VISITOR_STORAGE_KEY)].find(
    (v): v is string => v !== null && looksLikeOurId(v),
  );
  return found ? remember(found) : null;
}

let asking: Promise<string | null> | null = null;

/** The id, asking the server for one when the browser has none (null if it cannot give one now). */
export function ensureVisitorId(): Promise<string | null> {
  const known = getVisitorId();
  if (known) return Promise.resolve(known);
  asking ??= fetch(`${env.API_URL}/api/visitor`, {
    method: 'POST',
    credentials: 'same-origin',
    headers: { Accept: 'application/json' },
  })
    .then(async (res) => {
      if (!res.ok) return null;
      const { visitorId } = (await res.json()) as { visitorId?: unknown };
      return typeof visitorId === 'string' && looksLikeOurId(visitorId) ? remember(visitorId) : null;
    })
    .catch(() => null)
    .finally(() => {
      asking = null;
    });
  return asking;
}

/** For tests only. */
export function resetVisitorIdCache(): void {
  cached = null;
}
