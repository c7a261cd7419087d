import { bigint, boolean, index, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { posts } from './posts';

/**
 * Every admin action: who, what, on what, before and after, why, when (docs/product.md §2, Admin routes). Append-only:
 * a trigger (migration 0013) refuses UPDATE, DELETE and TRUNCATE, so not even a bug in the API can
 * rewrite the record. The admin is named by id and email without a foreign key: deleting an account
 * must not need to delete (or could not delete) the rows that say what it did.
 */
export const adminAuditLog = pgTable(
  'admin_audit_log',
  {
    /** Increasing with time: the log's order and its keyset cursor. */
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    adminId: uuid('admin_id').notNull(),
    adminEmail: text('admin_email').notNull(),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    reason: text('reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('admin_audit_log_action_idx').on(t.action, t.id.desc().nullsFirst()),
    index('admin_audit_log_target_idx').on(t.targetType, t.targetId, t.id.desc().nullsFirst()),
    index('admin_audit_log_admin_idx').on(t.adminEmail, t.id.desc().nullsFirst()),
    index('admin_audit_log_created_idx').on(t.createdAt),
  ],
);
export type AdminAuditRow = typeof adminAuditLog.$inferSelect;

/**
 * A visitor's report of a post (docs/product.md §2, Admin routes): one per server-issued visitor id and post, so a
 * visitor counts once however often they tap.
 */
export const postReports = pgTable(
  'post_reports',
  {
    postId: uuid('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    visitorId: text('visitor_id').notNull(),
    reason: text('reason').notNull(),
    note: text('note'),
    /**
     * The reporter's network (IPv4 /24, IPv6 /48), never the address itself: reports hide a post only
     * from several networks (ADR 048). '' for reports from before it was kept.
     */
    network: text('network').notNull().default(''),
    /** Sent with an id issued beyond its address's hourly ration (ADR 048): shown, never counted toward hiding. */
    newVisitor: boolean('new_visitor').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.postId, t.visitorId] })],
);
