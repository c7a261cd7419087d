import type { AppUser } from '@aaspaas/domain';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { api, ApiError } from './api-client';
import { getToken, subscribeAuth } from './auth';
import { isNativeApp } from './native/platform';
import { notify } from './notify';
import { isAuthError } from './query-client';
import { attachSession, endSession, isBootstrapping, subscribeBootstrap, USER_QUERY_KEY } from './session-runtime';

/**
 * The signed-in session (docs/product.md §4, §7) for the business app, account and admin pages. Never loaded
 * by the public feed's first load: the feed only reads lib/auth.
 */
export { setSession, USER_QUERY_KEY } from './session-runtime';
export { refreshSession, type RefreshOutcome } from './session-refresh';

export type SessionStatus = 'loading' | 'signed-in' | 'signed-out';
export type Session = { status: SessionStatus; user: AppUser | null; isAdmin: boolean };

export function getMe(signal?: AbortSignal): Promise<AppUser> {
  return api.get<AppUser>('/api/user/me', { signal });
}

export function userQueryOptions() {
  return queryOptions({ queryKey: USER_QUERY_KEY, queryFn: ({ signal }) => getMe(signal) });
}

const LOADING: Session = { status: 'loading', user: null, isAdmin: false };
const SIGNED_OUT: Session = { status: 'signed-out', user: null, isAdmin: false };

function useSessionState() {
  const queryClient = useQueryClient();
  useEffect(() => attachSession(queryClient), [queryClient]);
  const token = useSyncExternalStore(subscribeAuth, getToken, () => null);
  const bootstrapping = useSyncExternalStore(subscribeBootstrap, isBootstrapping, () => true);
  const query = useQuery({ ...userQueryOptions(), enabled: Boolean(token) });
  return { token, bootstrapping, query };
}

/**
 * 'loading' while the start-up refresh or GET /api/user/me is pending; 'signed-in' always comes
 * with the user; without a token, 'signed-out'.
 */
export function useSession(): Session {
  const { token, bootstrapping, query } = useSessionState();
  if (!token) return bootstrapping ? LOADING : SIGNED_OUT;
  if (query.data) return { status: 'signed-in', user: query.data, isAdmin: query.data.isAdmin };
  return LOADING;
}

/**
 * For the route guards: why a stored token has no user yet (the API unreachable or failing), and a
 * way to try again. An auth failure is not reported here: it ends the session instead.
 */
export function useSessionProblem(): { error: Error | null; retry: () => void; retrying: boolean } {
  const { token, query } = useSessionState();
  const error = token && !query.data && query.isError && !isAuthError(query.error) ? query.error : null;
  return { error, retry: () => void query.refetch(), retrying: query.isFetching };
}

/** POST /api/auth/logout: this device's refresh token, the cookie's or (in the Android app) the stored one. */
async function logoutCall(): Promise<unknown> {
  const headers = isNativeApp() ? await (await import('./native/refresh-token-store')).appRefreshHeaders() : undefined;
  return api.post('/api/auth/logout', undefined, { auth: false, headers });
}

/**
 * End this device's session without telling the user (a Google account refused for the admin
 * area): the server forgets the refresh cookie, the browser the token.
 */
export async function discardSession(): Promise<void> {
  // Even when the call fails the token goes: this account must not stay signed in here.
  await logoutCall().catch(() => null);
  endSession();
}

/**
 * Sign out of this device (POST /api/auth/logout) or of every device (POST /api/auth/logout-all),
 * then toast 'Logged out' and go to /login (/admin/login from admin pages, or `redirectTo`).
 * A failed call keeps the session: the refresh cookie would otherwise sign the user back in.
 */
export function useSignOut(options: { redirectTo?: string } = {}) {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [pending, setPending] = useState(false);
  const target =
    options.redirectTo ??
    (pathname === paths.admin.dashboard.path || pathname.startsWith(`${paths.admin.dashboard.path}/`)
      ? paths.admin.login.getHref()
      : paths.login.getHref());

  const finish = useCallback(
    async (call: () => Promise<unknown>) => {
      setPending(true);
      try {
        await call();
      } catch (error) {
        // A 401 means the server already ended this session: signed out all the same.
        if (!(error instanceof ApiError && error.status === 401)) {
          setPending(false);
          void notify(t('toast.logoutFailed'), 'error', error instanceof Error ? error.message : undefined);
          return;
        }
      }
      endSession();
      setPending(false);
      void notify(t('toast.loggedOut'), 'success');
      void navigate(target, { replace: true });
    },
    [navigate, t, target],
  );

  const signOut = useCallback(() => finish(logoutCall), [finish]);
  const signOutEverywhere = useCallback(() => finish(() => api.post('/api/auth/logout-all')), [finish]);
  return { signOut, signOutEverywhere, pending };
}
