import { type AuthResponse, AUTH_MESSAGES } from '@aaspaas/domain';
import { eq } from 'drizzle-orm';
import { OAuth2Server } from 'oauth2-mock-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userIdentities } from '#src/db/schema';
import { me, ROOMY_LIMITS, uniqueEmail } from '../auth-test-kit';
import { buildTestApp, type TestApp } from '#test/helper';

const WEB_CLIENT_ID = 'aaspaas-web-client';
const ANDROID_CLIENT_ID = 'aaspaas-android-client';
const APP_ORIGIN = 'https://localhost';

type Payload = Record<string, unknown>;

/** A real OpenID Connect provider on 127.0.0.1 (discovery, JWKS) that signs ID tokens with its own key. */
async function startProvider() {
  const server = new OAuth2Server();
  await server.issuer.keys.generate('RS256');
  await server.start(0, '127.0.0.1');
  server.issuer.url = `http://127.0.0.1:${server.address().port}`;
  return server;
}

/** An ID token as Google's SDK hands it to the app: signed by `signer`, claims over the defaults. */
function idToken(signer: OAuth2Server, claims: Payload, expiresIn = 3600) {
  return signer.issuer.buildToken({
    expiresIn,
    scopesOrTransform: (_header, payload: Payload) => {
      Object.assign(payload, { aud: ANDROID_CLIENT_ID, email_verified: true, name: 'Asha Patil' }, claims);
    },
  });
}

describe('POST /api/auth/google/native: the Android app signs in with an ID token from Google', () => {
  let provider: OAuth2Server;
  let impostor: OAuth2Server;
  let app: TestApp;
  beforeAll(async () => {
    provider = await startProvider();
    impostor = await startProvider();
    app = await buildTestApp({
      ...ROOMY_LIMITS,
      GOOGLE_CLIENT_ID: WEB_CLIENT_ID,
      GOOGLE_CLIENT_SECRET: 'web-secret',
      GOOGLE_ANDROID_CLIENT_ID: `${ANDROID_CLIENT_ID}, another-android-build`,
      GOOGLE_ISSUER_URL: provider.issuer.url!,
      PUBLIC_URL: 'https://aaspaas.example',
    });
  });
  afterAll(async () => {
    await app?.close();
    await provider?.stop();
    await impostor?.stop();
  });

  const signIn = (token: string, origin = APP_ORIGIN) =>
    app.inject({ method: 'POST', url: '/api/auth/google/native', payload: { idToken: token }, headers: { origin } });

  it('signs in with a token for the Android client id: the account is made and the app gets its refresh token', async () => {
    const email = uniqueEmail('native');
    const res = await signIn(await idToken(provider, { sub: `google-${email}`, email }));
    expect(res.statusCode, res.body).toBe(200);
    const auth = res.json<AuthResponse>();
    expect(auth.user.username).toBe(email);
    expect(auth.refreshToken).toEqual(expect.any(String));
    expect((await me(app, auth.token)).statusCode).toBe(200);
    const [identity] = await app.db
      .select()
      .from(userIdentities)
      .where(eq(userIdentities.subject, `google-${email}`));
    expect(identity?.provider).toBe('google');

    // The same Google account again: the same user, not a second one.
    const again = await signIn(await idToken(provider, { sub: `google-${email}`, email }));
    expect(again.json<AuthResponse>().user.id).toBe(auth.user.id);
  });

  it('accepts the web client id as audience (the app names it as its server client)', async () => {
    const email = uniqueEmail('webaud');
    const res = await signIn(await idToken(provider, { sub: `google-${email}`, email, aud: WEB_CLIENT_ID }));
    expect(res.statusCode, res.body).toBe(200);
  });

  it('refuses a token for another audience, from another issuer, signed by another key, expired, or with an unverified email', async () => {
    const email = uniqueEmail('refused');
    const refused = [
      await idToken(provider, { sub: 's1', email, aud: 'someone-elses-app' }),
      await idToken(provider, { sub: 's2', email, iss: 'https://accounts.example' }),
      // Another provider's key, claiming to be ours.
      await idToken(impostor, { sub: 's3', email, iss: provider.issuer.url }),
      await idToken(provider, { sub: 's4', email }, -120),
      await idToken(provider, { sub: 's5', email, email_verified: false }),
      'not.a.token-at-all-but-long-enough',
    ];
    for (const token of refused) {
      const res = await signIn(token);
      expect(res.statusCode, res.body).toBe(401);
      expect(res.json()).toEqual({ message: AUTH_MESSAGES.googleFailed });
    }
  });

  it('answers 400 for a body without a token', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/auth/google/native', payload: {} });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: expect.any(String) });
  });

  it('is off (503) when no Android client id is configured', async () => {
    const off = await buildTestApp({
      GOOGLE_CLIENT_ID: WEB_CLIENT_ID,
      GOOGLE_CLIENT_SECRET: 's',
      GOOGLE_ISSUER_URL: provider.issuer.url!,
    });
    try {
      const res = await off.inject({
        method: 'POST',
        url: '/api/auth/google/native',
        payload: { idToken: await idToken(provider, { sub: 'x', email: uniqueEmail() }) },
      });
      expect(res.statusCode).toBe(503);
      expect((await off.inject({ method: 'GET', url: '/api/auth/providers' })).json()).toEqual({
        google: true,
        googleNative: false,
      });
    } finally {
      await off.close();
    }
  });
});
