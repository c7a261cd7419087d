import { AuthProvidersSchema } from '@aaspaas/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

const providersRoutes: FastifyPluginAsyncZod = async (fastify) => {
  fastify.get(
    '/',
    {
      config: { access: 'public' },
      schema: { tags: ['auth'], summary: 'Which sign-in providers are configured', response: { 200: AuthProvidersSchema } },
    },
    async () => ({ google: fastify.googleService.enabled, googleNative: fastify.googleService.nativeEnabled }),
  );
};
export default providersRoutes;
