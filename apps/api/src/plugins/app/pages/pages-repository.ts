import type { SitePage, SitePageSlug } from '@aaspaas/domain';
import { eq } from 'drizzle-orm';
import fp from 'fastify-plugin';
import type { Db } from '#src/db/client';
import { sitePages } from '#src/db/schema';
import { AppError } from '#src/lib/app-error';

export function createPagesRepository(deps: { db: Db }) {
  const { db } = deps;
  return {
    async bySlug(slug: SitePageSlug): Promise<SitePage> {
      const [row] = await db.select().from(sitePages).where(eq(sitePages.slug, slug));
      if (!row) throw AppError.notFound('Page not found');
      return { slug, title: row.title, body: row.body, updatedAt: row.updatedAt.toISOString() };
    },
  };
}

export type PagesRepository = ReturnType<typeof createPagesRepository>;

declare module 'fastify' {
  interface FastifyInstance {
    pagesRepository: PagesRepository;
  }
}

export default fp(
  async (fastify) => {
    fastify.decorate('pagesRepository', createPagesRepository({ db: fastify.db }));
  },
  { name: 'pages-repository', dependencies: ['db'] },
);
