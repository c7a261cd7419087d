import { ErrorResponseSchema, TemplateCategorySchema } from '@aaspaas/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

/** Template categories (docs/product.md §7: GET /api/template-categories → list of {name}). */
const templateCategoriesRoutes: FastifyPluginAsyncZod = async (fastify) => {
  fastify.get(
    '/',
    {
      config: { access: 'business' },
      schema: {
        tags: ['templates'],
        summary: 'Template categories, in the template browser’s order',
        response: { 200: z.array(TemplateCategorySchema), 401: ErrorResponseSchema },
      },
    },
    async () => fastify.templatesRepository.categories(),
  );
};
export default templateCategoriesRoutes;
