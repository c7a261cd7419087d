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
});
