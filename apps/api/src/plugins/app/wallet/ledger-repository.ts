import {
  type LedgerCauseType,
  type LedgerEntry,
  type LedgerKind,
  notEnoughBalanceMessage,
  WALLET_MESSAGES,
  type WalletHistory,
  type WalletHistoryFilter,
} from '@aaspaas/domain';
import { and, desc, eq, gt, inArray, lt, type SQL, sql } from 'drizzle-orm';
import fp from 'fastify-plugin';
import type { Db, Executor } from '#src/db/client';
import { type LedgerRow, topups, users, walletLedger } from '#src/db/schema';
import { AppError } from '#src/lib/app-error';
import { countEvent } from '#src/lib/product-events';

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

/** The one statement's answer: the balance it found under the lock and the entry it wrote (all null when none). */
type MoveRow = {
  balance_before_paise: number;
  id: string | null;
  user_id: string;
  kind: LedgerRow['kind'];
  amount_paise: number;
  balance_after_paise: number;
  cause_type: LedgerRow['causeType'];
  cause_id: string | null;
  idempotency_key: string;
  note: string;
  created_at: Date | string;
};

function toLedgerRow(row: MoveRow): LedgerRow {
  return {
    id: Number(row.id),
    userId: row.user_id,
    kind: row.kind,
    amountPaise: row.amount_paise,
    balanceAfterPaise: row.balance_after_paise,
    causeType: row.cause_type,
    causeId: row.cause_id,
    idempotencyKey: row.idempotency_key,
    note: row.note,
    createdAt: new Date(row.created_at),
  };
}

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

  /** The entry a key already names: the first charge's answer, or a 409 when another business used it. */
  async function repeatedEntry(executor: Executor, movement: LedgerMovement): Promise<LedgerResult | null> {
    const [existing] = await executor
      .select()
      .from(walletLedger)
      .where(eq(walletLedger.idempotencyKey, movement.idempotencyKey))
      .limit(1);
    if (!existing) return null;
    if (existing.userId !== movement.userId) throw new AppError('CONFLICT', WALLET_MESSAGES.idempotencyConflict);
    return { entry: existing, repeated: true };
  }

  async function move(executor: Executor, movement: LedgerMovement, sign: 1 | -1): Promise<LedgerResult> {
    if (!Number.isSafeInteger(movement.amountPaise) || movement.amountPaise <= 0) {
      throw new Error(`ledger amount must be a positive integer of paise, got ${movement.amountPaise}`);
    }
    const amountPaise = sign * movement.amountPaise;
    // One statement, so one round trip and no transaction of its own (ADR 014). The user's row lock
    // orders every movement of one balance: a second debit waits in `locked` until the first commits,
    // then reads the balance that one left (FOR UPDATE answers the row's latest version). The entry is
    // written first, so a key already used (by a charge committed before the lock was granted, which
    // this statement's snapshot cannot see) makes it write nothing and move nothing; the balance is
    // then set from the entry. A refusal is no error, so the caller's transaction carries on.
    const { rows } = await executor.execute<MoveRow>(sql`
      WITH locked AS MATERIALIZED (
        SELECT ${users.balancePaise} AS balance_paise FROM ${users} WHERE ${users.id} = ${movement.userId}::uuid FOR UPDATE
      ),
      entry AS (
        INSERT INTO ${walletLedger} (user_id, kind, amount_paise, balance_after_paise, cause_type, cause_id, idempotency_key, note)
        SELECT ${movement.userId}::uuid, ${movement.kind}::text, ${amountPaise}::integer, locked.balance_paise + ${amountPaise}::integer,
               ${movement.causeType ?? null}::text, ${movement.causeId ?? null}::text, ${movement.idempotencyKey}::text, ${movement.note}::text
        FROM locked WHERE locked.balance_paise + ${amountPaise}::integer >= 0
        ON CONFLICT (idempotency_key) DO NOTHING
        RETURNING id, user_id, kind, amount_paise, balance_after_paise, cause_type, cause_id, idempotency_key, note, created_at
      ),
      moved AS (
        UPDATE ${users} SET balance_paise = entry.balance_after_paise FROM entry WHERE ${users.id} = entry.user_id
        RETURNING ${users.id}
      )
      SELECT locked.balance_paise AS balance_before_paise, entry.id::text AS id, entry.user_id::text AS user_id, entry.kind,
             entry.amount_paise, entry.balance_after_paise, entry.cause_type, entry.cause_id, entry.idempotency_key,
             entry.note, entry.created_at
      FROM locked LEFT JOIN entry ON true`);
    const row = rows[0];
    if (!row) throw AppError.notFound('Business not found');
    if (row.id !== null) return { entry: toLedgerRow(row), repeated: false };
    const balanceAfterPaise = row.balance_before_paise + amountPaise;
    if (balanceAfterPaise < 0) {
      countEvent('walletDebitRefused');
      throw new AppError('PAYMENT_REQUIRED', notEnoughBalanceMessage(-balanceAfterPaise));
    }
    // Enough balance and nothing written: the key was already used.
    const repeated = await repeatedEntry(executor, movement);
    if (!repeated) throw new Error(`ledger entry ${movement.idempotencyKey} neither written nor found`);
    return repeated;
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
