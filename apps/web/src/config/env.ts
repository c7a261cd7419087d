/**
 * The web app's environment, read in one place (CODE_STYLE.md). Vite exposes only VITE_* variables.
 * VITE_API_URL: the backend origin; empty means the same origin (the API serves the built app,
 * and the dev server proxies /api and /media).
 */
function readApiUrl(raw: unknown): string {
  if (raw === undefined || raw === '') return '';
  if (typeof raw !== 'string' || !/^https?:\/\/[^\s]+$/.test(raw)) {
    throw new Error(`VITE_API_URL must be an http(s) URL, got ${String(raw)}`);
  }
  return raw.replace(/\/+$/, '');
}

export const env = {
  API_URL: readApiUrl(import.meta.env.VITE_API_URL),
  /** The Android app's Google sign-in: the web OAuth client id its ID tokens are issued for (the server's GOOGLE_CLIENT_ID). */
  GOOGLE_WEB_CLIENT_ID:
    typeof import.meta.env.VITE_GOOGLE_WEB_CLIENT_ID === 'string' ? import.meta.env.VITE_GOOGLE_WEB_CLIENT_ID : '',
  DEV: import.meta.env.DEV,
  MODE: import.meta.env.MODE,
} as const;
