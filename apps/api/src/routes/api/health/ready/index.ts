import { ErrorResponseSchema } from '@aaspaas/domain';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

const CheckSchema = z.object({ status: z.enum(['ok', 'degraded', 'down']), reason: z.string().optional() });
const ReadySchema = z.object({ status: z.enum(['ok', 'degraded', 'down']), checks: z.record(z.string(), CheckSchema) });

const ready: FastifyPluginAsyncZod = async (fastify) => {
  fastify.readiness.register('database', async () => {
    await fastify.db.execute(sql`SELECT 1`);
    return { status: 'ok' };
  });
  fastify.get(
    '/',
    {
      config: { access: 'public' },
      schema: {
        tags: ['system'],
        summary: 'Readiness: 200 while the process can serve (degraded parts included), 503 when it cannot',
        response: { 200: ReadySchema, 503: ReadySchema, 500: ErrorResponseSchema },
      },
    },
    async (_request, reply) => {
      const result = await fastify.readiness.run();
      return reply.code(result.status === 'down' ? 503 : 200).send(result);
    },
  );
};
export default ready;
