import {
  businessVariableCount,
  type DltEntityInput,
  type DltHeader,
  type DltHeaderInput,
  type DltSetup,
  type DltTemplate,
  type DltTemplateInput,
  DLT_HEADERS_MAX,
  DLT_TEMPLATES_MAX,
  hasOptOutLine,
  headerFitsCategory,
  SMS_MESSAGES,
} from '@aaspaas/domain';
import { and, asc, count, eq, inArray } from 'drizzle-orm';
import fp from 'fastify-plugin';
import type { Db, Executor } from '#src/db/client';
import { smsCampaigns, smsDltEntities, type SmsHeaderRow, smsHeaders, type SmsTemplateRow, smsTemplates } from '#src/db/schema';
import { isUniqueViolation } from '#src/db/unique-violation';
import { AppError } from '#src/lib/app-error';

export type DltRepository = ReturnType<typeof createDltRepository>;

declare module 'fastify' {
  interface FastifyInstance {
    dltRepository: DltRepository;
  }
}

/** A template with the header it goes out under. */
export type DltTemplateWithHeader = SmsTemplateRow & { header: string; headerCategory: SmsHeaderRow['category'] };

const ACTIVE_STATUSES = ['scheduled', 'waiting-for-window', 'running', 'paused'] as const;

function toHeader(row: SmsHeaderRow): DltHeader {
  return { id: row.id, header: row.header, category: row.category, createdAt: row.createdAt.toISOString() };
}

