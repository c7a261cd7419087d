import { AndroidAppInfoSchema } from '@aaspaas/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

const androidAppRoutes: FastifyPluginAsyncZod = async (fastify) => {
  fastify.get(
    '/',
    {
      config: { access: 'public' },
      schema: {
        tags: ['app'],
        summary: 'What "Download Android App" offers: the Play Store listing when published',
        response: { 200: AndroidAppInfoSchema },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=300');
      return { playStoreUrl: fastify.config.PLAY_STORE_URL ?? null };
    },
  );
};
export default androidAppRoutes;
