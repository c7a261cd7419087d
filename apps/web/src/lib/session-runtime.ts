import { AUTH_MESSAGES, type AppUser, type AuthResponse } from '@aaspaas/domain';
import type { QueryClient } from '@tanstack/react-query';
import { reconcileAccountLanguage } from './change-language';
import { configureAuth } from './api-client';
import { clearToken, getToken, storeToken, subscribeAuth } from './auth';
import { i18n } from './i18n';
import { isNativeApp } from './native/platform';
import { notify } from './notify';
import { cancelScheduledRefresh, onRefresh, refreshSession, rememberExpiry, scheduleRefresh } from './session-refresh';

/** The GET /api/user/me query; pages invalidate it after changing the profile. */
export const USER_QUERY_KEY = ['user', 'me'] as const;

// Every API call from now on carries the bearer token and refreshes it once on a 401 (docs/product.md §7).
configureAuth({
  getToken,
  refreshToken: async (failedToken) => (await refreshSession(failedToken)) === 'refreshed',
});

let client: QueryClient | null = null;
// A user that arrived before any page attached the query client, with the token it came with.
let pending: { token: string; user: AppUser } | null = null;

function seedUser(user: AppUser): void {
  const token = getToken();
  if (client) client.setQueryData(USER_QUERY_KEY, user);
  else if (token) pending = { token, user };
}

/** The signed-in user as the API answered a change of it (their language). */
export function seedSessionUser(user: AppUser): void {
  seedUser(user);
}

/** Store a new session (login, register, change-password, refresh) and seed the user query. */
export function setSession(auth: AuthResponse): void {
  // The Android app keeps its refresh token in its own storage (ADR 020); the web has the cookie.
  if (isNativeApp() && auth.refreshToken) {
    const refreshToken = auth.refreshToken;
    void import('./native/refresh-token-store').then((store) => store.keepAppRefreshToken(refreshToken));
  }
  rememberExpiry(auth.expiresIn);
  storeToken(auth.token);
  seedUser(auth.user);
  reconcileAccountLanguage(auth.user, seedUser);
}

/** End the session on this device: no token, no timer, no cached data of the account. */
export function endSession(): void {
  if (isNativeApp()) void import('./native/refresh-token-store').then((store) => store.forgetAppRefreshToken());
  cancelScheduledRefresh();
  clearToken();
  pending = null;
  client?.clear();
}

/**
 * Start-up: when no token is stored the refresh cookie may still be there (a Google redirect, an
 * earlier visit), so one refresh is tried; until it answers the session is 'loading'.
 */
type Bootstrap = 'idle' | 'running' | 'done';
let bootstrap: Bootstrap = 'idle';
const bootstrapListeners = new Set<() => void>();

export function subscribeBootstrap(listener: () => void): () => void {
  bootstrapListeners.add(listener);
  return () => bootstrapListeners.delete(listener);
}

export function isBootstrapping(): boolean {
  return bootstrap !== 'done';
}

function setBootstrap(next: Bootstrap): void {
  bootstrap = next;
  for (const listener of [...bootstrapListeners]) listener();
}

let started = false;

function start(): void {
  started = true;
  onRefresh('refreshed', (auth) => seedUser(auth.user));
  onRefresh('rejected', (hadToken) => {
    client?.removeQueries({ queryKey: USER_QUERY_KEY });
    // A visitor without a cookie is simply signed out; a session that ended is told why.
    if (!hadToken) return;
    // The auth texts are a lazy namespace: an app page may not have loaded them yet.
    void i18n
      .loadNamespaces('auth')
      .then(() => notify(i18n.t('toast.authExpired', { ns: 'auth' }), 'error', AUTH_MESSAGES.authFailed));
  });
  subscribeAuth(() => {
    scheduleRefresh();
    if (!getToken()) client?.removeQueries({ queryKey: USER_QUERY_KEY });
  });
  scheduleRefresh();
  if (getToken()) {
    setBootstrap('done');
  } else {
    setBootstrap('running');
    void refreshSession(null).finally(() => setBootstrap('done'));
  }
}

/** Called by every useSession: the first call starts the session machinery. */
export function attachSession(queryClient: QueryClient): void {
  if (client !== queryClient) {
    client = queryClient;
    if (pending && pending.token === getToken()) client.setQueryData(USER_QUERY_KEY, pending.user);
    pending = null;
  }
  if (!started) start();
}
