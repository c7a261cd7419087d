import { z } from 'zod';
import {
  OPENING_HOLIDAYS_MAX,
  OPENING_RANGES_PER_DAY_MAX,
  isIndiaDate,
  openingRangeProblem,
  timeToMinutes,
} from './opening-hours';
import { PRICE_MAX_PAISE } from './constants';
import { UPI_MESSAGES, isUpiId, normalizeUpiId } from './upi';

/** The shop's counter (docs/product.md §3): opening hours, live stock on a post, UPI pay-at-shop and claims. */
export const COUNTER_MESSAGES = {
  timePassed: 'That time has already passed today: pick a later one',
  notAnOffer: 'Only an offer with a price can be claimed',
  offerExpired: 'This offer has ended: it can no longer be claimed',
  claimNotFound: 'Claim not found',
  alreadyRedeemed: 'This claim was already marked redeemed',
  claimExpired: 'This claim ended with its offer: it can no longer be redeemed',
  codeNotFound: 'No claim of yours has this code today',
  postNotFound: 'Post not found',
  tooManyClaims: 'Too many claims from this phone: try again in a few minutes',
  visitorNeeded: 'Open the offer in the app or a browser to claim it',
} as const;

const TimeSchema = z
  .string()
  .refine((v) => timeToMinutes(v) !== null, 'Opening times must be written as HH:MM, for example 09:30');

const OpeningRangeSchema = z.object({ opens: z.string(), closes: z.string() }).superRefine((range, ctx) => {
  const problem = openingRangeProblem(range);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
});

/** A week of ranges from Monday (docs/product.md §3, Opening hours), and holidays by India date. */
export const OpeningHoursSchema = z
  .object({
    days: z
      .array(z.array(OpeningRangeSchema).max(OPENING_RANGES_PER_DAY_MAX, `At most ${OPENING_RANGES_PER_DAY_MAX} ranges a day`))
      .length(7, 'Give the hours of all seven days, Monday first'),
    holidays: z
      .array(z.string().refine(isIndiaDate, 'Holidays must be dates written YYYY-MM-DD'))
      .max(OPENING_HOLIDAYS_MAX, `At most ${OPENING_HOLIDAYS_MAX} holidays`)
      .default([]),
  })
  .meta({ id: 'OpeningHours' });

/** The one-tap closure from the dashboard: closed for the rest of the India day, back at a time today, or open again. */
export const ClosureSchema = z.union([z.literal('today'), TimeSchema]).nullable();

/** A UPI ID from a form: empty clears it; otherwise `name@handle` or a 400 with UPI_MESSAGES.invalid. */
export const UpiIdInputSchema = z
  .string()
  .transform(normalizeUpiId)
  .refine((v) => v === '' || isUpiId(v), UPI_MESSAGES.invalid)
  .transform((v) => (v === '' ? null : v))
  .nullable();

/** Whether the shop is open now (null: hours unknown) and when that changes next (ISO), as the API writes it. */
export const OpenNowFields = {
  openNow: z.boolean().nullable(),
  /** When openNow next changes ("Closes at 10 pm", "Opens at 4 pm"); null when unknown or not within a week. */
  openChangesAt: z.string().nullable(),
};

/** A post's live stock (docs/product.md §3): sold out for today, or fresh stock at a time; gone by itself at `until`. */
export const STOCK_STATUSES = ['soldOut', 'freshAt'] as const;
export const StockSchema = z.object({ status: z.enum(STOCK_STATUSES), until: z.string() }).meta({ id: 'Stock' });
export type Stock = z.infer<typeof StockSchema>;

/** PUT /api/user/posts/:id/stock: sold out (until India midnight), fresh stock at a time today, or nothing. */
export const StockRequestSchema = z
  .object({ status: z.enum(STOCK_STATUSES, { error: 'Choose sold out or fresh stock' }).nullable(), at: TimeSchema.optional() })
  .refine((v) => v.status !== 'freshAt' || v.at !== undefined, { message: 'Say when the fresh stock comes', path: ['at'] })
  .meta({ id: 'StockRequest' });

const CLAIM_STATUSES = ['open', 'redeemed'] as const;

/** A claim of an offer (docs/product.md §3, Claims): the short code shown at the counter, and its pay link when the shop has UPI. */
export const ClaimSchema = z
  .object({
    id: z.string(),
    code: z.string(),
    postId: z.string(),
    /** The offer's text, shortened: what the counter reads. */
    title: z.string(),
    businessName: z.string(),
    amountPaise: z.number().int().nullable(),
    status: z.enum(CLAIM_STATUSES),
    /** The offer's end: the claim ends with it. */
    expiresAt: z.string().nullable(),
    expired: z.boolean(),
    receivedPaise: z.number().int().nullable(),
    redeemedAt: z.string().nullable(),
    createdAt: z.string(),
    /** `upi://pay?…` for this claim, when the shop has a UPI ID. */
    payLink: z.string().nullable(),
  })
  .meta({ id: 'Claim' });
export type Claim = z.infer<typeof ClaimSchema>;
export const ClaimListSchema = z.array(ClaimSchema);

export const ClaimIdParamsSchema = z.object({ id: z.uuid({ error: COUNTER_MESSAGES.claimNotFound }) });

/** Short claim codes: 4 characters without look-alikes (no 0/O, 1/I/L). */
export const CLAIM_CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
export const CLAIM_CODE_LENGTH = 4;

const ReceivedSchema = z
  .number({ error: 'The amount received must be a number of paise' })
  .int('The amount received must be a whole number of paise')
  .min(0, 'The amount received cannot be negative')
  .max(PRICE_MAX_PAISE, 'The amount received is too large');

/** Marking a claim redeemed: the amount received (the offer's price when not given). */
export const RedeemRequestSchema = z
  .object({ receivedPaise: ReceivedSchema.optional() })
  .default({})
  .meta({ id: 'RedeemRequest' });
export const RedeemByCodeRequestSchema = z
  .object({
    code: z
      .string()
      .trim()
      .toUpperCase()
      .regex(
        new RegExp(`^[${CLAIM_CODE_ALPHABET}]{${CLAIM_CODE_LENGTH}}$`),
        `A claim code is ${CLAIM_CODE_LENGTH} letters and digits`,
      ),
    receivedPaise: ReceivedSchema.optional(),
  })
  .meta({ id: 'RedeemByCodeRequest' });

/** An offer's counter figures beside its views and enquiries: claims, how many were redeemed, and the rupees noted. */
export const ClaimTotalsSchema = z.object({
  claims: z.number().int(),
  redeemed: z.number().int(),
  receivedPaise: z.number().int(),
});
export type ClaimTotals = z.infer<typeof ClaimTotalsSchema>;

/** POST /api/claims: the offer claimed. */
export const CreateClaimRequestSchema = z
  .object({ postId: z.uuid({ error: COUNTER_MESSAGES.postNotFound }) })
  .meta({ id: 'CreateClaimRequest' });
export const ClaimTotalsQuerySchema = z.object({ postId: z.uuid({ error: COUNTER_MESSAGES.postNotFound }).optional() });
