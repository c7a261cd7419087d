import { z } from 'zod';
import { formatRupees } from './money';

/** What moved a balance: every ledger entry is one of these (ADR 014). */
export const LEDGER_KINDS = [
  'signup_credit',
  'opening_balance',
  'topup',
  'refund',
  'subscription',
  'post_fee',
  'sms_charge',
  'sms_refund',
  'admin_credit',
  'admin_debit',
] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];

/** The kinds that add to a balance; the others take from it (a refund of a top-up takes money back out). */
export const LEDGER_CREDIT_KINDS = [
  'signup_credit',
  'opening_balance',
  'topup',
  'sms_refund',
  'admin_credit',
] as const satisfies readonly LedgerKind[];

/** The thing an entry came from: a top-up, a campaign, a post, a subscription, an admin action. */
export const LEDGER_CAUSE_TYPES = ['account', 'topup', 'campaign', 'post', 'subscription', 'admin'] as const;
export type LedgerCauseType = (typeof LEDGER_CAUSE_TYPES)[number];

export const WALLET_HISTORY_PAGE_MAX = 50;
export const WALLET_HISTORY_PAGE_DEFAULT = 20;
/** A top-up's bounds (docs/product.md §10): ₹10 to ₹50,000. */
export const TOPUP_MIN_PAISE = 10 * 100;
export const TOPUP_MAX_PAISE = 50_000 * 100;
/** The Add money presets: ₹100, ₹500, ₹1,000, ₹2,000. */
export const TOPUP_PRESETS_PAISE = [100_00, 500_00, 1_000_00, 2_000_00] as const;
/** GST included in our prices, in percent (receipts show 18/118 of the amount as GST). */
export const GST_RATE_PERCENT = 18;
/** A top-up still pending this long is asked about at Razorpay by the reconciliation job. */
export const TOPUP_RECONCILE_AFTER_MIN = 15;

export const WALLET_MESSAGES = {
  welcomeCredit: 'Welcome credit',
  openingBalance: 'Opening balance',
  topupNote: 'Money added',
  amountInteger: 'Enter the amount in whole paise',
  amountRange: `Add between ${formatRupees(TOPUP_MIN_PAISE)} and ${formatRupees(TOPUP_MAX_PAISE)}`,
  topupNotFound: 'Top-up not found',
  receiptNotFound: 'Receipt not found',
  invalidId: 'Invalid top-up ID',
  invalidSignature: 'The payment could not be verified: its signature does not match',
  paymentNotCaptured: 'Razorpay has not confirmed this payment yet: we will add it as soon as it does',
  paymentMismatch: 'This payment does not belong to this top-up',
  gatewayUnavailable: 'The payment service is not answering. Please try again in a minute.',
  idempotencyConflict: 'This charge was already made for another account',
  cursorMalformed: 'cursor is malformed: use the nextCursor value of the previous page',
} as const;

/** "Not enough balance: add ₹25 to your wallet": the exact shortfall, so the owner knows what to add. */
export function notEnoughBalanceMessage(shortfallPaise: number): string {
  return `Not enough balance: add ${formatRupees(shortfallPaise)} to your wallet`;
}

/** The part of a GST-inclusive amount that is GST: 18/118 of it, rounded to the paisa. */
export function gstIncludedPaise(amountPaise: number): number {
  return Math.round((amountPaise * GST_RATE_PERCENT) / (100 + GST_RATE_PERCENT));
}

/** The Indian financial year (April–March) of an instant, in India time: '2026-27'. */
export function indianFinancialYear(at: Date): string {
  const india = new Date(at.getTime() + 330 * 60_000);
  const year = india.getUTCMonth() >= 3 ? india.getUTCFullYear() : india.getUTCFullYear() - 1;
  return `${year}-${String((year + 1) % 100).padStart(2, '0')}`;
}

/** A receipt's number: consecutive within its financial year, 'AAS/2026-27/000123'. */
export function formatReceiptNumber(financialYear: string, sequence: number): string {
  return `AAS/${financialYear}/${String(sequence).padStart(6, '0')}`;
}

export const LedgerEntrySchema = z
  .object({
    id: z.string(),
    kind: z.enum(LEDGER_KINDS),
    /** Signed: positive adds to the balance. */
    amountPaise: z.number().int(),
    balanceAfterPaise: z.number().int(),
    note: z.string(),
    causeType: z.enum(LEDGER_CAUSE_TYPES).nullable(),
    causeId: z.string().nullable(),
    /** Set on a paid top-up's entry: GET /api/wallet/receipts/{id}.pdf downloads it. */
    receiptNumber: z.string().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: 'LedgerEntry' });
