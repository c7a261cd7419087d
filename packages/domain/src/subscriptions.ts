import { z } from 'zod';
import { PlanCodeSchema } from './pricing';

/** Days a plan stays on after a renewal the wallet could not pay (docs/product.md §10). */
export const SUBSCRIPTION_GRACE_DAYS = 3;

export const SUBSCRIPTION_MESSAGES = {
  notFound: 'Subscription not found',
  alreadySubscribed: 'You already have a plan: change it instead of buying another',
  samePlan: 'You are already on this plan',
  planNotOnSale: 'This plan is no longer sold: choose another',
  renewFirst: 'Your plan is waiting for its renewal payment: add money to your wallet, then change the plan',
} as const;

/**
 * active: paid for the current period. grace: the renewal could not be paid; the plan stays on
 * until graceUntil while the renewal is tried again. ended: cancelled or never paid; the free tier.
 */
export const SubscriptionStatusSchema = z.enum(['active', 'grace', 'ended']);

export const SubscriptionSchema = z
  .object({
    id: z.uuid(),
    planCode: z.string(),
    planName: z.string(),
    /** The plan's terms as bought (a later price change applies from the next renewal). */
    monthlyPricePaise: z.number().int(),
    postsPerMonth: z.number().int().nullable(),
    smsPricePaise: z.number().int(),
    status: SubscriptionStatusSchema,
    periodStart: z.string(),
    periodEnd: z.string(),
    /** Cancelled: the plan ends at periodEnd instead of renewing. */
    cancelAtPeriodEnd: z.boolean(),
    /** The cheaper plan chosen to start at the next renewal, if any. */
    nextPlanCode: z.string().nullable(),
    nextPlanName: z.string().nullable(),
    graceUntil: z.string().nullable(),
  })
  .meta({ id: 'Subscription' });
export type Subscription = z.infer<typeof SubscriptionSchema>;

export const CurrentSubscriptionSchema = z
  .object({ subscription: SubscriptionSchema.nullable() })
  .meta({ id: 'CurrentSubscription' });
export type CurrentSubscription = z.infer<typeof CurrentSubscriptionSchema>;

export const ChoosePlanRequestSchema = z.object({ planCode: PlanCodeSchema }).meta({ id: 'ChoosePlanRequest' });
export type ChoosePlanRequest = z.infer<typeof ChoosePlanRequestSchema>;

/** A change's answer: the subscription after it and what it charged now (0 for a cheaper plan). */
export const PlanChangeResultSchema = z
  .object({ subscription: SubscriptionSchema, chargedPaise: z.number().int() })
  .meta({ id: 'PlanChangeResult' });
export type PlanChangeResult = z.infer<typeof PlanChangeResultSchema>;

export const SubscriptionIdParamsSchema = z.object({
  id: z.uuid({ error: SUBSCRIPTION_MESSAGES.notFound }),
});
