import { AUTH_MESSAGES, REFRESH_COOKIE } from '@aaspaas/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '#test/helper';
import { buildAuthApp, me, register, registration } from './auth-test-kit';

const FOREIGN = 'https://evil.example';

describe('session endpoints answer only the app’s own pages (Origin), not SameSite alone', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildAuthApp();
  });
  afterAll(() => app.close());

  const post = (url: string, cookie: string, headers: Record<string, string> = {}) =>
    app.inject({ method: 'POST', url, cookies: { [REFRESH_COOKIE]: cookie }, headers });

  it('refuses a refresh from a foreign page with 403, leaving the session as it was', async () => {
    const owner = await register(app);
    const forged = await post('/api/auth/refresh', owner.cookie, { origin: FOREIGN });
    expect(forged.statusCode).toBe(403);
    expect(forged.json()).toEqual({ message: AUTH_MESSAGES.foreignOrigin });
    expect(forged.cookies.find((c) => c.name === REFRESH_COOKIE)).toBeUndefined();
    // The same cookie still works from the app's own origin (nothing was rotated or revoked).
    const own = await post('/api/auth/refresh', owner.cookie, { origin: app.config.publicOrigin });
    expect(own.statusCode).toBe(200);
  });

  it('refuses a logout from a foreign page (and Origin: null), and signs out from the app itself', async () => {
    const owner = await register(app);
    for (const origin of [FOREIGN, 'null', `${app.config.publicOrigin}.evil.example`]) {
      expect((await post('/api/auth/logout', owner.cookie, { origin })).statusCode, origin).toBe(403);
    }
    const stillLive = await post('/api/auth/refresh', owner.cookie);
    expect(stillLive.statusCode).toBe(200);
    const next = stillLive.cookies.find((c) => c.name === REFRESH_COOKIE)?.value ?? '';
    // The request's own origin (a dev server that proxies /api answers on its own host) is the app too.
    expect((await post('/api/auth/logout', next, { origin: 'http://localhost:80', host: 'localhost:80' })).statusCode).toBe(204);
    expect((await post('/api/auth/refresh', next)).statusCode).toBe(401);
  });

  it('refuses sign-in, registration and "sign out everywhere" posted by a foreign page', async () => {
    const owner = await register(app);
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { origin: FOREIGN },
      payload: { username: owner.email, password: owner.password },
    });
    expect(login.statusCode).toBe(403);
    const signUp = await app.inject({
      method: 'POST',
      url: '/api/auth/register',
      headers: { origin: FOREIGN },
      payload: registration(),
    });
    expect(signUp.statusCode).toBe(403);
    const everywhere = await post('/api/auth/logout-all', owner.cookie, {
      origin: FOREIGN,
      authorization: `Bearer ${owner.token}`,
    });
    expect(everywhere.statusCode).toBe(403);
    expect((await me(app, owner.token)).statusCode).toBe(200);
  });

  it('refuses a cross-site request without Origin (Sec-Fetch-Site) and answers callers that are no browser page', async () => {
    const owner = await register(app);
    expect((await post('/api/auth/refresh', owner.cookie, { 'sec-fetch-site': 'cross-site' })).statusCode).toBe(403);
    expect((await post('/api/auth/refresh', owner.cookie, { 'sec-fetch-site': 'same-origin' })).statusCode).toBe(200);
  });

  it('answers the Android app’s WebView origin, whose session travels in a header', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/register',
      headers: { origin: 'capacitor://localhost' },
      payload: registration(),
    });
    expect(res.statusCode).toBe(201);
    expect(res.json<{ refreshToken?: string }>().refreshToken).toBeTruthy();
  });
});
