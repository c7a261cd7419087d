import { ErrorResponseSchema, SitePageParamsSchema, SitePageSchema } from '@aaspaas/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

const pages: FastifyPluginAsyncZod = async (fastify) => {
  fastify.get(
    '/:slug',
    {
      config: { access: 'public' },
      schema: {
        tags: ['pages'],
        summary: 'A landing page (about, contact, terms, privacy)',
        params: SitePageParamsSchema,
        response: { 200: SitePageSchema, 404: ErrorResponseSchema },
      },
    },
    async (request) => fastify.pagesRepository.bySlug(request.params.slug),
  );
};
export default pages;
