import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadEnv } from '../../src/config/env';
import { redactUrl } from '../../src/lib/request-log';
import { serverOptions } from '../../src/server';
import { logLines } from '../log-lines';

describe('request logs', () => {
  const { stream, lines, text } = logLines();
  // The server's own logger options (serializers included), as `npm start` builds them.
  const fastify = Fastify(
    serverOptions(
      loadEnv({ NODE_ENV: 'production', LOG_LEVEL: 'info', JWT_SECRET: 'x'.repeat(32), PUBLIC_URL: 'https://aaspaas.example' }),
      stream,
    ),
  );
  fastify.get('/fine', async () => ({ ok: true }));
  fastify.get('/broken', async () => {
    throw new Error('boom');
  });

  beforeAll(() => fastify.ready());
  afterAll(() => fastify.close());

  it('writes one line per request, with the method, URL, status and time', async () => {
    lines.length = 0;
    await fastify.inject({ method: 'GET', url: '/fine?x=1' });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      msg: 'request completed',
      req: { method: 'GET', url: '/fine?x=1' },
      res: { statusCode: 200 },
    });
    expect(typeof lines[0]!.responseTime).toBe('number');
  });

  it('still logs the request of an answer that failed', async () => {
    lines.length = 0;
    await fastify.inject({ method: 'GET', url: '/broken' });
    const completed = lines.filter((l) => String(l.msg).startsWith('request'));
    expect(completed).toHaveLength(1);
    expect(completed[0]).toMatchObject({ req: { method: 'GET', url: '/broken' }, res: { statusCode: 500 } });
  });

  it('never logs a token or another secret of the URL, in any line about the request', async () => {
    lines.length = 0;
    await fastify.inject({ method: 'GET', url: '/fine?token=reset-secret-1&lang=hi' });
    await fastify.inject({ method: 'GET', url: '/broken?code=oauth-code-2&state=oauth-state-3' });
    await fastify.inject({ method: 'GET', url: '/fine?Token=reset-secret-4&%74oken=reset-secret-5' });
    const logged = text();
    for (const secret of ['reset-secret-1', 'oauth-code-2', 'oauth-state-3', 'reset-secret-4', 'reset-secret-5'])
      expect(logged).not.toContain(secret);
    expect(lines[0]).toMatchObject({ req: { url: '/fine?token=[redacted]&lang=hi' } });
    // Fastify's own line about the 500 logs the request too: redacted as well.
    expect(lines.filter((l) => (l.req as { url?: string } | undefined)?.url?.startsWith('/broken')).length).toBeGreaterThan(0);
  });
});

describe('redactUrl', () => {
  it('replaces secret parameters and keeps the rest as sent', () => {
    expect(redactUrl('/reset-password?token=abc')).toBe('/reset-password?token=[redacted]');
    expect(redactUrl('/api/auth/google/callback?state=s&code=c&scope=openid')).toBe(
      '/api/auth/google/callback?state=[redacted]&code=[redacted]&scope=openid',
    );
    expect(redactUrl('/api/feed?q=token&lat=19.07')).toBe('/api/feed?q=token&lat=19.07');
    expect(redactUrl('/plain')).toBe('/plain');
    expect(redactUrl('/x?%zz=1&token')).toBe('/x?%zz=1&token');
  });
});
