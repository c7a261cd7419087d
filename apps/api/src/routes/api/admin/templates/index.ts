import {
  AdminListQuerySchema,
  AdminTemplatePageSchema,
  AdminTemplateParamsSchema,
  AdminTemplateSchema,
  ErrorResponseSchema,
  PreviewTemplateRequestSchema,
  PublishTemplateRequestSchema,
  SaveTemplateRequestSchema,
  TemplatePreviewSchema,
} from '@aaspaas/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '#src/plugins/app/auth/access-guard-plugin';

const errors = { 400: ErrorResponseSchema, 401: ErrorResponseSchema, 403: ErrorResponseSchema };

/** The admin's post templates: every one, published or not; edits and their audit rows in one transaction. */
const adminTemplatesRoutes: FastifyPluginAsyncZod = async (fastify) => {
  fastify.get(
    '/',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Every template in the browser’s order, searchable by title, category or occasion',
        querystring: AdminListQuerySchema,
        response: { 200: AdminTemplatePageSchema, ...errors },
      },
    },
    async (request) => fastify.adminTemplatesRepository.list(request.query),
  );

  fastify.post(
    '/',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Create a template (unpublished unless `published` is true)',
        body: SaveTemplateRequestSchema,
        response: { 201: AdminTemplateSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await fastify.adminTemplatesRepository.create(currentUser(request), request.body)),
  );

  fastify.post(
    '/preview',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'A draft drawn by the renderer businesses get, with sample details, as a JPEG data URL',
        body: PreviewTemplateRequestSchema,
        response: { 200: TemplatePreviewSchema, 503: ErrorResponseSchema, ...errors },
      },
    },
    async (request) => {
      await fastify.adminTemplatesRepository.checkBackground(currentUser(request), request.body.backgroundUrl);
      const image = await fastify.templateRenderService.preview(request.body);
      return { image: `data:image/jpeg;base64,${image.toString('base64')}` };
    },
  );

  fastify.get(
    '/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'One template',
        params: AdminTemplateParamsSchema,
        response: { 200: AdminTemplateSchema, 404: ErrorResponseSchema, ...errors },
      },
    },
    async (request) => fastify.adminTemplatesRepository.get(request.params.id),
  );

  fastify.put(
    '/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Edit a template',
        params: AdminTemplateParamsSchema,
        body: SaveTemplateRequestSchema,
        response: { 200: AdminTemplateSchema, 404: ErrorResponseSchema, ...errors },
      },
    },
    async (request) => fastify.adminTemplatesRepository.update(currentUser(request), request.params.id, request.body),
  );

  fastify.post(
    '/:id/publish',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Publish or unpublish a template',
        params: AdminTemplateParamsSchema,
        body: PublishTemplateRequestSchema,
        response: { 200: AdminTemplateSchema, 404: ErrorResponseSchema, ...errors },
      },
    },
    async (request) =>
      fastify.adminTemplatesRepository.setPublished(
        currentUser(request),
        request.params.id,
        request.body.published,
        request.body.reason,
      ),
  );
};
export default adminTemplatesRoutes;
