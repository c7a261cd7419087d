import { describe, expect, it } from 'vitest';
import { loadEnv } from '../../src/config/env';
import { gatewayFromEnv } from '../../src/plugins/app/sms/sms-gateway-plugin';
import { trustProxyOption } from '../../src/server';

const PRODUCTION = {
  NODE_ENV: 'production',
  JWT_SECRET: 'x'.repeat(32),
  PUBLIC_URL: 'https://aaspaas.example',
};

describe('configuration', () => {
  it('seeds the demo data by default on a laptop (npm start) but not in production', () => {
    expect(loadEnv({}).SEED_DEMO_DATA).toBe(true);
    expect(loadEnv({ NODE_ENV: 'development' }).SEED_DEMO_DATA).toBe(true);
    expect(loadEnv({ NODE_ENV: 'test' }).SEED_DEMO_DATA).toBe(true);
    expect(loadEnv(PRODUCTION).SEED_DEMO_DATA).toBe(false);
  });

  it('seeds whatever the environment when SEED_DEMO_DATA says so', () => {
    expect(loadEnv({ ...PRODUCTION, SEED_DEMO_DATA: 'true' }).SEED_DEMO_DATA).toBe(true);
    expect(loadEnv({ NODE_ENV: 'development', SEED_DEMO_DATA: 'false' }).SEED_DEMO_DATA).toBe(false);
  });

  it('serves the OpenAPI page and document by default except in production, or as API_DOCS_PUBLIC says', () => {
    expect(loadEnv({}).API_DOCS_PUBLIC).toBe(true);
    expect(loadEnv({ NODE_ENV: 'test' }).API_DOCS_PUBLIC).toBe(true);
    expect(loadEnv(PRODUCTION).API_DOCS_PUBLIC).toBe(false);
    expect(loadEnv({ ...PRODUCTION, API_DOCS_PUBLIC: 'true' }).API_DOCS_PUBLIC).toBe(true);
    expect(loadEnv({ NODE_ENV: 'development', API_DOCS_PUBLIC: 'false' }).API_DOCS_PUBLIC).toBe(false);
  });

  it('builds absolute URLs on PUBLIC_URL, else on http://localhost:PORT (or the one HOST listened on)', () => {
    expect(loadEnv({}).publicOrigin).toBe('http://localhost:5000');
    expect(loadEnv({ PORT: '8080', HOST: '0.0.0.0' }).publicOrigin).toBe('http://localhost:8080');
    expect(loadEnv({ PORT: '5179', HOST: '127.0.0.1' }).publicOrigin).toBe('http://127.0.0.1:5179');
    expect(loadEnv({ PUBLIC_URL: 'https://aaspaas.in/' }).publicOrigin).toBe('https://aaspaas.in');
  });

  it('picks the SMS provider: SMPP when its URL is set, else the HTTP gateway (with its key), else the local outbox', async () => {
    const http = { SMS_HTTP_URL: 'https://api.msg91.com/api/v2/sendsms', SMS_HTTP_AUTH_KEY: 'key' };
    const gateways = [
      gatewayFromEnv(loadEnv({ ...http, SMS_SMPP_URL: 'smpp://127.0.0.1:2775' })),
      gatewayFromEnv(loadEnv(http)),
      gatewayFromEnv(loadEnv({})),
    ];
    expect(gateways.map((g) => g.name)).toEqual(['smpp', 'http', 'local']);
    await Promise.all(gateways.map((g) => g.close()));
    expect(() => loadEnv({ SMS_HTTP_URL: http.SMS_HTTP_URL })).toThrow(/SMS_HTTP_AUTH_KEY: required with SMS_HTTP_URL/);
    expect(() => loadEnv({ SMS_HTTP_DLR_SECRET: 'short' })).toThrow(/SMS_HTTP_DLR_SECRET must be at least 32 characters/);
  });

  it("takes TRUST_PROXY in Fastify's forms: true/false, a hop count, or addresses and CIDRs", () => {
    expect(loadEnv({}).TRUST_PROXY).toBe(false);
    expect(loadEnv({ TRUST_PROXY: 'true' }).TRUST_PROXY).toBe(true);
    expect(loadEnv({ TRUST_PROXY: '1' }).TRUST_PROXY).toBe(1);
    expect(loadEnv({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1,::1' }).TRUST_PROXY).toEqual(['10.0.0.0/8', '127.0.0.1', '::1']);
    expect(() => loadEnv({ TRUST_PROXY: 'nginx' })).toThrow(/TRUST_PROXY must be true, false, a hop count or .* \(not nginx\)/);
    expect(() => loadEnv({ TRUST_PROXY: '10.0.0.0/33' })).toThrow(/TRUST_PROXY/);
    // A hop count trusts that many proxies from the socket inward: one proxy, its right-most entry.
    const trust = trustProxyOption(1);
    expect(typeof trust === 'function' && [trust('127.0.0.1', 0), trust('203.0.113.9', 1)]).toEqual([true, false]);
  });

  it('wants the primary when a replica is set', () => {
    expect(() => loadEnv({ DATABASE_READ_URL: 'postgres://127.0.0.1:5433/aaspaas' })).toThrow(
      /DATABASE_READ_URL: a replica needs its primary/,
    );
  });
});
