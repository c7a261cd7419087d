import { LEDGER_CAUSE_TYPES, LEDGER_KINDS, TOPUP_STATUSES } from '@aaspaas/domain';
import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * The wallet's append-only ledger (ADR 014): every change of `users.balance_paise` is one row here,
 * written in the same transaction, so the sum of a business's rows is its balance. Triggers refuse
 * updates and deletes, check each row continues its business's chain, and check at commit that the
 * latest row's balance_after is the user's balance (migrations 0011 and 0016).
 */
export const walletLedger = pgTable(
  'wallet_ledger',
  {
    /** Increasing: the history's order and keyset. */
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /**
     * No foreign key: the books outlive the account. Erasing an account keeps its entries, which
     * name no person; what was left in the wallet is forfeited with it (ADR 014).
     */
    userId: uuid('user_id').notNull(),
    kind: text('kind', { enum: LEDGER_KINDS }).notNull(),
    /** Signed paise: positive adds to the balance. */
    amountPaise: integer('amount_paise').notNull(),
    balanceAfterPaise: integer('balance_after_paise').notNull(),
    causeType: text('cause_type', { enum: LEDGER_CAUSE_TYPES }),
    causeId: text('cause_id'),
    /** Unique: the same charge asked twice is written once. */
    idempotencyKey: text('idempotency_key').notNull().unique('wallet_ledger_idempotency_key_unique'),
    note: text('note').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('wallet_ledger_user_idx').on(t.userId, t.id),
    check('wallet_ledger_amount_nonzero', sql`${t.amountPaise} <> 0`),
    check('wallet_ledger_balance_after_nonnegative', sql`${t.balanceAfterPaise} >= 0`),
  ],
);
export type LedgerRow = typeof walletLedger.$inferSelect;

/**
 * A payment that adds money to a wallet: one Razorpay order (or the built-in test gateway's). Credited
 * at most once, with what the gateway says was captured; the receipt number is given in the same
 * transaction as the credit.
 */
export const topups = pgTable(
  'topups',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** No foreign key, as the ledger's: a paid top-up is a tax record that outlives the account. */
    userId: uuid('user_id').notNull(),
    /** What the owner asked to add; the credit is what was captured. */
    amountPaise: integer('amount_paise').notNull(),
    gateway: text('gateway', { enum: ['razorpay', 'test'] }).notNull(),
    orderId: text('order_id').unique('topups_order_id_unique'),
    status: text('status', { enum: TOPUP_STATUSES }).notNull().default('created'),
    paymentId: text('payment_id'),
    creditedPaise: integer('credited_paise'),
    refundedPaise: integer('refunded_paise').notNull().default(0),
    receiptNumber: text('receipt_number').unique('topups_receipt_number_unique'),
    /** The business's GSTIN when the receipt was made (a later change does not rewrite it). */
    receiptGstin: text('receipt_gstin'),
    failureReason: text('failure_reason'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('topups_user_idx').on(t.userId, t.createdAt),
    // The reconciliation job's scan: only the pending ones, oldest first.
    index('topups_pending_idx')
      .on(t.createdAt)
      .where(sql`${t.status} = 'created'`),
    check('topups_amount_positive', sql`${t.amountPaise} > 0`),
  ],
);
export type TopupRow = typeof topups.$inferSelect;

/** The last receipt number given in each Indian financial year ('2026-27'): numbers are consecutive. */
export const receiptSequences = pgTable('receipt_sequences', {
  financialYear: text('financial_year').primaryKey(),
  lastNumber: integer('last_number').notNull(),
});

/** Razorpay webhook deliveries already handled, by X-Razorpay-Event-Id: a redelivery is answered and skipped. */
export const paymentEvents = pgTable('payment_events', {
  eventId: text('event_id').primaryKey(),
  event: text('event').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});
