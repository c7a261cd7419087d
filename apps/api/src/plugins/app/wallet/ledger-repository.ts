import {
  type LedgerCauseType,
  type LedgerEntry,
  type LedgerKind,
  notEnoughBalanceMessage,
  WALLET_MESSAGES,
  type WalletHistory,
  type WalletHistoryFilter,
} from '@aaspaas/domain';
import { and, desc, eq, gt, inArray, lt, type SQL } from 'drizzle-orm';
import fp from 'fastify-plugin';
import type { Db, Executor } from '#src/db/client';
import { type LedgerRow, topups, users, walletLedger } from '#src/db/schema';
import { AppError } from '#src/lib/app-error';

/** One movement of a balance, as a caller asks for it: the amount is positive, credit or debit says which way. */
export type LedgerMovement = {
  userId: string;
  kind: LedgerKind;
  amountPaise: number;
  /** Unique across the ledger: asking again with the same key returns the first entry and moves nothing. */
  idempotencyKey: string;
  note: string;
  causeType?: LedgerCauseType | null;
  causeId?: string | null;
};

/** The entry written (or found, `repeated`, when its key was already used). */
export type LedgerResult = { entry: LedgerRow; repeated: boolean };

export type LedgerRepository = ReturnType<typeof createLedgerRepository>;

declare module 'fastify' {
  interface FastifyInstance {
    ledgerRepository: LedgerRepository;
  }
}

/** Opaque to clients; the last entry's id, which only grows. */
function decodeCursor(raw: string | undefined): number | null {
  if (raw === undefined) return null;
  if (!/^[1-9][0-9]{0,15}$/.test(raw)) throw AppError.badRequest(WALLET_MESSAGES.cursorMalformed);
  return Number(raw);
}

/**
 * The wallet's ledger (ADR 014). `credit` and `debit` take the caller's executor, so a charge can be
 * part of the caller's own transaction (publishing a post and its fee commit or fail together); they
 * run in a savepoint of it, or a transaction of their own when given the database.
 */
export function createLedgerRepository(deps: { db: Db }) {
  const { db } = deps;

  async function move(executor: Executor, movement: LedgerMovement, sign: 1 | -1): Promise<LedgerResult> {
    if (!Number.isSafeInteger(movement.amountPaise) || movement.amountPaise <= 0) {
      throw new Error(`ledger amount must be a positive integer of paise, got ${movement.amountPaise}`);
    }
    return executor.transaction(async (tx) => {
      // The user's row lock orders every movement of one balance: a second debit waits here until the
      // first commits, then reads the balance that one left. Different businesses never wait on each other.
      const [user] = await tx
        .select({ balancePaise: users.balancePaise })
        .from(users)
        .where(eq(users.id, movement.userId))
        .for('update');
      if (!user) throw AppError.notFound('Business not found');
      // Under the lock, so a retry of the same charge finds the first one once it has committed.
      const [existing] = await tx
        .select()
        .from(walletLedger)
        .where(eq(walletLedger.idempotencyKey, movement.idempotencyKey))
        .limit(1);
      if (existing) {
        if (existing.userId !== movement.userId) throw new AppError('CONFLICT', WALLET_MESSAGES.idempotencyConflict);
        return { entry: existing, repeated: true };
      }
      const amountPaise = sign * movement.amountPaise;
      const balanceAfterPaise = user.balancePaise + amountPaise;
      if (balanceAfterPaise < 0) throw new AppError('PAYMENT_REQUIRED', notEnoughBalanceMessage(-balanceAfterPaise));
      await tx.update(users).set({ balancePaise: balanceAfterPaise }).where(eq(users.id, movement.userId));
      const [entry] = await tx
        .insert(walletLedger)
        .values({
          userId: movement.userId,
          kind: movement.kind,
          amountPaise,
          balanceAfterPaise,
          causeType: movement.causeType ?? null,
          causeId: movement.causeId ?? null,
          idempotencyKey: movement.idempotencyKey,
          note: movement.note,
        })
        .returning();
      if (!entry) throw new Error('ledger entry not inserted');
      return { entry, repeated: false };
    });
  }

  return {
    /** Adds to a balance. */
    credit: (executor: Executor, movement: LedgerMovement) => move(executor, movement, 1),
    /** Takes from a balance; 402 with the shortfall ("Not enough balance: add ₹25 to your wallet") when it cannot. */
    debit: (executor: Executor, movement: LedgerMovement) => move(executor, movement, -1),

    async balance(userId: string, executor: Executor = db): Promise<number> {
      const [row] = await executor.select({ balancePaise: users.balancePaise }).from(users).where(eq(users.id, userId)).limit(1);
      if (!row) throw AppError.notFound('Business not found');
      return row.balancePaise;
    },

    /** Newest first, keyset pages over the entries' ids; `in` is money in, `out` money out. */
    async history(
      userId: string,
      query: { filter: WalletHistoryFilter; limit: number; cursor?: string | undefined },
    ): Promise<WalletHistory> {
      const before = decodeCursor(query.cursor);
      const conditions: SQL[] = [eq(walletLedger.userId, userId)];
      if (before !== null) conditions.push(lt(walletLedger.id, before));
      if (query.filter === 'in') conditions.push(gt(walletLedger.amountPaise, 0));
      if (query.filter === 'out') conditions.push(lt(walletLedger.amountPaise, 0));
      const rows = await db
        .select()
        .from(walletLedger)
        .where(and(...conditions))
        .orderBy(desc(walletLedger.id))
        .limit(query.limit + 1);
      const page = rows.slice(0, query.limit);
      const topupIds = page.filter((r) => r.causeType === 'topup' && r.causeId).map((r) => r.causeId as string);
      const receipts = new Map<string, string>();
      if (topupIds.length > 0) {
        const paid = await db
          .select({ id: topups.id, receiptNumber: topups.receiptNumber })
          .from(topups)
          .where(and(eq(topups.userId, userId), inArray(topups.id, topupIds)));
        for (const t of paid) if (t.receiptNumber) receipts.set(t.id, t.receiptNumber);
      }
      const last = page[page.length - 1];
      return {
        entries: page.map((r) => toLedgerEntry(r, r.kind === 'topup' && r.causeId ? (receipts.get(r.causeId) ?? null) : null)),
        nextCursor: rows.length > query.limit && last ? String(last.id) : null,
      };
    },
  };
}

export function toLedgerEntry(row: LedgerRow, receiptNumber: string | null): LedgerEntry {
  return {
    id: String(row.id),
    kind: row.kind,
    amountPaise: row.amountPaise,
    balanceAfterPaise: row.balanceAfterPaise,
    note: row.note,
    causeType: row.causeType,
    causeId: row.causeId,
    receiptNumber,
    createdAt: row.createdAt.toISOString(),
  };
}

export default fp(
  async (fastify) => {
    fastify.decorate('ledgerRepository', createLedgerRepository({ db: fastify.db }));
  },
  { name: 'ledger-repository', dependencies: ['db'] },
);
