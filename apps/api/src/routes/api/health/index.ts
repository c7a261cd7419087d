import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import { z } from 'zod';

const HealthSchema = z.object({ status: z.literal('ok'), database: z.enum(['pglite', 'postgres']) });
const LiveSchema = z.object({ status: z.literal('ok') });
const CheckStatusSchema = z.enum(['ok', 'degraded', 'down']);
const ReadySchema = z.object({
  status: CheckStatusSchema,
  reason: z.string().optional(),
  checks: z.record(z.string(), z.object({ status: CheckStatusSchema, reason: z.string().optional() })),
});

/** How long a load balancer should wait before asking a process that is not ready again. */
const NOT_READY_RETRY_AFTER_S = 5;

const health: FastifyPluginAsyncZod = async (fastify) => {
  fastify.get(
    '/',
    {
      config: { access: 'public' },
      schema: {
        tags: ['system'],
        summary: 'Database check (kept for older probes; see /live and /ready)',
        response: { 200: HealthSchema },
      },
    },
    async () => {
      await fastify.db.execute(sql`SELECT 1`);
      return { status: 'ok' as const, database: fastify.dbHandle.kind };
    },
  );

  fastify.get(
    '/live',
    {
      config: { access: 'public' },
      schema: {
        tags: ['system'],
        summary: 'Liveness: the process is up and its event loop answers',
        response: { 200: LiveSchema },
      },
    },
    async () => ({ status: 'ok' as const }),
  );

  fastify.get(
    '/ready',
    {
      config: { access: 'public' },
      schema: {
        tags: ['system'],
        summary: 'Readiness: every check (database, migrations, …) answers and the process is not draining',
        response: { 200: ReadySchema, 503: ReadySchema },
      },
    },
    async (_request, reply) => {
      const report = await fastify.readiness.report();
      if (report.status === 'down') return reply.code(503).header('retry-after', String(NOT_READY_RETRY_AFTER_S)).send(report);
      return report;
    },
  );
};
export default health;
