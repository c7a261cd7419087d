/**
 * The API for bench:feed in its own process, so the load generator's work (fetch, JSON) does not
 * share the server's event loop and inflate the API figures. Prints `{"address": …}` when ready.
 */
import Fastify from 'fastify';
import app from '../src/app';
import { loadEnv } from '../src/config/env';
import { openDatabase } from '../src/db/client';

const databaseUrl = process.env.BENCH_DATABASE_URL;
const dataDir = process.env.BENCH_PGLITE_DIR;
const env = loadEnv();
const handle = await openDatabase({ databaseUrl, dataDir: databaseUrl ? null : (dataDir ?? null) });
const fastify = Fastify({ logger: false });
await fastify.register(app, {
  env: {
    ...env,
    LOG_LEVEL: 'silent',
    RATE_LIMIT_ENGAGEMENT_PER_MIN: 1e9,
    WEB_DIST_DIR: '/nonexistent',
    webDistDir: '/nonexistent',
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
