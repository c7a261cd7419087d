import { CategoryListSchema } from '@aaspaas/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

const categories: FastifyPluginAsyncZod = async (fastify) => {
  fastify.get(
    '/',
    {
      config: { access: 'public' },
      schema: { tags: ['feed'], summary: 'Categories for the feed filter menu', response: { 200: CategoryListSchema } },
    },
    async () => fastify.businessRepository.categories(),
  );
};
export default categories;
