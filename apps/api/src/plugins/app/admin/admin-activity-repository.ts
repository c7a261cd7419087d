import { ADMIN_ACTIVITY_DAYS, type AdminActivity, IST_OFFSET_MINUTES, indiaDay, indiaDaysUpTo } from '@aaspaas/domain';
import { sql } from 'drizzle-orm';
import fp from 'fastify-plugin';
import type { Db } from '#src/db/client';
import type { ModerationRepository } from '../moderation/moderation-repository';

/**
 * The dashboard's last 30 India days (ADR 003) of new businesses, posts and views, and the admin's
 * queue. Each count walks its table's created_at (or day) index over those days only.
 */
export function createAdminActivityRepository(deps: {
  db: Db;
  adminEmails: readonly string[];
  moderation: ModerationRepository;
}) {
  const { db } = deps;
  const perDay = (rows: { day: string; n: number }[]) => new Map(rows.map((r) => [r.day, Number(r.n)]));
  const istDay = sql.raw(`((created_at AT TIME ZONE 'UTC') + interval '${IST_OFFSET_MINUTES} minutes')::date::text`);

  return {
    async activity(now: Date = new Date()): Promise<AdminActivity> {
      const days = indiaDaysUpTo(indiaDay(now), ADMIN_ACTIVITY_DAYS);
      const first = days[0] ?? indiaDay(now);
      const since = new Date(`${first}T00:00:00+05:30`).toISOString();
      const admins = `{${deps.adminEmails.map((e) => `"${e.replace(/["\\]/g, '')}"`).join(',')}}`;
      const [businesses, posts, views, queue] = await Promise.all([
        db.execute<{ day: string; n: number }>(sql`
          SELECT ${istDay} AS day, count(*)::int AS n FROM users
          WHERE created_at >= ${since}::timestamptz AND NOT (username = ANY(${admins}::text[])) GROUP BY 1`),
        db.execute<{ day: string; n: number }>(sql`
          SELECT ${istDay} AS day, count(*)::int AS n FROM posts WHERE created_at >= ${since}::timestamptz GROUP BY 1`),
        db.execute<{ day: string; n: number }>(sql`
          SELECT day::text AS day, count(*)::int AS n FROM post_views WHERE day >= ${first}::date GROUP BY 1`),
        deps.moderation.queue(),
      ]);
      const [b, p, v] = [perDay(businesses.rows), perDay(posts.rows), perDay(views.rows)];
      return {
        days: days.map((day) => ({ day, businesses: b.get(day) ?? 0, posts: p.get(day) ?? 0, views: v.get(day) ?? 0 })),
        queue,
      };
    },
  };
}

export type AdminActivityRepository = ReturnType<typeof createAdminActivityRepository>;

declare module 'fastify' {
  interface FastifyInstance {
    adminActivityRepository: AdminActivityRepository;
  }
}

export default fp(
  async (fastify) => {
    fastify.decorate(
      'adminActivityRepository',
      createAdminActivityRepository({
        db: fastify.db,
        adminEmails: fastify.config.ADMIN_EMAILS,
        moderation: fastify.moderationRepository,
      }),
    );
  },
  { name: 'admin-activity-repository', dependencies: ['db', 'env', 'moderation-repository'] },
);
