import {
  ErrorResponseSchema,
  InsightsSchema,
  MessageResponseSchema,
  MODERATION_MESSAGES,
  MyPostsPageSchema,
  MyPostsQuerySchema,
  OwnPostSchema,
  PostIdParamsSchema,
  PostInputSchema,
  RepostRequestSchema,
  StockRequestSchema,
  StockSchema,
} from '@aaspaas/domain';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { rateBudget } from '#src/lib/rate-budget';
import { currentUser } from '#src/plugins/app/auth/access-guard-plugin';
import { CACHES } from '#src/plugins/app/cache/invalidation-service';

const DAY_MS = 24 * 60 * 60 * 1000;

export function tooManyPostsMessage(ttlMs: number): string {
  if (ttlMs > 60 * 60 * 1000) {
    const hours = Math.ceil(ttlMs / (60 * 60 * 1000));
    return `You have published a lot of posts today. Please wait ${hours} ${hours === 1 ? 'hour' : 'hours'} and try again.`;
  }
  const minutes = Math.max(1, Math.ceil(ttlMs / 60_000));
  return `You have published a lot of posts just now. Please wait ${minutes} ${minutes === 1 ? 'minute' : 'minutes'} and try again.`;
}

const errors = { 400: ErrorResponseSchema, 401: ErrorResponseSchema };
const byIdErrors = { ...errors, 404: ErrorResponseSchema };

const OWNERSHIP =
  "Only the caller's own posts: another business's post id answers 404 'Post not found', exactly like a missing one.";
const INPUT_RULES =
  'content 1–2000 characters; up to 5 photos, each a URL our upload endpoint returned to this business; category one ' +
  "of the profile's business categories (any, when the profile lists none); hashtags: the tag field, merged with the " +
  "text's #words, lower-cased, de-duplicated, at most 10 kept (docs/product.md §5); mrpPaise and ourPricePaise together or not " +
  'at all, whole paise, our price ≤ MRP; homeDelivery true/false/null; expiresAt YYYY-MM-DD (end of that day in ' +
  'India) or an ISO date-time with offset, in the future — the offer leaves the feed by itself after it; location ' +
  "{lat, lon, city, state} for this post only, else the profile's location (none: 400).";

/**
 * The signed-in business's posts, under /api/user like the rest of its own account: no
 * business id in any path, so nobody can name another's.
 *   GET    /api/user/posts                list (newest first, counters, cursor or offset paging)
 *   POST   /api/user/posts                create (201; live in the feed at once)
 *   GET    /api/user/posts/insights       views and WhatsApp enquiries per India day, whole business
 *   GET    /api/user/posts/:id            one post
 *   PUT    /api/user/posts/:id            edit (full replacement)
 *   DELETE /api/user/posts/:id            delete (204)
 *   GET    /api/user/posts/:id/insights   views and WhatsApp enquiries per India day, one post
 *   POST   /api/user/posts/:id/repost     a copy as a new post (201)
 *   POST   /api/user/posts/:id/request-review   ask the admin to review a hidden post
 *   PUT    /api/user/posts/:id/stock      live stock: sold out, fresh stock at a time, or none
 */
