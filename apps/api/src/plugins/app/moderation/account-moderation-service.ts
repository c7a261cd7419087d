import {
  type AdminUser,
  type AdminUserListQuery,
  AdminUserListQuerySchema,
  type AdminUserPage,
  MODERATION_MESSAGES,
} from '@aaspaas/domain';
import { type SQL, sql } from 'drizzle-orm';
import fp from 'fastify-plugin';
import type { Db, Tx } from '#src/db/client';
import { AppError } from '#src/lib/app-error';
import { ilike } from '#src/lib/like-pattern';
import { ADMIN_SEARCH_WALK } from '../admin/admin-search-walk';
import type { AuditRecord, AuditRepository } from '../audit/audit-repository';
import { revokeAllSessions } from '../auth/session-revocation';
import { decodeCursor, encodeCursor } from '../posts/feed-cursor';

type Admin = AuditRecord['admin'];

type AccountRow = {
  id: string;
  username: string;
  email_verified_at: Date | string | null;
  name: string;
  business_name: string;
  business_phone: string | null;
  mobile_number: string | null;
  city: string | null;
  status: string;
  suspension_reason: string | null;
  suspended_at: Date | string | null;
  has_password: boolean;
  providers: string[];
  last_sign_in_at: Date | string | null;
  post_count: number;
  balance_paise: number;
  created_at: Date | string;
  sort_us: string;
};

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

