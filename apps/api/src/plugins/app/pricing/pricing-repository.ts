import {
  DEFAULT_FREE_POSTS_PER_MONTH,
  DEFAULT_PLANS,
  DEFAULT_POST_PRICE_PAISE,
  DEFAULT_SMS_PRICE_PAISE,
  type PlanInput,
  type PlanPricingAdmin,
  type PlanVersion,
  type PostPricing,
  type PostPricingAdmin,
  type PostPricingInput,
  PRICE_HISTORY_LIMIT,
  type Pricing,
  type SmsPrice,
  type SmsPriceInput,
  type SmsPricingAdmin,
} from '@aaspaas/domain';
import { desc, lte } from 'drizzle-orm';
import fp from 'fastify-plugin';
import type { Db, Executor } from '#src/db/client';
import { planVersions, postPrices, smsPrices } from '#src/db/schema';
import type { AuditRecord, AuditRepository } from '../audit/audit-repository';

type PlanVersionRow = typeof planVersions.$inferSelect;
const when = (at: Date) => at.toISOString();

function toPlanVersion(row: PlanVersionRow): PlanVersion {
  return {
    code: row.code,
    name: row.name,
    monthlyPricePaise: row.monthlyPricePaise,
    postsPerMonth: row.postsPerMonth,
    smsPricePaise: row.smsPricePaise,
    active: row.active,
    changedAt: when(row.createdAt),
    changedBy: row.changedBy,
  };
}

function toSmsPrice(row: typeof smsPrices.$inferSelect): SmsPrice {
  return { pricePaise: row.pricePaise, changedAt: when(row.createdAt), changedBy: row.changedBy };
}

function toPostPricing(row: typeof postPrices.$inferSelect): PostPricing {
  return {
    freePostsPerMonth: row.freePostsPerMonth,
    pricePerPostPaise: row.pricePerPostPaise,
    changedAt: when(row.createdAt),
    changedBy: row.changedBy,
  };
}

const START_PLANS: PlanVersion[] = DEFAULT_PLANS.map((p) => ({ ...p, changedAt: null, changedBy: null }));

/**
 * The prices the admin sets (docs/product.md §10): SMS per segment, post pricing and the plans.
 * Each change is a new row; `at(now)` reads what was in force at an instant, so a charge made
 * inside a transaction passes that transaction as `executor` and pays the price of its moment.
 */
