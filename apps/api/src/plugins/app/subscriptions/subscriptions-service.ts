import { randomUUID } from 'node:crypto';
import {
  addIndiaMonth,
  formatRupees,
  type PlanChangeResult,
  type PlanVersion,
  SUBSCRIPTION_GRACE_DAYS,
  SUBSCRIPTION_MESSAGES,
  type Subscription,
  upgradeCostPaise,
} from '@aaspaas/domain';
import { and, asc, eq, lte, ne } from 'drizzle-orm';
import fp from 'fastify-plugin';
import type { Db, Executor, Tx } from '#src/db/client';
import { type SubscriptionRow, subscriptions } from '#src/db/schema';
import { isUniqueViolation } from '#src/db/unique-violation';
import { AppError } from '#src/lib/app-error';
import type { LedgerRepository } from '#src/plugins/app/wallet/ledger-repository';
import type { PricingRepository } from '../pricing/pricing-repository';

const DAY_MS = 24 * 60 * 60 * 1000;
/** How many due subscriptions one renewal run takes; the next run takes the rest. */
const RENEWAL_BATCH = 200;

const notFound = () => AppError.notFound(SUBSCRIPTION_MESSAGES.notFound);
const isPaymentRequired = (error: unknown) => error instanceof AppError && error.statusCode === 402;

function toSubscription(row: SubscriptionRow, nextPlanName: string | null): Subscription {
  return {
    id: row.id,
    planCode: row.planCode,
    planName: row.planName,
    monthlyPricePaise: row.monthlyPricePaise,
    postsPerMonth: row.postsPerMonth,
    smsPricePaise: row.smsPricePaise,
    status: row.status as Subscription['status'],
    periodStart: row.periodStart.toISOString(),
    periodEnd: row.periodEnd.toISOString(),
    cancelAtPeriodEnd: row.cancelAtPeriodEnd,
    nextPlanCode: row.nextPlanCode,
    nextPlanName,
    graceUntil: row.graceUntil?.toISOString() ?? null,
  };
}

const planTerms = (plan: PlanVersion) => ({
  planCode: plan.code,
  planName: plan.name,
  monthlyPricePaise: plan.monthlyPricePaise,
  postsPerMonth: plan.postsPerMonth,
  smsPricePaise: plan.smsPricePaise,
});

/** What a renewal run did, for the job's log line and the tests. */
export type RenewalReport = { renewed: number; inGrace: number; ended: number };

/**
 * Monthly plans paid from the wallet (docs/product.md §10): buy for one India month, renew at the
 * period's end (a job calls `renewDue`), three days' grace when the wallet cannot pay, then the free
 * tier; cancel keeps the plan to the period's end; an upgrade charges the difference for the time
 * left, a downgrade starts at the next renewal. `now` is injectable so the tests move a fake clock.
 */
