import underPressure from '@fastify/under-pressure';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../../lib/app-error';

/** How often the loop's delay is measured: the mean over this interval is what is compared. */
const SAMPLE_INTERVAL_MS = 1000;

/** Samples taken before this, counted from listening, still hold start-up's blocking work. */
const SETTLE_AFTER_LISTEN_MS = 3 * SAMPLE_INTERVAL_MS;

/** Seconds a shed request is told to wait: one sampling interval is enough for the loop to catch up, more is kind. */
const RETRY_AFTER_S = 5;

/**
 * Load shedding: while the event loop's mean delay is above LOAD_SHED_EVENT_LOOP_DELAY_MS, requests
 * are answered 503 with Retry-After instead of queueing behind each other. The health routes are never
 * shed: liveness must stay up (restarting a busy process loses the work it is catching up on), and
 * readiness answers with its own checks.
 */
export default fp(
  async (fastify) => {
    const maxEventLoopDelay = fastify.config.LOAD_SHED_EVENT_LOOP_DELAY_MS;
    if (maxEventLoopDelay === 0) return;
    // Start-up (migrations, loading the places index, rendering templates) blocks the loop for
    // seconds before the server listens; the first samples after it would shed the first requests.
    let measuring = false;
    fastify.addHook('onListen', async () => {
      setTimeout(() => (measuring = true), SETTLE_AFTER_LISTEN_MS).unref();
    });
    await fastify.register(underPressure, {
      maxEventLoopDelay,
      sampleInterval: SAMPLE_INTERVAL_MS,
      retryAfter: RETRY_AFTER_S,
      // Resolving lets the request through; a throw goes to the error handler, which answers `{ message }`.
      pressureHandler: async (request: FastifyRequest, reply: FastifyReply) => {
        // Health answers for itself: readiness reports its checks, liveness must stay up.
        if (!measuring || request.url.startsWith('/api/health')) return;
        request.log.warn('request shed: the event loop is saturated');
        reply.header('retry-after', String(RETRY_AFTER_S));
        throw new AppError('SERVICE_UNAVAILABLE', 'The server is busy. Please try again in a moment.');
      },
    });
  },
  { name: 'under-pressure', dependencies: ['env'] },
);
