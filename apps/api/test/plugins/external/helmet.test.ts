import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../helper';

const DOCUMENT_ONLY = ['referrer-policy', 'origin-agent-cluster', 'cross-origin-opener-policy', 'x-dns-prefetch-control'];

describe('security headers', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp();
  });
  afterAll(() => app.close());

  it('gives JSON answers the short API set: no framing, no sniffing, nothing loaded from them', async () => {
    for (const url of ['/api/health', '/api/feed?lat=19.07&lon=72.87', '/api/feed?lat=oops']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.headers['content-security-policy']).toBe("default-src 'none';frame-ancestors 'none'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
      for (const name of DOCUMENT_ONLY) expect(res.headers[name], `${url} ${name}`).toBeUndefined();
    }
  });

  it('gives Google sign-in, which a popup navigates through, the opener policy of the page that opened it', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/auth/google/start?intent=business&mode=popup' });
    expect(res.headers['cross-origin-opener-policy']).toBe('same-origin-allow-popups');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  it('gives documents (the OpenAPI page, media) the full set', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['cross-origin-opener-policy']).toBe('same-origin-allow-popups');
    // Location for the feed, payment for Razorpay's frame; camera, microphone and sensors for nobody.
    expect(res.headers['permissions-policy']).toContain('geolocation=(self)');
    expect(res.headers['permissions-policy']).toContain('camera=()');
    expect(res.headers['permissions-policy']).toContain('microphone=()');
    const missing = await app.inject({ method: 'GET', url: '/media/nothing-here.webp' });
    expect(missing.headers['content-security-policy']).toContain("script-src 'self'");
    expect(missing.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(missing.headers['permissions-policy']).toContain('camera=()');
  });
});
