// First: traces, when configured, must hook module loading before anything they instrument loads.
import { stopTelemetry } from './telemetry';
import type { Writable } from 'node:stream';
import closeWithGrace from 'close-with-grace';
import type http from 'node:http';
import Fastify, { type FastifyHttpOptions } from 'fastify';
import fp from 'fastify-plugin';
import pino from 'pino';
import { type Env, loadEnv } from './config/env';
import { resolveDomainToBuild } from './lib/built-domain';
import { exitOnUncaught, logFatal } from './lib/log-fatal';
import { loggableError } from './lib/loggable-error';
import { requestId } from './lib/request-id';
import { logSerializers, RequestLogController } from './lib/request-log';

/**
 * Node checks the header and request timeouts of open connections on this interval (its default is
 * 30 s, which would let a slow-loris connection live up to 30 s past its timeout).
 */
const CONNECTIONS_CHECK_MS = 2_000;

/** Time after the drain's grace for the job queue and the pools to close before the process is ended anyway. */
const CLOSE_MARGIN_MS = 10_000;

/**
 * Fastify's trustProxy from TRUST_PROXY. A hop count becomes a function: Fastify no longer trusts a
 * bare number (it cannot check the peer), but behind one proxy the API is reachable only through it
 * (docs/architecture.md, Running many processes), so the peer is the proxy and its right-most
 * X-Forwarded-For entry is the client; the entries a client invents stand to the left of it.
 */
export function trustProxyOption(value: Env['TRUST_PROXY']): boolean | string[] | ((address: string, hop: number) => boolean) {
  return typeof value === 'number' ? (_address, hop) => hop < value : value;
}

/** The HTTP server's options: logging, timeouts, body limit. `logStream` lets a test read the lines. */
export function serverOptions(env: Env, logStream?: Writable): FastifyHttpOptions<http.Server> {
  const pretty = !logStream && env.NODE_ENV === 'development' && process.stdout.isTTY;
  return {
    logger: {
      level: env.LOG_LEVEL,
      // Every `{ err }` logged anywhere: a failed query is written without its SQL parameters.
      serializers: {
        ...logSerializers(env.LOG_PERSONAL_DATA),
        err: (err: unknown) => pino.stdSerializers.err(loggableError(err) as Error),
      },
      ...(logStream ? { stream: logStream } : {}),
      transport: pretty ? { target: 'pino-pretty' } : undefined,
    },
    logController: new RequestLogController(),
    // X-Request-Id when valid, else a UUID (lib/request-id.ts); the app sends it back on every answer.
    genReqId: requestId,
    requestIdHeader: false,
    trustProxy: trustProxyOption(env.TRUST_PROXY),
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
  const stopEarlyHandlers = exitOnUncaught('server failed while starting');
  resolveDomainToBuild();
  const env = loadEnv();
  // Imported only now, after telemetry.ts has hooked module loading (see there).
  const [{ default: app }, { seedIfEmpty }, { seedTemplates }] = await Promise.all([
    import('./app'),
    import('./db/seed/seed-if-empty'),
    import('./db/seed/seed-templates'),
  ]);
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

  // SIGTERM (ADR 045): readiness answers 503 at once; requests in flight finish within the grace while
  // the server still listens; then Fastify closes: preClose (the job queue's workers stop), the server
  // (keep-alive connections closed), onClose (Redis, the pools). Past the grace and the closing margin
  // the process exits with 1. From here on an uncaught error closes the server the same way.
  stopEarlyHandlers();
  closeWithGrace({ delay: env.SHUTDOWN_GRACE_MS + CLOSE_MARGIN_MS }, async ({ err, signal }) => {
    if (err) fastify.log.error({ err }, 'server closing with error');
    else fastify.log.info({ signal }, 'shutting down: not ready any more, finishing requests in flight');
    fastify.readiness.draining = true;
    if (!err) await fastify.readiness.drained(env.SHUTDOWN_GRACE_MS);
    await fastify.close();
    await stopTelemetry();
  });

  await fastify.listen({ host: env.HOST, port: env.PORT });
  return fastify;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  startServer().catch((err: unknown) => {
    logFatal(err);
    process.exit(1);
  });
}
