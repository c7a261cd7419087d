import { ADMIN_CONTENT_MESSAGES, ADMIN_PAGE_SIZE, type AdminTemplate, type SaveTemplateRequestSchema } from '@aaspaas/domain';
import { and, asc, count, eq, ilike, or, type SQL } from 'drizzle-orm';
import fp from 'fastify-plugin';
import type { z } from 'zod';
import type { Db, Executor } from '#src/db/client';
import { templateCategories, templates, type TemplateRow, uploads, type UserRow } from '#src/db/schema';
import { AppError } from '#src/lib/app-error';
import { likePattern } from '#src/lib/like-pattern';
import type { AuditRepository } from '#src/plugins/app/audit/audit-repository';

type SaveTemplate = z.output<typeof SaveTemplateRequestSchema>;

const COLUMNS = {
  row: templates,
  category: templateCategories.name,
  categoryHi: templateCategories.nameHi,
};

function toAdminTemplate({
  row,
  category,
  categoryHi,
}: {
  row: TemplateRow;
  category: string;
  categoryHi: string | null;
}): AdminTemplate {
  return {
    id: row.id,
    categoryId: row.categoryId,
    category,
    categoryHi,
    title: row.title,
    titleHi: row.titleHi,
    kind: row.kind,
    backgroundUrl: row.backgroundUrl,
    text: row.text,
    textHi: row.textHi,
    textColor: row.textColor,
    textArea: row.textArea,
    defaultContent: row.defaultContent,
    defaultContentHi: row.defaultContentHi,
    defaultHashtags: row.defaultHashtags,
    sortOrder: row.sortOrder,
    published: row.active,
    occasion: row.occasion,
    startsOn: row.startsOn,
    endsOn: row.endsOn,
    updatedAt: row.updatedAt.toISOString(),
  };
}

const notFound = () => AppError.notFound(ADMIN_CONTENT_MESSAGES.templateNotFound);

/** What the audit log keeps of a template: everything the admin can change. */
function snapshot(row: TemplateRow) {
  const { createdAt: _c, updatedAt: _u, ...rest } = row;
  return rest;
}

/**
 * The admin's side of post templates: every template (published or not, in or out of its window),
 * created, edited and published with an audit row in the same transaction.
 */
