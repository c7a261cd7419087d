import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import { z } from 'zod';

const HealthSchema = z.object({ status: z.literal('ok'), database: z.enum(['pglite', 'postgres']) });

const health: FastifyPluginAsyncZod = async (fastify) => {
  fastify.get(
    '/',
    {
      config: { access: 'public' },
      schema: { tags: ['system'], summary: 'Liveness and database check', response: { 200: HealthSchema } },
    },
    async () => {
      await fastify.db.execute(sql`SELECT 1`);
      return { status: 'ok' as const, database: fastify.dbHandle.kind };
    },
  );
};
export default health;
