import {
  AdminNoteRequestSchema,
  AdminPostListQuerySchema,
  AdminPostPageSchema,
  AdminPostParamsSchema,
  ErrorResponseSchema,
  HidePostRequestSchema,
} from '@aaspaas/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '#src/plugins/app/auth/access-guard-plugin';
import { CACHES } from '#src/plugins/app/cache/invalidation-service';

const errors = { 400: ErrorResponseSchema, 401: ErrorResponseSchema, 403: ErrorResponseSchema };
const byIdErrors = { ...errors, 404: ErrorResponseSchema, 409: ErrorResponseSchema };

/** Moderation of every post (docs/product.md §2, Admin routes); each action writes one audit row. */
const adminPostsRoutes: FastifyPluginAsyncZod = async (fastify) => {
  const repo = fastify.moderationRepository;

  fastify.get(
    '/',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Every post, searchable and filterable, newest first in keyset pages (the queues by their own time)',
        querystring: AdminPostListQuerySchema,
        response: { 200: AdminPostPageSchema, ...errors },
      },
    },
    async (request) => repo.list(request.query),
  );

  fastify.post(
    '/:id/hide',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Hide a post with a reason its owner sees',
        params: AdminPostParamsSchema,
        body: HidePostRequestSchema,
        response: { 204: z.null(), ...byIdErrors },
      },
    },
    async (request, reply) => {
      await repo.hide(currentUser(request), request.params.id, request.body);
      await fastify.invalidationService.publish(CACHES.firstScreens);
      return reply.code(204).send(null);
    },
  );

  fastify.post(
    '/:id/unhide',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Show a hidden post again (closes its reports and review request)',
        params: AdminPostParamsSchema,
        body: AdminNoteRequestSchema.nullish(),
        response: { 204: z.null(), ...byIdErrors },
      },
    },
    async (request, reply) => {
      await repo.unhide(currentUser(request), request.params.id, request.body?.note);
      return reply.code(204).send(null);
    },
  );

  fastify.post(
    '/:id/dismiss-reports',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Keep a reported post as it is and close its reports',
        params: AdminPostParamsSchema,
        body: AdminNoteRequestSchema.nullish(),
        response: { 204: z.null(), ...byIdErrors },
      },
    },
    async (request, reply) => {
      await repo.dismissReports(currentUser(request), request.params.id, request.body?.note);
      return reply.code(204).send(null);
    },
  );

  fastify.delete(
    '/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Delete a post (its text is kept in the audit log)',
        params: AdminPostParamsSchema,
        body: AdminNoteRequestSchema.nullish(),
        response: { 204: z.null(), ...byIdErrors },
      },
    },
    async (request, reply) => {
      await repo.remove(currentUser(request), request.params.id, request.body?.note);
      await fastify.invalidationService.publish(CACHES.firstScreens);
      return reply.code(204).send(null);
    },
  );
};
export default adminPostsRoutes;
