import { CONTACT_IMPORTS_PER_HOUR } from '@aaspaas/domain';
import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '#src/lib/app-error';

declare module 'fastify' {
  interface FastifyInstance {
    /** preHandler of POST /api/contacts/import: the business's hourly import budget. */
    contactImportLimit: preHandlerAsyncHookHandler;
  }
}

export const IMPORT_LIMIT_WINDOW_MS = 60 * 60 * 1000;

export function tooManyImportsMessage(ttlMs: number): string {
  const minutes = Math.max(1, Math.ceil(ttlMs / 60_000));
  return `You have imported ${CONTACT_IMPORTS_PER_HOUR} files in the last hour. Please wait ${minutes} ${minutes === 1 ? 'minute' : 'minutes'} and try again.`;
}

/**
 * Each import parses, checks and writes up to 20,000 rows, so one account sending them in a loop
 * could keep the server busy for everyone. The budget is the signed-in business's (the route runs
 * after the access guard), whatever IP or device it uses; a refused import counts too.
 */
export default fp(
  async (fastify) => {
    const limiter = fastify.createRateLimit({
      max: CONTACT_IMPORTS_PER_HOUR,
      timeWindow: IMPORT_LIMIT_WINDOW_MS,
      keyGenerator: (req: FastifyRequest) => `contact-imports:user:${req.user?.id ?? `ip:${req.ip}`}`,
    });
    fastify.decorate('contactImportLimit', async (request, reply) => {
      const result = await limiter(request);
      if (!result.isAllowed && result.isExceeded) {
        reply.header('retry-after', Math.max(1, Math.ceil(result.ttl / 1000)));
        throw new AppError('TOO_MANY_REQUESTS', tooManyImportsMessage(result.ttl));
      }
    });
  },
  { name: 'import-limit-plugin', dependencies: ['rate-limit'] },
);
