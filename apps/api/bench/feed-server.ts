/**
 * The API for bench:feed in its own process, so the load generator's work does not share the
 * server's event loop and inflate the API figures. Prints `{"address": …}` when ready.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import app from '../src/app';
import { loadEnv } from '../src/config/env';
import { openDatabase } from '../src/db/client';
import { RequestLogController } from '../src/lib/request-log';
import { trustProxyOption } from '../src/server';

const databaseUrl = process.env.BENCH_DATABASE_URL;
const dataDir = process.env.BENCH_PGLITE_DIR;
const env = loadEnv();
const handle = await openDatabase({
  databaseUrl,
  dataDir: databaseUrl ? null : (dataDir ?? null),
  poolMax: env.DB_POOL_MAX,
  namedStatements: env.DB_PREPARED_STATEMENTS,
});
// Request logs as in production (src/server.ts: pino at LOG_LEVEL, one line per request), into a
// file: the bench reads this process's stdout for its address.
// BENCH_LOG_FILE: one file per process when a bench starts several (bench:scale-out).
const logFile = process.env.BENCH_LOG_FILE ?? path.join(os.tmpdir(), 'aaspaas-bench-feed-server.log');
fs.rmSync(logFile, { force: true });
// BENCH_WEB=1 (bench:first-screen): the built web app too, for GET /; TRUST_PROXY as in production.
const withWeb = process.env.BENCH_WEB === '1';
const fastify = Fastify({
  logger: { level: env.LOG_LEVEL, file: logFile },
  logController: new RequestLogController(),
  trustProxy: trustProxyOption(env.TRUST_PROXY),
  // On a loaded machine the app's plugins took longer than Fastify's 10 s to start.
  pluginTimeout: 120_000,
});
await fastify.register(app, {
  env: {
    ...env,
    // Every request of the benchmark comes from 127.0.0.1: per-IP limits would measure the limiter.
    RATE_LIMIT_ENGAGEMENT_PER_MIN: 1e9,
    RATE_LIMIT_FEED_PER_MIN: 1e9,
    RATE_LIMIT_PAGES_PER_MIN: 1e9,
    ...(withWeb ? {} : { WEB_DIST_DIR: '/nonexistent', webDistDir: '/nonexistent' }),
  },
  dbHandle: handle,
});
const address = await fastify.listen({ host: '127.0.0.1', port: 0 });
process.stdout.write(`${JSON.stringify({ address })}\n`);
const stop = async () => {
  await fastify.close();
  await handle.close();
  process.exit(0);
};
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());
