import {
  type AdminRecord,
  type AdminStats,
  ENGAGEMENT_SPIKE_FACTOR,
  ENGAGEMENT_SPIKE_MIN_PER_HOUR,
  type EngagementSpike,
  WELCOME_SMS_LOOKBACK_DAYS,
  WELCOME_SMS_WINDOW_MIN,
  type WelcomeSmsSpender,
} from '@aaspaas/domain';
import { count, eq, gte, notInArray, sql } from 'drizzle-orm';
import fp from 'fastify-plugin';
import type { Db } from '#src/db/client';
import { admins, postLikes, postViews, posts, type UserRow, users } from '#src/db/schema';
import { viewDay } from '../posts/engagement-repository';

type AdminRow = typeof admins.$inferSelect;

function toAdminRecord(row: AdminRow): AdminRecord {
  return {
    uid: row.uid,
    email: row.email,
    displayName: row.displayName,
    photoURL: row.photoUrl,
    isAdmin: row.isAdmin,
    createdAt: row.createdAt.toISOString(),
    lastLogin: row.lastLogin.toISOString(),
  };
}

const DAY_MS = 24 * 60 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;
const SPIKES_SHOWN = 50;

/** The admin area's reads: the admin record, the site's figures, engagement spikes. */
export function createAdminRepository(deps: { db: Db; adminEmails: readonly string[] }) {
  const { db } = deps;

  /** Posts whose likes, views or shares rise abnormally fast (the rule is in the domain), fastest first. */
  async function engagementSpikes(now: Date = new Date()): Promise<EngagementSpike[]> {
    const hourAgo = new Date(now.getTime() - HOUR_MS).toISOString();
    const since = new Date(now.getTime() - HOUR_MS - DAY_MS).toISOString();
    // Each table's created_at index keeps this to the last 25 hours of rows.
    const { rows } = await db.execute<{
      post_id: string;
      kind: EngagementSpike['kind'];
      last_hour: number;
      before: number;
      business_id: string;
      business_name: string;
      content: string;
    }>(sql`
        WITH recent AS (
          SELECT post_id, 'likes' AS kind, created_at FROM post_likes WHERE created_at >= ${since}::timestamptz
          UNION ALL SELECT post_id, 'views', created_at FROM post_views WHERE created_at >= ${since}::timestamptz
          UNION ALL SELECT post_id, 'shares', created_at FROM post_shares WHERE created_at >= ${since}::timestamptz
        ), counted AS (
          SELECT post_id, kind,
                 count(*) FILTER (WHERE created_at >= ${hourAgo}::timestamptz)::int AS last_hour,
                 count(*) FILTER (WHERE created_at < ${hourAgo}::timestamptz)::int AS before
          FROM recent GROUP BY post_id, kind
        )
        SELECT c.post_id, c.kind, c.last_hour, c.before, p.user_id AS business_id, u.business_name,
               left(p.content, 120) AS content
        FROM counted c JOIN posts p ON p.id = c.post_id JOIN users u ON u.id = p.user_id
        WHERE c.last_hour >= ${ENGAGEMENT_SPIKE_MIN_PER_HOUR}
          AND c.last_hour >= ${ENGAGEMENT_SPIKE_FACTOR} * greatest(1, c.before / 24.0)
        ORDER BY c.last_hour DESC, c.post_id
        LIMIT ${SPIKES_SHOWN}`);
    return rows.map((r) => ({
      postId: r.post_id,
      businessId: r.business_id,
      businessName: r.business_name,
      content: r.content,
      kind: r.kind,
      lastHour: Number(r.last_hour),
      hourlyAverage: Math.round((Number(r.before) / 24) * 10) / 10,
    }));
  }

  /**
   * Accounts made in the last WELCOME_SMS_LOOKBACK_DAYS that paid for SMS within WELCOME_SMS_WINDOW_MIN
   * of signing up, before any top-up; latest first, at most SPIKES_SHOWN. Read per new account through
   * the ledger's user index.
   */
  async function welcomeSmsSpenders(): Promise<WelcomeSmsSpender[]> {
    const { rows } = await db.execute<{
      id: string;
      username: string;
      business_name: string;
      verified: boolean;
      created_at: Date | string;
      first_charge_at: Date | string;
      charged: number;
      campaigns: number;
    }>(sql`
      SELECT u.id, u.username, u.business_name, u.email_verified_at IS NOT NULL AS verified, u.created_at,
             s.first_charge_at, s.charged, s.campaigns
      FROM users u
      CROSS JOIN LATERAL (
        SELECT min(l.created_at) AS first_charge_at, (-sum(l.amount_paise))::int AS charged, count(*)::int AS campaigns
        FROM wallet_ledger l
        WHERE l.user_id = u.id AND l.kind = 'sms_charge'
          AND l.created_at < u.created_at + ${WELCOME_SMS_WINDOW_MIN} * interval '1 minute'
          AND NOT EXISTS (
            SELECT 1 FROM wallet_ledger t WHERE t.user_id = u.id AND t.kind = 'topup' AND t.id < l.id)
      ) s
      WHERE u.created_at >= now() - ${WELCOME_SMS_LOOKBACK_DAYS} * interval '1 day' AND s.campaigns > 0
      ORDER BY s.first_charge_at DESC, u.id
      LIMIT ${SPIKES_SHOWN}`);
    return rows.map((r) => ({
      userId: r.id,
      email: r.username,
      businessName: r.business_name,
      emailVerified: Boolean(r.verified),
      createdAt: new Date(r.created_at).toISOString(),
      firstChargeAt: new Date(r.first_charge_at).toISOString(),
      chargedPaise: Math.abs(Number(r.charged)),
      campaigns: Number(r.campaigns),
    }));
  }

  return {
    engagementSpikes,
    welcomeSmsSpenders,
    /** docs/product.md §3: the admin record is created or updated at each admin login (createdAt kept). */
    async recordLogin(user: UserRow, photoUrl?: string | null): Promise<AdminRecord> {
      const now = new Date();
      const values = {
        email: user.username,
        displayName: user.name,
        photoUrl: user.profileImageUrl ?? photoUrl ?? null,
        isAdmin: true,
        lastLogin: now,
      };
      const [row] = await db
        .insert(admins)
        .values({ uid: user.id, ...values, createdAt: now })
        .onConflictDoUpdate({ target: admins.uid, set: values })
        .returning();
      if (!row) throw new Error('admin record not written');
      return toAdminRecord(row);
    },

    async record(uid: string): Promise<AdminRecord | null> {
      const [row] = await db.select().from(admins).where(eq(admins.uid, uid)).limit(1);
      return row ? toAdminRecord(row) : null;
    },

    async stats(now: Date = new Date()): Promise<AdminStats> {
      const weekAgo = new Date(now.getTime() - 7 * DAY_MS);
      const today = viewDay(now);
      // Views are stored per India calendar day (ADR 003): "7 days" is today and the six days before.
      const sixDaysAgo = viewDay(new Date(now.getTime() - 6 * DAY_MS));
      // Admins are whoever ADMIN_EMAILS names today (emails are stored lower-cased, like the list).
      const adminEmails = [...deps.adminEmails];
      const business = adminEmails.length > 0 ? notInArray(users.username, adminEmails) : undefined;

      const [people] = await db
        .select({
          all: count(),
          newThisWeek: sql<number>`count(*) filter (where ${users.createdAt} >= ${weekAgo.toISOString()}::timestamptz)`.mapWith(
            Number,
          ),
        })
        .from(users)
        .where(business);
      const [postCount] = await db.select({ n: count() }).from(posts);
      // post_likes rows and posts.likes_count move together in one transaction; the rows are the truth.
      const [likeCount] = await db.select({ n: count() }).from(postLikes);
      const [views] = await db
        .select({
          today: sql<number>`count(*) filter (where ${postViews.day} = ${today}::date)`.mapWith(Number),
          week: count(),
        })
        .from(postViews)
        .where(gte(postViews.day, sixDaysAgo));

      const since = weekAgo.toISOString();
      // Both scans read the last 7 days of their table without an index of their own: the dashboard
      // is opened by a few admins, and a write index on every message would cost every send.
      const [sms] = (
        await db.execute<{ sent: number; delivered: number; failed: number }>(sql`
          SELECT count(*)::int AS sent, count(*) FILTER (WHERE status = 'delivered')::int AS delivered,
            count(*) FILTER (WHERE status IN ('failed', 'expired'))::int AS failed
          FROM sms_messages WHERE channel = 'sms' AND submitted_at >= ${since}::timestamptz`)
      ).rows;
      const [wa] = (
        await db.execute<{ sent: number; delivered: number; failed: number; inbound: number; connected: number }>(sql`
          SELECT count(*) FILTER (WHERE direction = 'out' AND status <> 'queued')::int AS sent,
            count(*) FILTER (WHERE direction = 'out' AND status IN ('delivered', 'read'))::int AS delivered,
            count(*) FILTER (WHERE direction = 'out' AND status = 'failed')::int AS failed,
            count(*) FILTER (WHERE direction = 'in')::int AS inbound,
            (SELECT count(*)::int FROM whatsapp_connections) AS connected
          FROM whatsapp_messages WHERE created_at >= ${since}::timestamptz`)
      ).rows;
      const counts = (r?: { sent: number; delivered: number; failed: number }) => ({
        sent: Number(r?.sent ?? 0),
        delivered: Number(r?.delivered ?? 0),
        failed: Number(r?.failed ?? 0),
      });

      return {
        messaging: {
          whatsappConnected: Number(wa?.connected ?? 0),
          whatsappInbound: Number(wa?.inbound ?? 0),
          sms: counts(sms),
          whatsapp: counts(wa),
        },
        businesses: people?.all ?? 0,
        posts: postCount?.n ?? 0,
        likes: likeCount?.n ?? 0,
        viewsToday: views?.today ?? 0,
        views7Days: views?.week ?? 0,
        newBusinesses7Days: people?.newThisWeek ?? 0,
      };
    },
  };
}

export type AdminRepository = ReturnType<typeof createAdminRepository>;

declare module 'fastify' {
  interface FastifyInstance {
    adminRepository: AdminRepository;
  }
}

export default fp(
  async (fastify) => {
    fastify.decorate('adminRepository', createAdminRepository({ db: fastify.db, adminEmails: fastify.config.ADMIN_EMAILS }));
  },
  { name: 'admin-repository', dependencies: ['db', 'env'] },
);
