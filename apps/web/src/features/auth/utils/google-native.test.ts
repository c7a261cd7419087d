import { AUTH_MESSAGES, type AuthResponse } from '@aaspaas/domain';
import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import type { SocialLoginPlugin } from '@/lib/native/plugins';
import { signInWithGoogleNative } from './google-native';

const auth = { token: 'access', expiresIn: 900, refreshToken: 'rt', user: { id: 'u1' } } as unknown as AuthResponse;

function fakeSocialLogin(login: () => Promise<unknown>) {
  const calls: unknown[] = [];
  const plugin = {
    initialize: async (options: unknown) => void calls.push(['initialize', options]),
    login: async (options: unknown) => {
      calls.push(['login', options]);
      return login();
    },
  } as unknown as SocialLoginPlugin;
  return { calls, load: async () => plugin };
}

describe("Google sign-in inside the Android app (Google's account chooser → the server checks the ID token)", () => {
  it('sends the ID token with the intent and gives back the session the server started', async () => {
    const social = fakeSocialLogin(async () => ({
      provider: 'google',
      result: { responseType: 'online', idToken: 'id.token.jwt' },
    }));
    const sent: unknown[] = [];
    const attempt = await signInWithGoogleNative('business', {
      load: social.load,
      webClientId: 'web-client.apps.googleusercontent.com',
      send: async (body) => (sent.push(body), auth),
    });
    expect(attempt).toEqual({ kind: 'signed-in', auth });
    expect(sent).toEqual([{ idToken: 'id.token.jwt', intent: 'business' }]);
    expect(social.calls[0]).toEqual(['initialize', { google: { webClientId: 'web-client.apps.googleusercontent.com' } }]);
  });

  it('says nothing when the person closes the account chooser', async () => {
    const error = Object.assign(new Error('The user canceled the sign-in flow.'), { code: 'USER_CANCELLED' });
    const social = fakeSocialLogin(async () => Promise.reject(error));
    const attempt = await signInWithGoogleNative('business', { load: social.load, webClientId: 'w', send: async () => auth });
    expect(attempt).toEqual({ kind: 'cancelled' });
  });

  it("shows the server's refusal (an admin sign-in by someone else) and Google's failures as the usual message", async () => {
    const social = fakeSocialLogin(async () => ({ provider: 'google', result: { responseType: 'online', idToken: 't' } }));
    const refused = await signInWithGoogleNative('admin', {
      load: social.load,
      webClientId: 'w',
      send: async () => Promise.reject(new ApiError(AUTH_MESSAGES.notAdminGoogle, 403)),
    });
    expect(refused).toEqual({ kind: 'error', message: AUTH_MESSAGES.notAdminGoogle });
    const broken = fakeSocialLogin(async () => Promise.reject(new Error('No credentials available')));
    expect(await signInWithGoogleNative('business', { load: broken.load, webClientId: 'w', send: async () => auth })).toEqual({
      kind: 'error',
      message: AUTH_MESSAGES.googleFailed,
    });
  });

  it('gives up after the time-out, and is off without a web client id', async () => {
    const social = fakeSocialLogin(() => new Promise(() => undefined));
    expect(await signInWithGoogleNative('business', { load: social.load, webClientId: 'w', timeoutMs: 10 })).toEqual({
      kind: 'timeout',
    });
    expect(await signInWithGoogleNative('business', { load: social.load, webClientId: '' })).toEqual({
      kind: 'error',
      message: AUTH_MESSAGES.googleNotEnabled,
    });
  });
});
