import { REFRESH_TOKEN_HEADER } from '@aaspaas/domain/rules';
import { loadPreferences, type Loader, type PreferencesPlugin } from './plugins';

/** The Preferences key (Android SharedPreferences, private to the app) of the refresh token. */
const KEY = 'aaspaas_refresh_token';

/**
 * The Android app's refresh token, in the app's own storage (ADR 020): a WebView's cookies may be
 * dropped when Android reclaims its storage or on restart, while the session must outlive both.
 * The server hands it over in the answer only to the app's origin and takes it back in a header.
 */
export async function appRefreshHeaders(load: Loader<PreferencesPlugin> = loadPreferences): Promise<Record<string, string>> {
  const { value } = await (await load()).get({ key: KEY });
  return value ? { [REFRESH_TOKEN_HEADER]: value } : {};
}

/** Keeps the token a sign-in or refresh answered with (the answer has none on the web). */
export async function keepAppRefreshToken(token: string | undefined, load: Loader<PreferencesPlugin> = loadPreferences) {
  if (token) await (await load()).set({ key: KEY, value: token });
}

export async function forgetAppRefreshToken(load: Loader<PreferencesPlugin> = loadPreferences): Promise<void> {
  await (await load()).remove({ key: KEY });
}
