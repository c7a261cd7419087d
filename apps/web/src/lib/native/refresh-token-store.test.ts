import { describe, expect, it } from 'vitest';
import type { PreferencesPlugin } from './plugins';
import { appRefreshHeaders, forgetAppRefreshToken, keepAppRefreshToken } from './refresh-token-store';

function fakePreferences() {
  const store = new Map<string, string>();
  const plugin = {
    get: async ({ key }: { key: string }) => ({ value: store.get(key) ?? null }),
    set: async ({ key, value }: { key: string; value: string }) => void store.set(key, value),
    remove: async ({ key }: { key: string }) => void store.delete(key),
  } as unknown as PreferencesPlugin;
  return { store, load: async () => plugin };
}

describe("the app's refresh token in the phone's storage", () => {
  it('keeps the token an answer carried and presents it in the refresh header; forgets it on sign-out', async () => {
    const prefs = fakePreferences();
    expect(await appRefreshHeaders(prefs.load)).toEqual({});
    await keepAppRefreshToken('rt-1', prefs.load);
    expect(await appRefreshHeaders(prefs.load)).toEqual({ 'x-refresh-token': 'rt-1' });
    // An answer without a token (never on the app's origin, but harmless) keeps the one stored.
    await keepAppRefreshToken(undefined, prefs.load);
    expect(await appRefreshHeaders(prefs.load)).toEqual({ 'x-refresh-token': 'rt-1' });
    await forgetAppRefreshToken(prefs.load);
    expect(await appRefreshHeaders(prefs.load)).toEqual({});
  });
});
