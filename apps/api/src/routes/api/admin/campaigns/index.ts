import {
  AdminCampaignListQuerySchema,
  AdminCampaignListSchema,
  AdminCampaignSchema,
  AdminCampaignStopSchema,
  ErrorResponseSchema,
  SmsIdParamsSchema,
} from '@aaspaas/domain';
import { eq, ilike, or, type SQL } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { smsCampaigns, users } from '#src/db/schema';
import { likePattern } from '#src/lib/like-pattern';
import { currentUser } from '#src/plugins/app/auth/access-guard-plugin';

const errors = { 400: ErrorResponseSchema, 401: ErrorResponseSchema, 403: ErrorResponseSchema };

/** Every business's campaigns, and the admin's stop with a reason (docs/product.md §12); a stop writes an audit row. */
const adminCampaignsRoutes: FastifyPluginAsyncZod = async (fastify) => {
  const campaigns = fastify.campaignsService;

  async function businessNames(ids: string[]): Promise<Map<string, string>> {
    if (ids.length === 0) return new Map();
    const rows = await fastify.db
      .select({ id: users.id, name: users.businessName })
      .from(users)
      .where(or(...ids.map((id) => eq(users.id, id))));
    return new Map(rows.map((r) => [r.id, r.name ?? '']));
  }

  fastify.get(
    '/',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Every campaign, newest first; search by campaign or business name, filter by status or business',
        querystring: AdminCampaignListQuerySchema,
        response: { 200: AdminCampaignListSchema, ...errors },
      },
    },
    async (request) => {
      const { q, businessId, ...query } = request.query;
      const conditions: SQL[] = [];
      if (businessId) conditions.push(eq(smsCampaigns.userId, businessId));
      if (q) {
        const pattern = likePattern(q, 'contains');
        const owners = fastify.db.select({ id: users.id }).from(users).where(ilike(users.businessName, pattern));
        conditions.push(
          or(
            ilike(smsCampaigns.name, pattern),
            (await owners).length ? or(...(await owners).map((o) => eq(smsCampaigns.userId, o.id))) : undefined,
          ) as SQL,
        );
      }
      const {
        rows,
        campaigns: list,
        nextCursor,
      } = await campaigns.list(null, {
        ...query,
        extra: conditions.length ? (conditions.length === 1 ? conditions[0] : (or(...conditions) as SQL)) : undefined,
      });
      const names = await businessNames([...new Set(rows.map((r) => r.userId))]);
      return {
        campaigns: list.map((c, i) => ({
          ...c,
          businessId: rows[i]?.userId ?? '',
          businessName: names.get(rows[i]?.userId ?? '') ?? '',
        })),
        nextCursor,
      };
    },
  );

  fastify.post(
    '/:id/stop',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Stop a campaign that has not finished, with a reason its business sees; the unsent messages are refunded',
        params: SmsIdParamsSchema,
        body: AdminCampaignStopSchema,
        response: { 200: AdminCampaignSchema, ...errors, 404: ErrorResponseSchema, 409: ErrorResponseSchema },
      },
    },
    async (request) => {
      const admin = currentUser(request);
      const { before, after } = await campaigns.stop(request.params.id, request.body.reason);
      await fastify.auditRepository.record(fastify.db, {
        admin,
        action: 'campaign.stop',
        targetType: 'campaign',
        targetId: after.id,
        before: { status: before.status },
        after: { status: after.status, refundedPaise: after.refundedPaise },
        reason: request.body.reason,
      });
      const names = await businessNames([after.userId]);
      return {
        ...(await campaigns.present(fastify.db, after)),
        businessId: after.userId,
        businessName: names.get(after.userId) ?? '',
      };
    },
  );
};

export default adminCampaignsRoutes;
