import net from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import app from '#src/app';
import { loadEnv } from '#src/config/env';
import { emptyPostgresDatabase } from '#test/built-server';

/** A TCP proxy on 127.0.0.1 to PostgreSQL that the test can cut, as a failover or a network loss would. */
async function cuttableProxy(target: URL): Promise<{ port: number; cut: () => Promise<void> }> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port || 5432), target.hostname);
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on('error', () => s.destroy());
      s.on('close', () => sockets.delete(s));
    }
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    cut: async () => {
      await new Promise((resolve) => {
        server.close(resolve);
        for (const s of sockets) s.destroy();
      });
    },
  };
}

// The embedded database lives in the process: it cannot be lost over a network.
describe.skipIf(!process.env.DATABASE_URL)('the database lost while serving', () => {
  let database: { url: string; drop: () => Promise<void> };
  let proxy: Awaited<ReturnType<typeof cuttableProxy>>;
  let server: FastifyInstance;

  beforeAll(async () => {
    database = await emptyPostgresDatabase();
    const target = new URL(database.url);
    proxy = await cuttableProxy(target);
    const viaProxy = new URL(database.url);
    viaProxy.hostname = '127.0.0.1';
    viaProxy.port = String(proxy.port);
    const env = loadEnv({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATABASE_URL: viaProxy.toString(),
      JOBS_RECURRING: 'false',
      SMS_SENDER_ENABLED: 'false',
      LOAD_SHED_EVENT_LOOP_DELAY_MS: '0',
    });
    server = Fastify({ logger: false, pluginTimeout: 120_000 });
    await server.register(fp(app), { env });
    await server.ready();
  }, 120_000);

  afterAll(async () => {
    await server?.close().catch(() => undefined);
    await database?.drop();
  });

  it('answers 503 with Retry-After, never 500, and readiness says why', async () => {
    expect((await server.inject({ method: 'GET', url: '/api/feed' })).statusCode).toBe(200);
    await proxy.cut();
    const feed = await server.inject({ method: 'GET', url: '/api/feed?lat=19.07&lon=72.87' });
    expect(feed.statusCode).toBe(503);
    expect(feed.headers['retry-after']).toBe('5');
    expect(feed.json()).toEqual({ message: 'The service is briefly unavailable. Please try again in a moment.' });
    const ready = await server.inject({ method: 'GET', url: '/api/health/ready' });
    expect(ready.statusCode).toBe(503);
    expect(ready.headers['retry-after']).toBeDefined();
    expect(ready.json()).toMatchObject({ status: 'down', checks: { database: { status: 'down' } } });
    expect((await server.inject({ method: 'GET', url: '/api/health/live' })).statusCode).toBe(200);
  });
});