export function createPricingRepository(deps: { db: Db; audit: Pick<AuditRepository, 'record'> }) {
  const { db, audit } = deps;
  type Admin = AuditRecord['admin'];
  /** A price change without its changedAt/changedBy: what the audit row keeps before and after. */
  const priceOf = <T extends { changedAt: string | null; changedBy: string | null }>(value: T) => {
    const { changedAt: _at, changedBy: _by, ...rest } = value;
    return rest;
  };

  async function smsPrice(executor: Executor = db, now: Date = new Date()): Promise<SmsPrice> {
    const [row] = await executor
      .select()
      .from(smsPrices)
      .where(lte(smsPrices.createdAt, now))
      .orderBy(desc(smsPrices.id))
      .limit(1);
    return row ? toSmsPrice(row) : { pricePaise: DEFAULT_SMS_PRICE_PAISE, changedAt: null, changedBy: null };
  }

  async function postPricing(executor: Executor = db, now: Date = new Date()): Promise<PostPricing> {
    const [row] = await executor
      .select()
      .from(postPrices)
      .where(lte(postPrices.createdAt, now))
      .orderBy(desc(postPrices.id))
      .limit(1);
    return row
      ? toPostPricing(row)
      : {
          freePostsPerMonth: DEFAULT_FREE_POSTS_PER_MONTH,
          pricePerPostPaise: DEFAULT_POST_PRICE_PAISE,
          changedAt: null,
          changedBy: null,
        };
  }

  /** Every plan's newest version at `now` (retired ones too), start plans the admin never changed included. */
  async function plans(executor: Executor = db, now: Date = new Date()): Promise<PlanVersion[]> {
    const rows = await executor
      .selectDistinctOn([planVersions.code])
      .from(planVersions)
      .where(lte(planVersions.createdAt, now))
      .orderBy(planVersions.code, desc(planVersions.id));
    const changed = new Map(rows.map((r) => [r.code, toPlanVersion(r)]));
    const start = START_PLANS.filter((p) => !changed.has(p.code));
    return [...start, ...changed.values()].sort(
      (a, b) => a.monthlyPricePaise - b.monthlyPricePaise || a.code.localeCompare(b.code),
    );
  }

  async function plan(code: string, executor: Executor = db, now: Date = new Date()): Promise<PlanVersion | null> {
    return (await plans(executor, now)).find((p) => p.code === code) ?? null;
  }

  return {
    smsPrice,
    postPricing,
    plans,
    plan,

    async current(now: Date = new Date()): Promise<Pricing> {
      const [sms, posts, all] = await Promise.all([smsPrice(db, now), postPricing(db, now), plans(db, now)]);
      return {
        smsPricePaise: sms.pricePaise,
        freePostsPerMonth: posts.freePostsPerMonth,
        pricePerPostPaise: posts.pricePerPostPaise,
        plans: all
          .filter((p) => p.active)
          .map(({ code, name, monthlyPricePaise, postsPerMonth, smsPricePaise }) => ({
            code,
            name,
            monthlyPricePaise,
            postsPerMonth,
            smsPricePaise,
          })),
      };
    },

    async smsAdmin(): Promise<SmsPricingAdmin> {
      const rows = await db.select().from(smsPrices).orderBy(desc(smsPrices.id)).limit(PRICE_HISTORY_LIMIT);
      return {
        current: await smsPrice(),
        history: rows.map(toSmsPrice),
      };
    },

    /** Each change writes its audit row in the same transaction (docs/product.md, Admin routes). */
    async setSmsPrice(input: SmsPriceInput, admin: Admin): Promise<SmsPrice> {
      return db.transaction(async (tx) => {
        const before = await smsPrice(tx);
        const [row] = await tx.insert(smsPrices).values({ pricePaise: input.pricePaise, changedBy: admin.username }).returning();
        if (!row) throw new Error('sms price not inserted');
        const after = toSmsPrice(row);
        await audit.record(tx, {
          admin,
          action: 'pricing.sms',
          targetType: 'pricing',
          targetId: 'sms',
          before: priceOf(before),
          after: priceOf(after),
        });
        return after;
      });
    },

    async postAdmin(): Promise<PostPricingAdmin> {
      const rows = await db.select().from(postPrices).orderBy(desc(postPrices.id)).limit(PRICE_HISTORY_LIMIT);
      return {
        current: await postPricing(),
        history: rows.map(toPostPricing),
      };
    },

    async setPostPricing(input: PostPricingInput, admin: Admin): Promise<PostPricing> {
      return db.transaction(async (tx) => {
        const before = await postPricing(tx);
        const [row] = await tx
          .insert(postPrices)
          .values({ ...input, changedBy: admin.username })
          .returning();
        if (!row) throw new Error('post price not inserted');
        const after = toPostPricing(row);
        await audit.record(tx, {
          admin,
          action: 'pricing.posts',
          targetType: 'pricing',
          targetId: 'posts',
          before: priceOf(before),
          after: priceOf(after),
        });
        return after;
      });
    },

    async planAdmin(): Promise<PlanPricingAdmin> {
      const rows = await db.select().from(planVersions).orderBy(desc(planVersions.id)).limit(PRICE_HISTORY_LIMIT);
      return { plans: await plans(), history: rows.map(toPlanVersion) };
    },

    /** A new version of a plan (a new code adds a plan); the old versions stay for the history. */
    async setPlan(input: PlanInput, admin: Admin): Promise<PlanVersion> {
      return db.transaction(async (tx) => {
        const before = await plan(input.code, tx);
        const [row] = await tx
          .insert(planVersions)
          .values({ ...input, changedBy: admin.username })
          .returning();
        if (!row) throw new Error('plan not inserted');
        const after = toPlanVersion(row);
        await audit.record(tx, {
          admin,
          action: 'pricing.plan',
          targetType: 'plan',
          targetId: input.code,
          before: before ? priceOf(before) : null,
          after: priceOf(after),
        });
        return after;
      });
    },
  };
}

export type PricingRepository = ReturnType<typeof createPricingRepository>;

declare module 'fastify' {
  interface FastifyInstance {
    pricingRepository: PricingRepository;
  }
}

export default fp(
  async (fastify) => {
    fastify.decorate('pricingRepository', createPricingRepository({ db: fastify.db, audit: fastify.auditRepository }));
  },
  { name: 'pricing-repository', dependencies: ['db', 'audit-repository'] },
);
