import {
  ErrorResponseSchema,
  PreviewSitePageRequestSchema,
  PublishSitePageRequestSchema,
  RenderedMarkdownSchema,
  SitePageParamsSchema,
  SitePageSchema,
  SitePageVersionListSchema,
} from '@aaspaas/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '#src/plugins/app/auth/access-guard-plugin';

const errors = { 400: ErrorResponseSchema, 401: ErrorResponseSchema, 403: ErrorResponseSchema };

/** The landing pages' editor: publish a new version (Markdown), see the kept ones, preview a draft. */
const adminPagesRoutes: FastifyPluginAsyncZod = async (fastify) => {
  fastify.post(
    '/preview',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'A draft rendered exactly as the public page will show it (sanitized HTML)',
        body: PreviewSitePageRequestSchema,
        response: { 200: RenderedMarkdownSchema, ...errors },
      },
    },
    async (request) => fastify.pagesRepository.renderPreview(request.body.body),
  );

  fastify.get(
    '/:slug/versions',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: "A page's published versions, newest first (at most 50)",
        params: SitePageParamsSchema,
        response: { 200: SitePageVersionListSchema, ...errors },
      },
    },
    async (request) => fastify.pagesRepository.versions(request.params.slug),
  );

  fastify.put(
    '/:slug',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Publish a new version of a page; the previous ones are kept',
        params: SitePageParamsSchema,
        body: PublishSitePageRequestSchema,
        response: { 200: SitePageSchema, ...errors },
      },
    },
    async (request) => fastify.pagesRepository.publish(currentUser(request), request.params.slug, request.body),
  );
};
export default adminPagesRoutes;
