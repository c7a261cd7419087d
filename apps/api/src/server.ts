import type { Writable } from 'node:stream';
import closeWithGrace from 'close-with-grace';
import type http from 'node:http';
import Fastify, { type FastifyHttpOptions } from 'fastify';
import fp from 'fastify-plugin';
import pino from 'pino';
import app from './app';
import { type Env, loadEnv } from './config/env';
import { seedIfEmpty } from './db/seed/seed-if-empty';
import { seedTemplates } from './db/seed/seed-templates';
import { loggableError } from './lib/loggable-error';
import { logSerializers, RequestLogController } from './lib/request-log';

/**
 * Node checks the header and request timeouts of open connections on this interval (its default is
 * 30 s, which would let a slow-loris connection live up to 30 s past its timeout).
 */
const CONNECTIONS_CHECK_MS = 2_000;

/** The HTTP server's options: logging, timeouts, body limit. `logStream` lets a test read the lines. */
export function serverOptions(env: Env, logStream?: Writable): FastifyHttpOptions<http.Server> {
  const pretty = !logStream && env.NODE_ENV === 'development' && process.stdout.isTTY;
  return {
    logger: {
      level: env.LOG_LEVEL,
      // Every `{ err }` logged anywhere: a failed query is written without its SQL parameters.
      serializers: { ...logSerializers, err: (err: unknown) => pino.stdSerializers.err(loggableError(err) as Error) },
      ...(logStream ? { stream: logStream } : {}),
      transport: pretty ? { target: 'pino-pretty' } : undefined,
    },
    logController: new RequestLogController(),
    trustProxy: env.TRUST_PROXY,
    bodyLimit: 256 * 1024,
    requestTimeout: env.HTTP_REQUEST_TIMEOUT_MS,
    keepAliveTimeout: env.HTTP_KEEP_ALIVE_TIMEOUT_MS,
    http: {
      headersTimeout: env.HTTP_HEADERS_TIMEOUT_MS,
      connectionsCheckingInterval: Math.min(CONNECTIONS_CHECK_MS, env.HTTP_HEADERS_TIMEOUT_MS),
    },
    // Opening the embedded database and migrating can take several seconds on a slow machine.
    pluginTimeout: 120_000,
  };
}

/** Starts the HTTP server: web + API on one port. */
export async function startServer() {
  const env = loadEnv();
  const fastify = Fastify(serverOptions(env));
  // Not encapsulated: the server itself uses the app's decorators (db for seeding).
  await fastify.register(fp(app), { env });
  await fastify.ready();
  if (env.SEED_DEMO_DATA) await seedIfEmpty(fastify.db, fastify.mediaStorageService, (msg) => fastify.log.info(msg));
  // The starter templates are product content, not demo data: seeded whatever SEED_DEMO_DATA says.
  try {
    const seeded = await seedTemplates(fastify.db, fastify.mediaStorageService);
    if (seeded.templates > 0 || seeded.imagesRendered > 0) fastify.log.info(seeded, 'starter templates ready');
  } catch (err) {
    fastify.log.error({ err }, 'starter templates could not be seeded; the template browser stays empty');
  }

  closeWithGrace({ delay: 10_000 }, async ({ err }) => {
    if (err) fastify.log.error({ err }, 'server closing with error');
    await fastify.close();
  });

  await fastify.listen({ host: env.HOST, port: env.PORT });
  return fastify;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  startServer().catch((err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  });
}
