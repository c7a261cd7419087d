import { z } from 'zod';
import { AppError } from '#src/lib/app-error';

const PaymentEntity = z.looseObject({
  id: z.string(),
  order_id: z.string().nullable().optional(),
  amount: z.union([z.number(), z.string()]),
  status: z.enum(['created', 'authorized', 'captured', 'refunded', 'failed']),
  captured: z.boolean().optional(),
  error_description: z.string().nullable().optional(),
});

const RefundEntity = z.looseObject({ id: z.string(), payment_id: z.string(), amount: z.union([z.number(), z.string()]) });

/** The part of a Razorpay webhook the app reads; anything else in it is ignored. */
const WebhookSchema = z.looseObject({
  event: z.string(),
  payload: z.looseObject({
    payment: z.object({ entity: PaymentEntity }).optional(),
    refund: z.object({ entity: RefundEntity }).optional(),
  }),
});
export type RazorpayWebhook = z.infer<typeof WebhookSchema>;

/** Parses a signed webhook body; a body that is not one is a 400, never a 500. */
export function parseWebhook(raw: Buffer): RazorpayWebhook {
  let json: unknown;
  try {
    json = JSON.parse(raw.toString('utf8'));
  } catch {
    throw AppError.badRequest('The webhook body is not JSON');
  }
  const parsed = WebhookSchema.safeParse(json);
  if (!parsed.success) throw AppError.badRequest('The webhook body is not a Razorpay event');
  return parsed.data;
}
