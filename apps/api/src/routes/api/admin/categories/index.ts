import {
  AdminCategorySchema,
  CategoryKindParamsSchema,
  CategoryParamsSchema,
  CreateCategoryRequestSchema,
  ErrorResponseSchema,
  MergeCategoryRequestSchema,
  ReorderCategoriesRequestSchema,
  UpdateCategoryRequestSchema,
} from '@aaspaas/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '#src/plugins/app/auth/access-guard-plugin';

const errors = { 400: ErrorResponseSchema, 401: ErrorResponseSchema, 403: ErrorResponseSchema };
const List = z.array(AdminCategorySchema);

/**
 * Template categories and business categories (the feed's menu): /api/admin/categories/business and
 * /api/admin/categories/template.
 */
const categoriesRoutes: FastifyPluginAsyncZod = async (fastify) => {
  fastify.get(
    '/:kind',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Every category of a kind, retired ones included, in menu order',
        params: CategoryKindParamsSchema,
        response: { 200: List, ...errors },
      },
    },
    async (request) => fastify.categoriesRepository.list(request.params.kind),
  );

  fastify.post(
    '/:kind',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Add a category at the end of the list',
        params: CategoryKindParamsSchema,
        body: CreateCategoryRequestSchema,
        response: { 201: AdminCategorySchema, 409: ErrorResponseSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(
          await fastify.categoriesRepository.create(
            currentUser(request),
            request.params.kind,
            { name: request.body.name, nameHi: request.body.nameHi ?? null },
            request.body.reason,
          ),
        ),
  );

  fastify.post(
    '/:kind/reorder',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Put the categories in this order',
        params: CategoryKindParamsSchema,
        body: ReorderCategoriesRequestSchema,
        response: { 200: List, 404: ErrorResponseSchema, ...errors },
      },
    },
    async (request) =>
      fastify.categoriesRepository.reorder(currentUser(request), request.params.kind, request.body.ids, request.body.reason),
  );

  fastify.put(
    '/:kind/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Rename, retire or bring back a category (a renamed business category moves its posts and profiles along)',
        params: CategoryParamsSchema,
        body: UpdateCategoryRequestSchema,
        response: { 200: AdminCategorySchema, 404: ErrorResponseSchema, 409: ErrorResponseSchema, ...errors },
      },
    },
    async (request) =>
      fastify.categoriesRepository.update(currentUser(request), request.params.kind, request.params.id, request.body),
  );

  fastify.post(
    '/:kind/:id/merge',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Merge a category into another: its posts and businesses (or templates) move, then it is removed',
        params: CategoryParamsSchema,
        body: MergeCategoryRequestSchema,
        response: { 200: AdminCategorySchema, 404: ErrorResponseSchema, ...errors },
      },
    },
    async (request) =>
      fastify.categoriesRepository.merge(
        currentUser(request),
        request.params.kind,
        request.params.id,
        request.body.intoId,
        request.body.reason,
      ),
  );
};
export default categoriesRoutes;
