import underPressure from '@fastify/under-pressure';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../../lib/app-error';

/** Seconds a shed request is told to wait: one sampling interval is enough for the loop to catch up, more is kind. */
const RETRY_AFTER_S = 5;

/**
 * Load shedding: while the event loop's mean delay is above LOAD_SHED_EVENT_LOOP_DELAY_MS, requests
 * are answered 503 with Retry-After instead of queueing behind each other. Liveness is never shed (the
 * process is alive, and restarting it would lose the work it is catching up on); readiness is, so a
 * saturated process also leaves the load balancer's rotation.
 */
export default fp(
  async (fastify) => {
    const maxEventLoopDelay = fastify.config.LOAD_SHED_EVENT_LOOP_DELAY_MS;
    if (maxEventLoopDelay === 0) return;
    await fastify.register(underPressure, {
      maxEventLoopDelay,
      retryAfter: RETRY_AFTER_S,
      // Resolving lets the request through; a throw goes to the error handler, which answers `{ message }`.
      pressureHandler: async (request: FastifyRequest, reply: FastifyReply) => {
        if (request.url === '/api/health/live') return;
        request.log.warn('request shed: the event loop is saturated');
        reply.header('retry-after', String(RETRY_AFTER_S));
        throw new AppError('SERVICE_UNAVAILABLE', 'The server is busy. Please try again in a moment.');
      },
    });
  },
  { name: 'under-pressure', dependencies: ['env'] },
);
