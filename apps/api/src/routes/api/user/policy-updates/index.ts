import { ErrorResponseSchema, PolicyUpdateSchema } from '@aaspaas/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '#src/plugins/app/auth/access-guard-plugin';

/** "We updated our terms": shown once per account after the terms or privacy policy change. */
const policyUpdatesRoutes: FastifyPluginAsyncZod = async (fastify) => {
  fastify.get(
    '/',
    {
      config: { access: 'business' },
      schema: {
        tags: ['user'],
        summary: 'The terms or privacy policy published since I last acknowledged them',
        response: { 200: PolicyUpdateSchema, 401: ErrorResponseSchema },
      },
    },
    async (request) => fastify.pagesRepository.policyUpdates(currentUser(request)),
  );

  fastify.post(
    '/acknowledge',
    {
      config: { access: 'business' },
      schema: {
        tags: ['user'],
        summary: 'I have seen the updated terms and privacy policy',
        response: { 204: z.null(), 401: ErrorResponseSchema },
      },
    },
    async (request, reply) => {
      await fastify.pagesRepository.acknowledgePolicies(currentUser(request));
      return reply.code(204).send(null);
    },
  );
};
export default policyUpdatesRoutes;
