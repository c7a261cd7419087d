import { AUTH_MESSAGES, type AuthResponse, type GoogleIntent } from '@aaspaas/domain';
import { GOOGLE_SIGN_IN_TIMEOUT_MS } from '@/config/auth-timings';
import { env } from '@/config/env';
import { api, ApiError } from '@/lib/api-client';
import { loadSocialLogin, type Loader, type SocialLoginPlugin } from '@/lib/native/plugins';
import type { GoogleAttempt } from './google-popup';

type Deps = {
  load?: Loader<SocialLoginPlugin>;
  webClientId?: string;
  send?: (body: { idToken: string; intent: GoogleIntent }) => Promise<AuthResponse>;
  timeoutMs?: number;
};

let initialized: Promise<void> | null = null;

/**
 * Google sign-in inside the Android app (docs/product.md §4: the native SDK on mobile): Android's
 * account chooser (Credential Manager, through @capgo/capacitor-social-login) gives an ID token for
 * the web client id, and POST /api/auth/google/native checks it and starts the session. The answer's
 * session is returned for the caller to store.
 */
export async function signInWithGoogleNative(
  intent: GoogleIntent,
  deps: Deps = {},
): Promise<GoogleAttempt | { kind: 'signed-in'; auth: AuthResponse }> {
  const {
    load = loadSocialLogin,
    webClientId = env.GOOGLE_WEB_CLIENT_ID,
    send = (body) => api.post<AuthResponse>('/api/auth/google/native', body, { auth: false }),
    timeoutMs = GOOGLE_SIGN_IN_TIMEOUT_MS,
  } = deps;
  if (!webClientId) return { kind: 'error', message: AUTH_MESSAGES.googleNotEnabled };
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<GoogleAttempt>((resolve) => {
    timer = setTimeout(() => resolve({ kind: 'timeout' }), timeoutMs);
  });
  const attempt = (async (): Promise<GoogleAttempt | { kind: 'signed-in'; auth: AuthResponse }> => {
    const social = await load();
    initialized ??= social.initialize({ google: { webClientId } }).catch((error: unknown) => {
      initialized = null;
      throw error;
    });
    await initialized;
    const { result } = await social.login({ provider: 'google', options: { scopes: ['email', 'profile'] } });
    const idToken = 'idToken' in result ? result.idToken : null;
    if (!idToken) return { kind: 'error', message: AUTH_MESSAGES.googleFailed };
    return { kind: 'signed-in', auth: await send({ idToken, intent }) };
  })().catch((error: unknown): GoogleAttempt => {
    const code = (error as { code?: unknown })?.code;
    const message = error instanceof Error ? error.message : String(error);
    if (code === 'USER_CANCELLED' || /cancel/i.test(message)) return { kind: 'cancelled' };
    if (error instanceof ApiError) return { kind: 'error', message: error.message };
    return { kind: 'error', message: AUTH_MESSAGES.googleFailed };
  });
  try {
    return await Promise.race([attempt, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
