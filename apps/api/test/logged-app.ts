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

export type LoggedApp = { fastify: FastifyInstance; dbHandle: DbHandle; lines: Record<string, unknown>[] };

/**
 * The whole app against a fresh database with its log kept as parsed lines, for tests of what is
 * logged. `routes` may add test-only routes before the app is ready.
 */
export async function buildLoggedApp(
  routes?: (fastify: FastifyInstance, dbHandle: DbHandle) => Promise<void>,
): Promise<LoggedApp> {
  const lines: Record<string, unknown>[] = [];
  const dbHandle = await openTestDatabase();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'aaspaas-test-'));
  const env = loadEnv({ NODE_ENV: 'test', LOG_LEVEL: 'info', DATA_DIR: dataDir, WEB_DIST_DIR: path.join(dataDir, 'none') });
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
      done();
    },
  });
  const fastify = Fastify({ logger: { level: 'info', stream } });
  await fastify.register(fp(app), { env, dbHandle });
  await routes?.(fastify, dbHandle);
  fastify.addHook('onClose', async () => {
    await dbHandle.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
  await fastify.ready();
  return { fastify, dbHandle, lines };
}
