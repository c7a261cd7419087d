import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../../../lib/app-error';

declare module 'fastify' {
  interface FastifyInstance {
    /** preHandler of the routes that store a photo: the business's hourly upload budget. */
    uploadLimit: preHandlerAsyncHookHandler;
  }
}

export const UPLOAD_LIMIT_WINDOW_MS = 60 * 60 * 1000;

export function tooManyUploadsMessage(ttlMs: number): string {
  const minutes = Math.max(1, Math.ceil(ttlMs / 60_000));
  return `You have added a lot of photos in the last hour. Please wait ${minutes} ${minutes === 1 ? 'minute' : 'minutes'} and try again.`;
}

/**
 * One hourly budget per business for everything that decodes and stores a photo (uploads and
 * template renders share it): each costs a decode of up to 100 MP and three stored files, so one
 * account cannot tie up the server or fill the storage. The routes run after the access guard,
 * so the budget is the signed-in user's, whatever IP or device they use. One limiter for all those
 * routes: in memory, each limiter counts on its own.
 */
export default fp(
  async (fastify) => {
    const limiter = fastify.createRateLimit({
      max: fastify.config.RATE_LIMIT_UPLOADS_PER_HOUR,
      timeWindow: UPLOAD_LIMIT_WINDOW_MS,
      keyGenerator: (req: FastifyRequest) => `uploads:user:${req.user?.id ?? `ip:${req.ip}`}`,
    });
    fastify.decorate('uploadLimit', async (request, reply) => {
      const result = await limiter(request);
      if (!result.isAllowed && result.isExceeded) {
        reply.header('retry-after', Math.max(1, Math.ceil(result.ttl / 1000)));
        throw new AppError('TOO_MANY_REQUESTS', tooManyUploadsMessage(result.ttl));
      }
    });
  },
  { name: 'upload-limit', dependencies: ['env', 'rate-limit'] },
);