function likePattern(value: string): string {
  return `%${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * The admin's view of accounts and their suspension (docs/product.md §2, Admin routes). Suspending ends
 * every session and hides the business's visible posts (marked 'suspended', so reinstating shows exactly
 * those again); both write their audit row in the same transaction.
 */
export function createAccountModerationService(deps: {
  db: Db;
  audit: AuditRepository;
  isAdminEmail: (email: string) => boolean;
}) {
  const { db, audit } = deps;

  async function lockAccount(tx: Tx, id: string) {
    const { rows } = await tx.execute<{ id: string; username: string; status: string; suspension_reason: string | null }>(
      sql`SELECT id, username, status, suspension_reason FROM users WHERE id = ${id}::uuid FOR UPDATE`,
    );
    const row = rows[0];
    if (!row) throw AppError.notFound(MODERATION_MESSAGES.userNotFound);
    return row;
  }

  return {
    async list(input: AdminUserListQuery): Promise<AdminUserPage> {
      const query = AdminUserListQuerySchema.parse(input);
      const conditions: SQL[] = [sql`true`];
      if (query.status) conditions.push(sql`u.status = ${query.status}`);
      if (query.cursor) {
        const cursor = decodeCursor(query.cursor, 'the nextCursor value');
        conditions.push(
          sql`(u.created_at, u.id) < (timestamptz 'epoch' + ${cursor.createdUs}::bigint * interval '1 microsecond', ${cursor.id}::uuid)`,
        );
      }
      const listed = sql.join(conditions, sql` AND `);
      const select = (source: SQL, where: SQL) =>
        db.execute<AccountRow>(sql`
        SELECT u.id, u.username, u.email_verified_at, u.name, u.business_name, u.business_phone, u.mobile_number, u.city,
               u.status, u.suspension_reason, u.suspended_at, u.password_hash IS NOT NULL AS has_password,
               ARRAY(SELECT DISTINCT i.provider FROM user_identities i WHERE i.user_id = u.id ORDER BY 1) AS providers,
               u.last_sign_in_at, u.balance_paise, u.created_at,
               (SELECT count(*)::int FROM posts p WHERE p.user_id = u.id) AS post_count,
               (floor(extract(epoch from u.created_at) * 1000000))::bigint::text AS sort_us
        FROM ${source}
        WHERE ${where}
        ORDER BY u.created_at DESC, u.id DESC
        LIMIT ${query.limit + 1}`);
      let rows: AccountRow[];
      if (!query.q) {
        rows = (await select(sql`users u`, listed)).rows;
      } else {
        const text = sql`users_search_text(u.username, u.name, u.business_name, u.business_phone, u.mobile_number)`;
        // The newest accounts walked first (ADR 017): a name a thousand accounts share fills the page
        // from ~150 blocks, where the trigram index (migration 0013) would read every one of them.
        rows = (
          await select(
            sql`(SELECT u.* FROM users u WHERE ${listed} ORDER BY u.created_at DESC, u.id DESC LIMIT ${ADMIN_SEARCH_WALK}) u`,
            sql`${text} ${ilike(likePattern(query.q))}`,
          )
        ).rows;
        // A rarer match: the trigram index of migration 0013 (users_search_text) answers.
        if (rows.length <= query.limit) {
          rows = (await select(sql`users u`, sql`${listed} AND ${text} ILIKE ${likePattern(query.q)}`)).rows;
        }
      }
      const page = rows.slice(0, query.limit);
      const last = page.at(-1);
      return {
        users: page.map((r): AdminUser => ({
          id: r.id,
          email: r.username,
          emailVerified: r.email_verified_at !== null,
          name: r.name,
          businessName: r.business_name,
          phone: r.business_phone ?? r.mobile_number,
          city: r.city,
          status: r.status === 'suspended' ? 'suspended' : 'active',
          suspensionReason: r.suspension_reason,
          suspendedAt: iso(r.suspended_at),
          signInMethods: [...(r.has_password ? ['password'] : []), ...r.providers],
          lastSignInAt: iso(r.last_sign_in_at),
          postCount: Number(r.post_count),
          balancePaise: Number(r.balance_paise),
          isAdmin: deps.isAdminEmail(r.username),
          createdAt: new Date(r.created_at).toISOString(),
        })),
        nextCursor: rows.length > query.limit && last ? encodeCursor({ createdUs: last.sort_us, id: last.id }) : null,
      };
    },

    async suspend(admin: Admin, id: string, reason: string): Promise<void> {
      await db.transaction(async (tx) => {
        const before = await lockAccount(tx, id);
        if (deps.isAdminEmail(before.username)) throw AppError.badRequest(MODERATION_MESSAGES.cannotSuspendAdmin);
        if (before.status === 'suspended') throw new AppError('CONFLICT', MODERATION_MESSAGES.alreadySuspended);
        const now = new Date();
        await tx.execute(sql`
          UPDATE users SET status = 'suspended', suspended_at = ${now.toISOString()}::timestamptz, suspension_reason = ${reason}
          WHERE id = ${id}::uuid`);
        await revokeAllSessions(tx, id, now);
        const { rows: hidden } = await tx.execute<{ id: string }>(sql`
          UPDATE posts SET hidden_at = ${now.toISOString()}::timestamptz, hidden_reason = 'suspended', hidden_note = NULL
          WHERE user_id = ${id}::uuid AND hidden_at IS NULL RETURNING id`);
        await audit.record(tx, {
          admin,
          action: 'user.suspend',
          targetType: 'user',
          targetId: id,
          before: { status: before.status },
          after: { status: 'suspended', postsHidden: hidden.length },
          reason,
        });
      });
    },

    async reinstate(admin: Admin, id: string, note?: string): Promise<void> {
      await db.transaction(async (tx) => {
        const before = await lockAccount(tx, id);
        if (before.status !== 'suspended') throw new AppError('CONFLICT', MODERATION_MESSAGES.notSuspended);
        await tx.execute(sql`
          UPDATE users SET status = 'active', suspended_at = NULL, suspension_reason = NULL WHERE id = ${id}::uuid`);
        const { rows: shown } = await tx.execute<{ id: string }>(sql`
          UPDATE posts SET hidden_at = NULL, hidden_reason = NULL
          WHERE user_id = ${id}::uuid AND hidden_reason = 'suspended' RETURNING id`);
        await audit.record(tx, {
          admin,
          action: 'user.reinstate',
          targetType: 'user',
          targetId: id,
          before: { status: before.status, suspensionReason: before.suspension_reason },
          after: { status: 'active', postsShown: shown.length },
          reason: note || null,
        });
      });
    },
  };
}

export type AccountModerationService = ReturnType<typeof createAccountModerationService>;

declare module 'fastify' {
  interface FastifyInstance {
    accountModerationService: AccountModerationService;
  }
}

export default fp(
  async (fastify) => {
    fastify.decorate(
      'accountModerationService',
      createAccountModerationService({
        db: fastify.db,
        audit: fastify.auditRepository,
        isAdminEmail: fastify.usersRepository.isAdminEmail,
      }),
    );
  },
  { name: 'account-moderation-service', dependencies: ['db', 'audit-repository', 'users-repository'] },
);
