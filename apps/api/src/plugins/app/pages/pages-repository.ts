import type { SitePage, SitePageSlug } from '@aaspaas/domain';
import { eq } from 'drizzle-orm';
import fp from 'fastify-plugin';
import type { Db } from '#src/db/client';
import { sitePages } from '#src/db/schema';
import { AppError } from '#src/lib/app-error';

export function createPagesRepository(db: Db) {
  return {
    async bySlug(slug: SitePageSlug): Promise<SitePage> {
      const [row] = await db.select().from(sitePages).where(eq(sitePages.slug, slug));
      if (!row) throw AppError.notFound('Page not found');
      return { slug, title: row.title, body: row.body, updatedAt: row.updatedAt.toISOString() };
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    pagesRepository: ReturnType<typeof createPagesRepository>;
  }
}

export default fp(
  async (fastify) => {
    fastify.decorate('pagesRepository', createPagesRepository(fastify.db));
  },
  { name: 'pages-repository', dependencies: ['db'] },
);
