import { AUTH_MESSAGES, type AppUser, type GoogleIntent } from '@aaspaas/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { getToken } from '@/lib/auth';
import { isNativeApp } from '@/lib/native/platform';
import { notify } from '@/lib/notify';
import { translateMessage } from '@/lib/translate-message';
import { refreshSession, setSession, userQueryOptions, type RefreshOutcome } from '@/lib/session';
import { useAuthProviders } from '../api/get-auth-providers';
import { signInWithGooglePopup, type GoogleAttempt } from '../utils/google-popup';
import { notifyDomainNotAuthorized } from '../utils/notify-domain';

type Options = {
  intent: GoogleIntent;
  /** Title of a failure toast: 'Google Sign-In Failed' on the auth page, 'Login Failed' for admins. */
  failureTitle: string;
  /**
   * The session is stored; the page greets the user and moves on (pending stays on until then).
   * Answering false refuses the user (not an admin): the buttons come back.
   */
  onSignedIn: (user: AppUser) => boolean | void;
};

/**
 * Google sign-in on the web (docs/product.md §4, §8): the popup with its redirect fallback, and the return
 * from a redirect (`?google=ok` or `?google=error&message=…`). Success leaves the refresh cookie;
 * POST /api/auth/refresh then gives the access token.
 */
export function useGoogleSignIn({ intent, failureTitle, onSignedIn }: Options) {
  const { t } = useTranslation('auth');
  const queryClient = useQueryClient();
  const providers = useAuthProviders();
  const [searchParams, setSearchParams] = useSearchParams();
  // Back from Google with success: pending from the first render, so no page moves on meanwhile.
  const [pending, setPending] = useState(() => searchParams.get('google') === 'ok');
  const handledReturn = useRef(false);

  const report = useCallback(
    (message: string) => {
      if (message === AUTH_MESSAGES.googleDomainNotAuthorized) {
        void notifyDomainNotAuthorized(t('toast.domainTitle'), t('toast.domainBody'));
      } else {
        void notify(failureTitle, 'error', translateMessage(message));
      }
    },
    [failureTitle, t],
  );

  /** Google said yes and left the refresh cookie: get the token and the user. */
  const finishSignIn = useCallback(
    async (outcome: RefreshOutcome) => {
      if (outcome !== 'refreshed') {
        setPending(false);
        report(outcome === 'failed' && !navigator.onLine ? t('networkError') : AUTH_MESSAGES.googleFailed);
        return;
      }
      try {
        if (onSignedIn(await queryClient.ensureQueryData(userQueryOptions())) === false) setPending(false);
      } catch (error) {
        setPending(false);
        report(error instanceof Error ? error.message : AUTH_MESSAGES.googleFailed);
      }
    },
    [onSignedIn, queryClient, report, t],
  );
  // The stored token (if any) belongs to the session before Google: refresh past it.
  const complete = useCallback(() => void refreshSession(getToken()).then(finishSignIn), [finishSignIn]);

  const settlePopup = useCallback(
    (attempt: GoogleAttempt) => {
      if (attempt.kind === 'success') {
        complete();
        return;
      }
      if (attempt.kind === 'redirecting') {
        void notify(t('toast.googleRedirect'), 'info');
        return;
      }
      setPending(false);
      if (attempt.kind === 'timeout') report(AUTH_MESSAGES.googleTimeout);
      else if (attempt.kind === 'error') report(attempt.message);
    },
    [complete, report, t],
  );

  // Back from a full-page redirect: read the result once, then take it out of the address.
  useEffect(() => {
    const result = searchParams.get('google');
    if (!result || handledReturn.current) return;
    handledReturn.current = true;
    const message = searchParams.get('message') || AUTH_MESSAGES.googleFailed;
    const rest = new URLSearchParams(searchParams);
    rest.delete('google');
    rest.delete('message');
    setSearchParams(rest, { replace: true });
    if (result === 'ok') complete();
    else if (message !== AUTH_MESSAGES.googleCancelled) report(message);
  }, [complete, report, searchParams, setSearchParams]);

  /** Call straight from the click: the popup must open in the same task or it is blocked. */
  const start = useCallback(() => {
    if (pending) return;
    if ((isNativeApp() ? providers.data?.googleNative : providers.data?.google) === false) {
      report(AUTH_MESSAGES.googleNotEnabled);
      return;
    }
    setPending(true);
    if (isNativeApp()) {
      // The Android app: Google's own account chooser, then the server checks the ID token.
      void import('../utils/google-native')
        .then(({ signInWithGoogleNative }) => signInWithGoogleNative(intent))
        .then((attempt) => {
          if (attempt.kind !== 'signed-in') return settlePopup(attempt);
          setSession(attempt.auth);
          void finishSignIn('refreshed');
        });
      return;
    }
    void signInWithGooglePopup(intent).then(settlePopup);
  }, [finishSignIn, intent, pending, providers.data?.google, providers.data?.googleNative, report, settlePopup]);

  return { start, pending, busy: pending };
}