export function createAdminTemplatesRepository(deps: {
  db: Db;
  audit: Pick<AuditRepository, 'record'>;
  /** Whether a background URL is one of ours the admin may use (a seeded background or their upload). */
  isUsableBackground: (admin: UserRow, url: string, executor: Executor) => Promise<boolean>;
}) {
  const { db, audit, isUsableBackground } = deps;

  async function byId(executor: Executor, id: string, lock = false): Promise<TemplateRow | null> {
    const query = executor.select().from(templates).where(eq(templates.id, id)).limit(1);
    const [row] = lock ? await query.for('update') : await query;
    return row ?? null;
  }

  async function withCategory(executor: Executor, row: TemplateRow): Promise<AdminTemplate> {
    const [category] = await executor
      .select({ name: templateCategories.name, nameHi: templateCategories.nameHi })
      .from(templateCategories)
      .where(eq(templateCategories.id, row.categoryId));
    return toAdminTemplate({ row, category: category?.name ?? '', categoryHi: category?.nameHi ?? null });
  }

  async function checkDraft(tx: Executor, admin: UserRow, input: SaveTemplate, previousBackground?: string) {
    const [category] = await tx
      .select({ id: templateCategories.id })
      .from(templateCategories)
      .where(eq(templateCategories.id, input.categoryId));
    if (!category) throw AppError.badRequest(ADMIN_CONTENT_MESSAGES.categoryNotFound);
    if (input.backgroundUrl !== previousBackground && !(await isUsableBackground(admin, input.backgroundUrl, tx)))
      throw AppError.badRequest(ADMIN_CONTENT_MESSAGES.backgroundNotOurs);
  }

  const values = (input: SaveTemplate) => ({
    categoryId: input.categoryId,
    title: input.title,
    titleHi: input.titleHi,
    kind: input.kind,
    backgroundUrl: input.backgroundUrl,
    text: input.text,
    textHi: input.textHi,
    textColor: input.textColor.toLowerCase(),
    textArea: input.textArea,
    defaultContent: input.defaultContent,
    defaultContentHi: input.defaultContentHi,
    defaultHashtags: input.defaultHashtags,
    sortOrder: input.sortOrder,
    active: input.published,
    occasion: input.occasion || null,
    startsOn: input.startsOn,
    endsOn: input.endsOn,
  });

  return {
    /** Refuses (400) a background the admin may not use, before the preview reads it. */
    async checkBackground(admin: UserRow, url: string): Promise<void> {
      if (!(await isUsableBackground(admin, url, db))) throw AppError.badRequest(ADMIN_CONTENT_MESSAGES.backgroundNotOurs);
    },

    async list(query: { q?: string; page: number }) {
      const pattern = query.q ? likePattern(query.q, 'contains') : null;
      const where: SQL | undefined = pattern
        ? or(ilike(templates.title, pattern), ilike(templateCategories.name, pattern), ilike(templates.occasion, pattern))
        : undefined;
      const rows = await db
        .select(COLUMNS)
        .from(templates)
        .innerJoin(templateCategories, eq(templateCategories.id, templates.categoryId))
        .where(where)
        .orderBy(asc(templateCategories.sortOrder), asc(templateCategories.name), asc(templates.sortOrder), asc(templates.id))
        .limit(ADMIN_PAGE_SIZE)
        .offset((query.page - 1) * ADMIN_PAGE_SIZE);
      const [total] = await db
        .select({ n: count() })
        .from(templates)
        .innerJoin(templateCategories, eq(templateCategories.id, templates.categoryId))
        .where(where);
      return { items: rows.map(toAdminTemplate), total: total?.n ?? 0, page: query.page, pageSize: ADMIN_PAGE_SIZE };
    },

    async get(id: string): Promise<AdminTemplate> {
      const row = await byId(db, id);
      if (!row) throw notFound();
      return withCategory(db, row);
    },

    create(admin: UserRow, input: SaveTemplate): Promise<AdminTemplate> {
      return db.transaction(async (tx) => {
        await checkDraft(tx, admin, input);
        const [row] = await tx.insert(templates).values(values(input)).returning();
        if (!row) throw new Error('template not written');
        await audit.record(tx, {
          admin,
          action: 'template.create',
          targetType: 'template',
          targetId: row.id,
          before: null,
          after: snapshot(row),
          reason: input.reason ?? null,
        });
        return withCategory(tx, row);
      });
    },

    update(admin: UserRow, id: string, input: SaveTemplate): Promise<AdminTemplate> {
      return db.transaction(async (tx) => {
        const before = await byId(tx, id, true);
        if (!before) throw notFound();
        await checkDraft(tx, admin, input, before.backgroundUrl);
        const [row] = await tx
          .update(templates)
          .set({ ...values(input), updatedAt: new Date() })
          .where(eq(templates.id, id))
          .returning();
        if (!row) throw notFound();
        await audit.record(tx, {
          admin,
          action: 'template.update',
          targetType: 'template',
          targetId: id,
          before: snapshot(before),
          after: snapshot(row),
          reason: input.reason ?? null,
        });
        return withCategory(tx, row);
      });
    },

    setPublished(admin: UserRow, id: string, published: boolean, reason?: string): Promise<AdminTemplate> {
      return db.transaction(async (tx) => {
        const before = await byId(tx, id, true);
        if (!before) throw notFound();
        const [row] = await tx
          .update(templates)
          .set({ active: published, updatedAt: new Date() })
          .where(eq(templates.id, id))
          .returning();
        if (!row) throw notFound();
        await audit.record(tx, {
          admin,
          action: published ? 'template.publish' : 'template.unpublish',
          targetType: 'template',
          targetId: id,
          before: { published: before.active },
          after: { published },
          reason: reason ?? null,
        });
        return withCategory(tx, row);
      });
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    adminTemplatesRepository: ReturnType<typeof createAdminTemplatesRepository>;
  }
}

export default fp(
  async (fastify) => {
    fastify.decorate(
      'adminTemplatesRepository',
      createAdminTemplatesRepository({
        db: fastify.db,
        audit: fastify.auditRepository,
        // Seeded backgrounds live under /media/templates/; anything else must be the admin's own upload.
        isUsableBackground: async (admin, url, executor) => {
          if (/^\/media\/templates\/[a-z0-9._-]+$/i.test(url)) {
            const [used] = await executor
              .select({ id: templates.id })
              .from(templates)
              .where(eq(templates.backgroundUrl, url))
              .limit(1);
            return Boolean(used);
          }
          // Through the executor, not the uploads service: on PGlite a second connection would wait for this transaction.
          const [owned] = await executor
            .select({ id: uploads.id })
            .from(uploads)
            .where(and(eq(uploads.userId, admin.id), eq(uploads.url, url)))
            .limit(1);
          return Boolean(owned);
        },
      }),
    );
  },
  { name: 'admin-templates-repository', dependencies: ['db', 'audit-repository'] },
);
