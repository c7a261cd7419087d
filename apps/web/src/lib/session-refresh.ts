import { ACCESS_TOKEN_TTL_S, type AuthResponse } from '@aaspaas/domain';
import { TOKEN_REFRESH_MS } from '@/config/auth-timings';
import { api, ApiError } from './api-client';
import { clearToken, getToken, storeToken } from './auth';
import { isNativeApp } from './native/platform';

/** Inside the Android app the refresh token lives in the app's storage, not a cookie (ADR 020). */
const appTokenStore = () => import('./native/refresh-token-store');

/**
 * Getting a new access token from the refresh cookie (POST /api/auth/refresh, docs/product.md §4, §7).
 * - 'refreshed': a token is stored (by this call, or by another call or tab just before it);
 * - 'rejected': the server refused the cookie, the session is over and the token is cleared;
 * - 'failed': the network or the server failed; the token stays, a later call may succeed.
 */
export type RefreshOutcome = 'refreshed' | 'rejected' | 'failed';

type Events = {
  refreshed: (auth: AuthResponse) => void;
  /** `hadToken`: a signed-in session ended (not just a visitor without a cookie). */
  rejected: (hadToken: boolean) => void;
};
const handlers: { [K in keyof Events]: Set<Events[K]> } = { refreshed: new Set(), rejected: new Set() };

export function onRefresh<K extends keyof Events>(event: K, handler: Events[K]): () => void {
  handlers[event].add(handler);
  return () => handlers[event].delete(handler);
}

let inflight: Promise<RefreshOutcome> | null = null;
let expiresInS = ACCESS_TOKEN_TTL_S;

/** Remember how long the current access token lives, to refresh it before it runs out. */
export function rememberExpiry(seconds: number): void {
  if (Number.isFinite(seconds) && seconds > 0) expiresInS = seconds;
}

/**
 * One refresh at a time: concurrent 401s (and the timer) share the call in flight, since the server
 * rotates the refresh cookie and treats a second use of the old one as theft. `staleToken` is the
 * token a caller saw fail; when a newer one is already stored, nothing needs refreshing.
 */
export function refreshSession(staleToken: string | null = getToken()): Promise<RefreshOutcome> {
  inflight ??= acrossTabs(() => refreshUnlessDone(staleToken)).finally(() => {
    inflight = null;
  });
  return inflight;
}

// Tabs share the token (localStorage) and the cookie: a Web Lock keeps two tabs from rotating the
// same cookie at once, and the second tab then finds the first one's token instead of refreshing.
function acrossTabs(run: () => Promise<RefreshOutcome>): Promise<RefreshOutcome> {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  return locks ? locks.request('aaspaas-auth-refresh', run) : run();
}

async function refreshUnlessDone(staleToken: string | null): Promise<RefreshOutcome> {
  const current = getToken();
  if (current && current !== staleToken) return 'refreshed';
  try {
    const headers = isNativeApp() ? await (await appTokenStore()).appRefreshHeaders() : undefined;
    const auth = await api.post<AuthResponse | null>('/api/auth/refresh', undefined, { auth: false, headers });
    if (typeof auth?.token !== 'string' || !auth.token) return 'failed';
    if (isNativeApp()) await (await appTokenStore()).keepAppRefreshToken(auth.refreshToken);
    rememberExpiry(auth.expiresIn);
    storeToken(auth.token);
    for (const handler of handlers.refreshed) handler(auth);
    return 'refreshed';
  } catch (error) {
    if (!(error instanceof ApiError) || error.status >= 500 || error.status === 429) return 'failed';
    const hadToken = Boolean(getToken());
    if (hadToken) clearToken();
    if (isNativeApp()) await (await appTokenStore()).forgetAppRefreshToken();
    for (const handler of handlers.rejected) handler(hadToken);
    return 'rejected';
  }
}

/**
 * docs/product.md §9: refresh every 15 minutes while signed in. The access token lives just as long, so the
 * timer fires a minute before it runs out (never later than 15 minutes) to spare calls a 401.
 */
export function refreshDelayMs(): number {
  return Math.max(Math.min(TOKEN_REFRESH_MS, (expiresInS - 60) * 1000), 10_000);
}

let timer: ReturnType<typeof setTimeout> | undefined;

/** (Re)start the timer for the stored token; no token, no timer. */
export function scheduleRefresh(): void {
  clearTimeout(timer);
  timer = undefined;
  if (!getToken()) return;
  timer = setTimeout(() => void refreshSession(getToken()), refreshDelayMs());
}

export function cancelScheduledRefresh(): void {
  clearTimeout(timer);
  timer = undefined;
}
