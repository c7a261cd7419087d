import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { AuthResponseSchema, REFRESH_COOKIE } from '@aaspaas/domain';
import { eq } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import app from '#src/app';
import { loadEnv } from '#src/config/env';
import type { DbHandle } from '#src/db/client';
import { refreshTokens, users } from '#src/db/schema';
import { createBusiness, openTestDatabase } from '../../helper';

/**
 * The session service as other routes use it (Google sign-in, sign-out everywhere): the app plus two
 * test-only routes registered before it starts.
 */
describe('sessions service', () => {
  let server: FastifyInstance;
  let dbHandle: DbHandle;
  let dataDir: string;

  beforeAll(async () => {
    dbHandle = await openTestDatabase();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'aaspaas-test-'));
    const env = loadEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir, WEB_DIST_DIR: path.join(dataDir, 'none') });
    server = Fastify({ logger: false });
    await server.register(fp(app), { env, dbHandle });
    server.post('/test/start/:id', async (request, reply) => {
      const user = await server.usersRepository.byId((request.params as { id: string }).id);
      if (!user) return reply.code(404).send();
      return server.sessionService.start(reply, user, request);
    });
    server.post('/test/revoke-all/:id', async (request, reply) => {
      const { id } = request.params as { id: string };
      const keep = (request.query as { keep?: string }).keep === '1';
      if (keep) return server.sessionService.revokeAll(id, { reply, request });
      await server.sessionService.revokeAll(id);
      return { kept: false };
    });
    await server.ready();
  });
  afterAll(async () => {
    await server.close();
    await dbHandle.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
  const me = (token: string) => server.inject({ method: 'GET', url: '/api/user/me', headers: bearer(token) });
  const refresh = (cookie: string) =>
    server.inject({ method: 'POST', url: '/api/auth/refresh', cookies: { [REFRESH_COOKIE]: cookie } });
  const cookieOf = (res: Awaited<ReturnType<typeof me>>) => res.cookies.find((c) => c.name === REFRESH_COOKIE)?.value ?? '';

  it('start answers an AuthResponse for any user row and sets the refresh cookie', async () => {
    const shop = await createBusiness(dbHandle.db, { passwordHash: null });
    const res = await server.inject({ method: 'POST', url: `/test/start/${shop.id}` });
    const body = AuthResponseSchema.parse(res.json());
    expect(body.user).toMatchObject({ id: shop.id, hasPassword: false, googleLinked: false });
    expect(cookieOf(res)).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect((await me(body.token)).statusCode).toBe(200);
  });

  it('revokeAll with keep: every old session ends, this device gets a working new one', async () => {
    const shop = await createBusiness(dbHandle.db);
    const a = await server.inject({ method: 'POST', url: `/test/start/${shop.id}` });
    const b = await server.inject({ method: 'POST', url: `/test/start/${shop.id}` });
    const kept = await server.inject({ method: 'POST', url: `/test/revoke-all/${shop.id}?keep=1` });
    const fresh = AuthResponseSchema.parse(kept.json());
    for (const old of [a, b]) {
      expect((await me(old.json().token)).statusCode).toBe(401);
      expect((await refresh(cookieOf(old))).statusCode).toBe(401);
    }
    expect((await me(fresh.token)).statusCode).toBe(200);
    expect((await refresh(cookieOf(kept))).statusCode).toBe(200);
    const [row] = await dbHandle.db.select().from(users).where(eq(users.id, shop.id));
    expect(Date.now() - (row?.sessionsValidAfter.getTime() ?? 0)).toBeLessThan(10_000);
  });

  it('revokeAll without keep ends everything and starts nothing', async () => {
    const shop = await createBusiness(dbHandle.db);
    const a = await server.inject({ method: 'POST', url: `/test/start/${shop.id}` });
    const res = await server.inject({ method: 'POST', url: `/test/revoke-all/${shop.id}` });
    expect(res.json()).toEqual({ kept: false });
    expect(cookieOf(res)).toBe('');
    expect((await me(a.json().token)).statusCode).toBe(401);
    const open = await dbHandle.db.select().from(refreshTokens).where(eq(refreshTokens.userId, shop.id));
    expect(open.every((t) => t.revokedAt !== null)).toBe(true);
  });
});
