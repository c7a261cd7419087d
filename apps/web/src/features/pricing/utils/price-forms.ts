import {
  parseRupees,
  PlanInputSchema,
  PostPricingInputSchema,
  PRICING_MESSAGES,
  SmsPriceInputSchema,
  WhatsAppPriceInputSchema,
  type PlanVersion,
  paiseToRupeesText,
} from '@aaspaas/domain';
import { z } from 'zod';

/** A rupee amount typed as text, read into paise without floats, then held to the API's own rule. */
function rupees(rule: z.ZodType<number, number>) {
  return z
    .string()
    .transform((text, ctx) => {
      const paise = parseRupees(text);
      if (paise === null) {
        ctx.addIssue({ code: 'custom', message: PRICING_MESSAGES.wholePaise });
        return z.NEVER;
      }
      return paise;
    })
    .pipe(rule);
}

function wholeNumber(rule: z.ZodType<number, number>, message: string) {
  return z
    .string()
    .trim()
    .regex(/^\d{1,6}$/, { error: message })
    .transform(Number)
    .pipe(rule);
}

export const SmsPriceFormSchema = z.object({ pricePaise: rupees(SmsPriceInputSchema.shape.pricePaise) });
export type SmsPriceFormValues = z.input<typeof SmsPriceFormSchema>;

export const WhatsAppPriceFormSchema = z.object({
  category: WhatsAppPriceInputSchema.shape.category,
  pricePaise: rupees(WhatsAppPriceInputSchema.shape.pricePaise),
});
export type WhatsAppPriceFormValues = z.input<typeof WhatsAppPriceFormSchema>;

export const PostPricingFormSchema = z.object({
  freePostsPerMonth: wholeNumber(PostPricingInputSchema.shape.freePostsPerMonth, PRICING_MESSAGES.freePostsRange),
  pricePerPostPaise: rupees(PostPricingInputSchema.shape.pricePerPostPaise),
});
export type PostPricingFormValues = z.input<typeof PostPricingFormSchema>;

const planPosts = PlanInputSchema.shape.postsPerMonth.unwrap();

export const PlanFormSchema = z.object({
  code: PlanInputSchema.shape.code,
  name: PlanInputSchema.shape.name,
  monthlyPricePaise: rupees(PlanInputSchema.shape.monthlyPricePaise),
  /** Empty: unlimited. */
  postsPerMonth: z.union([z.literal('').transform(() => null), wholeNumber(planPosts, PRICING_MESSAGES.planPostsRange)]),
  smsPricePaise: rupees(PlanInputSchema.shape.smsPricePaise),
  active: z.boolean(),
});
export type PlanFormValues = z.input<typeof PlanFormSchema>;

export function planFormValues(plan: PlanVersion | null): PlanFormValues {
  if (!plan) return { code: '', name: '', monthlyPricePaise: '', postsPerMonth: '', smsPricePaise: '', active: true };
  return {
    code: plan.code,
    name: plan.name,
    monthlyPricePaise: paiseToRupeesText(plan.monthlyPricePaise),
    postsPerMonth: plan.postsPerMonth === null ? '' : String(plan.postsPerMonth),
    smsPricePaise: paiseToRupeesText(plan.smsPricePaise),
    active: plan.active,
  };
}
