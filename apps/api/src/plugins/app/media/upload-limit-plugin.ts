import type { preHandlerAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { rateBudget } from '#src/lib/rate-budget';

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
 * so the budget is the signed-in user's, whatever IP or device they use. One handler for all those
 * routes: in memory, each limiter counts on its own.
 */
export default fp(
  async (fastify) => {
    fastify.decorate(
      'uploadLimit',
      rateBudget(
        fastify,
        [
          {
            max: fastify.config.RATE_LIMIT_UPLOADS_PER_HOUR,
            windowMs: UPLOAD_LIMIT_WINDOW_MS,
            key: (req) => `uploads:user:${req.user?.id ?? `ip:${req.ip}`}`,
          },
        ],
        tooManyUploadsMessage,
      ),
    );
  },
  { name: 'upload-limit-plugin', dependencies: ['env', 'rate-limit'] },
);
