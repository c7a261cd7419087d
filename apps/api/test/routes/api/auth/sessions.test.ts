import { ACCESS_TOKEN_TTL_S, AUTH_MESSAGES, REFRESH_COOKIE, REFRESH_TOKEN_TTL_DAYS } from '@aaspaas/domain';
import { eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refreshTokens, users } from '#src/db/schema';
import { resolveJwtSecret } from '#src/plugins/app/auth/jwt-secret';
import { hashToken } from '#src/plugins/app/auth/opaque-token';
import { REFRESH_REUSE_GRACE_MS } from '#src/plugins/app/auth/session-service';
import type { TestApp } from '#test/helper';
import { buildAuthApp, login, me, refresh, refreshCookieOf, register, sessionOf } from './auth-test-kit';

const authFailed = { message: AUTH_MESSAGES.authFailed };

describe('sessions', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildAuthApp();
  });
  afterAll(() => app.close());

  /** Moves a replaced token's rotation into the past, as if `ms` had gone by since. */
  const ageRotation = (cookie: string, ms: number) =>
    app.db
      .update(refreshTokens)
      .set({ replacedAt: new Date(Date.now() - ms) })
      .where(eq(refreshTokens.tokenHash, hashToken(cookie)));

  it('sets the refresh cookie httpOnly, SameSite=Lax, Path=/api/auth, for 30 days, and stores only its hash', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/register',
      headers: { 'user-agent': 'Mozilla/5.0 (Linux; Android 14) test' },
      payload: {
        username: `cookie-${Date.now()}@example.in`,
        password: 'secret-123',
        name: 'Asha',
        businessName: 'Asha Stores',
        mobileNumber: '9876543210',
      },
    });
    expect(res.statusCode).toBe(201);
    const cookie = refreshCookieOf(res);
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/api/auth', maxAge: REFRESH_TOKEN_TTL_DAYS * 86_400 });
    expect(cookie?.secure).toBeFalsy(); // plain-HTTP development: a Secure cookie would never come back
    const header = String(res.headers['set-cookie']);
    expect(header).toContain('HttpOnly');
    expect(header).toContain('SameSite=Lax');
    expect(header).toContain('Path=/api/auth');

    const rows = await app.db.select().from(refreshTokens).where(eq(refreshTokens.userId, res.json().user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.tokenHash).toBe(hashToken(cookie?.value ?? ''));
    expect(rows[0]?.tokenHash).not.toBe(cookie?.value);
    expect(rows[0]?.userAgent).toBe('Mozilla/5.0 (Linux; Android 14) test');
    const ttl = (rows[0]?.expiresAt.getTime() ?? 0) - Date.now();
    expect(Math.abs(ttl - REFRESH_TOKEN_TTL_DAYS * 86_400_000)).toBeLessThan(60_000);
  });

  it('rotates on refresh: a new cookie and access token; the old cookie is then refused and kills the family', async () => {
    const owner = await register(app);
    const first = await refresh(app, owner.cookie);
    expect(first.statusCode).toBe(200);
    const rotated = sessionOf(first);
    expect(rotated.cookie).not.toBe(owner.cookie);
    expect(rotated.body.user.id).toBe(owner.body.user.id);
    expect((await me(app, rotated.token)).statusCode).toBe(200);

    const second = await refresh(app, rotated.cookie);
    expect(second.statusCode).toBe(200);
    const latest = sessionOf(second);

    // The first cookie comes back (stolen copy or replay): 401, and the whole family is revoked.
    const replay = await refresh(app, owner.cookie);
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toEqual(authFailed);
    const stillGood = await refresh(app, latest.cookie);
    expect(stillGood.statusCode).toBe(401);
    expect(stillGood.json()).toEqual(authFailed);
    const family = await app.db.select().from(refreshTokens).where(eq(refreshTokens.userId, owner.body.user.id));
    expect(family).toHaveLength(3);
    expect(family.every((t) => t.revokedAt !== null)).toBe(true);
  });

  it('revokes only the reused family: the same user signed in elsewhere stays signed in', async () => {
    const owner = await register(app);
    const laptop = sessionOf(await login(app, owner.email, owner.password));
    await refresh(app, owner.cookie);
    await ageRotation(owner.cookie, REFRESH_REUSE_GRACE_MS + 1000);
    expect((await refresh(app, owner.cookie)).statusCode).toBe(401);
    expect((await refresh(app, laptop.cookie)).statusCode).toBe(200);
  });

  it('lets two simultaneous refreshes with the same cookie both succeed, holding one and the same new session', async () => {
    const owner = await register(app);
    const answers = await Promise.all([refresh(app, owner.cookie), refresh(app, owner.cookie)]);
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200]);
    const [a, b] = answers.map(sessionOf);
    // Both answers set the same successor cookie: one live token of one family, nothing revoked.
    expect(a?.cookie).toBe(b?.cookie);
    expect(a?.cookie).not.toBe(owner.cookie);
    for (const s of [a, b]) expect((await me(app, s?.token ?? '')).statusCode).toBe(200);
    const family = await app.db.select().from(refreshTokens).where(eq(refreshTokens.userId, owner.body.user.id));
    expect(family).toHaveLength(2);
    expect(family.every((t) => t.revokedAt === null)).toBe(true);
    expect((await refresh(app, a?.cookie)).statusCode).toBe(200);
  });

  it(`still treats the replaced cookie as stolen ${REFRESH_REUSE_GRACE_MS / 1000} seconds after it was replaced`, async () => {
    const owner = await register(app);
    const next = sessionOf(await refresh(app, owner.cookie));
    await ageRotation(owner.cookie, REFRESH_REUSE_GRACE_MS + 1000);
    const replay = await refresh(app, owner.cookie);
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toEqual(authFailed);
    expect((await refresh(app, next.cookie)).statusCode).toBe(401);
  });

  it('within the grace, refuses the replaced cookie once its successor has itself been rotated', async () => {
    const owner = await register(app);
    const second = sessionOf(await refresh(app, owner.cookie));
    const third = sessionOf(await refresh(app, second.cookie));
    expect((await refresh(app, owner.cookie)).statusCode).toBe(401);
    expect((await refresh(app, third.cookie)).statusCode).toBe(401);
  });

  it('refuses a missing, unknown, malformed or expired cookie, and clears it', async () => {
    expect((await refresh(app)).json()).toEqual(authFailed);
    const unknown = await refresh(app, 'A'.repeat(43));
    expect(unknown.statusCode).toBe(401);
    expect(refreshCookieOf(unknown)?.value).toBe('');
    expect((await refresh(app, 'x'.repeat(500))).statusCode).toBe(401);

    const owner = await register(app);
    await app.db
      .update(refreshTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(refreshTokens.tokenHash, hashToken(owner.cookie)));
    const expired = await refresh(app, owner.cookie);
    expect(expired.statusCode).toBe(401);
    expect(expired.json()).toEqual(authFailed);
  });

  it('refuses to refresh a suspended account and ends its session', async () => {
    const owner = await register(app);
    await app.db.update(users).set({ status: 'suspended' }).where(eq(users.id, owner.body.user.id));
    const refused = await refresh(app, owner.cookie);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toContain('suspended');
    await app.db.update(users).set({ status: 'active' }).where(eq(users.id, owner.body.user.id));
    expect((await refresh(app, owner.cookie)).statusCode).toBe(401);
  });

  it('refuses an expired access token; refresh then gives one that works', async () => {
    const owner = await register(app);
    const key = new TextEncoder().encode(resolveJwtSecret(app.config));
    const issued = Date.now() - (ACCESS_TOKEN_TTL_S + 60) * 1000;
    const expired = await new SignJWT({ iat_ms: issued })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer('aaspaas')
      .setSubject(owner.body.user.id)
      .setIssuedAt(Math.floor(issued / 1000))
      .setExpirationTime(Math.floor(issued / 1000) + ACCESS_TOKEN_TTL_S)
      .sign(key);
    // Control: the same secret and claims, unexpired, are accepted — so the refusal is the expiry.
    const fresh = await new SignJWT({ iat_ms: Date.now() })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer('aaspaas')
      .setSubject(owner.body.user.id)
      .setIssuedAt()
      .setExpirationTime('15m')
      .sign(key);
    expect((await me(app, fresh)).statusCode).toBe(200);

    const refused = await me(app, expired);
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual(authFailed);
    const renewed = await refresh(app, owner.cookie);
    expect(renewed.statusCode).toBe(200);
    const retry = await me(app, renewed.json().token);
    expect(retry.statusCode).toBe(200);
    expect(retry.json().id).toBe(owner.body.user.id);
  });

  it('logout revokes this device only, clears the cookie and answers 204 even without one', async () => {
    const owner = await register(app);
    const other = sessionOf(await login(app, owner.email, owner.password));
    const res = await app.inject({ method: 'POST', url: '/api/auth/logout', cookies: { [REFRESH_COOKIE]: owner.cookie } });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    const cleared = refreshCookieOf(res);
    expect(cleared?.value).toBe('');
    expect(cleared?.path).toBe('/api/auth');
    expect(new Date(cleared?.expires ?? Date.now()).getTime()).toBeLessThanOrEqual(Date.now());
    expect((await refresh(app, owner.cookie)).statusCode).toBe(401);
    expect((await refresh(app, other.cookie)).statusCode).toBe(200);
    expect((await app.inject({ method: 'POST', url: '/api/auth/logout' })).statusCode).toBe(204);
  });

  it('logout-all ends every session and makes every access token fail at once', async () => {
    const owner = await register(app);
    const phone = sessionOf(await login(app, owner.email, owner.password));
    expect((await me(app, phone.token)).statusCode).toBe(200);
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/logout-all',
      headers: { authorization: `Bearer ${owner.token}` },
      cookies: { [REFRESH_COOKIE]: owner.cookie },
    });
    expect(res.statusCode).toBe(204);
    expect(refreshCookieOf(res)?.value).toBe('');
    for (const token of [owner.token, phone.token]) expect((await me(app, token)).json()).toEqual(authFailed);
    for (const cookie of [owner.cookie, phone.cookie]) expect((await refresh(app, cookie)).statusCode).toBe(401);
    // Signing in again works.
    const back = await login(app, owner.email, owner.password);
    expect((await me(app, back.json().token)).statusCode).toBe(200);
  });

  it('logout-all needs a valid access token', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/auth/logout-all' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(authFailed);
  });
});

describe('sessions over HTTPS', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildAuthApp({ NODE_ENV: 'production', JWT_SECRET: 'p'.repeat(40), PUBLIC_URL: 'https://aaspaas.example.in' });
  });
  afterAll(() => app.close());

  it('marks the cookie Secure when the site is served over HTTPS', async () => {
    const owner = await register(app);
    expect(owner.cookie).toBeTruthy();
    const res = await login(app, owner.email, owner.password);
    expect(refreshCookieOf(res)).toMatchObject({ secure: true, httpOnly: true, sameSite: 'Lax', path: '/api/auth' });
  });
});