function toTemplate(row: SmsTemplateRow, header: string): DltTemplate {
  return {
    id: row.id,
    name: row.name,
    headerId: row.headerId,
    header,
    category: row.category,
    dltTemplateId: row.dltTemplateId,
    text: row.text,
    variableCount: businessVariableCount(row.text, row.category),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Promotional goes with a promotional (digits) header; the other categories with a letters header. */
function sameKind(header: SmsHeaderRow['category'], template: SmsTemplateRow['category']): boolean {
  return (header === 'promotional') === (template === 'promotional');
}

/**
 * A business's DLT registration: its principal entity, headers and templates (docs/product.md §12).
 * Every read and write is scoped by the business's id: another business's header or template is 404.
 */
export function createDltRepository(deps: { db: Db }) {
  const { db } = deps;

  async function ownHeader(executor: Executor, userId: string, id: string): Promise<SmsHeaderRow> {
    const [row] = await executor
      .select()
      .from(smsHeaders)
      .where(and(eq(smsHeaders.userId, userId), eq(smsHeaders.id, id)))
      .limit(1);
    if (!row) throw AppError.notFound(SMS_MESSAGES.headerNotFound);
    return row;
  }

  function checkTemplate(input: DltTemplateInput, header: SmsHeaderRow) {
    if (!sameKind(header.category, input.category)) {
      throw AppError.badRequest(SMS_MESSAGES.templateCategoryMismatch, { field: 'category' });
    }
    if (input.category === 'promotional' && !hasOptOutLine(input.text)) {
      throw AppError.badRequest(SMS_MESSAGES.templateNeedsOptOut, { field: 'text' });
    }
  }

  async function templateInUse(userId: string, id: string): Promise<boolean> {
    const [row] = await db
      .select({ n: count() })
      .from(smsCampaigns)
      .where(
        and(eq(smsCampaigns.userId, userId), eq(smsCampaigns.templateId, id), inArray(smsCampaigns.status, [...ACTIVE_STATUSES])),
      );
    return (row?.n ?? 0) > 0;
  }

  return {
    async setup(userId: string): Promise<DltSetup> {
      const [entity] = await db.select().from(smsDltEntities).where(eq(smsDltEntities.userId, userId)).limit(1);
      const headers = await db.select().from(smsHeaders).where(eq(smsHeaders.userId, userId)).orderBy(asc(smsHeaders.createdAt));
      const templates = await db
        .select()
        .from(smsTemplates)
        .where(eq(smsTemplates.userId, userId))
        .orderBy(asc(smsTemplates.createdAt));
      const headerText = new Map(headers.map((h) => [h.id, h.header]));
      return {
        entityId: entity?.entityId ?? null,
        headers: headers.map(toHeader),
        templates: templates.map((t) => toTemplate(t, headerText.get(t.headerId) ?? '')),
      };
    },

    async entityId(userId: string, executor: Executor = db): Promise<string | null> {
      const [entity] = await executor.select().from(smsDltEntities).where(eq(smsDltEntities.userId, userId)).limit(1);
      return entity?.entityId ?? null;
    },

    async setEntity(userId: string, input: DltEntityInput): Promise<void> {
      await db
        .insert(smsDltEntities)
        .values({ userId, entityId: input.entityId })
        .onConflictDoUpdate({ target: smsDltEntities.userId, set: { entityId: input.entityId, updatedAt: new Date() } });
    },

    async addHeader(userId: string, input: { header: string; category: DltHeaderInput['category'] }): Promise<DltHeader> {
      if (!headerFitsCategory(input.header, input.category)) {
        throw AppError.badRequest(input.category === 'promotional' ? SMS_MESSAGES.headerDigits : SMS_MESSAGES.headerLetters, {
          field: 'header',
        });
      }
      const [existing] = await db.select({ n: count() }).from(smsHeaders).where(eq(smsHeaders.userId, userId));
      if ((existing?.n ?? 0) >= DLT_HEADERS_MAX) throw AppError.badRequest(`At most ${DLT_HEADERS_MAX} headers`);
      try {
        const [row] = await db.insert(smsHeaders).values({ userId, header: input.header, category: input.category }).returning();
        if (!row) throw new Error('header not inserted');
        return toHeader(row);
      } catch (err) {
        if (isUniqueViolation(err)) {
          throw new AppError('CONFLICT', SMS_MESSAGES.headerDuplicate, { field: 'header' });
        }
        throw err;
      }
    },

    async deleteHeader(userId: string, id: string): Promise<void> {
      await ownHeader(db, userId, id);
      const [used] = await db.select({ n: count() }).from(smsTemplates).where(eq(smsTemplates.headerId, id));
      if ((used?.n ?? 0) > 0) throw new AppError('CONFLICT', SMS_MESSAGES.headerInUse);
      await db.delete(smsHeaders).where(and(eq(smsHeaders.userId, userId), eq(smsHeaders.id, id)));
    },

    async addTemplate(userId: string, input: DltTemplateInput): Promise<DltTemplate> {
      const header = await ownHeader(db, userId, input.headerId).catch(() => {
        throw AppError.badRequest(SMS_MESSAGES.headerNotFound, { field: 'headerId' });
      });
      checkTemplate(input, header);
      const [existing] = await db.select({ n: count() }).from(smsTemplates).where(eq(smsTemplates.userId, userId));
      if ((existing?.n ?? 0) >= DLT_TEMPLATES_MAX) throw AppError.badRequest(`At most ${DLT_TEMPLATES_MAX} templates`);
      try {
        const [row] = await db
          .insert(smsTemplates)
          .values({ userId, ...input })
          .returning();
        if (!row) throw new Error('template not inserted');
        return toTemplate(row, header.header);
      } catch (err) {
        if (isUniqueViolation(err)) {
          throw new AppError('CONFLICT', SMS_MESSAGES.templateDuplicate, { field: 'dltTemplateId' });
        }
        throw err;
      }
    },

    async updateTemplate(userId: string, id: string, input: DltTemplateInput): Promise<DltTemplate> {
      await this.template(userId, id);
      const header = await ownHeader(db, userId, input.headerId).catch(() => {
        throw AppError.badRequest(SMS_MESSAGES.headerNotFound, { field: 'headerId' });
      });
      checkTemplate(input, header);
      try {
        const [row] = await db
          .update(smsTemplates)
          .set({ ...input, updatedAt: new Date() })
          .where(and(eq(smsTemplates.userId, userId), eq(smsTemplates.id, id)))
          .returning();
        if (!row) throw AppError.notFound(SMS_MESSAGES.templateNotFound);
        return toTemplate(row, header.header);
      } catch (err) {
        if (isUniqueViolation(err)) {
          throw new AppError('CONFLICT', SMS_MESSAGES.templateDuplicate, { field: 'dltTemplateId' });
        }
        throw err;
      }
    },

    async deleteTemplate(userId: string, id: string): Promise<void> {
      await this.template(userId, id);
      if (await templateInUse(userId, id)) throw new AppError('CONFLICT', SMS_MESSAGES.templateInUse);
      await db.delete(smsTemplates).where(and(eq(smsTemplates.userId, userId), eq(smsTemplates.id, id)));
    },

    /** The business's template with its header; 404 for anybody else's. */
    async template(userId: string, id: string, executor: Executor = db): Promise<DltTemplateWithHeader> {
      const [row] = await executor
        .select({ template: smsTemplates, header: smsHeaders.header, headerCategory: smsHeaders.category })
        .from(smsTemplates)
        .innerJoin(smsHeaders, eq(smsHeaders.id, smsTemplates.headerId))
        .where(and(eq(smsTemplates.userId, userId), eq(smsTemplates.id, id)))
        .limit(1);
      if (!row) throw AppError.notFound(SMS_MESSAGES.templateNotFound);
      return { ...row.template, header: row.header, headerCategory: row.headerCategory };
    },
  };
}

export default fp(
  async (fastify) => {
    fastify.decorate('dltRepository', createDltRepository({ db: fastify.db }));
  },
  { name: 'dlt-repository', dependencies: ['db'] },
);
