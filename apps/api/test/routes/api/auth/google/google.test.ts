import { createHash } from 'node:crypto';
import {
  type AuthResponse,
  AUTH_MESSAGES,
  GOOGLE_RESULT_MESSAGE_TYPE,
  type GoogleResult,
  NEW_USER_BALANCE_PAISE,
  REFRESH_COOKIE,
} from '@aaspaas/domain';
import { count, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { Events, OAuth2Server } from 'oauth2-mock-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { admins, userIdentities, users } from '#src/db/schema';
import { GOOGLE_FLOW_COOKIE } from '#src/plugins/app/auth/google-flow-cookie';
import { login, me, register, ROOMY_LIMITS, uniqueEmail } from '../auth-test-kit';
import { buildTestApp, createBusiness, type TestApp } from '#test/helper';

const CLIENT_ID = 'aaspaas-test-client';
const CLIENT_SECRET = 'aaspaas-test-secret';
const PUBLIC_URL = 'https://aaspaas.example';
const CALLBACK = `${PUBLIC_URL}/api/auth/google/callback`;
const ADMIN = 'owner@aaspaas.in';

type Claims = { sub: string; email?: string; email_verified?: boolean | string; name?: string; nonce?: string };

/** A real OpenID Connect provider on 127.0.0.1 whose next ID token carries `claims`. */
async function startProvider(port = 0) {
  const server = new OAuth2Server();
  await server.issuer.keys.generate('RS256');
  await server.start(port, '127.0.0.1');
  server.issuer.url = `http://127.0.0.1:${server.address().port}`;
  let claims: Claims | null = null;
  server.service.on(Events.BeforeTokenSigning, (token) => {
    if (claims) Object.assign(token.payload, claims);
  });
  return {
    server,
    url: server.issuer.url,
    port: server.address().port,
    setClaims(next: Claims) {
      claims = next;
    },
  };
}
type Provider = Awaited<ReturnType<typeof startProvider>>;

function googleApp(issuerUrl: string, overrides: Record<string, string> = {}) {
  return buildTestApp({
    ...ROOMY_LIMITS,
    GOOGLE_CLIENT_ID: CLIENT_ID,
    GOOGLE_CLIENT_SECRET: CLIENT_SECRET,
    GOOGLE_ISSUER_URL: issuerUrl,
    PUBLIC_URL,
    ADMIN_EMAILS: ADMIN,
    ...overrides,
  });
}

const cookieOf = (res: LightMyRequestResponse, name: string) => res.cookies.find((c) => c.name === name);

/** GET /start, then the provider's authorize endpoint over real HTTP; answers where it sends the browser back. */
async function toProvider(app: TestApp, query: string) {
  const start = await app.inject({ method: 'GET', url: `/api/auth/google/start?${query}` });
  expect(start.statusCode, start.body).toBe(302);
  const flowCookie = cookieOf(start, GOOGLE_FLOW_COOKIE);
  expect(flowCookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/api/auth/google', maxAge: 600 });
  const authorize = new URL(start.headers.location as string);
  const authorized = await fetch(authorize, { redirect: 'manual' });
  expect(authorized.status).toBe(302);
  return { authorize, back: new URL(authorized.headers.get('location')!), flow: flowCookie!.value };
}

const callback = (app: TestApp, back: URL, flow?: string) =>
  app.inject({
    method: 'GET',
    url: `${back.pathname}${back.search}`,
    cookies: flow ? { [GOOGLE_FLOW_COOKIE]: flow } : {},
  });

/** The whole sign-in as a browser would do it. */
async function signIn(app: TestApp, provider: Provider, claims: Claims, query = 'intent=business&mode=popup') {
  provider.setClaims(claims);
  const { back, flow } = await toProvider(app, query);
  return callback(app, back, flow);
}

/** The GoogleResult the popup page posts to its opener; also checks the page's CSP allows exactly its script. */
function popupResult(res: LightMyRequestResponse): GoogleResult {
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toMatch(/^text\/html/);
  const script = /<script>([\s\S]*?)<\/script>/.exec(res.body)?.[1];
  expect(script).toBeDefined();
  const hash = createHash('sha256').update(script!).digest('base64');
  const csp = String(res.headers['content-security-policy']);
  expect(csp).toContain(`script-src 'sha256-${hash}'`);
  expect(csp).toContain("default-src 'none'");
  expect(res.body).toMatch(/<a href="\/(auth|admin\/login)\?google=/);
  const json = /var r=(\{.*?\}),f=/.exec(script!)?.[1];
  return JSON.parse(json!) as GoogleResult;
}

const redirectTarget = (res: LightMyRequestResponse) => {
  expect(res.statusCode).toBe(302);
  return new URL(res.headers.location as string, 'http://web.invalid');
};

const refreshWith = (app: TestApp, res: LightMyRequestResponse) => {
  const cookie = cookieOf(res, REFRESH_COOKIE);
  if (!cookie) throw new Error('no refresh cookie was set');
  return app.inject({ method: 'POST', url: '/api/auth/refresh', cookies: { [REFRESH_COOKIE]: cookie.value } });
};

describe('Google sign-in against a local OpenID Connect provider', () => {
  let provider: Provider;
  let app: TestApp;

  beforeAll(async () => {
    provider = await startProvider();
    app = await googleApp(provider.url);
  });
  afterAll(async () => {
    await app.close();
    await provider.server.stop();
  });

  it('says Google is available', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/auth/providers' })).json()).toEqual({
      google: true,
      googleNative: false,
    });
  });

  it('asks the provider for a code with PKCE, state, nonce and account selection', async () => {
    const { authorize, back } = await toProvider(app, 'intent=business&mode=redirect');
    expect(authorize.origin).toBe(provider.url);
    const q = authorize.searchParams;
    expect(q.get('client_id')).toBe(CLIENT_ID);
    expect(q.get('redirect_uri')).toBe(CALLBACK);
    expect(q.get('response_type')).toBe('code');
    expect(q.get('scope')).toBe('openid email profile');
    expect(q.get('prompt')).toBe('select_account');
    expect(q.get('code_challenge_method')).toBe('S256');
    expect(q.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(q.get('state')!.length).toBeGreaterThanOrEqual(32);
    expect(q.get('nonce')!.length).toBeGreaterThanOrEqual(32);
    expect(`${back.origin}${back.pathname}`).toBe(CALLBACK);
    expect(back.searchParams.get('state')).toBe(q.get('state'));
  });

  it('creates a new user named by the display-name rule, links Google, and starts a session', async () => {
    const email = uniqueEmail('meena');
    const res = await signIn(app, provider, {
      sub: 'google-sub-meena',
      email: email.toUpperCase(),
      email_verified: true,
      name: 'Meena Iyer - Iyer Flowers',
    });
    expect(popupResult(res)).toEqual({ type: GOOGLE_RESULT_MESSAGE_TYPE, ok: true, intent: 'business' });
    expect(cookieOf(res, GOOGLE_FLOW_COOKIE)?.value).toBe('');

    const user = await app.usersRepository.byEmail(email);
    expect(user).toMatchObject({
      username: email,
      name: 'Meena Iyer',
      businessName: 'Iyer Flowers',
      passwordHash: null,
      balancePaise: NEW_USER_BALANCE_PAISE,
      profileImageUrl: null,
    });
    const links = await app.dbHandle.db.select().from(userIdentities).where(eq(userIdentities.userId, user!.id));
    expect(links).toMatchObject([{ provider: 'google', subject: 'google-sub-meena', email }]);

    // No token in any URL: the web exchanges the refresh cookie for the access token.
    const session = await refreshWith(app, res);
    expect(session.statusCode).toBe(200);
    expect(session.json<AuthResponse>().user).toMatchObject({
      id: user!.id,
      hasPassword: false,
      googleLinked: true,
      isAdmin: false,
    });
  });

  it('uses a display name without the separator as both names', async () => {
    const email = uniqueEmail('solo');
    const res = await signIn(app, provider, { sub: 'google-sub-solo', email, email_verified: true, name: 'Kavita Stores' });
    expect(popupResult(res).ok).toBe(true);
    expect(await app.usersRepository.byEmail(email)).toMatchObject({ name: 'Kavita Stores', businessName: 'Kavita Stores' });
  });

  it('links an existing email account instead of making a second one, then finds it by Google subject', async () => {
    const existing = await createBusiness(app.dbHandle.db, {
      username: 'ravi.traders@example.in',
      passwordHash: await app.passwordService.hash('secret-123'),
      emailVerifiedAt: new Date('2026-01-01T00:00:00Z'),
    });
    const res = await signIn(
      app,
      provider,
      { sub: 'google-sub-ravi', email: 'Ravi.Traders@example.in', email_verified: true, name: 'Someone Else - Other' },
      'intent=business&mode=redirect',
    );
    const target = redirectTarget(res);
    expect(target.pathname).toBe('/auth');
    expect(target.searchParams.get('google')).toBe('ok');
    const [same] = await app.dbHandle.db.select({ n: count() }).from(users).where(eq(users.username, 'ravi.traders@example.in'));
    expect(same?.n).toBe(1);
    // Linking changes nothing of the account itself but the record of its last sign-in.
    expect(await app.usersRepository.byId(existing.id)).toEqual({ ...existing, lastSignInAt: expect.any(Date) });
    expect((await refreshWith(app, res)).json<AuthResponse>().user).toMatchObject({
      id: existing.id,
      hasPassword: true,
      googleLinked: true,
    });

    // Later the Google account's email changes: the subject still finds the same user.
    const again = await signIn(app, provider, {
      sub: 'google-sub-ravi',
      email: uniqueEmail('ravi-new'),
      email_verified: true,
      name: 'Ravi',
    });
    expect(popupResult(again).ok).toBe(true);
    expect((await refreshWith(app, again)).json<AuthResponse>().user.id).toBe(existing.id);
  });

  it('verifies an unverified account it links, removing a password someone may have set before the owner came', async () => {
    const email = uniqueEmail('squatted');
    const squatter = await register(app, { username: email });
    expect(squatter.body.user.emailVerified).toBe(false);
    const res = await signIn(app, provider, { sub: 'google-sub-squatted', email, email_verified: true, name: 'Real Owner' });
    expect(popupResult(res).ok).toBe(true);
    const session = (await refreshWith(app, res)).json<AuthResponse>();
    expect(session.user).toMatchObject({
      id: squatter.body.user.id,
      emailVerified: true,
      hasPassword: false,
      googleLinked: true,
    });
    // The earlier password and sessions are gone; the Google session works.
    expect((await login(app, email, squatter.password)).statusCode).toBe(401);
    expect((await me(app, squatter.token)).statusCode).toBe(401);
    expect((await me(app, session.token)).statusCode).toBe(200);
  });

  it('marks a new Google account verified', async () => {
    const email = uniqueEmail('google-new');
    const res = await signIn(app, provider, { sub: 'google-sub-new-verified', email, email_verified: true, name: 'New One' });
    expect((await refreshWith(app, res)).json<AuthResponse>().user.emailVerified).toBe(true);
  });

  it('refuses an email the provider has not verified', async () => {
    const email = uniqueEmail('unverified');
    const res = await signIn(app, provider, { sub: 'google-sub-unverified', email, email_verified: false, name: 'X Y' });
    expect(popupResult(res)).toEqual({
      type: GOOGLE_RESULT_MESSAGE_TYPE,
      ok: false,
      intent: 'business',
      message: AUTH_MESSAGES.googleFailed,
    });
    expect(cookieOf(res, REFRESH_COOKIE)).toBeUndefined();
    expect(await app.usersRepository.byEmail(email)).toBeNull();
  });

  it('refuses admin intent for a non-admin Google account: no account, no session', async () => {
    const email = uniqueEmail('not-admin');
    const res = await signIn(
      app,
      provider,
      { sub: 'google-sub-not-admin', email, email_verified: true, name: 'Not Admin' },
      'intent=admin&mode=popup',
    );
    expect(popupResult(res)).toEqual({
      type: GOOGLE_RESULT_MESSAGE_TYPE,
      ok: false,
      intent: 'admin',
      message: AUTH_MESSAGES.notAdminGoogle,
    });
    expect(cookieOf(res, REFRESH_COOKIE)).toBeUndefined();
    expect(await app.usersRepository.byEmail(email)).toBeNull();

    const redirected = await signIn(
      app,
      provider,
      { sub: 'google-sub-not-admin', email, email_verified: true, name: 'Not Admin' },
      'intent=admin&mode=redirect',
    );
    const target = redirectTarget(redirected);
    expect(target.pathname).toBe('/admin/login');
    expect(target.searchParams.get('google')).toBe('error');
    expect(target.searchParams.get('message')).toBe(AUTH_MESSAGES.notAdminGoogle);
    expect(cookieOf(redirected, REFRESH_COOKIE)).toBeUndefined();
  });

  it('signs the admin in with admin intent and upserts the admin record', async () => {
    const res = await signIn(
      app,
      provider,
      { sub: 'google-sub-admin', email: ADMIN, email_verified: true, name: 'Aarti Owner' },
      'intent=admin&mode=redirect',
    );
    const target = redirectTarget(res);
    expect(`${target.pathname}${target.search}`).toBe('/admin/login?google=ok');
    const user = await app.usersRepository.byEmail(ADMIN);
    const [record] = await app.dbHandle.db.select().from(admins).where(eq(admins.uid, user!.id));
    expect(record).toMatchObject({ email: ADMIN, displayName: 'Aarti Owner', isAdmin: true });
    const session = (await refreshWith(app, res)).json<AuthResponse>();
    expect(session.user.isAdmin).toBe(true);
    const adminMe = await app.inject({
      method: 'GET',
      url: '/api/admin/me',
      headers: { authorization: `Bearer ${session.token}` },
    });
    expect(adminMe.json()).toMatchObject({ uid: user!.id, email: ADMIN, isAdmin: true });
  });

  it('fails on a changed state, a nonce from another sign-in, a missing or forged flow cookie', async () => {
    const failed = { type: GOOGLE_RESULT_MESSAGE_TYPE, ok: false, intent: 'business', message: AUTH_MESSAGES.googleFailed };
    const claims = { sub: 'google-sub-mallory', email: uniqueEmail('mallory'), email_verified: true, name: 'M' };

    provider.setClaims(claims);
    const badState = await toProvider(app, 'intent=business&mode=popup');
    badState.back.searchParams.set('state', 'x'.repeat(43));
    const r1 = await callback(app, badState.back, badState.flow);
    expect(popupResult(r1)).toEqual(failed);
    expect(cookieOf(r1, REFRESH_COOKIE)).toBeUndefined();

    provider.setClaims({ ...claims, nonce: 'a-nonce-this-browser-never-sent-0000000000' });
    const badNonce = await toProvider(app, 'intent=business&mode=popup');
    expect(popupResult(await callback(app, badNonce.back, badNonce.flow))).toEqual(failed);

    provider.setClaims(claims);
    const noCookie = await toProvider(app, 'intent=business&mode=popup');
    expect(popupResult(await callback(app, noCookie.back))).toEqual(failed);

    const forged = await toProvider(app, 'intent=business&mode=popup');
    const [payload] = forged.flow.split('.');
    const flow = JSON.parse(Buffer.from(payload!, 'base64url').toString());
    const tampered = Buffer.from(JSON.stringify({ ...flow, intent: 'admin' })).toString('base64url');
    const r4 = await callback(app, forged.back, `${tampered}.${forged.flow.split('.')[1]}`);
    expect(popupResult(r4)).toEqual(failed);

    // A finished callback cannot be played again: the provider has spent its code.
    provider.setClaims(claims);
    const once = await toProvider(app, 'intent=business&mode=popup');
    expect(popupResult(await callback(app, once.back, once.flow)).ok).toBe(true);
    expect(popupResult(await callback(app, once.back, once.flow))).toEqual(failed);

    expect(await app.usersRepository.byEmail(claims.email)).not.toBeNull();
  });

  it('tells a cancelled sign-in apart', async () => {
    const { back, flow } = await toProvider(app, 'intent=business&mode=redirect');
    const cancelled = new URL(CALLBACK);
    cancelled.searchParams.set('error', 'access_denied');
    cancelled.searchParams.set('state', back.searchParams.get('state')!);
    const target = redirectTarget(await callback(app, cancelled, flow));
    expect(target.pathname).toBe('/auth');
    expect(target.searchParams.get('google')).toBe('error');
    expect(target.searchParams.get('message')).toBe(AUTH_MESSAGES.googleCancelled);
  });

  it('validates the start query', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/auth/google/start?intent=root' });
    expect(res.statusCode).toBe(400);
  });
});

