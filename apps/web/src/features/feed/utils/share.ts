import { truncate } from '@aaspaas/domain/rules';
import { SHARE_TEXT_MAX } from '@/config/message-limits';
import { isNativeApp } from '@/lib/native/platform';

/**
 * The share chain of docs/product.md §4: native share (the Android app's share sheet) → on iOS Safari a
 * WhatsApp messaging link → the Web Share API → copy the link → ask to copy it by hand.
 */
export type ShareOutcome = 'native' | 'whatsapp-link' | 'web-share' | 'copied' | 'cancelled' | 'manual';
export type SharePayload = { title: string; text: string; url: string };

export type ShareEnvironment = {
  /** The native wrapper's share (Capacitor Share plugin) when running as the Android app. */
  nativeShare?: ((p: SharePayload) => Promise<void>) | null;
  userAgent: string;
  webShare?: ((p: SharePayload) => Promise<void>) | null;
  canWebShare?: ((p: SharePayload) => boolean) | null;
  writeClipboard?: ((text: string) => Promise<void>) | null;
  openUrl: (url: string) => void;
};

export function browserShareEnvironment(): ShareEnvironment {
  const nav = typeof navigator !== 'undefined' ? navigator : undefined;
  return {
    // Inside the Android app: its share sheet, loaded when first used (never on the web).
    nativeShare: isNativeApp() ? (p) => import('@/lib/native/share').then(({ nativeShare }) => nativeShare(p)) : null,
    userAgent: nav?.userAgent ?? '',
    webShare: nav && typeof nav.share === 'function' ? (p) => nav.share(p) : null,
    canWebShare: nav && typeof nav.canShare === 'function' ? (p) => nav.canShare(p) : null,
    writeClipboard: nav?.clipboard?.writeText ? (text) => nav.clipboard.writeText(text) : null,
    openUrl: (url) => {
      window.location.href = url;
    },
  };
}

/** iPhone / iPad Safari (not Chrome, Firefox or in-app browsers on iOS). */
export function isIosSafari(userAgent: string): boolean {
  const ios = /iP(hone|od|ad)/.test(userAgent) || (/Macintosh/.test(userAgent) && /Mobile\//.test(userAgent));
  const otherBrowser = /CriOS|FxiOS|EdgiOS|OPiOS|GSA\/|FBAN|FBAV|Instagram|Line\//.test(userAgent);
  return ios && /Safari\//.test(userAgent) && !otherBrowser;
}

function isAbort(error: unknown): boolean {
  return error instanceof Error && error.name === 'AbortError';
}

export function postShareUrl(origin: string, postId: string): string {
  return `${origin}/?post=${encodeURIComponent(postId)}`;
}

export function shareText(businessName: string, content: string): string {
  return truncate(`${businessName}: ${content}`, SHARE_TEXT_MAX);
}

export async function sharePayload(payload: SharePayload, env: ShareEnvironment): Promise<ShareOutcome> {
  if (env.nativeShare) {
    try {
      await env.nativeShare(payload);
      return 'native';
    } catch (error) {
      if (isAbort(error)) return 'cancelled';
    }
  }
  if (isIosSafari(env.userAgent)) {
    env.openUrl(`https://wa.me/?text=${encodeURIComponent(`${payload.text} ${payload.url}`)}`);
    return 'whatsapp-link';
  }
  if (env.webShare && (!env.canWebShare || env.canWebShare(payload))) {
    try {
      await env.webShare(payload);
      return 'web-share';
    } catch (error) {
      // The user closed the share sheet: that is an answer, not a failure.
      if (isAbort(error)) return 'cancelled';
    }
  }
  if (env.writeClipboard) {
    try {
      await env.writeClipboard(payload.url);
      return 'copied';
    } catch {
      /* clipboard refused (permissions, insecure context) */
    }
  }
  return 'manual';
}
