import { ADMIN_CONTENT_MESSAGES, type AdminCategory, type CategoryKind } from '@aaspaas/domain';
import { and, asc, eq, sql } from 'drizzle-orm';
import fp from 'fastify-plugin';
import type { Db, Tx } from '#src/db/client';
import { businessCategories, templateCategories, templates, type UserRow } from '#src/db/schema';
import { isUniqueViolation } from '#src/db/unique-violation';
import { AppError } from '#src/lib/app-error';
import type { AuditRepository } from '#src/plugins/app/audit/audit-repository';
import { CACHES } from '#src/plugins/app/cache/invalidation-service';

const TABLES = { business: businessCategories, template: templateCategories } as const;
type CategoryTable = (typeof TABLES)[CategoryKind];
type Row = { id: string; name: string; nameHi: string | null; sortOrder: number; retiredAt: Date | null };

const toCategory = (kind: CategoryKind, row: Row): AdminCategory => ({
  id: row.id,
  kind,
  name: row.name,
  nameHi: row.nameHi,
  sortOrder: row.sortOrder,
  retired: row.retiredAt !== null,
});

const notFound = () => AppError.notFound(ADMIN_CONTENT_MESSAGES.categoryNotFound);
const exists = () => new AppError('CONFLICT', ADMIN_CONTENT_MESSAGES.categoryExists);

function columns(table: CategoryTable) {
  return { id: table.id, name: table.name, nameHi: table.nameHi, sortOrder: table.sortOrder, retiredAt: table.retiredAt };
}

/**
 * Moves everything filed under the business category `from` to `to`: posts' category text and the
 * businesses' own category lists (order kept, no duplicates). Counts what moved, for the audit log.
 */
async function moveBusinessCategory(tx: Tx, from: string, to: string) {
  const posts = await tx.execute<{ id: string }>(
    sql`UPDATE posts SET category = ${to} WHERE lower(category) = lower(${from}) RETURNING id`,
  );
  const businesses = await tx.execute<{ id: string }>(sql`
    UPDATE users SET business_categories = (
      SELECT coalesce(array_agg(s.c ORDER BY s.ord), '{}'::text[]) FROM (
        SELECT CASE WHEN lower(t.x) = lower(${from}) THEN ${to}::text ELSE t.x END AS c, min(t.ord) AS ord
        FROM unnest(users.business_categories) WITH ORDINALITY AS t(x, ord) GROUP BY 1
      ) s
    ), updated_at = now()
    WHERE EXISTS (SELECT 1 FROM unnest(users.business_categories) AS y(x) WHERE lower(y.x) = lower(${from}))
    RETURNING id`);
  return { postsMoved: posts.rows.length, businessesMoved: businesses.rows.length };
}

/**
 * Template categories and business categories (the feed's menu), each an ordered list the admin
 * keeps: add, rename, reorder, merge, retire. Each change and its audit row share a transaction.
 */