const myPostsRoutes: FastifyPluginAsyncZod = async (fastify) => {
  const repo = fastify.myPostsRepository;
  // New posts and reposts share one budget per business (they run after the access guard).
  const userKey = (name: string) => (req: FastifyRequest) => `posts:${name}:user:${req.user?.id ?? `ip:${req.ip}`}`;
  const publishLimit = rateBudget(
    fastify,
    [
      { max: fastify.config.RATE_LIMIT_POSTS_PER_MIN, windowMs: 60_000, key: userKey('minute') },
      { max: fastify.config.RATE_LIMIT_POSTS_PER_DAY, windowMs: DAY_MS, key: userKey('day') },
    ],
    tooManyPostsMessage,
  );

  fastify.get(
    '/',
    {
      config: { access: 'business' },
      schema: {
        tags: ['my posts'],
        summary: 'My posts, newest first, with views, likes, shares and WhatsApp enquiries',
        description:
          'Expired offers are included (expired: true). Pass nextCursor back as cursor for the next page, or use ' +
          'offset for page numbers; total counts every post.',
        querystring: MyPostsQuerySchema,
        response: { 200: MyPostsPageSchema, ...errors },
      },
    },
    async (request) => repo.list(currentUser(request).id, request.query),
  );

  fastify.post(
    '/',
    {
      config: { access: 'business' },
      preHandler: publishLimit,
      schema: {
        tags: ['my posts'],
        summary: 'Publish a post or an offer',
        description: INPUT_RULES,
        body: PostInputSchema,
        response: { 201: OwnPostSchema, ...errors, 429: ErrorResponseSchema },
      },
    },
    async (request, reply) => reply.code(201).send(await repo.create(currentUser(request), request.body)),
  );

  fastify.get(
    '/insights',
    {
      config: { access: 'business' },
      schema: {
        tags: ['my posts'],
        summary: 'Views and WhatsApp enquiries per day over the last 30 days, all my posts',
        response: { 200: InsightsSchema, ...errors },
      },
    },
    async (request) => repo.insights(currentUser(request).id, null),
  );

  fastify.get(
    '/:id',
    {
      config: { access: 'business' },
      schema: {
        tags: ['my posts'],
        summary: 'One of my posts',
        description: OWNERSHIP,
        params: PostIdParamsSchema,
        response: { 200: OwnPostSchema, ...byIdErrors },
      },
    },
    async (request) => repo.byId(currentUser(request).id, request.params.id),
  );

  fastify.put(
    '/:id',
    {
      config: { access: 'business' },
      schema: {
        tags: ['my posts'],
        summary: 'Edit one of my posts (the whole form; it keeps its place in the feed and its counters)',
        description: `${OWNERSHIP} ${INPUT_RULES} Photos the post already shows stay allowed.`,
        params: PostIdParamsSchema,
        body: PostInputSchema,
        response: { 200: OwnPostSchema, ...byIdErrors },
      },
    },
    async (request) => repo.update(currentUser(request), request.params.id, request.body),
  );

  fastify.delete(
    '/:id',
    {
      config: { access: 'business' },
      schema: {
        tags: ['my posts'],
        summary: 'Delete one of my posts with its likes, views and events',
        description: OWNERSHIP,
        params: PostIdParamsSchema,
        response: { 204: z.null(), ...byIdErrors },
      },
    },
    async (request, reply) => {
      await repo.remove(currentUser(request).id, request.params.id);
      // A deleted post leaves the first screens every process keeps (ADR 046), as a hidden one does.
      await fastify.invalidationService.publish(CACHES.firstScreens);
      return reply.code(204).send(null);
    },
  );

  fastify.get(
    '/:id/insights',
    {
      config: { access: 'business' },
      schema: {
        tags: ['my posts'],
        summary: 'Views and WhatsApp enquiries per day over the last 30 days, one post',
        description: OWNERSHIP,
        params: PostIdParamsSchema,
        response: { 200: InsightsSchema, ...byIdErrors },
      },
    },
    async (request) => repo.insights(currentUser(request).id, request.params.id),
  );

  fastify.post(
    '/:id/repost',
    {
      config: { access: 'business' },
      preHandler: publishLimit,
      schema: {
        tags: ['my posts'],
        summary: 'Post a copy of one of my posts again, at the top of the feed',
        description:
          `${OWNERSHIP} Counters start at zero. Without expiresAt an offer keeps the length of its validity, counted ` +
          "from now. A post placed by the profile takes the profile's current location.",
        params: PostIdParamsSchema,
        body: RepostRequestSchema,
        response: { 201: OwnPostSchema, ...byIdErrors, 429: ErrorResponseSchema },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await repo.repost(currentUser(request), request.params.id, request.body.expiresAt)),
  );

  fastify.post(
    '/:id/request-review',
    {
      config: { access: 'business' },
      schema: {
        tags: ['posts'],
        summary: 'Ask the admin to review a hidden post (an appeal)',
        params: PostIdParamsSchema,
        response: { 200: MessageResponseSchema, ...byIdErrors, 409: ErrorResponseSchema },
      },
    },
    async (request) => {
      await fastify.moderationRepository.requestReview(currentUser(request).id, request.params.id);
      return { message: MODERATION_MESSAGES.reviewRequested };
    },
  );

  fastify.put(
    '/:id/stock',
    {
      config: { access: 'business' },
      schema: {
        tags: ['my posts'],
        summary: 'Mark a post sold out (until midnight India time) or fresh stock at a time today; null clears it',
        description: `${OWNERSHIP} The feed's order does not change.`,
        params: PostIdParamsSchema,
        body: StockRequestSchema,
        response: { 200: StockSchema.nullable(), ...byIdErrors },
      },
    },
    async (request) => fastify.stockRepository.set(currentUser(request).id, request.params.id, request.body),
  );
};
export default myPostsRoutes;