describe('Google sign-in configuration', () => {
  it('answers 503 googleNotEnabled when no client is configured', async () => {
    const app = await buildTestApp();
    try {
      expect((await app.inject({ method: 'GET', url: '/api/auth/providers' })).json()).toEqual({
        google: false,
        googleNative: false,
      });
      const res = await app.inject({ method: 'GET', url: '/api/auth/google/start?intent=business&mode=popup' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ message: AUTH_MESSAGES.googleNotEnabled });
    } finally {
      await app.close();
    }
  });

  it('starts while the provider is down, answers the failure page, and discovers it once it is up', async () => {
    const probe = await startProvider();
    const { port, url } = probe;
    await probe.server.stop();

    const app = await googleApp(url);
    let provider: Provider | undefined;
    try {
      const down = await app.inject({ method: 'GET', url: '/api/auth/google/start?intent=business&mode=popup' });
      expect(popupResult(down)).toEqual({
        type: GOOGLE_RESULT_MESSAGE_TYPE,
        ok: false,
        intent: 'business',
        message: AUTH_MESSAGES.googleFailed,
      });
      const downRedirect = await app.inject({ method: 'GET', url: '/api/auth/google/start?intent=admin&mode=redirect' });
      expect(redirectTarget(downRedirect).searchParams.get('message')).toBe(AUTH_MESSAGES.googleFailed);

      provider = await startProvider(port);
      const email = uniqueEmail('later');
      const res = await signIn(app, provider, { sub: 'google-sub-later', email, email_verified: true, name: 'Later' });
      expect(popupResult(res).ok).toBe(true);
    } finally {
      await app.close();
      await provider?.server.stop();
    }
  });

  it('builds the redirect URI from http://localhost:PORT when PUBLIC_URL is unset, never from the Host header', async () => {
    const provider = await startProvider();
    const app = await googleApp(provider.url, { PUBLIC_URL: '', PORT: '5123' });
    try {
      const res = await app.inject({
        method: 'GET',
        url: '/api/auth/google/start',
        headers: { host: 'evil.example:5000' },
      });
      expect(new URL(res.headers.location as string).searchParams.get('redirect_uri')).toBe(
        'http://localhost:5123/api/auth/google/callback',
      );
    } finally {
      await app.close();
      await provider.server.stop();
    }
  });
});
