import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveJwtSecret } from '#src/plugins/app/auth/jwt-secret';
import { buildTestApp, createBusiness, type TestApp } from '../../helper';

describe('access tokens the server did not issue as they are', () => {
  let app: TestApp;
  let userId: string;
  let key: Uint8Array;
  beforeAll(async () => {
    app = await buildTestApp();
    userId = (await createBusiness(app.dbHandle.db)).id;
    key = new TextEncoder().encode(resolveJwtSecret(app.config));
  });
  afterAll(() => app.close());

  /** Signed with the server's own secret: only the claims differ from a real token. */
  const sign = (subject: string, expires: boolean) => {
    const jwt = new SignJWT({ iat_ms: Date.now() })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer('aaspaas')
      .setSubject(subject)
      .setIssuedAt();
    return (expires ? jwt.setExpirationTime('15m') : jwt).sign(key);
  };
  const me = async (token: string) =>
    app.inject({ method: 'GET', url: '/api/user/me', headers: { authorization: `Bearer ${token}` } });

  it('accepts a real one (the control)', async () => {
    expect((await me(await sign(userId, true))).statusCode).toBe(200);
  });

  it('refuses a token without an expiry: it would never stop working', async () => {
    const res = await me(await sign(userId, false));
    expect(res.statusCode).toBe(401);
    expect(res.json()).toHaveProperty('message');
  });

  it.each(['not-a-uuid', '1', "' OR 1=1 --", `${'9'.repeat(8)}-0000-0000-0000-zzzzzzzzzzzz`])(
    'answers 401, not 500, for the subject %j',
    async (subject) => {
      const res = await me(await sign(subject, true));
      expect(res.statusCode).toBe(401);
      expect(res.json()).toHaveProperty('message');
    },
  );

  /** A token issued at `issuedAtS` (seconds; now by default) that lives `lifeS` seconds, both claims consistent. */
  const signAt = (issuedAtS: number | undefined, lifeS: number) =>
    new SignJWT({ iat_ms: issuedAtS === undefined ? Date.now() : issuedAtS * 1000 })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer('aaspaas')
      .setSubject(userId)
      .setIssuedAt(issuedAtS ?? nowS())
      .setExpirationTime((issuedAtS ?? nowS()) + lifeS)
      .sign(key);
  const nowS = () => Math.floor(Date.now() / 1000);

  it('refuses a token issued in the future: "sign out everywhere" would not end it', async () => {
    const res = await me(await signAt(nowS() + 3600, 900));
    expect(res.statusCode).toBe(401);
  });

  it('refuses a token that lives longer than the server ever signs one, even while it is young', async () => {
    expect((await me(await signAt(undefined, 900))).statusCode).toBe(200);
    expect((await me(await signAt(undefined, 10 * 365 * 86_400))).statusCode).toBe(401);
  });

  it('still refuses, after "sign out everywhere", a token issued before it', async () => {
    const before = await signAt(undefined, 900);
    expect((await me(before)).statusCode).toBe(200);
    const out = await app.inject({ method: 'POST', url: '/api/auth/logout-all', headers: { authorization: `Bearer ${before}` } });
    expect(out.statusCode).toBe(204);
    expect((await me(before)).statusCode).toBe(401);
  });
});
