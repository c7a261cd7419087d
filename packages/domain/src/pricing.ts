import { z } from 'zod';
import { IST_OFFSET_MINUTES } from './constants';
import { formatRupees } from './money';

/**
 * Start prices (docs/product.md §10), in force until the admin sets others. GST-inclusive, in paise.
 * SMS at ₹0.25 a segment sits just above what Indian bulk-SMS gateways charge a small sender; ten
 * free posts a month cover a shop posting every few days, and ₹10 a post stays below a printed
 * pamphlet's cost. The plans pay off at about 20 posts (Dukaan) and 50 posts (Dukaan Plus) a month.
 */
export const DEFAULT_SMS_PRICE_PAISE = 25;
export const DEFAULT_FREE_POSTS_PER_MONTH = 10;
export const DEFAULT_POST_PRICE_PAISE = 1_000;
export const DEFAULT_PLANS = [
  { code: 'dukaan', name: 'Dukaan', monthlyPricePaise: 19_900, postsPerMonth: 60, smsPricePaise: 20, active: true },
  { code: 'dukaan-plus', name: 'Dukaan Plus', monthlyPricePaise: 49_900, postsPerMonth: null, smsPricePaise: 18, active: true },
] as const satisfies readonly PlanInput[];

export const SMS_PRICE_MIN_PAISE = 1;
export const SMS_PRICE_MAX_PAISE = 1_000;
export const FREE_POSTS_MAX = 1_000;
export const POST_PRICE_MAX_PAISE = 100_000;
export const PLAN_PRICE_MIN_PAISE = 100;
export const PLAN_PRICE_MAX_PAISE = 5_000_000;
export const PLAN_POSTS_MAX = 10_000;
export const PLAN_NAME_MAX = 40;
export const PLAN_CODE_MAX = 30;
/** How many past changes an admin pricing page shows. */
export const PRICE_HISTORY_LIMIT = 100;

export const PRICING_MESSAGES = {
  wholePaise: 'Enter the price in whole paise (₹1 = 100 paise)',
  smsPriceRange: `The SMS price must be between ${formatRupees(SMS_PRICE_MIN_PAISE)} and ${formatRupees(SMS_PRICE_MAX_PAISE)} a segment`,
  freePostsRange: `Free posts must be a whole number from 0 to ${FREE_POSTS_MAX}`,
  postPriceRange: `The post price must be between ₹0 and ${formatRupees(POST_PRICE_MAX_PAISE)}`,
  planPriceRange: `The monthly price must be between ${formatRupees(PLAN_PRICE_MIN_PAISE)} and ${formatRupees(PLAN_PRICE_MAX_PAISE)}`,
  planPostsRange: `Posts a month must be a whole number from 1 to ${PLAN_POSTS_MAX}, or empty for unlimited`,
  planNameRequired: 'Give the plan a name',
  planNameTooLong: `A plan name must be at most ${PLAN_NAME_MAX} characters`,
  planCodeInvalid: `The plan code must be 2 to ${PLAN_CODE_MAX} lower-case letters, digits or dashes (e.g. dukaan-plus)`,
  planNotFound: 'Plan not found',
} as const;

const paise = (message: string, min: number, max: number) =>
  z
    .number({ error: PRICING_MESSAGES.wholePaise })
    .int({ error: PRICING_MESSAGES.wholePaise })
    .min(min, { error: message })
    .max(max, { error: message });

/*
 * The inputs carry no component id: the answers extend them, and an id shared by a request and an
 * answer schema collides in the OpenAPI document.
 */
export const SmsPriceInputSchema = z.object({
  pricePaise: paise(PRICING_MESSAGES.smsPriceRange, SMS_PRICE_MIN_PAISE, SMS_PRICE_MAX_PAISE),
});
export type SmsPriceInput = z.infer<typeof SmsPriceInputSchema>;

export const PostPricingInputSchema = z.object({
  freePostsPerMonth: z
    .number({ error: PRICING_MESSAGES.freePostsRange })
    .int({ error: PRICING_MESSAGES.freePostsRange })
    .min(0, { error: PRICING_MESSAGES.freePostsRange })
    .max(FREE_POSTS_MAX, { error: PRICING_MESSAGES.freePostsRange }),
  pricePerPostPaise: paise(PRICING_MESSAGES.postPriceRange, 0, POST_PRICE_MAX_PAISE),
});
export type PostPricingInput = z.infer<typeof PostPricingInputSchema>;

export const PlanCodeSchema = z
  .string({ error: PRICING_MESSAGES.planCodeInvalid })
  .regex(new RegExp(`^[a-z0-9][a-z0-9-]{1,${PLAN_CODE_MAX - 1}}$`), { error: PRICING_MESSAGES.planCodeInvalid });

