import { type AuthResponse, REFRESH_TOKEN_HEADER } from '@aaspaas/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAuthApp, login, me, refreshCookieOf, register, registration } from '../auth/auth-test-kit';
import { buildTestApp, type TestApp } from '#test/helper';

const APP_ORIGIN = 'https://localhost';
const FINGERPRINT_A = Array.from({ length: 32 }, (_, i) => (i * 7).toString(16).padStart(2, '0').slice(-2)).join(':');
const FINGERPRINT_B = 'ab:'.repeat(31) + 'ab';

describe('the Android app: App Links, the Play Store link and CORS', () => {
  let app: TestApp;
  let bare: TestApp;
  beforeAll(async () => {
    app = await buildTestApp({
      ANDROID_CERT_SHA256: `${FINGERPRINT_A}, ${FINGERPRINT_B}`,
      PLAY_STORE_URL: 'https://play.google.com/store/apps/details?id=in.aaspaas.app',
    });
    bare = await buildTestApp();
  });
  afterAll(async () => {
    await app?.close();
    await bare?.close();
  });

  it('answers /.well-known/assetlinks.json with the package and every configured fingerprint', async () => {
    const res = await app.inject({ method: 'GET', url: '/.well-known/assetlinks.json' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json()).toEqual([
      {
        relation: ['delegate_permission/common.handle_all_urls'],
        target: {
          namespace: 'android_app',
          package_name: 'in.aaspaas.app',
          sha256_cert_fingerprints: [FINGERPRINT_A.toUpperCase(), FINGERPRINT_B.toUpperCase()],
        },
      },
    ]);
  });

  it('answers 404 in the API error shape when no fingerprint is configured', async () => {
    const res = await bare.inject({ method: 'GET', url: '/.well-known/assetlinks.json' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: expect.any(String) });
  });

  it('refuses to start with a fingerprint that is not a SHA-256', async () => {
    await expect(buildTestApp({ ANDROID_CERT_SHA256: 'AB:CD' })).rejects.toThrow(/ANDROID_CERT_SHA256/);
  });

  it('tells the menu the Play Store listing, or null before the app is published', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/android-app' })).json()).toEqual({
      playStoreUrl: 'https://play.google.com/store/apps/details?id=in.aaspaas.app',
    });
    expect((await bare.inject({ method: 'GET', url: '/api/android-app' })).json()).toEqual({ playStoreUrl: null });
  });

  it("answers the app's WebView origins cross-origin, with credentials, and no other origin", async () => {
    for (const origin of ['https://localhost', 'capacitor://localhost']) {
      const preflight = await bare.inject({
        method: 'OPTIONS',
        url: '/api/auth/refresh',
        headers: {
          origin,
          'access-control-request-method': 'POST',
          'access-control-request-headers': `content-type, authorization, ${REFRESH_TOKEN_HEADER}`,
        },
      });
      expect(preflight.statusCode).toBe(204);
      expect(preflight.headers['access-control-allow-origin']).toBe(origin);
      expect(preflight.headers['access-control-allow-credentials']).toBe('true');
      expect(String(preflight.headers['access-control-allow-headers'])).toContain(REFRESH_TOKEN_HEADER);
    }
    const feed = await bare.inject({ method: 'GET', url: '/api/categories', headers: { origin: APP_ORIGIN } });
    expect(feed.headers['access-control-allow-origin']).toBe(APP_ORIGIN);
    const other = await bare.inject({ method: 'GET', url: '/api/categories', headers: { origin: 'https://evil.example' } });
    expect(other.statusCode).toBe(200);
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe("the Android app's session: the refresh token in the phone's storage, not a cookie", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildAuthApp({ PUBLIC_URL: 'https://aaspaas.example' });
  });
  afterAll(async () => {
    await app?.close();
  });

  const fromApp = { origin: APP_ORIGIN };

  it('gives the app its refresh token in the answer and sets no cookie; refresh rotates it through the header', async () => {
    const account = registration();
    const created = await app.inject({ method: 'POST', url: '/api/auth/register', payload: account, headers: fromApp });
    expect(created.statusCode).toBe(201);
    expect(refreshCookieOf(created)).toBeUndefined();
    const first = created.json<AuthResponse>().refreshToken;
    expect(first).toEqual(expect.any(String));

    const rotated = await app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      headers: { ...fromApp, [REFRESH_TOKEN_HEADER]: first! },
    });
    expect(rotated.statusCode, rotated.body).toBe(200);
    const next = rotated.json<AuthResponse>();
    expect(next.refreshToken).toEqual(expect.any(String));
    expect(next.refreshToken).not.toBe(first);
    expect(refreshCookieOf(rotated)).toBeUndefined();
    expect((await me(app, next.token)).statusCode).toBe(200);

    const signedIn = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: account.username, password: account.password },
      headers: fromApp,
    });
    expect(signedIn.json<AuthResponse>().refreshToken).toEqual(expect.any(String));

    const logout = await app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { ...fromApp, [REFRESH_TOKEN_HEADER]: next.refreshToken! },
    });
    expect(logout.statusCode).toBe(204);
    const afterLogout = await app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      headers: { ...fromApp, [REFRESH_TOKEN_HEADER]: next.refreshToken! },
    });
    expect(afterLogout.statusCode).toBe(401);
  });

  it('never gives the web the token in the answer, and the web cannot refresh with the header', async () => {
    const web = await register(app);
    expect(web.body.refreshToken).toBeUndefined();
    const signedIn = await login(app, web.email, web.password);
    expect(signedIn.json<AuthResponse>().refreshToken).toBeUndefined();
    expect(refreshCookieOf(signedIn)?.httpOnly).toBe(true);

    // A page on the site (its own origin) presenting a token in the header gets nothing for it.
    const viaHeader = await app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      headers: { origin: 'https://aaspaas.example', [REFRESH_TOKEN_HEADER]: web.cookie },
    });
    expect(viaHeader.statusCode).toBe(401);
    // And the app's origin cannot use the web's cookie.
    const cookieFromApp = await app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      headers: fromApp,
      cookies: { aaspaas_rt: web.cookie },
    });
    expect(cookieFromApp.statusCode).toBe(401);
  });
});
