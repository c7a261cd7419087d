import {
  ErrorResponseSchema,
  RenderTemplateRequestSchema,
  TemplateListQuerySchema,
  TemplateParamsSchema,
  TemplateSchema,
  UploadResponseSchema,
} from '@aaspaas/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '#src/plugins/app/auth/access-guard-plugin';

const errors = { 400: ErrorResponseSchema, 401: ErrorResponseSchema };

/** Post templates (docs/product.md §7: GET /api/templates), for signed-in businesses. */
const templatesRoutes: FastifyPluginAsyncZod = async (fastify) => {
  fastify.get(
    '/',
    {
      config: { access: 'business' },
      schema: {
        tags: ['templates'],
        summary: 'Post templates, by category order; ?category= keeps one category (case-insensitive)',
        querystring: TemplateListQuerySchema,
        response: { 200: z.array(TemplateSchema), ...errors },
      },
    },
    async (request) => fastify.templatesRepository.list(request.query.category),
  );

  fastify.post(
    '/:id/render',
    {
      config: { access: 'business' },
      // Renders are stored as uploads: they share the business's upload budget.
      preHandler: fastify.uploadLimit,
      schema: {
        tags: ['templates'],
        summary: "The template's picture filled with my business's details, stored as my upload",
        description:
          "The template's text is filled in with the profile (business name, city, phone) and the offer, prices and " +
          'valid-until sent here; lines whose values are missing are left out. The picture is stored like an upload ' +
          '(original plus 160/480/720/1080 px WebP and 160/480/720 px AVIF variants) and its URL can be used as a post photo.',
        params: TemplateParamsSchema,
        body: RenderTemplateRequestSchema,
        response: {
          201: UploadResponseSchema,
          403: ErrorResponseSchema,
          404: ErrorResponseSchema,
          429: ErrorResponseSchema,
          503: ErrorResponseSchema,
          ...errors,
        },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await fastify.templateRenderService.render(currentUser(request), request.params.id, request.body)),
  );
};
export default templatesRoutes;
