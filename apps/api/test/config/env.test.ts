import { describe, expect, it } from 'vitest';
import { loadEnv } from '../../src/config/env';

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

  it('builds absolute URLs on PUBLIC_URL, else on http://localhost:PORT (or the one HOST listened on)', () => {
    expect(loadEnv({}).publicOrigin).toBe('http://localhost:5000');
    expect(loadEnv({ PORT: '8080', HOST: '0.0.0.0' }).publicOrigin).toBe('http://localhost:8080');
    expect(loadEnv({ PORT: '5179', HOST: '127.0.0.1' }).publicOrigin).toBe('http://127.0.0.1:5179');
    expect(loadEnv({ PUBLIC_URL: 'https://aaspaas.in/' }).publicOrigin).toBe('https://aaspaas.in');
  });
});
