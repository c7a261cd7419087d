import { z } from 'zod';
import { formatRupees } from './money';
import { LedgerEntrySchema } from './wallet';

/** An admin's adjustment of a business's wallet: ₹1 to ₹50,000 (docs/product.md §2, Admin routes). */
export const WALLET_ADJUSTMENT_MIN_PAISE = 1 * 100;
export const WALLET_ADJUSTMENT_MAX_PAISE = 50_000 * 100;
/** The reason is mandatory and shown to the business: a few words at least, a paragraph at most. */
export const WALLET_ADJUSTMENT_REASON_MIN = 5;
export const WALLET_ADJUSTMENT_REASON_MAX = 500;

export const WALLET_ADJUSTMENT_DIRECTIONS = ['credit', 'debit'] as const;
export type WalletAdjustmentDirection = (typeof WALLET_ADJUSTMENT_DIRECTIONS)[number];

export const WALLET_ADJUSTMENT_MESSAGES = {
  directionRequired: 'Choose whether to add money or deduct it',
  amountInteger: 'Enter the amount in whole paise',
  amountRange: `Enter between ${formatRupees(WALLET_ADJUSTMENT_MIN_PAISE)} and ${formatRupees(WALLET_ADJUSTMENT_MAX_PAISE)}`,
  reasonTooShort: `Give a reason of at least ${WALLET_ADJUSTMENT_REASON_MIN} characters: the business sees it`,
  reasonTooLong: `Keep the reason to at most ${WALLET_ADJUSTMENT_REASON_MAX} characters`,
  keyInvalid: 'idempotencyKey must be a UUID made once per adjustment',
  /** The key was already used with a different amount, direction, account or reason. */
  keyReused: 'This adjustment was already made with different details',
} as const;

/** POST /api/admin/users/{id}/wallet-adjustments. */
export const WalletAdjustmentRequestSchema = z
  .object({
    direction: z.enum(WALLET_ADJUSTMENT_DIRECTIONS, { error: WALLET_ADJUSTMENT_MESSAGES.directionRequired }),
    amountPaise: z
      .number({ error: WALLET_ADJUSTMENT_MESSAGES.amountInteger })
      .int({ error: WALLET_ADJUSTMENT_MESSAGES.amountInteger })
      .min(WALLET_ADJUSTMENT_MIN_PAISE, { error: WALLET_ADJUSTMENT_MESSAGES.amountRange })
      .max(WALLET_ADJUSTMENT_MAX_PAISE, { error: WALLET_ADJUSTMENT_MESSAGES.amountRange }),
    reason: z
      .string({ error: WALLET_ADJUSTMENT_MESSAGES.reasonTooShort })
      .trim()
      .min(WALLET_ADJUSTMENT_REASON_MIN, { error: WALLET_ADJUSTMENT_MESSAGES.reasonTooShort })
      .max(WALLET_ADJUSTMENT_REASON_MAX, { error: WALLET_ADJUSTMENT_MESSAGES.reasonTooLong }),
    /** Made by the client when the dialog opens, so a double-click or a retry moves the money once. */
    idempotencyKey: z.uuid({ error: WALLET_ADJUSTMENT_MESSAGES.keyInvalid }),
  })
  .meta({ id: 'WalletAdjustmentRequest' });
export type WalletAdjustmentRequest = z.infer<typeof WalletAdjustmentRequestSchema>;

export const WalletAdjustmentResultSchema = z
  .object({
    entry: LedgerEntrySchema,
    /** The business's balance after this adjustment. */
    balancePaise: z.number().int(),
    /** True when the key had already been used: nothing moved this time, the first entry is answered. */
    repeated: z.boolean(),
  })
  .meta({ id: 'WalletAdjustmentResult' });
export type WalletAdjustmentResult = z.infer<typeof WalletAdjustmentResultSchema>;