export function createSubscriptionsService(deps: {
  db: Db;
  pricing: PricingRepository;
  ledger: Pick<LedgerRepository, 'debit'>;
  now?: () => Date;
}) {
  const { db, pricing, ledger } = deps;
  const clock = deps.now ?? (() => new Date());

  async function present(executor: Executor, row: SubscriptionRow, now: Date): Promise<Subscription> {
    const next = row.nextPlanCode ? await pricing.plan(row.nextPlanCode, executor, now) : null;
    return toSubscription(row, next?.name ?? null);
  }

  /** The business's subscription that is not ended, locked for the rest of the transaction. */
  async function lockLive(tx: Tx, userId: string, id: string): Promise<SubscriptionRow> {
    const [row] = await tx
      .select()
      .from(subscriptions)
      .where(and(eq(subscriptions.id, id), eq(subscriptions.userId, userId), ne(subscriptions.status, 'ended')))
      .for('update');
    if (!row) throw notFound();
    return row;
  }

  async function planOnSale(executor: Executor, code: string, now: Date): Promise<PlanVersion> {
    const plan = await pricing.plan(code, executor, now);
    if (!plan) throw AppError.notFound('Plan not found');
    if (!plan.active) throw AppError.badRequest(SUBSCRIPTION_MESSAGES.planNotOnSale);
    return plan;
  }

  async function update(tx: Tx, id: string, values: Partial<typeof subscriptions.$inferInsert>, now: Date) {
    const [row] = await tx
      .update(subscriptions)
      .set({ ...values, updatedAt: now })
      .where(eq(subscriptions.id, id))
      .returning();
    if (!row) throw notFound();
    return row;
  }

  /** One due subscription: renew it, put it in grace, or end it. */
  async function renewOne(id: string, now: Date): Promise<keyof RenewalReport | null> {
    return db.transaction(async (tx) => {
      const [row] = await tx
        .select()
        .from(subscriptions)
        .where(and(eq(subscriptions.id, id), ne(subscriptions.status, 'ended'), lte(subscriptions.periodEnd, now)))
        .for('update', { skipLocked: true });
      if (!row) return null;
      if (row.cancelAtPeriodEnd) {
        await update(tx, id, { status: 'ended' }, now);
        return 'ended';
      }
      // A retired plan renews at its last terms: businesses on it keep it until they change or cancel.
      const plan = await pricing.plan(row.nextPlanCode ?? row.planCode, tx, now);
      if (!plan) {
        await update(tx, id, { status: 'ended' }, now);
        return 'ended';
      }
      try {
        await ledger.debit(tx, {
          userId: row.userId,
          kind: 'subscription',
          amountPaise: plan.monthlyPricePaise,
          // One charge per period, however often the job runs or retries.
          idempotencyKey: `subscription:${row.id}:${row.periodEnd.toISOString()}`,
          note: `${plan.name} plan, renewal`,
          causeType: 'subscription',
          causeId: row.id,
        });
      } catch (error) {
        if (!isPaymentRequired(error)) throw error;
        if (row.status === 'active') {
          await update(
            tx,
            id,
            { status: 'grace', graceUntil: new Date(row.periodEnd.getTime() + SUBSCRIPTION_GRACE_DAYS * DAY_MS) },
            now,
          );
          return 'inGrace';
        }
        if (row.graceUntil && row.graceUntil <= now) {
          await update(tx, id, { status: 'ended' }, now);
          return 'ended';
        }
        return null;
      }
      await update(
        tx,
        id,
        {
          ...planTerms(plan),
          status: 'active',
          periodStart: row.periodEnd,
          periodEnd: addIndiaMonth(row.periodEnd),
          graceUntil: null,
          nextPlanCode: null,
        },
        now,
      );
      return 'renewed';
    });
  }

  async function liveTerms(executor: Executor, userId: string): Promise<SubscriptionRow | null> {
    const [row] = await executor
      .select()
      .from(subscriptions)
      .where(and(eq(subscriptions.userId, userId), ne(subscriptions.status, 'ended')))
      .limit(1);
    return row ?? null;
  }

  return {
    /** The business's plan that is not ended (active or in grace), or null on the free tier. */
    async current(userId: string): Promise<Subscription | null> {
      const row = await liveTerms(db, userId);
      return row ? present(db, row, clock()) : null;
    },

    /** The live plan's terms inside a caller's transaction (publishing counts posts against them). */
    liveTerms,

    /** Buys a plan for one India month from now, paid from the wallet (402 when it cannot pay). */
    async buy(userId: string, planCode: string): Promise<PlanChangeResult> {
      const now = clock();
      try {
        return await db.transaction(async (tx) => {
          const plan = await planOnSale(tx, planCode, now);
          if (await liveTerms(tx, userId)) throw new AppError('CONFLICT', SUBSCRIPTION_MESSAGES.alreadySubscribed);
          const id = randomUUID();
          await ledger.debit(tx, {
            userId,
            kind: 'subscription',
            amountPaise: plan.monthlyPricePaise,
            idempotencyKey: `subscription:${id}:${now.toISOString()}`,
            note: `${plan.name} plan`,
            causeType: 'subscription',
            causeId: id,
          });
          const [row] = await tx
            .insert(subscriptions)
            .values({ id, userId, ...planTerms(plan), status: 'active', periodStart: now, periodEnd: addIndiaMonth(now) })
            .returning();
          if (!row) throw new Error('subscription not inserted');
          return { subscription: await present(tx, row, now), chargedPaise: plan.monthlyPricePaise };
        });
      } catch (error) {
        // The one-live-plan index: a second purchase (or two at once) finds the first.
        if (isUniqueViolation(error)) throw new AppError('CONFLICT', SUBSCRIPTION_MESSAGES.alreadySubscribed);
        throw error;
      }
    },

    /**
     * A dearer plan starts now and charges the monthly difference for the share of the period left
     * (rounded down to the paisa); a cheaper one starts at the next renewal, charging nothing now.
     * Choosing the current plan again undoes a cancel or a scheduled downgrade.
     */
    async change(userId: string, id: string, planCode: string): Promise<PlanChangeResult> {
      const now = clock();
      return db.transaction(async (tx) => {
        const row = await lockLive(tx, userId, id);
        if (planCode === row.planCode) {
          if (!row.cancelAtPeriodEnd && !row.nextPlanCode) throw new AppError('CONFLICT', SUBSCRIPTION_MESSAGES.samePlan);
          const kept = await update(tx, id, { cancelAtPeriodEnd: false, nextPlanCode: null }, now);
          return { subscription: await present(tx, kept, now), chargedPaise: 0 };
        }
        const plan = await planOnSale(tx, planCode, now);
        if (plan.monthlyPricePaise <= row.monthlyPricePaise) {
          const scheduled = await update(tx, id, { nextPlanCode: plan.code, cancelAtPeriodEnd: false }, now);
          return { subscription: await present(tx, scheduled, now), chargedPaise: 0 };
        }
        if (row.status !== 'active') throw new AppError('CONFLICT', SUBSCRIPTION_MESSAGES.renewFirst);
        const cost = upgradeCostPaise(row.monthlyPricePaise, plan.monthlyPricePaise, row.periodStart, row.periodEnd, now);
        if (cost > 0) {
          await ledger.debit(tx, {
            userId,
            kind: 'subscription',
            amountPaise: cost,
            idempotencyKey: `subscription:${id}:${row.periodStart.toISOString()}:upgrade:${plan.code}`,
            note: `Upgrade to ${plan.name} for the rest of the month (${formatRupees(cost)})`,
            causeType: 'subscription',
            causeId: id,
          });
        }
        const upgraded = await update(tx, id, { ...planTerms(plan), nextPlanCode: null, cancelAtPeriodEnd: false }, now);
        return { subscription: await present(tx, upgraded, now), chargedPaise: cost };
      });
    },

    /** Keeps the plan to the period's end, then the free tier; a plan in grace (unpaid) ends now. */
    async cancel(userId: string, id: string): Promise<Subscription | null> {
      const now = clock();
      return db.transaction(async (tx) => {
        const row = await lockLive(tx, userId, id);
        if (row.status === 'grace') {
          await update(tx, id, { status: 'ended' }, now);
          return null;
        }
        const cancelled = await update(tx, id, { cancelAtPeriodEnd: true, nextPlanCode: null }, now);
        return present(tx, cancelled, now);
      });
    },

    /** Renews, puts in grace or ends every subscription whose period is over (the renewal job's work). */
    async renewDue(now: Date = clock()): Promise<RenewalReport> {
      const report: RenewalReport = { renewed: 0, inGrace: 0, ended: 0 };
      const due = await db
        .select({ id: subscriptions.id })
        .from(subscriptions)
        // A plan in grace keeps its period's end, so it stays due and its renewal is tried again each run.
        .where(and(ne(subscriptions.status, 'ended'), lte(subscriptions.periodEnd, now)))
        .orderBy(asc(subscriptions.periodEnd))
        .limit(RENEWAL_BATCH);
      for (const { id } of due) {
        const outcome = await renewOne(id, now);
        if (outcome) report[outcome] += 1;
      }
      return report;
    },
  };
}

export type SubscriptionsService = ReturnType<typeof createSubscriptionsService>;

declare module 'fastify' {
  interface FastifyInstance {
    subscriptionsService: SubscriptionsService;
  }
}

export default fp(
  async (fastify) => {
    fastify.decorate(
      'subscriptionsService',
      createSubscriptionsService({ db: fastify.db, pricing: fastify.pricingRepository, ledger: fastify.ledgerRepository }),
    );
  },
  { name: 'subscriptions-service', dependencies: ['db', 'pricing-repository', 'ledger-repository'] },
);
