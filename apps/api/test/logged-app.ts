import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import Fastify, { type FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import app from '../src/app';
import { loadEnv } from '../src/config/env';
import { type DbHandle } from '../src/db/client';
import { openTestDatabase } from './helper';

/** One route of the server's route table: its method and full URL pattern. */
export type TableRoute = { method: string; url: string };
export type LoggedApp = {
  fastify: FastifyInstance;
  dbHandle: DbHandle;
  lines: Record<string, unknown>[];
  /** Every route the app registered (HEAD twins of GET routes left out). */
  routeTable: TableRoute[];
};

/**
 * The whole app against a fresh database with its log kept as parsed lines, for tests of what is
 * logged. `routes` may add test-only routes before the app is ready.
 */
export async function buildLoggedApp(
  routes?: (fastify: FastifyInstance, dbHandle: DbHandle) => Promise<void>,
  envOverrides: Record<string, string> = {},
): Promise<LoggedApp> {
  const lines: Record<string, unknown>[] = [];
  const dbHandle = await openTestDatabase();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'aaspaas-test-'));
  const env = loadEnv({
    NODE_ENV: 'test',
    LOG_LEVEL: 'info',
    DATA_DIR: dataDir,
    WEB_DIST_DIR: path.join(dataDir, 'none'),
    RATE_LIMIT_PREFIX: `aaspaas-rl-test-${randomUUID()}:`,
    ...(process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL } : {}),
    ...envOverrides,
  });
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
      done();
    },
  });
  // As the server: loading every plugin can take more than Fastify's default 10 s on a busy machine.
  const fastify = Fastify({ logger: { level: 'info', stream }, pluginTimeout: 120_000 });
  const routeTable: TableRoute[] = [];
  fastify.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) if (method !== 'HEAD') routeTable.push({ method, url: route.url });
  });
  await fastify.register(fp(app), { env, dbHandle });
  await routes?.(fastify, dbHandle);
  fastify.addHook('onClose', async () => {
    await dbHandle.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
  await fastify.ready();
  return { fastify, dbHandle, lines, routeTable };
}
