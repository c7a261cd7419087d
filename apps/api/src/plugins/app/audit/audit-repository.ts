import type { AdminAuditEntry, AdminAuditPage, AdminAuditQuery } from '@aaspaas/domain';
import { AdminAuditQuerySchema } from '@aaspaas/domain';
import { and, desc, eq, gte, lt, type SQL, sql } from 'drizzle-orm';
import fp from 'fastify-plugin';
import type { Db, Executor } from '#src/db/client';
import { type AdminAuditRow, adminAuditLog } from '#src/db/schema';

/** One admin action, as the handler that did it describes it. */
export type AuditRecord = {
  /** The signed-in admin (the guard's `request.user`). */
  admin: { id: string; username: string };
  action: string;
  targetType: string;
  targetId: string;
  /** The target's state before and after, as far as the action changed it (JSON); null when it did not exist. */
  before?: unknown;
  after?: unknown;
  reason?: string | null;
};

const DAY_MS = 24 * 60 * 60 * 1000;

/** The instant an India day (YYYY-MM-DD, ADR 003) starts. */
function indiaDayStart(day: string): Date {
  return new Date(`${day}T00:00:00+05:30`);
}

function toEntry(row: AdminAuditRow): AdminAuditEntry {
  return {
    id: String(row.id),
    adminId: row.adminId,
    adminEmail: row.adminEmail,
    action: row.action,
    targetType: row.targetType,
    targetId: row.targetId,
    before: row.before ?? null,
    after: row.after ?? null,
    reason: row.reason,
    createdAt: row.createdAt.toISOString(),
  };
}

export function createAuditRepository(deps: { db: Db }) {
  const { db } = deps;
  return {
    /**
     * Writes one audit row through `executor`: pass the transaction the action runs in, so the action
     * and its record are written together or not at all.
     */
    async record(executor: Executor, entry: AuditRecord): Promise<void> {
      await executor.insert(adminAuditLog).values({
        adminId: entry.admin.id,
        adminEmail: entry.admin.username.toLowerCase(),
        action: entry.action,
        targetType: entry.targetType,
        targetId: entry.targetId,
        before: entry.before ?? null,
        after: entry.after ?? null,
        reason: entry.reason ?? null,
      });
    },

    /** Newest first, a page after `cursor` (the last id of the previous page). */
    async search(input: AdminAuditQuery): Promise<AdminAuditPage> {
      const query = AdminAuditQuerySchema.parse(input);
      const conditions: SQL[] = [];
      if (query.action) conditions.push(eq(adminAuditLog.action, query.action));
      if (query.targetType) conditions.push(eq(adminAuditLog.targetType, query.targetType));
      if (query.targetId) conditions.push(eq(adminAuditLog.targetId, query.targetId));
      if (query.admin) conditions.push(eq(adminAuditLog.adminEmail, query.admin));
      if (query.from) conditions.push(gte(adminAuditLog.createdAt, indiaDayStart(query.from)));
      if (query.to) conditions.push(lt(adminAuditLog.createdAt, new Date(indiaDayStart(query.to).getTime() + DAY_MS)));
      // India days: newest first by time, the order of admin_audit_log_created_idx, so a week in March reads
      // that week (15 blocks) instead of walking every later row by id (4,588 at 200,000 rows,
      // docs/performance.md). The cursor stays the last id: its row gives the time to continue from.
      const byTime = Boolean(query.from || query.to);
      if (query.cursor && byTime) {
        conditions.push(
          sql`(${adminAuditLog.createdAt}, ${adminAuditLog.id}) < (SELECT c.created_at, c.id FROM admin_audit_log c WHERE c.id = ${Number(query.cursor)})`,
        );
      } else if (query.cursor) {
        conditions.push(lt(adminAuditLog.id, Number(query.cursor)));
      }
      const rows = await db
        .select()
        .from(adminAuditLog)
        .where(and(...conditions))
        .orderBy(...(byTime ? [desc(adminAuditLog.createdAt)] : []), desc(adminAuditLog.id))
        .limit(query.limit + 1);
      const page = rows.slice(0, query.limit);
      const last = page.at(-1);
      return {
        entries: page.map(toEntry),
        nextCursor: rows.length > query.limit && last ? String(last.id) : null,
      };
    },
  };
}

export type AuditRepository = ReturnType<typeof createAuditRepository>;

declare module 'fastify' {
  interface FastifyInstance {
    auditRepository: AuditRepository;
  }
}

export default fp(
  async (fastify) => {
    fastify.decorate('auditRepository', createAuditRepository({ db: fastify.db }));
  },
  { name: 'audit-repository', dependencies: ['db'] },
);