export type LedgerEntry = z.infer<typeof LedgerEntrySchema>;

export const WALLET_HISTORY_FILTERS = ['all', 'in', 'out'] as const;
export type WalletHistoryFilter = (typeof WALLET_HISTORY_FILTERS)[number];

/** GET /api/wallet/history: newest first, keyset pages; `in` = money in, `out` = money out. */
export const WalletHistoryQuerySchema = z.object({
  filter: z.enum(WALLET_HISTORY_FILTERS).default('all'),
  limit: z.coerce.number().int().min(1).max(WALLET_HISTORY_PAGE_MAX).default(WALLET_HISTORY_PAGE_DEFAULT),
  cursor: z.string().max(40).optional(),
});
export type WalletHistoryQuery = z.input<typeof WalletHistoryQuerySchema>;

export const WalletHistorySchema = z
  .object({ entries: z.array(LedgerEntrySchema), nextCursor: z.string().nullable() })
  .meta({ id: 'WalletHistory' });
export type WalletHistory = z.infer<typeof WalletHistorySchema>;

export const WalletBalanceSchema = z.object({ balancePaise: z.number().int() }).meta({ id: 'WalletBalance' });
export type WalletBalance = z.infer<typeof WalletBalanceSchema>;

const paiseAmount = z
  .number({ error: WALLET_MESSAGES.amountInteger })
  .int({ error: WALLET_MESSAGES.amountInteger })
  .min(TOPUP_MIN_PAISE, { error: WALLET_MESSAGES.amountRange })
  .max(TOPUP_MAX_PAISE, { error: WALLET_MESSAGES.amountRange });

/** POST /api/wallet/topups. */
export const CreateTopupSchema = z.object({ amountPaise: paiseAmount }).meta({ id: 'CreateTopupRequest' });
export type CreateTopup = z.infer<typeof CreateTopupSchema>;

export const TOPUP_STATUSES = ['created', 'paid', 'failed', 'refunded'] as const;
export type TopupStatus = (typeof TOPUP_STATUSES)[number];

export const TopupSchema = z
  .object({
    id: z.string(),
    amountPaise: z.number().int(),
    /** What Razorpay said was captured (null until paid). */
    creditedPaise: z.number().int().nullable(),
    status: z.enum(TOPUP_STATUSES),
    receiptNumber: z.string().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: 'Topup' });
export type Topup = z.infer<typeof TopupSchema>;

/** What Razorpay Checkout needs to open (or, without Razorpay keys, the built-in test gateway's page). */
export const TopupCheckoutSchema = z
  .object({
    topup: TopupSchema,
    /** 'razorpay': load checkout.js with these options; 'test': open `testCheckoutUrl` (no money moves). */
    gateway: z.enum(['razorpay', 'test']),
    keyId: z.string(),
    orderId: z.string(),
    amountPaise: z.number().int(),
    currency: z.literal('INR'),
    name: z.string(),
    description: z.string(),
    prefill: z.object({ name: z.string(), email: z.string(), contact: z.string() }),
    testCheckoutUrl: z.string().nullable(),
    /** Razorpay Checkout's script, loaded only when a payment starts (null with the test gateway). */
    checkoutScriptUrl: z.string().nullable(),
  })
  .meta({ id: 'TopupCheckout' });
export type TopupCheckout = z.infer<typeof TopupCheckoutSchema>;

export const TopupParamsSchema = z.object({ id: z.uuid({ error: WALLET_MESSAGES.invalidId }) });

/** POST /api/wallet/topups/{id}/verify: what Checkout's handler received. */
export const VerifyTopupSchema = z
  .object({
    razorpay_payment_id: z.string().trim().min(1).max(64),
    razorpay_order_id: z.string().trim().min(1).max(64).optional(),
    razorpay_signature: z.string().trim().min(1).max(256),
  })
  .meta({ id: 'VerifyTopupRequest' });
export type VerifyTopup = z.infer<typeof VerifyTopupSchema>;

export const ReceiptParamsSchema = z.object({ id: z.uuid({ error: WALLET_MESSAGES.invalidId }) });
