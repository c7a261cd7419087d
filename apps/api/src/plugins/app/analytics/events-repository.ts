import type { AnalyticsEvent } from '@aaspaas/domain';
import { sql } from 'drizzle-orm';
import fp from 'fastify-plugin';
import type { Db } from '../../../db/client';
import { analyticsEvents } from '../../../db/schema';

/** Events whose per-post counter the business dashboard charts. */
const COUNTED = { post_share: 'shares_count', post_whatsapp: 'whatsapp_count' } as const;

/** Stores a batch of client events and bumps the per-post share/WhatsApp counters in one transaction. */
export function createEventsRepository(db: Db) {
  return {
    async record(events: AnalyticsEvent[], visitorId: string | undefined, now: Date = new Date()): Promise<number> {
      return db.transaction(async (tx) => {
        await tx.insert(analyticsEvents).values(
          events.map((e) => ({
            name: e.name,
            visitorId: visitorId ?? null,
            postId: e.postId ?? null,
            businessId: e.businessId ?? null,
            path: e.path ?? null,
            props: e.props ?? null,
            clientTs: e.ts !== undefined && Number.isFinite(e.ts) ? new Date(Math.min(e.ts, now.getTime())) : null,
            createdAt: now,
          })),
        );
        for (const [name, column] of Object.entries(COUNTED)) {
          const perPost = new Map<string, number>();
          for (const e of events) if (e.name === name && e.postId) perPost.set(e.postId, (perPost.get(e.postId) ?? 0) + 1);
          for (const [postId, n] of perPost) {
            await tx.execute(sql`UPDATE posts SET ${sql.raw(column)} = ${sql.raw(column)} + ${n} WHERE id = ${postId}::uuid`);
          }
        }
        return events.length;
      });
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    eventsRepository: ReturnType<typeof createEventsRepository>;
  }
}

export default fp(
  async (fastify) => {
    fastify.decorate('eventsRepository', createEventsRepository(fastify.db));
  },
  { name: 'events-repository', dependencies: ['db'] },
);
