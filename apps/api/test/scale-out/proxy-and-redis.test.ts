import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { DbHandle } from '#src/db/client';
import { buildTestApp, openTestDatabase, type TestApp } from '#test/helper';
import { type LogLines, logLines } from '#test/log-lines';
import { REDIS_BIN, localRedis } from '../local-redis';
import { NGINX_BIN, installed, localNginx, waitFor } from './local-servers';

/** This file's own servers: a Redis it stops, nginx, and two API servers behind it (never 6379). */
const REDIS_PORT = 6401;
const NGINX_PORT = 6420;
const API_PORTS = [6421, 6422];
const PER_IP = 10;
const canRun = installed(NGINX_BIN) && REDIS_BIN !== undefined;

type Answer = { status: number; body: string; ms: number };

/** A request to nginx from a local address of our choice (127.0.0.x): one client machine each. */
function send(from: string, method: string, path: string, options: { body?: unknown; headers?: Record<string, string> } = {}) {
  const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
  const started = performance.now();
  return new Promise<Answer>((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port: NGINX_PORT,
        localAddress: from,
        method,
        path,
        agent: false,
        headers: { ...(payload ? { 'content-type': 'application/json' } : {}), ...options.headers },
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body, ms: performance.now() - started }));
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/** `count` sign-ins with wrong passwords and a new email each (only the per-IP budget can refuse them). */
async function logins(from: string, count: number, forwardedFor?: () => string) {
  const statuses: Record<number, number> = {};
  for (let i = 0; i < count; i += 1) {
    const headers: Record<string, string> = forwardedFor ? { 'x-forwarded-for': forwardedFor() } : {};
    const res = await send(from, 'POST', '/api/auth/login', {
      body: { username: `nobody-${randomUUID()}@example.in`, password: 'not-the-password-1' },
      headers,
    });
    statuses[res.status] = (statuses[res.status] ?? 0) + 1;
  }
  return statuses;
}

const octet = () => Math.floor(Math.random() * 256);

