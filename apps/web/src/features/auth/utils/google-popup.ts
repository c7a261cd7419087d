import { AUTH_MESSAGES, GoogleResultSchema, type GoogleIntent, type GoogleMode } from '@aaspaas/domain';
import { GOOGLE_SIGN_IN_TIMEOUT_MS } from '@/config/auth-timings';
import { env } from '@/config/env';
import { buildUrl } from '@/lib/api-client';

/** How a Google attempt on the web ended (docs/product.md §4). */
export type GoogleAttempt =
  | { kind: 'success' }
  | { kind: 'error'; message: string }
  /** The user cancelled on Google's side: nothing to say. */
  | { kind: 'cancelled' }
  /** The popup could not do the job; the whole page is on its way to Google. */
  | { kind: 'redirecting' }
  | { kind: 'timeout' };

/** The part of `window` the popup flow uses (a test passes its own). */
export type PopupHost = Pick<Window, 'open' | 'addEventListener' | 'removeEventListener'> & {
  location: Pick<Location, 'origin' | 'assign'>;
  screenX?: number;
  screenY?: number;
  outerWidth?: number;
  outerHeight?: number;
};

const POPUP_WIDTH = 500;
const POPUP_HEIGHT = 640;
const CLOSED_POLL_MS = 500;
// The callback page posts its result and then closes: give the message time to arrive first.
const CLOSED_GRACE_MS = 800;

export function googleStartUrl(intent: GoogleIntent, mode: GoogleMode): string {
  return buildUrl('/api/auth/google/start', { intent, mode });
}

function popupFeatures(host: PopupHost): string {
  const left = Math.max(0, (host.screenX ?? 0) + ((host.outerWidth ?? POPUP_WIDTH) - POPUP_WIDTH) / 2);
  const top = Math.max(0, (host.screenY ?? 0) + ((host.outerHeight ?? POPUP_HEIGHT) - POPUP_HEIGHT) / 2);
  return `popup,width=${POPUP_WIDTH},height=${POPUP_HEIGHT},left=${Math.round(left)},top=${Math.round(top)}`;
}

/** The callback page is served by the API: this origin, or VITE_API_URL's when the API lives elsewhere. */
function trustedOrigins(host: PopupHost): string[] {
  const origins = [host.location.origin];
  if (env.API_URL) origins.push(new URL(env.API_URL).origin);
  return origins;
}

function closeQuietly(popup: Window): void {
  try {
    popup.close();
  } catch {
    /* a popup on another origin may refuse: it closes itself after posting */
  }
}

/**
 * Google sign-in in a popup, falling back to a full-page redirect when the popup is blocked
 * (window.open gives null or throws), closed without a result, or unreadable because of a
 * cross-origin policy. Must be called synchronously from the click, or browsers block the popup.
 * Resolves after GOOGLE_SIGN_IN_TIMEOUT_MS at the latest.
 */
export function signInWithGooglePopup(
  intent: GoogleIntent,
  host: PopupHost = window,
  timeoutMs: number = GOOGLE_SIGN_IN_TIMEOUT_MS,
): Promise<GoogleAttempt> {
  const redirect = (): GoogleAttempt => {
    host.location.assign(googleStartUrl(intent, 'redirect'));
    return { kind: 'redirecting' };
  };

  let popup: Window | null;
  try {
    popup = host.open(googleStartUrl(intent, 'popup'), 'aaspaas-google-sign-in', popupFeatures(host));
  } catch {
    popup = null;
  }
  if (!popup) return Promise.resolve(redirect());
  const win = popup;
  const origins = trustedOrigins(host);

  return new Promise((resolve) => {
    let settled = false;
    let grace: ReturnType<typeof setTimeout> | undefined;

    const finish = (outcome: () => GoogleAttempt) => {
      if (settled) return;
      settled = true;
      host.removeEventListener('message', onMessage);
      clearInterval(poll);
      clearTimeout(timeout);
      clearTimeout(grace);
      resolve(outcome());
    };

    function onMessage(event: MessageEvent) {
      if (!origins.includes(event.origin)) return;
      const parsed = GoogleResultSchema.safeParse(event.data);
      if (!parsed.success || parsed.data.intent !== intent) return;
      const { ok, message } = parsed.data;
      closeQuietly(win);
      if (ok) finish(() => ({ kind: 'success' }));
      else if (message === AUTH_MESSAGES.googleCancelled) finish(() => ({ kind: 'cancelled' }));
      else finish(() => ({ kind: 'error', message: message ?? AUTH_MESSAGES.googleFailed }));
    }
    host.addEventListener('message', onMessage);

    const poll = setInterval(() => {
      let closed: boolean;
      try {
        closed = win.closed;
      } catch {
        finish(redirect);
        return;
      }
      if (!closed) return;
      clearInterval(poll);
      grace = setTimeout(() => finish(redirect), CLOSED_GRACE_MS);
    }, CLOSED_POLL_MS);

    const timeout = setTimeout(() => {
      closeQuietly(win);
      finish(() => ({ kind: 'timeout' }));
    }, timeoutMs);
  });
}
