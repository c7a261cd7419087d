import {
  AdminListQuerySchema,
  BusinessCardPageSchema,
  BusinessCardParamsSchema,
  BusinessCardSchema,
  ErrorResponseSchema,
  UpdateBusinessCardRequestSchema,
} from '@aaspaas/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '#src/plugins/app/auth/access-guard-plugin';
import { CACHES } from '#src/plugins/app/cache/invalidation-service';

const errors = { 400: ErrorResponseSchema, 401: ErrorResponseSchema, 403: ErrorResponseSchema };

/** The businesses' public cards, for the admin (docs/product.md, admin area: business cards). */
const businessCardsRoutes: FastifyPluginAsyncZod = async (fastify) => {
  fastify.get(
    '/',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary:
          'Business cards, newest business first, searchable by name, email or phone; ?featured=true keeps the featured ones',
        querystring: AdminListQuerySchema.extend({ featured: z.stringbool().optional() }),
        response: { 200: BusinessCardPageSchema, ...errors },
      },
    },
    async (request) => fastify.businessCardsRepository.list(request.query),
  );

  fastify.get(
    '/:userId',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'One business card',
        params: BusinessCardParamsSchema,
        response: { 200: BusinessCardSchema, 404: ErrorResponseSchema, ...errors },
      },
    },
    async (request) => fastify.businessCardsRepository.get(request.params.userId),
  );

  fastify.put(
    '/:userId',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Edit a business card (name, phone, address, categories, photo removal) and its verified and featured marks',
        params: BusinessCardParamsSchema,
        body: UpdateBusinessCardRequestSchema,
        response: { 200: BusinessCardSchema, 404: ErrorResponseSchema, ...errors },
      },
    },
    async (request) => {
      const card = await fastify.businessCardsRepository.update(currentUser(request), request.params.userId, request.body);
      // First screens show the card's name and verified badge: no first visit may see the old ones.
      await fastify.invalidationService.publish(CACHES.firstScreens);
      return card;
    },
  );
};
export default businessCardsRoutes;
