import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import PostalMime from 'postal-mime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { users } from '#src/db/schema';
import { INVALID_HOST_MESSAGE } from '#src/plugins/app/http/host-header-plugin';
import { buildTestApp, createBusiness, type TestApp } from '../../helper';
import { register, ROOMY_LIMITS } from '../../routes/api/auth/auth-test-kit';
import { outboxFiles } from '#test/outbox-files';

const INDEX =
  '<!doctype html><html><head><meta charset="utf-8"><title>Aaspaas</title></head><body><div id="root"></div></body></html>';
const FORGED = { host: 'evil.example' };

/** Without PUBLIC_URL, as `npm start` runs on a laptop: the origin is http://localhost:PORT. */
describe('absolute URLs without PUBLIC_URL', () => {
  let app: TestApp;
  const webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'aaspaas-web-'));
  beforeAll(async () => {
    fs.writeFileSync(path.join(webDir, 'index.html'), INDEX);
    app = await buildTestApp({ ...ROOMY_LIMITS, WEB_DIST_DIR: webDir, PORT: '5123' });
  });
  afterAll(async () => {
    await app.close();
    fs.rmSync(webDir, { recursive: true, force: true });
  });

  it('puts the password link on the configured origin whatever Host the request names', async () => {
    const owner = await register(app);
    // Reset links go to verified addresses only.
    await app.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.username, owner.email));
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: owner.email },
      headers: FORGED,
    });
    expect(res.statusCode).toBe(200);
    // The welcome mail (its verification link), then the reset mail.
    const deadline = Date.now() + 10_000;
    const files = () => outboxFiles(app.mailService.outboxDir);
    while (files().length < 2 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    const mails = await Promise.all(
      files().map((f) => PostalMime.parse(fs.readFileSync(path.join(app.mailService.outboxDir, f)))),
    );
    expect(mails.map((m) => m.text).join('\n')).toContain('http://localhost:5123/reset-password?token=');
    expect(mails.map((m) => m.text).join('\n')).toContain('http://localhost:5123/verify-email?token=');
    expect(mails.map((m) => `${m.text}${m.html}`).join('\n')).not.toContain('evil.example');
  });

  it('writes og:url and canonical on the configured origin whatever Host the request names', async () => {
    const shop = await createBusiness(app.db);
    for (const url of ['/login', `/business/${shop.id}`]) {
      const res = await app.inject({ method: 'GET', url, headers: FORGED });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain(`<link rel="canonical" href="http://localhost:5123${url}">`);
      expect(res.body).toContain(`<meta property="og:url" content="http://localhost:5123${url}">`);
      expect(res.body).not.toContain('evil.example');
    }
  });

  it('answers an invalid Host with 400 and a message, never 500', async () => {
    for (const host of ['evil example', 'a/b', 'x:port', 'a@b']) {
      for (const url of ['/api/health', '/login', '/?post=1']) {
        const res = await app.inject({ method: 'GET', url, headers: { host } });
        expect(res.statusCode, `${host} ${url}`).toBe(400);
        expect(res.json()).toEqual({ message: INVALID_HOST_MESSAGE });
      }
    }
    for (const host of ['localhost:5123', 'aaspaas.in', '127.0.0.1:80', '[::1]:5000']) {
      expect((await app.inject({ method: 'GET', url: '/api/health', headers: { host } })).statusCode, host).toBe(200);
    }
  });
});
