import type { Template, TemplateCategory } from '@aaspaas/domain';
import { and, asc, eq, sql } from 'drizzle-orm';
import fp from 'fastify-plugin';
import type { Db } from '#src/db/client';
import { templateCategories, templates } from '#src/db/schema';

const TEMPLATE_COLUMNS = {
  id: templates.id,
  category: templateCategories.name,
  title: templates.title,
  kind: templates.kind,
  backgroundUrl: templates.backgroundUrl,
  text: templates.text,
  textColor: templates.textColor,
  textArea: templates.textArea,
  defaultContent: templates.defaultContent,
  defaultHashtags: templates.defaultHashtags,
  sortOrder: templates.sortOrder,
};

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
    list(category?: string): Promise<Template[]> {
      const where = category
        ? and(eq(templates.active, true), sql`lower(${templateCategories.name}) = lower(${category})`)
        : eq(templates.active, true);
      return active()
        .where(where)
        .orderBy(asc(templateCategories.sortOrder), asc(templateCategories.name), asc(templates.sortOrder), asc(templates.title));
    },

    categories(): Promise<TemplateCategory[]> {
      return db
        .select({ name: templateCategories.name })
        .from(templateCategories)
        .orderBy(asc(templateCategories.sortOrder), asc(templateCategories.name));
    },

    async byId(id: string): Promise<Template | null> {
      const [row] = await active()
        .where(and(eq(templates.id, id), eq(templates.active, true)))
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
