import {
  DEFAULT_LANGUAGE,
  ErrorResponseSchema,
  isLanguage,
  LikeResponseSchema,
  MODERATION_MESSAGES,
  PostIdParamsSchema,
  PostSchema,
  REPORTS_PER_VISITOR_PER_HOUR,
  ReportPostRequestSchema,
  ReportPostResponseSchema,
  ViewBodySchema,
  ViewResponseSchema,
} from '@aaspaas/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { rateBudget } from '#src/lib/rate-budget';
import { freshReads } from '#src/plugins/app/auth/fresh-reads';
import { CACHES } from '#src/plugins/app/cache/invalidation-service';
import { postHiddenMail } from '#src/plugins/app/mail/post-hidden-mail';
import { networkOf } from '#src/plugins/app/moderation/network-of';
import { engagementLimits } from '#src/plugins/app/visitor/engagement-limits';
import { newVisitorAllowance } from '#src/plugins/app/visitor/new-visitor-allowance';
import { readVisitorId, requireVisitor, requireVisitorId } from '#src/plugins/app/visitor/visitor-id';

const HOUR_MS = 60 * 60 * 1000;
const errors = { 400: ErrorResponseSchema, 404: ErrorResponseSchema, 429: ErrorResponseSchema };

const postsRoutes: FastifyPluginAsyncZod = async (fastify) => {
  const likeLimits = engagementLimits(fastify, 'like', fastify.config.RATE_LIMIT_ENGAGEMENT_PER_MIN);
  const viewLimits = engagementLimits(fastify, 'view', fastify.config.RATE_LIMIT_ENGAGEMENT_PER_MIN);
  // New visitors' likes and views count within a budget per address and post (ADR 048).
  const likeCounts = newVisitorAllowance(fastify, 'like');
  const viewCounts = newVisitorAllowance(fastify, 'view');
  // Reports are rare: a few per visitor an hour, ten times that per IP (many phones share one mobile IP).
  const reportLimits = rateBudget(fastify, [
    { max: REPORTS_PER_VISITOR_PER_HOUR * 10, windowMs: HOUR_MS, key: (req) => `report:ip:${req.ip}` },
    { max: REPORTS_PER_VISITOR_PER_HOUR, windowMs: HOUR_MS, key: (req) => `report:visitor:${readVisitorId(req) ?? req.ip}` },
  ]);

  /** Mails the owner that reports hid their post, in their language, with a link to their posts. */
  async function tellOwner(postId: string): Promise<void> {
    const notice = await fastify.moderationRepository.hiddenPostNotice(postId);
    if (!notice) return;
    const link = `${fastify.config.publicOrigin}/posts-history`;
    const language = isLanguage(notice.language) ? notice.language : DEFAULT_LANGUAGE;
    await fastify.mailService.send(postHiddenMail({ email: notice.email, name: notice.name }, notice, link, language));
  }

  fastify.get(
    '/:id',
    {
      config: { access: 'public' },
      schema: { tags: ['posts'], summary: 'One post', params: PostIdParamsSchema, response: { 200: PostSchema, ...errors } },
    },
    async (request) =>
      fastify.feedRepository.byId(request.params.id, readVisitorId(request), { fresh: await freshReads(request) }),
  );

  fastify.post(
    '/:id/like',
    {
      config: { access: 'public' },
      preHandler: likeLimits,
      schema: {
        tags: ['posts'],
        summary: 'Like a post (once per visitor)',
        params: PostIdParamsSchema,
        response: { 200: LikeResponseSchema, ...errors },
      },
    },
    async (request) => {
      const visitor = requireVisitor(request);
      const counted = await likeCounts(request, visitor);
      const result = await fastify.engagementRepository.like(request.params.id, visitor.id, counted);
      return { success: true, ...result };
    },
  );

  fastify.delete(
    '/:id/like',
    {
      config: { access: 'public' },
      preHandler: likeLimits,
      schema: {
        tags: ['posts'],
        summary: 'Take back a like',
        params: PostIdParamsSchema,
        response: { 200: LikeResponseSchema, ...errors },
      },
    },
    async (request) => {
      const result = await fastify.engagementRepository.unlike(request.params.id, requireVisitorId(request));
      return { success: true, ...result };
    },
  );

  fastify.post(
    '/:id/view',
    {
      config: { access: 'public' },
      preHandler: viewLimits,
      schema: {
        tags: ['posts'],
        summary: 'Record a view (counted once per visitor per post per day)',
        params: PostIdParamsSchema,
        body: ViewBodySchema,
        response: { 200: ViewResponseSchema, ...errors },
      },
    },
    async (request) => {
      const visitor = requireVisitor(request, request.body?.anonId);
      const result = (await viewCounts(request, visitor))
        ? await fastify.engagementRepository.view(request.params.id, visitor.id)
        : await fastify.engagementRepository.viewsCount(request.params.id);
      return { success: true, ...result };
    },
  );

  fastify.post(
    '/:id/report',
    {
      config: { access: 'public' },
      preHandler: reportLimits,
      schema: {
        tags: ['posts'],
        summary:
          'Report a post to the admin (once per visitor); reports from enough networks hide it until the admin decides (ADR 048)',
        params: PostIdParamsSchema,
        body: ReportPostRequestSchema,
        response: { 200: ReportPostResponseSchema, ...errors },
      },
    },
    async (request) => {
      const visitor = requireVisitor(request);
      const reporter = { visitorId: visitor.id, newVisitor: visitor.isNew, network: networkOf(request.ip) };
      const result = await fastify.moderationRepository.report(request.params.id, reporter, request.body);
      if (result.hidden) {
        await fastify.invalidationService.publish(CACHES.firstScreens);
        // Told by mail, after the answer: a mail failure must not fail the report (the owner also sees it in the app).
        tellOwner(request.params.id).catch((err: unknown) => request.log.error({ err }, 'post hidden mail failed'));
      }
      return {
        message: result.alreadyReported ? MODERATION_MESSAGES.alreadyReported : MODERATION_MESSAGES.reported,
        alreadyReported: result.alreadyReported,
      };
    },
  );
};
export default postsRoutes;
