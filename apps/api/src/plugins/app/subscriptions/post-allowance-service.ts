import { indiaMonth, type NextPostCost } from '@aaspaas/domain';
import { and, eq, sql } from 'drizzle-orm';
import fp from 'fastify-plugin';
import type { Db, Executor, Tx } from '#src/db/client';
import { postMonthCounts, users } from '#src/db/schema';
import type { LedgerRepository } from '#src/plugins/app/wallet/ledger-repository';
import type { PricingRepository } from '../pricing/pricing-repository';
import type { SubscriptionsService } from './subscriptions-service';

type Allowance = { allowance: number | null; planName: string | null; pricePaise: number };

/**
 * Posts past the month's allowance are paid from the wallet (docs/product.md §10): the free tier's
 * free posts, or the plan's posts while a plan is active or in grace. Months are India calendar
 * months; a deleted post keeps its place in the count.
 */
export function createPostAllowanceService(deps: {
  db: Db;
  pricing: PricingRepository;
  subscriptions: Pick<SubscriptionsService, 'liveTerms'>;
  ledger: Pick<LedgerRepository, 'debit'>;
}) {
  const { db, pricing, subscriptions, ledger } = deps;

  async function allowanceFor(executor: Executor, userId: string, now: Date): Promise<Allowance> {
    const [plan, posts] = await Promise.all([subscriptions.liveTerms(executor, userId), pricing.postPricing(executor, now)]);
    return plan
      ? { allowance: plan.postsPerMonth, planName: plan.planName, pricePaise: posts.pricePerPostPaise }
      : { allowance: posts.freePostsPerMonth, planName: null, pricePaise: posts.pricePerPostPaise };
  }

  return {
    /**
     * Counts a post about to be published inside the caller's transaction and charges it when it is past
     * the allowance; a wallet that cannot pay throws the ledger's 402 and the caller's transaction
     * (the post with it) rolls back. The post id is the idempotency key: one post, one charge.
     */
    async charge(tx: Tx, userId: string, postId: string, now: Date): Promise<number> {
      // The business's row first, before anything else of the transaction touches it: posts published
      // at once then queue here and take consecutive places. (Inserting the post first would take a
      // key-share lock on it through the foreign key, and two such publishes deadlock on PostgreSQL
      // when the debit asks for the row.) The caller charges before it writes the post.
      await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
      const [counted] = await tx
        .insert(postMonthCounts)
        .values({ userId, month: indiaMonth(now), posts: 1 })
        .onConflictDoUpdate({
          target: [postMonthCounts.userId, postMonthCounts.month],
          set: { posts: sql`${postMonthCounts.posts} + 1` },
        })
        .returning({ posts: postMonthCounts.posts });
      const place = counted?.posts ?? 1;
      const { allowance, pricePaise } = await allowanceFor(tx, userId, now);
      if (allowance === null || place <= allowance || pricePaise === 0) return 0;
      await ledger.debit(tx, {
        userId,
        kind: 'post_fee',
        amountPaise: pricePaise,
        idempotencyKey: `post:${postId}`,
        note: 'Post past the month’s allowance',
        causeType: 'post',
        causeId: postId,
      });
      return pricePaise;
    },

    /** What the next post will cost now, for the composer. */
    async nextCost(userId: string, now: Date = new Date()): Promise<NextPostCost> {
      const [{ allowance, planName, pricePaise }, [counted], [user]] = await Promise.all([
        allowanceFor(db, userId, now),
        db
          .select({ posts: postMonthCounts.posts })
          .from(postMonthCounts)
          .where(and(eq(postMonthCounts.userId, userId), eq(postMonthCounts.month, indiaMonth(now)))),
        db.select({ balancePaise: users.balancePaise }).from(users).where(eq(users.id, userId)),
      ]);
      const used = counted?.posts ?? 0;
      const left = allowance === null ? null : Math.max(0, allowance - used);
      return {
        pricePaise: left === null || left > 0 ? 0 : pricePaise,
        allowance,
        left,
        planName,
        balancePaise: user?.balancePaise ?? 0,
      };
    },
  };
}

export type PostAllowanceService = ReturnType<typeof createPostAllowanceService>;

declare module 'fastify' {
  interface FastifyInstance {
    postAllowanceService: PostAllowanceService;
  }
}

export default fp(
  async (fastify) => {
    fastify.decorate(
      'postAllowanceService',
      createPostAllowanceService({
        db: fastify.db,
        pricing: fastify.pricingRepository,
        subscriptions: fastify.subscriptionsService,
        ledger: fastify.ledgerRepository,
      }),
    );
  },
  { name: 'post-allowance-service', dependencies: ['db', 'pricing-repository', 'subscriptions-service', 'ledger-repository'] },
);