export function createCategoriesRepository(deps: {
  db: Db;
  audit: Pick<AuditRepository, 'record'>;
  onMenuChange: () => Promise<void>;
}) {
  const { db, audit, onMenuChange } = deps;

  async function find(tx: Tx, kind: CategoryKind, id: string): Promise<Row> {
    const table = TABLES[kind];
    const [row] = await tx.select(columns(table)).from(table).where(eq(table.id, id)).for('update');
    if (!row) throw notFound();
    return row;
  }

  async function nameTaken(tx: Tx, kind: CategoryKind, name: string, except?: string) {
    const table = TABLES[kind];
    const [row] = await tx
      .select({ id: table.id })
      .from(table)
      .where(and(sql`lower(${table.name}) = lower(${name})`, except ? sql`${table.id} <> ${except}` : undefined))
      .limit(1);
    return Boolean(row);
  }

  /** Runs a change in a transaction; a name taken meanwhile is the same 409 as one taken before. */
  async function change<T>(kind: CategoryKind, fn: (tx: Tx) => Promise<T>): Promise<T> {
    try {
      const result = await db.transaction(fn);
      if (kind === 'business') await onMenuChange();
      return result;
    } catch (err) {
      if (isUniqueViolation(err)) throw exists();
      throw err;
    }
  }

  return {
    async list(kind: CategoryKind): Promise<AdminCategory[]> {
      const table = TABLES[kind];
      const rows = await db
        .select(columns(table))
        .from(table)
        .orderBy(asc(table.sortOrder), sql`lower(${table.name})`);
      return rows.map((row) => toCategory(kind, row));
    },

    create(
      admin: UserRow,
      kind: CategoryKind,
      { name, nameHi }: { name: string; nameHi: string | null },
      reason?: string,
    ): Promise<AdminCategory> {
      return change(kind, async (tx) => {
        if (await nameTaken(tx, kind, name)) throw exists();
        const table = TABLES[kind];
        const [{ next } = { next: 0 }] = await tx
          .select({ next: sql<number>`coalesce(max(${table.sortOrder}), 0) + 1`.mapWith(Number) })
          .from(table);
        const [row] = await tx.insert(table).values({ name, nameHi, sortOrder: next }).returning(columns(table));
        if (!row) throw new Error('category not written');
        await audit.record(tx, {
          admin,
          action: 'category.create',
          targetType: 'category',
          targetId: row.id,
          before: null,
          after: { kind, name, nameHi },
          reason: reason ?? null,
        });
        return toCategory(kind, row);
      });
    },

    /** Renames and/or retires (or brings back). A business category's posts and profiles follow its new name. */
    update(
      admin: UserRow,
      kind: CategoryKind,
      id: string,
      input: { name?: string; nameHi?: string | null; retired?: boolean; reason?: string },
    ): Promise<AdminCategory> {
      return change(kind, async (tx) => {
        const before = await find(tx, kind, id);
        const table = TABLES[kind];
        const renamed = input.name !== undefined && input.name !== before.name;
        if (renamed && (await nameTaken(tx, kind, input.name!, id))) throw exists();
        const retiredAt =
          input.retired === undefined ? before.retiredAt : input.retired ? (before.retiredAt ?? new Date()) : null;
        const [row] = await tx
          .update(table)
          .set({ name: input.name ?? before.name, nameHi: input.nameHi === undefined ? before.nameHi : input.nameHi, retiredAt })
          .where(eq(table.id, id))
          .returning(columns(table));
        if (!row) throw notFound();
        const moved = renamed && kind === 'business' ? await moveBusinessCategory(tx, before.name, row.name) : {};
        await audit.record(tx, {
          admin,
          action: 'category.update',
          targetType: 'category',
          targetId: id,
          before: { kind, name: before.name, nameHi: before.nameHi, retired: before.retiredAt !== null },
          after: { name: row.name, nameHi: row.nameHi, retired: row.retiredAt !== null, ...moved },
          reason: input.reason ?? null,
        });
        return toCategory(kind, row);
      });
    },

    /** Puts the list in the order given (ids not given keep their place after them). */
    reorder(admin: UserRow, kind: CategoryKind, ids: readonly string[], reason?: string): Promise<AdminCategory[]> {
      return change(kind, async (tx) => {
        const table = TABLES[kind];
        const current = await tx
          .select(columns(table))
          .from(table)
          .orderBy(asc(table.sortOrder), sql`lower(${table.name})`);
        const known = new Set(current.map((r) => r.id));
        const wanted = [...new Set(ids)];
        if (wanted.some((id) => !known.has(id))) throw notFound();
        const order = [...wanted, ...current.map((r) => r.id).filter((id) => !wanted.includes(id))];
        for (const [index, id] of order.entries()) {
          await tx
            .update(table)
            .set({ sortOrder: index + 1 })
            .where(eq(table.id, id));
        }
        await audit.record(tx, {
          admin,
          action: 'category.reorder',
          targetType: 'category',
          targetId: `${kind}-categories`,
          before: current.map((r) => r.name),
          after: order.map((id) => current.find((r) => r.id === id)?.name),
          reason: reason ?? null,
        });
        const rows = await tx
          .select(columns(table))
          .from(table)
          .orderBy(asc(table.sortOrder), sql`lower(${table.name})`);
        return rows.map((row) => toCategory(kind, row));
      });
    },

    /** Merges `id` into `intoId`: what was filed under it moves, then it is removed. */
    merge(admin: UserRow, kind: CategoryKind, id: string, intoId: string, reason?: string): Promise<AdminCategory> {
      if (id === intoId) return Promise.reject(AppError.badRequest(ADMIN_CONTENT_MESSAGES.mergeIntoItself));
      return change(kind, async (tx) => {
        const from = await find(tx, kind, id);
        const into = await find(tx, kind, intoId);
        let moved: Record<string, number>;
        if (kind === 'business') {
          moved = await moveBusinessCategory(tx, from.name, into.name);
          await tx.delete(businessCategories).where(eq(businessCategories.id, id));
        } else {
          const updated = await tx
            .update(templates)
            .set({ categoryId: intoId, updatedAt: new Date() })
            .where(eq(templates.categoryId, id))
            .returning({ id: templates.id });
          moved = { templatesMoved: updated.length };
          await tx.delete(templateCategories).where(eq(templateCategories.id, id));
        }
        await audit.record(tx, {
          admin,
          action: 'category.merge',
          targetType: 'category',
          targetId: id,
          before: { kind, name: from.name },
          after: { mergedInto: into.name, intoId, ...moved },
          reason: reason ?? null,
        });
        return toCategory(kind, into);
      });
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    categoriesRepository: ReturnType<typeof createCategoriesRepository>;
  }
}

export default fp(
  async (fastify) => {
    fastify.decorate(
      'categoriesRepository',
      createCategoriesRepository({
        db: fastify.db,
        audit: fastify.auditRepository,
        // The menu, and the first screens: a rename or merge moves posts to another category's name.
        onMenuChange: async () => {
          await fastify.invalidationService.publish(CACHES.categories);
          await fastify.invalidationService.publish(CACHES.firstScreens);
        },
      }),
    );
  },
  { name: 'categories-repository', dependencies: ['db', 'audit-repository', 'invalidation-service'] },
);