export const PlanInputSchema = z.object({
  code: PlanCodeSchema,
  name: z
    .string({ error: PRICING_MESSAGES.planNameRequired })
    .trim()
    .min(1, { error: PRICING_MESSAGES.planNameRequired })
    .max(PLAN_NAME_MAX, { error: PRICING_MESSAGES.planNameTooLong })
    .regex(/^[^\p{Cc}\p{Cf}]*$/u, { error: PRICING_MESSAGES.planNameRequired }),
  monthlyPricePaise: paise(PRICING_MESSAGES.planPriceRange, PLAN_PRICE_MIN_PAISE, PLAN_PRICE_MAX_PAISE),
  /** null: unlimited posts. */
  postsPerMonth: z
    .number({ error: PRICING_MESSAGES.planPostsRange })
    .int({ error: PRICING_MESSAGES.planPostsRange })
    .min(1, { error: PRICING_MESSAGES.planPostsRange })
    .max(PLAN_POSTS_MAX, { error: PRICING_MESSAGES.planPostsRange })
    .nullable(),
  smsPricePaise: paise(PRICING_MESSAGES.smsPriceRange, SMS_PRICE_MIN_PAISE, SMS_PRICE_MAX_PAISE),
  /** false: no longer sold; businesses on it keep it until they change or cancel. */
  active: z.boolean(),
});
export type PlanInput = z.infer<typeof PlanInputSchema>;

export const PlanSchema = PlanInputSchema.omit({ active: true }).meta({ id: 'Plan' });
export type Plan = z.infer<typeof PlanSchema>;

/** Who changed a price and when (null for the start values, which nobody set). */
const changeMeta = {
  changedAt: z.string().nullable(),
  changedBy: z.string().nullable(),
};

export const SmsPriceSchema = SmsPriceInputSchema.extend(changeMeta).meta({ id: 'SmsPrice' });
export const PostPricingSchema = PostPricingInputSchema.extend(changeMeta).meta({ id: 'PostPricing' });
export const PlanVersionSchema = PlanInputSchema.extend(changeMeta).meta({ id: 'PlanVersion' });
export type SmsPrice = z.infer<typeof SmsPriceSchema>;
export type PostPricing = z.infer<typeof PostPricingSchema>;
export type PlanVersion = z.infer<typeof PlanVersionSchema>;

export const SmsPricingAdminSchema = z
  .object({ current: SmsPriceSchema, history: z.array(SmsPriceSchema) })
  .meta({ id: 'SmsPricingAdmin' });
export const PostPricingAdminSchema = z
  .object({ current: PostPricingSchema, history: z.array(PostPricingSchema) })
  .meta({ id: 'PostPricingAdmin' });
export const PlanPricingAdminSchema = z
  .object({ plans: z.array(PlanVersionSchema), history: z.array(PlanVersionSchema) })
  .meta({ id: 'PlanPricingAdmin' });
export type SmsPricingAdmin = z.infer<typeof SmsPricingAdminSchema>;
export type PostPricingAdmin = z.infer<typeof PostPricingAdminSchema>;
export type PlanPricingAdmin = z.infer<typeof PlanPricingAdminSchema>;

/** GET /api/pricing: what anybody may know about prices now (plans on sale only). */
export const PricingSchema = z
  .object({
    smsPricePaise: z.number().int(),
    freePostsPerMonth: z.number().int(),
    pricePerPostPaise: z.number().int(),
    plans: z.array(PlanSchema),
  })
  .meta({ id: 'Pricing' });
export type Pricing = z.infer<typeof PricingSchema>;

/** What the business's next post will cost, for the composer. */
export const NextPostCostSchema = z
  .object({
    pricePaise: z.number().int(),
    /** The month's allowance (free tier or plan); null: unlimited. */
    allowance: z.number().int().nullable(),
    /** Posts of the allowance left this India month; null: unlimited. */
    left: z.number().int().nullable(),
    planName: z.string().nullable(),
    balancePaise: z.number().int(),
  })
  .meta({ id: 'NextPostCost' });
export type NextPostCost = z.infer<typeof NextPostCostSchema>;

const IST_MS = IST_OFFSET_MINUTES * 60_000;

/** The first instant of the India calendar month holding `at`: where a month's post allowance starts. */
export function indiaMonthStart(at: Date): Date {
  const local = new Date(at.getTime() + IST_MS);
  return new Date(Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), 1) - IST_MS);
}

/** The India month of an instant as YYYY-MM (the key of a month's post count). */
export function indiaMonth(at: Date): string {
  return new Date(at.getTime() + IST_MS).toISOString().slice(0, 7);
}

/**
 * One month later in India time, same clock time; a day the next month lacks becomes its last day
 * (31 January → 28 or 29 February), as Indian banks do for monthly dues.
 */
export function addIndiaMonth(at: Date): Date {
  const local = new Date(at.getTime() + IST_MS);
  const year = local.getUTCFullYear();
  const month = local.getUTCMonth() + 1;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const day = Math.min(local.getUTCDate(), lastDay);
  const moved = Date.UTC(
    year,
    month,
    day,
    local.getUTCHours(),
    local.getUTCMinutes(),
    local.getUTCSeconds(),
    local.getUTCMilliseconds(),
  );
  return new Date(moved - IST_MS);
}

/**
 * What an upgrade costs mid-period: the monthly price difference for the share of the period left,
 * counted in whole minutes and rounded down to the paisa (the rounding favours the shop). A
 * cheaper plan costs nothing now (it starts at the next renewal).
 */
export function upgradeCostPaise(fromPaise: number, toPaise: number, periodStart: Date, periodEnd: Date, now: Date): number {
  const difference = toPaise - fromPaise;
  if (difference <= 0) return 0;
  const total = Math.max(1, Math.floor((periodEnd.getTime() - periodStart.getTime()) / 60_000));
  const left = Math.min(total, Math.max(0, Math.floor((periodEnd.getTime() - now.getTime()) / 60_000)));
  return Math.floor((difference * left) / total);
}
