import type { Template, TemplateCategory } from '@aaspaas/domain';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import fp from 'fastify-plugin';
import type { Db } from '#src/db/client';
import { templateCategories, templates } from '#src/db/schema';
import { viewDay } from '../posts/engagement-repository';

const TEMPLATE_COLUMNS = {
  id: templates.id,
  category: templateCategories.name,
  categoryHi: templateCategories.nameHi,
  title: templates.title,
  titleHi: templates.titleHi,
  kind: templates.kind,
  backgroundUrl: templates.backgroundUrl,
  text: templates.text,
  textHi: templates.textHi,
  textColor: templates.textColor,
  textArea: templates.textArea,
  defaultContent: templates.defaultContent,
  defaultContentHi: templates.defaultContentHi,
  defaultHashtags: templates.defaultHashtags,
  sortOrder: templates.sortOrder,
};

/**
 * What businesses are offered: published templates of categories still in use, inside their active
 * window (India days, inclusive: a Diwali set shows only around Diwali).
 */
function offered(now: Date) {
  const today = viewDay(now);
  return and(
    eq(templates.active, true),
    isNull(templateCategories.retiredAt),
    sql`(${templates.startsOn} IS NULL OR ${templates.startsOn} <= ${today}::date)`,
    sql`(${templates.endsOn} IS NULL OR ${templates.endsOn} >= ${today}::date)`,
  );
}

/** Templates and their categories, in the browser's order (category, then template). Hidden ones are left out. */
export function createTemplatesRepository(deps: { db: Db }) {
  const { db } = deps;
  const active = () =>
    db
      .select(TEMPLATE_COLUMNS)
      .from(templates)
      .innerJoin(templateCategories, eq(templateCategories.id, templates.categoryId))
      .$dynamic();

  return {
    list(category?: string, now: Date = new Date()): Promise<Template[]> {
      const where = category ? and(offered(now), sql`lower(${templateCategories.name}) = lower(${category})`) : offered(now);
      return active()
        .where(where)
        .orderBy(asc(templateCategories.sortOrder), asc(templateCategories.name), asc(templates.sortOrder), asc(templates.title));
    },

    categories(): Promise<TemplateCategory[]> {
      return db
        .select({ name: templateCategories.name, nameHi: templateCategories.nameHi })
        .from(templateCategories)
        .where(isNull(templateCategories.retiredAt))
        .orderBy(asc(templateCategories.sortOrder), asc(templateCategories.name));
    },

    async byId(id: string, now: Date = new Date()): Promise<Template | null> {
      const [row] = await active()
        .where(and(eq(templates.id, id), offered(now)))
        .limit(1);
      return row ?? null;
    },
  };
}

export type TemplatesRepository = ReturnType<typeof createTemplatesRepository>;

declare module 'fastify' {
  interface FastifyInstance {
    templatesRepository: TemplatesRepository;
  }
}

export default fp(
  async (fastify) => {
    fastify.decorate('templatesRepository', createTemplatesRepository({ db: fastify.db }));
  },
  { name: 'templates-repository', dependencies: ['db'] },
);