describe.skipIf(!canRun)(
  `two API processes behind nginx with a Redis that fails${canRun ? '' : ' (skipped: nginx or redis-server is not installed; .ci/run installs them)'}`,
  () => {
    const redis = localRedis(REDIS_PORT);
    const prefix = `aaspaas-rl-scale-out-${randomUUID()}:`;
    let handle: DbHandle;
    const apps: TestApp[] = [];
    const logs: LogLines[] = [];
    let nginx: Awaited<ReturnType<typeof localNginx>>;
    const consoleError = vi.spyOn(console, 'error');

    // The shared client's lines (the cache invalidation's own connections log theirs too).
    const redisLogs = (app: number, text: string) =>
      logs[app]?.lines.filter((l) => l.msg?.startsWith(text) && l.purpose === 'shared client').length;
    const redisCheck = async (app: TestApp) => {
      const res = await app.inject({ method: 'GET', url: '/api/health/ready' });
      return { code: res.statusCode, status: res.json<{ checks: { redis?: { status: string } } }>().checks.redis?.status };
    };

    beforeAll(async () => {
      await redis.start();
      handle = await openTestDatabase();
      for (const port of API_PORTS) {
        const lines = logLines();
        const app = await buildTestApp(
          { TRUST_PROXY: '1', REDIS_URL: redis.url, RATE_LIMIT_PREFIX: prefix, RATE_LIMIT_AUTH_PER_IP: String(PER_IP) },
          { dbHandle: handle, logs: lines },
        );
        await app.listen({ host: '127.0.0.1', port });
        apps.push(app);
        logs.push(lines);
      }
      nginx = await localNginx([`127.0.0.1:${NGINX_PORT}`], API_PORTS);
    }, 60_000);
    afterAll(async () => {
      await nginx?.stop();
      for (const app of apps) await app.close();
      await handle?.close();
      await redis.stop();
      consoleError.mockRestore();
    });

    it("does not let forged X-Forwarded-For entries move a sign-in to another address's budget (TRUST_PROXY=1)", async () => {
      // One client inventing an address per request, some of them another client's (127.0.0.3)…
      const forged = await logins('127.0.0.2', 40, () =>
        Math.random() < 0.25 ? '127.0.0.3' : `${octet()}.${octet()}.${octet()}.${octet()}`,
      );
      // …meets the limit exactly as one that invents nothing, and the other client's budget is untouched.
      const plain = await logins('127.0.0.3', 40);
      expect(forged).toEqual({ 401: PER_IP, 429: 40 - PER_IP });
      expect(plain).toEqual(forged);
    });

    it('keeps the counters in Redis under the prefix and the budget name, shared by both processes', async () => {
      const client = new Redis(redis.url);
      try {
        const keys = await client.keys(`${prefix}*`);
        expect(keys).toEqual(expect.arrayContaining([`${prefix}auth:login:ip:127.0.0.2`, `${prefix}auth:login:ip:127.0.0.3`]));
        expect(keys.filter((k) => k.includes('undefined'))).toEqual([]);
        expect(await client.get(`${prefix}auth:login:ip:127.0.0.3`)).toBe('40');
      } finally {
        client.disconnect();
      }
    });

    /** 50 feed pages through nginx, one after another: each must answer 200 without waiting on Redis. */
    async function feedTimes(what: string) {
      const times: number[] = [];
      for (let i = 0; i < 50; i += 1) {
        const res = await send('127.0.0.4', 'GET', '/api/feed');
        expect(res.status).toBe(200);
        times.push(res.ms);
      }
      times.sort((a, b) => a - b);
      const p99 = times[Math.ceil(0.99 * times.length) - 1] ?? 0;
      console.info(
        `GET /api/feed through nginx, ${what}: p50 ${times[24]?.toFixed(1)} ms, p99 ${p99.toFixed(1)} ms (50 requests)`,
      );
      // Timings on a shared machine vary: what is asserted is that none waited on Redis.
      expect(times.at(-1)).toBeLessThan(2_000);
    }

    it('keeps serving with Redis stopped: the feed answers at once, readiness says degraded, limits count per process', async () => {
      await redis.stop();
      for (const app of apps) {
        await waitFor('readiness to see Redis gone', async () => (await redisCheck(app)).status === 'degraded');
        expect(await redisCheck(app)).toEqual({ code: 200, status: 'degraded' });
      }
      await feedTimes('Redis stopped');

      // Each process counts on its own while Redis is away: two budgets at most, never none.
      const statuses = await logins('127.0.0.4', 3 * PER_IP);
      expect(statuses[401]).toBeGreaterThanOrEqual(PER_IP);
      expect(statuses[401]).toBeLessThanOrEqual(2 * PER_IP);
      expect((statuses[401] ?? 0) + (statuses[429] ?? 0)).toBe(3 * PER_IP);
      for (const app of [0, 1]) {
        await waitFor('the outage logged', () => (redisLogs(app, 'Redis unreachable') ?? 0) > 0);
        // Once per outage, however many reconnects failed meanwhile.
        expect(redisLogs(app, 'Redis unreachable')).toBe(1);
      }
      expect(consoleError.mock.calls.filter((args) => String(args[0]).includes('[ioredis]'))).toEqual([]);
    });

    it('shares the limits again once Redis is back', async () => {
      await redis.start();
      for (const app of apps) await waitFor('readiness to see Redis back', async () => (await redisCheck(app)).status === 'ok');
      expect(await logins('127.0.0.5', 2 * PER_IP)).toEqual({ 401: PER_IP, 429: PER_IP });
      for (const app of [0, 1])
        await waitFor('the end of the outage logged', () => redisLogs(app, 'Redis reachable again') === 1);
    });

    it('keeps serving when Redis hangs: a command times out once, then Redis rests while limits count in memory', async () => {
      redis.freeze(true);
      try {
        await feedTimes('Redis frozen (SIGSTOP)');
        for (const app of apps) expect(await redisCheck(app)).toEqual({ code: 200, status: 'degraded' });
      } finally {
        redis.freeze(false);
      }
      for (const app of apps)
        await waitFor('readiness to see Redis answer again', async () => (await redisCheck(app)).status === 'ok');
    });
  },
);
