import type { AnalyticsEvent } from '@aaspaas/domain';
import { eq, inArray, sql } from 'drizzle-orm';
import fp from 'fastify-plugin';
import type { Db } from '#src/db/client';
import { analyticsEvents, postShares, posts } from '#src/db/schema';
import { viewDay } from '../posts/engagement-repository';

/** Events whose per-post counter the business dashboard charts. */
const COUNTED = { post_share: 'sharesCount', post_whatsapp: 'whatsappCount' } as const;
type CountedName = keyof typeof COUNTED;
const isCounted = (name: string): name is CountedName => Object.hasOwn(COUNTED, name);

/**
 * Stores a batch of client events and counts shares and WhatsApp taps per post, in one transaction.
 * Every event is stored as sent. The per-post counters count a visitor once per post per India day,
 * as views do (ADR 003): a `post_shares` row per (post, event, day, visitor), inserted ON CONFLICT DO
 * NOTHING, and a counter moves only for the rows actually inserted — so repeats in one batch, across
 * batches and retries add nothing.
 */
export function createEventsRepository(deps: { db: Db }) {
  const { db } = deps;
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
        // Without a visitor id there is nothing to count "once" against: counting such events would let
        // anyone inflate a post's counters by leaving the id out. They stay stored above, but do not
        // move the counters. (The web app always sends the id: a header, or its cookie on beacons.)
        if (!visitorId) return events.length;

        const taps = new Map<string, { postId: string; name: CountedName }>();
        for (const e of events) {
          if (e.postId && isCounted(e.name)) taps.set(`${e.name}:${e.postId}`, { postId: e.postId, name: e.name });
        }
        if (taps.size === 0) return events.length;

        // Posts that exist, locked against deletion until commit (a client may name any uuid; the
        // foreign key of post_shares would otherwise fail the whole batch).
        const postIds = [...new Set([...taps.values()].map((t) => t.postId))];
        const existing = await tx.select({ id: posts.id }).from(posts).where(inArray(posts.id, postIds)).for('key share');
        const known = new Set(existing.map((p) => p.id));
        const rows = [...taps.values()].filter((t) => known.has(t.postId));
        if (rows.length === 0) return events.length;

        const day = viewDay(now);
        const inserted = await tx
          .insert(postShares)
          .values(rows.map((t) => ({ postId: t.postId, name: t.name, day, visitorId, createdAt: now })))
          .onConflictDoNothing()
          .returning({ postId: postShares.postId, name: postShares.name });
        // One counter update per post, in post id order, so concurrent batches lock posts in the same order.
        const added = new Map<string, { sharesCount: number; whatsappCount: number }>();
        for (const { postId, name } of inserted) {
          if (!isCounted(name)) continue;
          const n = added.get(postId) ?? { sharesCount: 0, whatsappCount: 0 };
          n[COUNTED[name]] += 1;
          added.set(postId, n);
        }
        for (const [postId, n] of [...added].sort(([a], [b]) => (a < b ? -1 : 1))) {
          await tx
            .update(posts)
            .set({
              sharesCount: sql`${posts.sharesCount} + ${n.sharesCount}`,
              whatsappCount: sql`${posts.whatsappCount} + ${n.whatsappCount}`,
            })
            .where(eq(posts.id, postId));
        }
        return events.length;
      });
    },
  };
}

export type EventsRepository = ReturnType<typeof createEventsRepository>;

declare module 'fastify' {
  interface FastifyInstance {
    eventsRepository: EventsRepository;
  }
}

export default fp(
  async (fastify) => {
    fastify.decorate('eventsRepository', createEventsRepository({ db: fastify.db }));
  },
  { name: 'events-repository', dependencies: ['db'] },
);
